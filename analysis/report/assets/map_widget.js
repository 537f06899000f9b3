// The topic map widget's front end (analysis/widget.py): anywidget's standard
// ESM, `export default { render({ model, el }) }`, which JupyterLab, Jupyter
// Notebook and VS Code all load. It reads no Jupyter globals, loads nothing
// from the network and draws the points on a <canvas> itself (plotly.js
// would add 4.6 MB to every stored notebook).
//
// Synced with Python: `points` (read), `labels` and `area_labels` (read: each
// topic's or area's label offset from its centre, placed by Python; the area
// labels are shown when colouring by area, the topics' otherwise), `selection` (sorted row
// numbers, read and written), `color_by` (read and written), `height` (read),
// `search_results` (read; emptied by `clear`). The search box finds papers by
// meaning in the kernel: Enter sends `{type: "search", query}` with
// model.send, and Python answers by setting `search_results` (the hits in rank
// order with their scores) and `selection` (the same papers).
// Every text from the data goes into the DOM through textContent; a paper's
// link becomes an anchor only for an http(s) URL (Python checked it; checked again here).

const PAD = 24; // pixels between the outermost points and the canvas edge (PAD in widget.py, which places labels)
const RADIUS = 4.5;
const HIT_RADIUS = 8;
const DRAG_MIN = 4; // pixels the pointer must move before a press becomes a lasso or box
const DIM_ALPHA = 0.18;

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// Map coordinates -> canvas pixels: equal scale on both axes, centred, y up.
function projection(points, width, height) {
  const xs = points.x,
    ys = points.y;
  let x0 = Infinity,
    x1 = -Infinity,
    y0 = Infinity,
    y1 = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    x0 = Math.min(x0, xs[i]);
    x1 = Math.max(x1, xs[i]);
    y0 = Math.min(y0, ys[i]);
    y1 = Math.max(y1, ys[i]);
  }
  if (!xs.length) {
    x0 = y0 = -1;
    x1 = y1 = 1;
  }
  const spanX = x1 - x0 || 1,
    spanY = y1 - y0 || 1;
  const scale = Math.max(Math.min((width - 2 * PAD) / spanX, (height - 2 * PAD) / spanY), 1e-9);
  const offX = (width - scale * spanX) / 2,
    offY = (height - scale * spanY) / 2;
  return {
    px: (x) => offX + (x - x0) * scale,
    py: (y) => height - offY - (y - y0) * scale,
  };
}

function insidePolygon(x, y, polygon) {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i],
      [xj, yj] = polygon[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function render({ model, el }) {
  const root = element("div", "tmw");
  root.tabIndex = 0;
  const bar = element("div", "tmw-bar");
  const colour = element("span", "tmw-colour", "colour: ");
  const radioName = `tmw-colour-${Math.random().toString(36).slice(2)}`;
  const radios = {};
  for (const choice of ["area", "topic", "theme"]) {
    const label = element("label");
    const input = element("input");
    input.type = "radio";
    input.name = radioName;
    input.value = choice;
    input.addEventListener("change", () => {
      model.set("color_by", choice);
      model.save_changes();
    });
    label.append(input, document.createTextNode(` ${choice}`));
    colour.append(label);
    radios[choice] = input;
  }
  const tools = element("span", "tmw-tools");
  const toolButtons = {};
  let tool = "lasso";
  for (const name of ["lasso", "box"]) {
    const button = element("button", "tmw-tool", name);
    button.type = "button";
    button.dataset.tool = name;
    button.addEventListener("click", () => {
      tool = name;
      showTool();
    });
    tools.append(button);
    toolButtons[name] = button;
  }
  const clear = element("button", "tmw-clear", "clear");
  clear.type = "button";
  clear.addEventListener("click", () => clearAll());
  const search = element("input", "tmw-search");
  search.type = "search";
  search.placeholder = "search by meaning, Enter";
  search.setAttribute("aria-label", "search papers by meaning (press Enter)");
  const status = element("span", "tmw-search-status");
  status.setAttribute("aria-live", "polite");
  const count = element("span", "tmw-count");
  count.setAttribute("aria-live", "polite");
  bar.append(colour, tools, clear, search, status, count);

  const body = element("div", "tmw-body");
  const stage = element("div", "tmw-stage");
  const canvas = element("canvas", "tmw-points");
  const overlay = element("canvas", "tmw-overlay");
  const labels = element("div", "tmw-labels");
  const tip = element("div", "tmw-tip");
  tip.hidden = true;
  stage.append(canvas, overlay, labels, tip);
  const side = element("div", "tmw-side");
  const legend = element("div", "tmw-legend");
  const hits = element("div", "tmw-hits");
  hits.hidden = true;
  const details = element("div", "tmw-details");
  details.hidden = true;
  side.append(legend, hits, details);
  body.append(stage, side);
  root.append(bar, body);
  el.append(root);

  let points,
    project,
    width = 0,
    height = 0,
    pixels = [];
  let selected = new Set();
  let mode = model.get("color_by") || "area";
  let level = null; // what the colours show: its groups, each paper's code in them, and their labels' offsets
  let gesture = null;
  let leaders = []; // [anchor x, anchor y, label centre x, label centre y] of each label moved aside

  // Areas are named by their own labels; topics name the map when colouring by topic or by theme.
  function levelOf(choice) {
    const topics = { groups: points.topics, codes: points.topic, offsets: () => model.get("labels"), named: "topic" };
    if (choice === "area")
      return { groups: points.areas, codes: points.area, offsets: () => model.get("area_labels"), named: "area" };
    if (choice === "topic") return topics;
    return { ...topics, groups: points.themes, codes: points.theme, labelled: topics };
  }

  function setLevel() {
    mode = model.get("color_by") || "area";
    level = levelOf(mode);
  }

  function group(i) {
    return level.groups[level.codes[i]];
  }

  function load() {
    points = model.get("points") || {};
    const keys = ["x", "y", "name", "title", "theme", "topic", "area", "subtopic", "near", "link"];
    for (const key of [...keys, "themes", "topics", "areas", "subtopics"]) points[key] = points[key] || [];
    setLevel();
    selected = new Set(model.get("selection") || []);
    layout();
    showHits();
  }

  function layout() {
    width = Math.max(stage.clientWidth, 200);
    height = model.get("height") || 520;
    stage.style.height = `${height}px`;
    const ratio = window.devicePixelRatio || 1;
    for (const c of [canvas, overlay]) {
      c.width = Math.round(width * ratio);
      c.height = Math.round(height * ratio);
      c.style.width = `${width}px`;
      c.style.height = `${height}px`;
      c.getContext("2d").setTransform(ratio, 0, 0, ratio, 0, 0);
    }
    project = projection(points, width, height);
    pixels = points.x.map((x, i) => [project.px(x), project.py(points.y[i])]);
    placeLabels();
    draw();
  }

  // One path per colour, filled and stroked once: an arc call per point with its own fill is
  // about 14 times slower (100,000 points: ~1 s against ~70 ms in headless Chromium).
  function drawDiscs(ctx, rows, on) {
    const paths = new Map();
    const r = on ? RADIUS + 2 : RADIUS;
    for (const i of rows) {
      const color = group(i).color;
      if (!paths.has(color)) paths.set(color, new Path2D());
      const path = paths.get(color),
        [x, y] = pixels[i];
      path.moveTo(x + r, y);
      path.arc(x, y, r, 0, 2 * Math.PI);
    }
    ctx.lineWidth = on ? 2 : 0.8;
    ctx.strokeStyle = on ? "#222222" : "#ffffff";
    for (const [color, path] of paths) {
      ctx.fillStyle = color;
      ctx.fill(path);
      ctx.stroke(path);
    }
  }

  function draw() {
    const ctx = canvas.getContext("2d");
    ctx.clearRect(0, 0, width, height);
    const rest = [],
      chosen = [];
    for (let i = 0; i < pixels.length; i++) (selected.has(i) ? chosen : rest).push(i);
    // The unselected first (dimmed while anything is selected), the selected on top.
    ctx.globalAlpha = chosen.length ? DIM_ALPHA : 1;
    drawDiscs(ctx, rest, false);
    ctx.globalAlpha = 1;
    drawDiscs(ctx, chosen, true);
    drawLeaders(ctx);
    showState();
  }

  function showState() {
    const n = pixels.length;
    root.dataset.selected = String(selected.size);
    root.dataset.colorBy = model.get("color_by");
    count.textContent = selected.size ? `${selected.size} of ${n} papers selected` : `${n} papers: drag to select`;
    for (const [mode, input] of Object.entries(radios)) input.checked = mode === model.get("color_by");
    showLegend();
  }

  function showTool() {
    for (const [name, button] of Object.entries(toolButtons))
      button.setAttribute("aria-pressed", String(name === tool));
    root.dataset.tool = tool;
  }

  function showLegend() {
    const { groups, codes } = level;
    const chosen = new Array(groups.length).fill(0);
    for (const i of selected) if (i < codes.length) chosen[codes[i]] += 1;
    legend.replaceChildren(element("div", "tmw-legend-title", mode));
    groups.forEach((g, code) => {
      if (!g.size) return;
      const entry = element("button", "tmw-entry");
      entry.type = "button";
      entry.title = "select these papers (shift: add to the selection)";
      const swatch = element("span", "tmw-swatch");
      swatch.style.background = g.color;
      const text = mode === "theme" ? g.name : g.label.replace("\n", " ");
      entry.append(
        swatch,
        element("span", "tmw-entry-name", text),
        element("span", "tmw-entry-count", chosen[code] ? `${chosen[code]}/${g.size}` : String(g.size)),
      );
      entry.addEventListener("click", (event) => selectGroup(codes, code, event.shiftKey));
      legend.append(entry);
    });
  }

  // Python places the labels (analysis/report/widget.py, label_offsets: the report map's placement in this
  // canvas's frame); this only draws them: each centred on its topic's centre plus its offset, with a line
  // to the centre when moved aside. Placed for a canvas LABEL_WIDTH wide, a label can meet another on a
  // narrower one: then the later (smaller topic) is hidden, as Python leaves out a label with no free spot.
  function placeLabels() {
    labels.replaceChildren();
    leaders = [];
    const named = level.labelled || level;
    const offsets = named.offsets() || [];
    const taken = [];
    const free = (box) => !taken.some((b) => box[0] < b[2] && b[0] < box[2] && box[1] < b[3] && b[1] < box[3]);
    root.dataset.labels = named.named;
    named.groups.forEach((t, code) => {
      const offset = offsets[code];
      if (!t.size || !offset) return;
      const label = element("button", `tmw-label tmw-label-${named.named}`, t.label);
      label.type = "button";
      label.title = `select this ${named.named} (shift: add to the selection)`;
      // A press on a label starts a gesture like one on the canvas (a drag from it still lassos);
      // a press without a drag selects the group. Enter or Space on the focused label does too.
      label.addEventListener("pointerdown", (event) => startGesture(event, named.codes, code));
      label.addEventListener("click", (event) => {
        if (event.detail === 0) selectGroup(named.codes, code, event.shiftKey);
      });
      labels.append(label);
      const w = label.offsetWidth,
        h = label.offsetHeight;
      const [ax, ay] = [project.px(t.x), project.py(t.y)];
      const [cx, cy] = [ax + offset[0], ay + offset[1]];
      const left = Math.min(Math.max(cx - w / 2, 0), Math.max(width - w, 0));
      const top = Math.min(Math.max(cy - h / 2, 0), Math.max(height - h, 0));
      const box = [left, top, left + w, top + h];
      if (!free(box)) {
        label.remove();
        return;
      }
      label.style.left = `${left}px`;
      label.style.top = `${top}px`;
      taken.push(box);
      if (offset[0] || offset[1]) leaders.push([ax, ay, left + w / 2, top + h / 2]);
    });
  }

  function drawLeaders(ctx) {
    ctx.beginPath();
    for (const [ax, ay, cx, cy] of leaders) {
      ctx.moveTo(ax, ay);
      ctx.lineTo(cx, cy);
    }
    ctx.lineWidth = 1;
    ctx.strokeStyle = "#555555";
    ctx.stroke();
  }

  function selectGroup(codes, code, add) {
    const rows = add ? new Set(selected) : new Set();
    codes.forEach((c, i) => {
      if (c === code) rows.add(i);
    });
    setSelection([...rows]);
  }

  function setSelection(rows) {
    const sorted = [...new Set(rows)].sort((a, b) => a - b);
    selected = new Set(sorted);
    model.set("selection", sorted);
    model.save_changes();
    draw();
  }

  // `clear` and Escape: no selection, no search results, an empty box.
  function clearAll() {
    search.value = "";
    model.set("search_results", {});
    setSelection([]);
    showHits();
  }

  function runSearch() {
    const query = search.value.trim();
    if (!query) {
      clearAll();
      return;
    }
    root.dataset.searching = "true";
    status.textContent = "searching in the kernel…";
    model.send({ type: "search", query });
  }

  // The last search's hits in rank order, each with its score; the selection (set by Python too) highlights them.
  function showHits() {
    const found = model.get("search_results") || {};
    const rows = found.hits || [];
    delete root.dataset.searching;
    root.dataset.hits = String(rows.length);
    status.textContent = found.error || (found.query ? `${rows.length} found by meaning` : "");
    hits.hidden = !found.query || Boolean(found.error);
    if (hits.hidden) {
      hits.replaceChildren();
      return;
    }
    hits.replaceChildren(element("div", "tmw-hits-title", `nearest to “${found.query}”`), paperList(rows));
  }

  // A list of papers with their scores (search hits, a paper's neighbours); each opens its paper.
  function paperList(pairs) {
    const list = element("ol", "tmw-list");
    for (const [row, score] of pairs) {
      const item = element("li");
      const open = element("button", "tmw-paper", points.name[row]);
      open.type = "button";
      open.title = points.title[row];
      open.dataset.row = String(row);
      open.addEventListener("click", () => showPaper(row));
      item.append(open, element("span", "tmw-score", ` ${score.toFixed(2)}`));
      list.append(item);
    }
    return list;
  }

  function linkNode(link) {
    let safe = false;
    try {
      safe = /^https?:$/.test(new URL(link[0]).protocol);
    } catch {
      safe = false;
    }
    if (!safe) return element("div", "tmw-link", link[1]);
    const anchor = element("a", "tmw-link", link[1]);
    anchor.href = link[0];
    anchor.target = "_blank";
    anchor.rel = "noopener noreferrer";
    return anchor;
  }

  function nearest(x, y) {
    let best = -1,
      bestDistance = HIT_RADIUS * HIT_RADIUS;
    for (let i = 0; i < pixels.length; i++) {
      const dx = pixels[i][0] - x,
        dy = pixels[i][1] - y,
        d = dx * dx + dy * dy;
      if (d <= bestDistance) {
        best = i;
        bestDistance = d;
      }
    }
    return best;
  }

  function paperLines(i) {
    const t = points.topics[points.topic[i]],
      th = points.themes[points.theme[i]],
      a = points.areas[points.area[i]];
    const lines = [points.name[i], points.title[i]];
    if (a) lines.push(`area: ${a.label.replace("\n", " ")}`);
    lines.push(`topic ${t.label}`);
    // From 5,000 papers: the finer topic inside the topic.
    if (points.subtopic.length) lines.push(`finer topic: ${points.subtopics[points.subtopic[i]]}`);
    lines.push(`theme: ${th.name}`);
    return lines;
  }

  function fill(node, lines) {
    node.replaceChildren(...lines.map((line, k) => element(k ? "div" : "strong", "", line)));
  }

  function showTip(i, x, y) {
    if (i < 0) {
      tip.hidden = true;
      return;
    }
    fill(tip, paperLines(i));
    tip.hidden = false;
    tip.style.left = `${Math.min(x + 12, Math.max(width - 280, 0))}px`;
    tip.style.top = `${y + 12 > height - 90 ? y - 90 : y + 12}px`;
  }

  // A paper's lines, its link, and its nearest papers (computed in Python, as in the report's map).
  function showPaper(i) {
    fill(details, paperLines(i));
    if (points.link[i]) details.append(linkNode(points.link[i]));
    const near = points.near[i] || [];
    if (near.length) details.append(element("div", "tmw-near-title", "nearest papers"), paperList(near));
    details.dataset.row = String(i);
    details.hidden = false;
  }

  function position(event) {
    const rect = overlay.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  }

  function drawGesture() {
    const ctx = overlay.getContext("2d");
    ctx.clearRect(0, 0, width, height);
    if (!gesture?.moved) return;
    ctx.beginPath();
    if (tool === "box") {
      const [[x0, y0], [x1, y1]] = [gesture.path[0], gesture.path[gesture.path.length - 1]];
      ctx.rect(x0, y0, x1 - x0, y1 - y0);
    } else {
      for (const [x, y] of gesture.path) ctx.lineTo(x, y); // the first lineTo of a path starts it
      ctx.closePath();
    }
    ctx.fillStyle = "rgba(0, 114, 178, 0.08)";
    ctx.fill();
    ctx.setLineDash([5, 4]);
    ctx.strokeStyle = "#0072B2";
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }

  function inside(path) {
    if (tool === "box") {
      const [[ax, ay], [bx, by]] = [path[0], path[path.length - 1]];
      const [x0, x1, y0, y1] = [Math.min(ax, bx), Math.max(ax, bx), Math.min(ay, by), Math.max(ay, by)];
      return pixels.flatMap(([x, y], i) => (x >= x0 && x <= x1 && y >= y0 && y <= y1 ? [i] : []));
    }
    return pixels.flatMap(([x, y], i) => (insidePolygon(x, y, path) ? [i] : []));
  }

  function startGesture(event, codes = null, label = -1) {
    if (event.button !== 0) return;
    event.preventDefault();
    overlay.setPointerCapture(event.pointerId);
    const add = event.shiftKey || event.ctrlKey || event.metaKey;
    gesture = { path: [position(event)], moved: false, add, codes, label };
    tip.hidden = true;
  }
  overlay.addEventListener("pointerdown", (event) => startGesture(event));
  overlay.addEventListener("pointermove", (event) => {
    const [x, y] = position(event);
    if (!gesture) {
      showTip(nearest(x, y), x, y);
      return;
    }
    const [x0, y0] = gesture.path[0];
    if (!gesture.moved && Math.hypot(x - x0, y - y0) < DRAG_MIN) return;
    gesture.moved = true;
    if (tool === "box") gesture.path = [gesture.path[0], [x, y]];
    else gesture.path.push([x, y]);
    drawGesture();
  });
  overlay.addEventListener("pointerup", (event) => {
    if (!gesture) return;
    const done = gesture;
    gesture = null;
    drawGesture();
    if (!done.moved && done.label >= 0) {
      selectGroup(done.codes, done.label, done.add);
      return;
    }
    if (!done.moved) {
      const [x, y] = position(event);
      const i = nearest(x, y);
      if (i >= 0) showPaper(i);
      return;
    }
    const [x, y] = position(event);
    if (tool === "box") done.path = [done.path[0], [x, y]];
    else done.path.push([x, y]);
    const rows = inside(done.path);
    setSelection(done.add ? [...selected, ...rows] : rows);
  });
  overlay.addEventListener("pointerleave", () => {
    if (!gesture) tip.hidden = true;
  });
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape") clearAll();
  });
  search.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      runSearch();
    }
  });

  const onSelection = () => {
    selected = new Set(model.get("selection") || []);
    draw();
  };
  const onColour = () => {
    setLevel();
    placeLabels();
    draw();
  };
  const onPoints = () => load();
  const onHeight = () => layout();
  const onLabels = () => {
    placeLabels();
    draw();
  };
  const onSearch = () => showHits();
  model.on("change:selection", onSelection);
  model.on("change:color_by", onColour);
  model.on("change:points", onPoints);
  model.on("change:height", onHeight);
  model.on("change:labels", onLabels);
  model.on("change:area_labels", onLabels);
  model.on("change:search_results", onSearch);
  let lastWidth = 0;
  const resized = new ResizeObserver(() => {
    if (stage.clientWidth && stage.clientWidth !== lastWidth) {
      lastWidth = stage.clientWidth;
      layout();
    }
  });
  resized.observe(stage);

  showTool();
  load();
  root.dataset.ready = "true";
  return () => {
    resized.disconnect();
    model.off("change:selection", onSelection);
    model.off("change:color_by", onColour);
    model.off("change:points", onPoints);
    model.off("change:height", onHeight);
    model.off("change:labels", onLabels);
    model.off("change:area_labels", onLabels);
    model.off("change:search_results", onSearch);
  };
}

export default { render };
