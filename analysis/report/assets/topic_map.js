// The topic map page: points, colour switch, filters, contents, search, selection and its export.
// Paper text is data, never markup: the page writes it with textContent only; text handed to plotly
// (trace names, hover labels) goes through esc(), as plotly reads its strings as HTML-like markup.
// An ES module, as map_widget.js: the page inlines it in a script element of type module (runs after the page is
// parsed, from file:// too; nothing leaks into the page's globals). plotly.js is the one global it reads.
// Marks (performance.mark) time the start-up steps: bench/glance.py reads them.
performance.mark("map-start");
const data = JSON.parse(document.getElementById("map-data").textContent);
performance.mark("map-parsed");
const papers = rebuild(data.papers);
performance.mark("map-rebuilt");
const groups = data.groups;
const gd = document.querySelector(".map");
const box = document.getElementById("search");
const count = document.getElementById("count");
const list = document.getElementById("matches");
const listTitle = document.getElementById("matches-title");
const MAX_LISTED = 200;
const MAX_TABLE = 500;
const layout = data.layout;
const state = { colour: "area", off: {}, hits: null, selection: null, shown: [] };

// The facets papers are filtered by; each value is a position in its list of values.
const facets = [
  { key: "area", label: "Area", values: groups.area.map((g) => g.label), of: (p) => [p.area] },
  { key: "theme", label: "Theme", values: groups.theme.map((g) => g.name), of: (p) => [p.theme] },
  { key: "topic", label: "Topic", values: groups.topic.map((g) => g.label), of: (p) => [p.topic] },
  {
    key: "list",
    label: "Source list",
    values: data.lists.map((l) => l.label),
    titles: data.lists.map((l) => l.file),
    of: (p) => p.lists,
  },
];
// The finer topics (from 5,000 papers: map_papers writes each paper's position in groups.subtopic).
if (groups.subtopic.length) {
  facets.splice(3, 0, {
    key: "subtopic",
    label: "Finer topic",
    values: groups.subtopic.map((g) => g.label),
    of: (p) => [p.subtopic],
  });
}
data.filters.forEach((column, c) => {
  facets.push({ key: `extra-${c}`, label: column.column, values: column.values, of: (p) => [p.extra[c]] });
});
facets.forEach((f) => {
  state.off[f.key] = new Set();
});

// Python writes the papers as one array per field (topic_map.columnar); the page works on one object per paper.
function rebuild(columnar) {
  const fields = Object.keys(columnar.columns);
  const out = [];
  for (let i = 0; i < columnar.n; i++) {
    const p = { text: "", bib: "" };
    fields.forEach((field) => {
      const value = columnar.columns[field][i];
      if (value !== null) {
        p[field] = value;
      }
    });
    p.search = `${p.name} ${p.title} ${p.blurb}`.toLowerCase();
    out.push(p);
  }
  return out;
}

// The abstracts and BibTeX entries come gzipped in base64: decoded after the first paint (DecompressionStream).
// The browser decodes the base64 itself (a data: URL): atob and a byte loop held the page for a second at 20,000.
async function unpack(base64) {
  const response = await fetch(`data:application/gzip;base64,${base64}`);
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  const packed = JSON.parse(await new Response(stream).text());
  papers.forEach((p, i) => {
    p.text = packed.text[i];
    p.bib = packed.bib[i];
    p.search = `${p.name} ${p.title} ${p.blurb} ${p.text}`.toLowerCase();
  });
}
// Resolves once the browser has painted the current frame (a task queued from the next frame's callback).
function afterPaint() {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      setTimeout(resolve, 0);
    });
  });
}
let unpacked = null;
function texts() {
  unpacked = unpacked || unpack(data.papers.packed);
  return unpacked;
}

function esc(text) {
  return String(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

function wrap(text, width) {
  let lines = [],
    line = "";
  text.split(/\s+/).forEach((word) => {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  });
  if (line) {
    lines.push(line);
  }
  return lines;
}

function topicOf(p) {
  return groups.topic[p.topic];
}
function finerOf(p) {
  return p.subtopic === undefined ? null : groups.subtopic[p.subtopic].label;
}
function themeOf(p) {
  return groups.theme[p.theme].name;
}
function listNames(p) {
  return p.lists.map((l) => data.lists[l].file).join("; ");
}

function hoverText(p) {
  if (p.hover === undefined) {
    p.hover =
      "<b>" +
      esc(p.name) +
      "</b><br>" +
      wrap(p.blurb, 70).map(esc).join("<br>") +
      "<br><br>topic " +
      esc(topicOf(p).label) +
      (finerOf(p) === null ? "" : `<br>finer topic ${esc(finerOf(p))}`) +
      "<br>theme: " +
      esc(themeOf(p)) +
      "<br>in: " +
      esc(listNames(p).slice(0, 120));
  }
  return p.hover;
}

// A paper passes when, in every facet but `except`, one of its values is switched on.
function passes(p, except) {
  return facets.every((f) => {
    if (f.key === except) {
      return true;
    }
    const off = state.off[f.key];
    return !off.size || f.of(p).some((v) => !off.has(v));
  });
}

function highlighted() {
  if (state.selection?.size) {
    return state.selection;
  }
  return state.hits ? new Set(state.hits) : null;
}

function traces() {
  const keyOf = (p) => p[state.colour];
  const members = groups[state.colour].map(() => []);
  state.shown.forEach((i) => {
    members[keyOf(papers[i])].push(i);
  });
  const marked = highlighted();
  const type = data.webgl ? "scattergl" : "scatter";
  const size = data.webgl ? 5 : 10;
  const out = [];
  members.forEach((rows, k) => {
    if (!rows.length) {
      return;
    }
    const group = groups[state.colour][k];
    let selected = null;
    if (marked) {
      selected = [];
      rows.forEach((i, j) => {
        if (marked.has(i)) {
          selected.push(j);
        }
      });
    }
    out.push({
      type: type,
      mode: "markers",
      name: esc(state.colour === "theme" ? group.name : shortLabel(group.label)),
      x: rows.map((i) => papers[i].x),
      y: rows.map((i) => papers[i].y),
      customdata: rows.map((i) => [i]),
      hovertext: rows.map((i) => hoverText(papers[i])),
      hovertemplate: "%{hovertext}<extra></extra>",
      hoverlabel: { align: "left" },
      marker: { color: group.color, size: size, line: { width: data.webgl ? 0 : 0.8, color: "white" } },
      selectedpoints: selected,
      selected: { marker: { size: size + 5 } },
      unselected: { marker: { opacity: 0.15 } },
      meta: { group: state.colour, key: k },
    });
  });
  return out;
}

function shortLabel(label, limit) {
  limit = limit || 40;
  return label.length > limit ? `${label.slice(0, limit - 1)}…` : label;
}

function draw() {
  const title = (layout.title?.text || "").replace(/\(colour: \w+\)/, `(colour: ${state.colour})`);
  layout.title.text = title;
  layout.legend.title = { text: `${state.colour} ` };
  // Many groups make a legend taller than the map: the contents list names them instead.
  // Beyond eight groups the labels over the map name them, and a legend would take the map's room.
  layout.showlegend = groups[state.colour].length <= 8;
  state.drawing = Plotly.react(gd, traces(), layout, config);
  return state.drawing;
}

function refresh() {
  state.shown = [];
  papers.forEach((p, i) => {
    if (passes(p, null)) {
      state.shown.push(i);
    }
  });
  if (state.selection) {
    const visible = new Set(state.shown);
    state.selection = new Set(Array.from(state.selection).filter((i) => visible.has(i)));
  }
  state.hits = matches(box.value);
  document.getElementById("shown").textContent =
    state.shown.length === papers.length
      ? `all ${papers.length} papers shown`
      : `${state.shown.length} of ${papers.length} papers shown`;
  updateCounts();
  showList(state.hits);
  showSelection();
  return draw();
}

function matches(query) {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!terms.length) {
    return null;
  }
  return state.shown.filter((i) => terms.every((t) => papers[i].search.indexOf(t) >= 0));
}

async function applySearch() {
  await texts(); // the search reads the abstracts too
  state.hits = matches(box.value);
  showList(state.hits);
  return draw();
}

function showList(hits) {
  list.replaceChildren();
  let rows = hits;
  if (!hits) {
    // No list of every title: the map is the overview; the panel shows the paper pointed at and the selection.
    count.textContent = "";
    listTitle.textContent = "Matches";
    rows = [];
  } else {
    count.textContent = hits.length === 1 ? "1 paper matches" : `${hits.length} papers match`;
    listTitle.textContent = `Matches (${hits.length})`;
  }
  rows.slice(0, MAX_LISTED).forEach((i) => {
    const item = document.createElement("li");
    item.appendChild(paperButton(i, papers[i].blurb));
    list.appendChild(item);
  });
}

function paperButton(i, title) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = papers[i].name;
  button.title = title;
  button.dataset.paper = String(i);
  button.addEventListener("click", () => {
    showPaper(i);
  });
  return button;
}

// The paper in the panel: clicked, opened from a list, or under the pointer (`pointed`: no hover label then).
async function showPaper(index, pointed) {
  // A redraw under way (a search's highlight) would wipe the hover label drawn now: wait for it first.
  await Promise.all([texts(), state.drawing]);
  const p = papers[index];
  state.current = index;
  const extras = data.filters.map((column, c) => `${column.column}: ${column.values[p.extra[c]]}`);
  document.getElementById("details").hidden = false;
  document.getElementById("details-name").textContent = p.name;
  document.getElementById("details-title").textContent = p.title;
  document.getElementById("details-meta").textContent = [
    `topic ${topicOf(p).label}`,
    ...(finerOf(p) === null ? [] : [`finer topic ${finerOf(p)}`]),
    `theme: ${themeOf(p)}`,
    `in: ${listNames(p)}`,
  ]
    .concat(p.by ? [p.by] : [])
    .concat(extras)
    .join(" · ");
  document.getElementById("details-text").textContent = p.text;
  showLink(p);
  showNeighbours(p);
  document.querySelector("aside").scrollTop = 0;
  // Hover by position: WebGL traces take no point numbers in Fx.hover (their calcdata is one entry).
  if (!pointed && state.shown.includes(index)) {
    Plotly.Fx.hover(gd, { xval: p.x, yval: p.y }, "xy");
  }
}

// A paper's link ([href, text]) as an http(s) URL, or "" (no link, or a place of another scheme: shown as text).
// Python checked the scheme; it is checked again wherever the page makes a link.
function safeHref(link) {
  if (!link) {
    return "";
  }
  try {
    return ["http:", "https:"].includes(new URL(link[0]).protocol) ? link[0] : "";
  } catch {
    return "";
  }
}

// The paper's page: an anchor only for an http(s) URL, else plain text.
function showLink(p) {
  const holder = document.getElementById("details-link");
  holder.replaceChildren();
  holder.hidden = !p.link;
  if (!p.link) {
    return;
  }
  if (safeHref(p.link)) {
    const anchor = document.createElement("a");
    anchor.href = safeHref(p.link);
    anchor.target = "_blank";
    anchor.rel = "noopener noreferrer";
    anchor.textContent = p.link[1];
    holder.appendChild(anchor);
  } else {
    holder.textContent = p.link[1];
  }
}

// The paper's nearest papers, computed in Python (exact cosine, ties by doc_id): each opens its own panel.
function showNeighbours(p) {
  const near = document.getElementById("details-near");
  near.replaceChildren();
  (p.near || []).forEach((pair) => {
    const item = document.createElement("li");
    item.appendChild(paperButton(pair[0], papers[pair[0]].blurb));
    const score = document.createElement("span");
    score.className = "score";
    score.textContent = ` ${pair[1].toFixed(2)}`;
    item.appendChild(score);
    near.appendChild(item);
  });
  document.getElementById("details-near-block").hidden = near.childElementCount === 0;
}

function setColour(group) {
  state.colour = group;
  return draw().then(updateContentsSwatches);
}

// Selection: lasso, box, a topic label, a legend entry or the contents; the list beside the map shows it.
function select(indices, fromDrag) {
  state.selection = indices?.length ? new Set(indices) : null;
  // A lasso's outline stays while its papers are the selection; any other selection replaces it.
  if (!fromDrag && layout.selections && layout.selections.length) {
    layout.selections = [];
  }
  state.dragged = Boolean(fromDrag && state.selection);
  showSelection();
  return draw();
}

function selectedRows() {
  return state.selection ? state.shown.filter((i) => state.selection.has(i)) : [];
}

function showSelection() {
  const rows = selectedRows();
  const section = document.getElementById("selection");
  section.hidden = !rows.length;
  document.getElementById("selection-title").textContent = `Selected (${rows.length})`;
  const body = document.querySelector("#selection-table tbody");
  body.replaceChildren();
  rows.slice(0, MAX_TABLE).forEach((i) => {
    const p = papers[i],
      tr = document.createElement("tr"),
      cell = document.createElement("td");
    cell.appendChild(paperButton(i, p.blurb));
    tr.appendChild(cell);
    [shortLabel(p.title || p.blurb, 100), themeOf(p), topicOf(p).label].forEach((text) => {
      const td = document.createElement("td");
      td.textContent = text;
      tr.appendChild(td);
    });
    body.appendChild(tr);
  });
  document.getElementById("selection-more").textContent =
    rows.length > MAX_TABLE ? `The first ${MAX_TABLE} are listed; the exports hold all ${rows.length}.` : "";
}

function inGroup(key, value) {
  return state.shown.filter((i) => papers[i][key] === value);
}

// CSV as RFC 4180 quotes it; a cell that a spreadsheet would run as a formula starts with a quote mark.
function csvCell(text) {
  text = String(text);
  if (/^[=+\-@\t\r]/.test(text)) {
    text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// The link column holds http(s) URLs only: a tool that reads it as links is never handed another scheme.
function selectionCsv() {
  const lines = [["name", "title", "theme", "topic", "lists", "link"].join(",")];
  selectedRows().forEach((i) => {
    const p = papers[i];
    const cells = [p.name, p.title || p.blurb, themeOf(p), topicOf(p).label, listNames(p), safeHref(p.link)];
    lines.push(cells.map(csvCell).join(","));
  });
  return `${lines.join("\r\n")}\r\n`;
}

// Markdown: every character that could start markup (emphasis, links, HTML, tables) is backslash-escaped.
function md(text) {
  return String(text)
    .replace(/\s+/g, " ")
    .replace(/[\\`*_{}[\]<>#|~&!]/g, "\\$&");
}

// As the guide writes it: a Markdown link for http(s) (its URL in <>, so brackets cannot end it), else text.
function mdLink(link) {
  const href = safeHref(link);
  return href ? `[${md(link[1])}](<${href.replace(/[<> ]/g, encodeURIComponent)}>)` : md(link[1]);
}

function selectionMarkdown() {
  const rows = selectedRows();
  const lines = [`# Reading list (${rows.length}${rows.length === 1 ? " paper)" : " papers)"}`];
  groups.theme.forEach((theme, t) => {
    const mine = rows.filter((i) => papers[i].theme === t);
    if (!mine.length) {
      return;
    }
    lines.push("", `## ${md(theme.name)}`, "");
    mine.forEach((i) => {
      const p = papers[i];
      const link = p.link ? ` (${mdLink(p.link)})` : "";
      lines.push(`- [ ] **${md(p.name)}**: ${md(p.title || p.blurb)}${link} (topic ${md(topicOf(p).label)})`);
    });
  });
  return `${lines.join("\n")}\n`;
}

// BibTeX: each paper's entry comes ready from Python (keys unique over the corpus, LaTeX escaped).
function selectionBibtex() {
  return selectedRows()
    .map((i) => papers[i].bib)
    .join("\n");
}

function download(text, name, type) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: type }));
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(link.href);
  }, 10000);
}

function zoomTo(indices) {
  if (!indices.length) {
    return Promise.resolve();
  }
  const xs = indices.map((i) => papers[i].x),
    ys = indices.map((i) => papers[i].y);
  const x0 = Math.min.apply(null, xs),
    x1 = Math.max.apply(null, xs);
  const y0 = Math.min.apply(null, ys),
    y1 = Math.max.apply(null, ys);
  const padX = Math.max((x1 - x0) * 0.25, 0.3),
    padY = Math.max((y1 - y0) * 0.25, 0.3);
  return Plotly.relayout(gd, { "xaxis.range": [x0 - padX, x1 + padX], "yaxis.range": [y0 - padY, y1 + padY] });
}

function buildContents() {
  const root = document.getElementById("contents");
  groups.theme.forEach((theme, t) => {
    const item = document.createElement("li"),
      sub = document.createElement("ul");
    item.className = "theme";
    item.appendChild(contentsButton(theme.name, theme.color, () => inGroup("theme", t)));
    groups.topic.forEach((topic, k) => {
      if (topic.theme !== theme.name) {
        return;
      }
      const li = document.createElement("li");
      li.appendChild(contentsButton(topic.label, topic.color, () => inGroup("topic", k), k));
      sub.appendChild(li);
    });
    item.appendChild(sub);
    root.appendChild(item);
  });
}

function contentsButton(text, color, members, topic) {
  const button = document.createElement("button"),
    swatch = document.createElement("span");
  button.type = "button";
  swatch.className = "swatch";
  swatch.dataset.theme = topic === undefined ? "true" : "";
  swatch.style.background = color;
  button.appendChild(swatch);
  button.appendChild(document.createTextNode(text));
  button.dataset.topic = topic === undefined ? "" : String(topic);
  button.title = "Zoom to these papers and select them";
  button.addEventListener("click", () => {
    const rows = members();
    // A topic: zoomed as its #topic=N link does (far enough in for its label); a theme: to its papers.
    select(rows).then(() => (topic === undefined ? zoomTo(rows) : zoomOnGroup("topic", groups.topic[topic].id)));
  });
  return button;
}

function updateContentsSwatches() {
  // A topic's swatch shows the colour its points have now.
  document.querySelectorAll("#contents button[data-topic]").forEach((button) => {
    const k = button.dataset.topic;
    if (k === "") {
      return;
    }
    const p = groups.topic[Number(k)];
    const colours = {
      topic: p.color,
      area: groups.area[groups.area.findIndex((g) => g.id === p.area)].color,
      theme: groups.theme[groups.theme.findIndex((g) => g.name === p.theme)].color,
    };
    button.firstChild.style.background = colours[state.colour];
  });
}

function buildFilters() {
  const root = document.getElementById("filters");
  facets.forEach((f) => {
    const set = document.createElement("fieldset"),
      legend = document.createElement("legend");
    const values = document.createElement("div"),
      allNone = document.createElement("span");
    set.dataset.facet = f.key;
    legend.textContent = f.label;
    allNone.className = "all-none";
    [
      [
        "all",
        () => {
          state.off[f.key].clear();
        },
      ],
      [
        "none",
        () => {
          f.values.forEach((_v, i) => {
            state.off[f.key].add(i);
          });
        },
      ],
    ].forEach((pair) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = pair[0];
      button.setAttribute("aria-label", `${pair[0]} of ${f.label}`);
      button.addEventListener("click", () => {
        pair[1]();
        syncBoxes(f);
        refresh();
      });
      allNone.appendChild(button);
    });
    legend.appendChild(allNone);
    set.appendChild(legend);
    values.className = "values";
    f.values.forEach((value, i) => {
      const label = document.createElement("label"),
        input = document.createElement("input");
      const text = document.createElement("span");
      input.type = "checkbox";
      input.checked = true;
      input.value = String(i);
      input.addEventListener("change", () => {
        if (input.checked) {
          state.off[f.key].delete(i);
        } else {
          state.off[f.key].add(i);
        }
        refresh();
      });
      label.appendChild(input);
      label.appendChild(text);
      if (f.titles) {
        label.title = f.titles[i];
      }
      label.dataset.value = value;
      values.appendChild(label);
    });
    set.appendChild(values);
    root.appendChild(set);
  });
}

function syncBoxes(f) {
  document.querySelectorAll(`#filters fieldset[data-facet="${f.key}"] input`).forEach((input) => {
    input.checked = !state.off[f.key].has(Number(input.value));
  });
}

// Each value's count: the papers that have it and pass every other facet (what switching it on would show).
function updateCounts() {
  facets.forEach((f) => {
    const counts = f.values.map(() => 0);
    papers.forEach((p) => {
      if (passes(p, f.key)) {
        f.of(p).forEach((v) => {
          counts[v] += 1;
        });
      }
    });
    const labels = document.querySelectorAll(`#filters fieldset[data-facet="${f.key}"] label`);
    labels.forEach((label, i) => {
      label.lastChild.textContent = ` ${f.values[i]} (${counts[i]})`;
      label.className = counts[i] ? "" : "zero";
    });
  });
}

function onSearchKey(event) {
  const first = list.querySelector("button");
  if (event.key === "Enter" && first) {
    event.preventDefault();
    showPaper(Number(first.dataset.paper));
  } else if (event.key === "ArrowDown" && first) {
    event.preventDefault();
    first.focus();
  } else if (event.key === "Escape") {
    event.preventDefault();
    box.value = "";
    applySearch();
  }
}

function onListKey(event) {
  const buttons = Array.from(list.querySelectorAll("button"));
  const at = buttons.indexOf(document.activeElement);
  if (at < 0) {
    return;
  }
  if (event.key === "ArrowDown" && at + 1 < buttons.length) {
    event.preventDefault();
    buttons[at + 1].focus();
  } else if (event.key === "ArrowUp") {
    event.preventDefault();
    (at ? buttons[at - 1] : box).focus();
  } else if (event.key === "Escape") {
    event.preventDefault();
    box.focus();
  }
}

// Labels by zoom, placed in Python (map_labels.py) for several plot sizes: the page takes the largest size that
// fits its plot box (again after a resize), and shows each label while the zoom (how many times the full view is
// magnified) is in [min_zoom, max_zoom) and its box is inside the plot. The page only compares numbers.
const full = { x: layout.xaxis.range.slice(), y: layout.yaxis.range.slice() };
const labelLayer = document.createElement("div");
labelLayer.className = "map-labels";
const SVG = "http://www.w3.org/2000/svg";
const leaderLayer = document.createElementNS(SVG, "svg");
leaderLayer.setAttribute("class", "map-leaders");
leaderLayer.setAttribute("aria-hidden", "true");
const placed = { at: -1, labels: [] };

function currentZoom() {
  const L = gd._fullLayout;
  const xr = L.xaxis.range,
    yr = L.yaxis.range;
  return Math.min((full.x[1] - full.x[0]) / (xr[1] - xr[0]), (full.y[1] - full.y[0]) / (yr[1] - yr[0]));
}

// The placement for a plot of w x h pixels: the largest (by area) that fits in both directions, else the smallest.
function placementFor(w, h) {
  let best = 0,
    area = -1;
  data.placements.forEach((placement, k) => {
    const [pw, ph] = placement.plot;
    if (pw <= w + 0.5 && ph <= h + 0.5 && pw * ph > area) {
      best = k;
      area = pw * ph;
    }
  });
  return best;
}

function buildLabels() {
  gd.appendChild(labelLayer);
  labelLayer.appendChild(leaderLayer);
  const names = { area: "area", topic: "topic", subtopic: "finer topic" };
  data.labels.forEach((label, i) => {
    const div = document.createElement("div");
    div.className = `map-label ${label.level}`;
    div.dataset.level = label.level;
    div.dataset.group = String(label.group);
    div.dataset.index = String(i);
    div.hidden = true;
    div.title = `select this ${names[label.level]}`;
    div.addEventListener("click", () => {
      select(inGroup(label.level, groupIndex(label)));
    });
    label.div = div;
    labelLayer.appendChild(div);
  });
}

// Each label's box, font, text and zooms from placement k (the same labels, in the same order, at every size).
function usePlacement(k) {
  placed.at = k;
  gd.dataset.placement = data.placements[k].plot.join("x");
  placed.labels = data.placements[k].labels;
  leaderLayer.replaceChildren();
  data.labels.forEach((label, i) => {
    const own = placed.labels[i];
    Object.assign(label, own);
    label.div.style.fontSize = `${own.font}px`;
    label.div.style.width = `${own.width}px`;
    label.div.style.height = `${own.height}px`;
    label.div.textContent = own.shown;
    label.line = null;
    if (own.leader) {
      // The line, and a dot on the paper it ends at (the label names that paper's area).
      label.line = document.createElementNS(SVG, "line");
      label.line.setAttribute("class", "leader");
      label.line.dataset.level = label.level;
      label.line.dataset.group = String(label.group);
      label.dot = document.createElementNS(SVG, "circle");
      label.dot.setAttribute("r", "2.5");
      leaderLayer.appendChild(label.line);
      leaderLayer.appendChild(label.dot);
    }
  });
}

function groupIndex(label) {
  return groups[label.level].findIndex((g) => g.id === label.group);
}

function placeLabels() {
  const L = gd._fullLayout;
  if (!L?.xaxis) {
    return;
  }
  const size = L._size;
  const k = placementFor(size.w, size.h);
  if (k !== placed.at) {
    usePlacement(k);
  }
  const z = currentZoom() * (1 + 1e-9);
  labelLayer.style.left = `${size.l}px`;
  labelLayer.style.top = `${size.t}px`;
  labelLayer.style.width = `${size.w}px`;
  labelLayer.style.height = `${size.h}px`;
  leaderLayer.setAttribute("width", String(size.w));
  leaderLayer.setAttribute("height", String(size.h));
  const within = (x, y) => x >= 0 && x <= size.w && y >= 0 && y <= size.h;
  data.labels.forEach((label) => {
    const px = L.xaxis.l2p(label.x),
      py = L.yaxis.l2p(label.y);
    const hw = label.width / 2,
      hh = label.height / 2;
    let inside = within(px - hw, py - hh) && within(px + hw, py + hh);
    const anchor = label.leader ? [L.xaxis.l2p(label.leader[0]), L.yaxis.l2p(label.leader[1])] : null;
    if (anchor) {
      inside = inside && within(anchor[0], anchor[1]);
    }
    const zoomed = z >= label.min_zoom && (label.max_zoom === null || z < label.max_zoom);
    label.div.hidden = !(inside && zoomed);
    label.div.style.left = `${px - hw}px`;
    label.div.style.top = `${py - hh}px`;
    if (label.line) {
      drawLeader(label, [px, py], anchor, label.div.hidden);
    }
  });
  if (!state.labelled && data.labels.some((label) => !label.div.hidden)) {
    state.labelled = true;
    performance.mark("map-labelled");
    afterPaint().then(() => performance.mark("map-painted"));
  }
}

// A leader line from the edge of the label's box (centre c) to the paper it names, and a dot on that paper.
function drawLeader(label, c, anchor, hidden) {
  const line = label.line;
  line.style.display = label.dot.style.display = hidden ? "none" : "";
  const dx = anchor[0] - c[0],
    dy = anchor[1] - c[1];
  const t = Math.min(
    dx ? label.width / 2 / Math.abs(dx) : Infinity,
    dy ? label.height / 2 / Math.abs(dy) : Infinity,
    1,
  );
  line.setAttribute("x1", String(c[0] + dx * t));
  line.setAttribute("y1", String(c[1] + dy * t));
  line.setAttribute("x2", String(anchor[0]));
  line.setAttribute("y2", String(anchor[1]));
  label.dot.setAttribute("cx", String(anchor[0]));
  label.dot.setAttribute("cy", String(anchor[1]));
}

// The map zoomed on one topic or finer topic: its papers in view, and at least as far in as its label needs (the
// label is then shown, centred). Resolves to the group's papers (none when there is no such group).
function zoomOnGroup(level, id) {
  const label = data.labels.find((l) => l.level === level && l.group === id);
  const k = groups[level].findIndex((g) => g.id === id);
  if (!label || k < 0) {
    return Promise.resolve([]);
  }
  const rows = inGroup(level, k);
  const xs = rows.map((i) => papers[i].x).concat([label.x]),
    ys = rows.map((i) => papers[i].y).concat([label.y]);
  const least = label.min_zoom * 1.05;
  const spanX = Math.min(
    (full.x[1] - full.x[0]) / least,
    2 * Math.max(...xs.map((x) => Math.abs(x - label.x))) + (full.x[1] - full.x[0]) * 0.05,
  );
  const spanY = Math.min(
    (full.y[1] - full.y[0]) / least,
    2 * Math.max(...ys.map((y) => Math.abs(y - label.y))) + (full.y[1] - full.y[0]) * 0.05,
  );
  const zoom = Math.max(least, Math.min((full.x[1] - full.x[0]) / spanX, (full.y[1] - full.y[0]) / spanY));
  const halfX = (full.x[1] - full.x[0]) / zoom / 2,
    halfY = (full.y[1] - full.y[0]) / zoom / 2;
  return Plotly.relayout(gd, {
    "xaxis.range": [label.x - halfX, label.x + halfX],
    "yaxis.range": [label.y - halfY, label.y + halfY],
  }).then(() => rows);
}

// #topic=N (or #subtopic=N): the map opened on topic N, its papers selected.
function openHash() {
  const found = /^#(topic|subtopic)=(\d+)$/.exec(location.hash);
  if (!found) {
    return Promise.resolve();
  }
  return zoomOnGroup(found[1], Number(found[2])).then((rows) => (rows.length ? select(rows) : null));
}

function wire() {
  gd.on("plotly_afterplot", placeLabels);
  gd.on("plotly_relayout", placeLabels);
  window.addEventListener("hashchange", openHash);
  gd.on("plotly_hover", (event) => {
    const i = event.points.length ? event.points[0].customdata[0] : null;
    if (i !== null && i !== state.current) {
      showPaper(i, true);
    }
  });
  gd.on("plotly_click", (event) => {
    if (event.points.length) {
      showPaper(event.points[0].customdata[0]);
    }
  });
  gd.on("plotly_selected", (event) => {
    // Plotly also reports an empty selection when the page removes the outline: not the user's.
    if (!event || (event.selections && !event.selections.length)) {
      return;
    }
    select(
      event.points.map((point) => point.customdata[0]),
      true,
    );
  });
  gd.on("plotly_deselect", () => {
    // A double-click undoes a lasso or box; plotly also says so when the page removes the outline itself.
    if (state.dragged) {
      select(null);
    }
  });
  gd.on("plotly_legendclick", (event) => {
    const key = event.data[event.curveNumber].meta.key;
    select(inGroup(state.colour, key));
    return false; // select the group instead of hiding it (the filters hide)
  });
  gd.on("plotly_legenddoubleclick", () => false);
  // On a large map every keystroke scans all abstracts: wait for a pause in typing.
  let pending = null;
  box.addEventListener("input", () => {
    if (papers.length <= 5000) {
      applySearch();
      return;
    }
    clearTimeout(pending);
    pending = setTimeout(applySearch, 200);
  });
  box.addEventListener("keydown", onSearchKey);
  list.addEventListener("keydown", onListKey);
  document.querySelectorAll("input[name=colour]").forEach((radio) => {
    radio.addEventListener("change", () => {
      setColour(radio.value);
    });
  });
  document.getElementById("details-close").addEventListener("click", () => {
    document.getElementById("details").hidden = true;
  });
  document.getElementById("selection-clear").addEventListener("click", () => {
    select(null);
  });
  document.getElementById("export-csv").addEventListener("click", () => {
    download(selectionCsv(), "selected_papers.csv", "text/csv;charset=utf-8");
  });
  document.getElementById("export-bib").addEventListener("click", async () => {
    await texts();
    download(selectionBibtex(), "reading_list.bib", "application/x-bibtex;charset=utf-8");
  });
  document.getElementById("export-md").addEventListener("click", () => {
    download(selectionMarkdown(), "reading_list.md", "text/markdown;charset=utf-8");
  });
}

layout.autosize = true;
delete layout.width;
delete layout.height;
const config = { displaylogo: false, scrollZoom: true, responsive: true };
buildContents();
buildFilters();
buildLabels();
performance.mark("map-built");
// The axes and labels first (an empty plot of the same layout), painted before the points are drawn: the WebGL
// points of a 20,000-paper map take a second to draw.
Plotly.newPlot(gd, [], layout, config)
  .then(() => {
    placeLabels();
    return afterPaint();
  })
  .then(refresh)
  .then(() => {
    performance.mark("map-drawn");
    afterPaint().then(() => performance.mark("map-points-painted"));
    wire();
    placeLabels();
    updateContentsSwatches();
    return openHash();
  })
  .then(() => {
    gd.dataset.ready = "true";
    // The texts wait for the points and labels to be painted: unpacking them first would delay that paint.
    return afterPaint().then(texts);
  })
  .then(() => {
    gd.dataset.texts = "true";
  });
