// The topic map page: points, colour switch, filters, contents, search, selection and its export.
// Paper text is data, never markup: the page writes it with textContent only; text handed to plotly
// (trace names, hover labels) goes through esc(), as plotly reads its strings as HTML-like markup.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("map-data").textContent);
  var papers = data.papers;
  var groups = data.groups;
  var gd = document.querySelector(".map");
  var box = document.getElementById("search");
  var count = document.getElementById("count");
  var list = document.getElementById("matches");
  var listTitle = document.getElementById("matches-title");
  var MAX_LISTED = 200;
  var MAX_TABLE = 500;
  var layout = data.layout;
  var state = {colour: "theme", off: {}, hits: null, selection: null, shown: []};

  // The facets papers are filtered by; each value is a position in its list of values.
  var facets = [
    {key: "theme", label: "Theme", values: groups.theme.map(function (g) { return g.name; }),
      of: function (p) { return [p.theme]; }},
    {key: "topic", label: "Topic", values: groups.topic.map(function (g) { return g.label; }),
      of: function (p) { return [p.topic]; }},
    {key: "list", label: "Source list", values: data.lists.map(function (l) { return l.label; }),
      titles: data.lists.map(function (l) { return l.file; }), of: function (p) { return p.lists; }}
  ];
  data.filters.forEach(function (column, c) {
    facets.push({key: "extra-" + c, label: column.column, values: column.values,
      of: function (p) { return [p.extra[c]]; }});
  });
  facets.forEach(function (f) { state.off[f.key] = new Set(); });

  papers.forEach(function (p) {
    p.search = (p.name + " " + p.title + " " + p.blurb + " " + p.text).toLowerCase();
  });

  function esc(text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
  }

  function wrap(text, width) {
    var lines = [], line = "";
    text.split(/\s+/).forEach(function (word) {
      if (line && line.length + word.length + 1 > width) { lines.push(line); line = word; }
      else { line = line ? line + " " + word : word; }
    });
    if (line) { lines.push(line); }
    return lines;
  }

  function topicOf(p) { return groups.topic[p.topic]; }
  function themeOf(p) { return groups.theme[p.theme].name; }
  function listNames(p) { return p.lists.map(function (l) { return data.lists[l].file; }).join("; "); }

  function hoverText(p) {
    if (p.hover === undefined) {
      p.hover = "<b>" + esc(p.name) + "</b><br>" + wrap(p.blurb, 70).map(esc).join("<br>") +
        "<br><br>topic " + esc(topicOf(p).label) + "<br>theme: " + esc(themeOf(p)) +
        "<br>in: " + esc(listNames(p).slice(0, 120));
    }
    return p.hover;
  }

  // A paper passes when, in every facet but `except`, one of its values is switched on.
  function passes(p, except) {
    return facets.every(function (f) {
      if (f.key === except) { return true; }
      var off = state.off[f.key];
      return !off.size || f.of(p).some(function (v) { return !off.has(v); });
    });
  }

  function highlighted() {
    if (state.selection && state.selection.size) { return state.selection; }
    return state.hits ? new Set(state.hits) : null;
  }

  function traces() {
    var keyOf = state.colour === "topic" ? function (p) { return p.topic; } : function (p) { return p.theme; };
    var members = groups[state.colour].map(function () { return []; });
    state.shown.forEach(function (i) { members[keyOf(papers[i])].push(i); });
    var marked = highlighted();
    var type = data.webgl ? "scattergl" : "scatter";
    var size = data.webgl ? 5 : 10;
    var out = [];
    members.forEach(function (rows, k) {
      if (!rows.length) { return; }
      var group = groups[state.colour][k];
      var selected = null;
      if (marked) {
        selected = [];
        rows.forEach(function (i, j) { if (marked.has(i)) { selected.push(j); } });
      }
      out.push({
        type: type, mode: "markers", name: esc(state.colour === "topic" ? shortLabel(group.label) : group.name),
        x: rows.map(function (i) { return papers[i].x; }), y: rows.map(function (i) { return papers[i].y; }),
        customdata: rows.map(function (i) { return [i]; }),
        hovertext: rows.map(function (i) { return hoverText(papers[i]); }),
        hovertemplate: "%{hovertext}<extra></extra>", hoverlabel: {align: "left"},
        marker: {color: group.color, size: size, line: {width: data.webgl ? 0 : 0.8, color: "white"}},
        selectedpoints: selected, selected: {marker: {size: size + 5}}, unselected: {marker: {opacity: 0.15}},
        meta: {group: state.colour, key: k}
      });
    });
    return out;
  }

  function shortLabel(label, limit) {
    limit = limit || 40;
    return label.length > limit ? label.slice(0, limit - 1) + "…" : label;
  }

  function draw() {
    var title = ((layout.title && layout.title.text) || "").replace(/\(colour: \w+\)/, "(colour: " + state.colour + ")");
    layout.title.text = title;
    layout.legend.title = {text: state.colour + " "};
    // Many groups make a legend taller than the map: the contents list names them instead.
    layout.showlegend = groups[state.colour].length <= 24;
    return Plotly.react(gd, traces(), layout, config);
  }

  function refresh() {
    state.shown = [];
    papers.forEach(function (p, i) { if (passes(p, null)) { state.shown.push(i); } });
    if (state.selection) {
      var visible = new Set(state.shown);
      state.selection = new Set(Array.from(state.selection).filter(function (i) { return visible.has(i); }));
    }
    state.hits = matches(box.value);
    document.getElementById("shown").textContent = state.shown.length === papers.length ?
      "all " + papers.length + " papers shown" : state.shown.length + " of " + papers.length + " papers shown";
    updateCounts();
    showList(state.hits);
    showSelection();
    return draw();
  }

  function matches(query) {
    var terms = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (!terms.length) { return null; }
    return state.shown.filter(function (i) {
      return terms.every(function (t) { return papers[i].search.indexOf(t) >= 0; });
    });
  }

  function applySearch() {
    state.hits = matches(box.value);
    showList(state.hits);
    return draw();
  }

  function showList(hits) {
    list.replaceChildren();
    var rows = hits;
    if (!hits) {
      count.textContent = "";
      listTitle.textContent = "Papers (" + state.shown.length + ")";
      rows = state.shown;
    } else {
      count.textContent = hits.length === 1 ? "1 paper matches" : hits.length + " papers match";
      listTitle.textContent = "Matches (" + hits.length + ")";
    }
    rows.slice(0, MAX_LISTED).forEach(function (i) {
      var item = document.createElement("li");
      item.appendChild(paperButton(i, papers[i].blurb));
      list.appendChild(item);
    });
  }

  function paperButton(i, title) {
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = papers[i].name;
    button.title = title;
    button.dataset.paper = String(i);
    button.addEventListener("click", function () { showPaper(i); });
    return button;
  }

  function locate(index) {
    for (var c = 0; c < gd.data.length; c++) {
      var rows = gd.data[c].customdata;
      for (var j = 0; j < rows.length; j++) {
        if (rows[j][0] === index) { return {curveNumber: c, pointNumber: j}; }
      }
    }
    return null;
  }

  function showPaper(index) {
    var p = papers[index];
    var extras = data.filters.map(function (column, c) { return column.column + ": " + column.values[p.extra[c]]; });
    document.getElementById("details").hidden = false;
    document.getElementById("details-name").textContent = p.name;
    document.getElementById("details-title").textContent = p.title;
    document.getElementById("details-meta").textContent = ["topic " + topicOf(p).label, "theme: " + themeOf(p),
      "in: " + listNames(p)].concat(extras).join(" · ");
    document.getElementById("details-text").textContent = p.text;
    document.querySelector("aside").scrollTop = 0;
    var point = locate(index);
    if (point) { Plotly.Fx.hover(gd, [point]); }
  }

  function setColour(group) {
    state.colour = group;
    return draw().then(updateContentsSwatches);
  }

  // Selection: lasso, box, a topic label, a legend entry or the contents; the list beside the map shows it.
  function select(indices, fromDrag) {
    state.selection = indices && indices.length ? new Set(indices) : null;
    // A lasso's outline stays while its papers are the selection; any other selection replaces it.
    if (!fromDrag && layout.selections && layout.selections.length) { layout.selections = []; }
    state.dragged = Boolean(fromDrag && state.selection);
    showSelection();
    return draw();
  }

  function selectedRows() {
    return state.selection ? state.shown.filter(function (i) { return state.selection.has(i); }) : [];
  }

  function showSelection() {
    var rows = selectedRows();
    var section = document.getElementById("selection");
    section.hidden = !rows.length;
    document.getElementById("selection-title").textContent = "Selected (" + rows.length + ")";
    var body = document.querySelector("#selection-table tbody");
    body.replaceChildren();
    rows.slice(0, MAX_TABLE).forEach(function (i) {
      var p = papers[i], tr = document.createElement("tr"), cell = document.createElement("td");
      cell.appendChild(paperButton(i, p.blurb));
      tr.appendChild(cell);
      [shortLabel(p.title || p.blurb, 100), themeOf(p), topicOf(p).label].forEach(function (text) {
        var td = document.createElement("td");
        td.textContent = text;
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    document.getElementById("selection-more").textContent = rows.length > MAX_TABLE ?
      "The first " + MAX_TABLE + " are listed; the exports hold all " + rows.length + "." : "";
  }

  function inGroup(key, value) {
    return state.shown.filter(function (i) { return papers[i][key] === value; });
  }

  // CSV as RFC 4180 quotes it; a cell that a spreadsheet would run as a formula starts with a quote mark.
  function csvCell(text) {
    text = String(text);
    if (/^[=+\-@\t\r]/.test(text)) { text = "'" + text; }
    return /[",\r\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
  }

  function selectionCsv() {
    var lines = [["name", "title", "theme", "topic", "lists"].join(",")];
    selectedRows().forEach(function (i) {
      var p = papers[i];
      lines.push([p.name, p.title || p.blurb, themeOf(p), topicOf(p).label, listNames(p)].map(csvCell).join(","));
    });
    return lines.join("\r\n") + "\r\n";
  }

  // Markdown: every character that could start markup (emphasis, links, HTML, tables) is backslash-escaped.
  function md(text) {
    return String(text).replace(/\s+/g, " ").replace(/[\\`*_{}\[\]<>#|~&!]/g, "\\$&");
  }

  function selectionMarkdown() {
    var rows = selectedRows();
    var lines = ["# Reading list (" + rows.length + (rows.length === 1 ? " paper)" : " papers)")];
    groups.theme.forEach(function (theme, t) {
      var mine = rows.filter(function (i) { return papers[i].theme === t; });
      if (!mine.length) { return; }
      lines.push("", "## " + md(theme.name), "");
      mine.forEach(function (i) {
        var p = papers[i];
        lines.push("- [ ] **" + md(p.name) + "**: " + md(p.title || p.blurb) + " (topic " + md(topicOf(p).label) + ")");
      });
    });
    return lines.join("\n") + "\n";
  }

  function download(text, name, type) {
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], {type: type}));
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 10000);
  }

  function zoomTo(indices) {
    if (!indices.length) { return Promise.resolve(); }
    var xs = indices.map(function (i) { return papers[i].x; }), ys = indices.map(function (i) { return papers[i].y; });
    var x0 = Math.min.apply(null, xs), x1 = Math.max.apply(null, xs);
    var y0 = Math.min.apply(null, ys), y1 = Math.max.apply(null, ys);
    var padX = Math.max((x1 - x0) * 0.25, 0.3), padY = Math.max((y1 - y0) * 0.25, 0.3);
    return Plotly.relayout(gd, {"xaxis.range": [x0 - padX, x1 + padX], "yaxis.range": [y0 - padY, y1 + padY]});
  }

  function buildContents() {
    var root = document.getElementById("contents");
    groups.theme.forEach(function (theme, t) {
      var item = document.createElement("li"), sub = document.createElement("ul");
      item.className = "theme";
      item.appendChild(contentsButton(theme.name, theme.color, function () { return inGroup("theme", t); }));
      groups.topic.forEach(function (topic, k) {
        if (topic.theme !== theme.name) { return; }
        var li = document.createElement("li");
        li.appendChild(contentsButton(topic.label, topic.color, function () { return inGroup("topic", k); }, k));
        sub.appendChild(li);
      });
      item.appendChild(sub);
      root.appendChild(item);
    });
  }

  function contentsButton(text, color, members, topic) {
    var button = document.createElement("button"), swatch = document.createElement("span");
    button.type = "button";
    swatch.className = "swatch";
    swatch.dataset.theme = topic === undefined ? "true" : "";
    swatch.style.background = color;
    button.appendChild(swatch);
    button.appendChild(document.createTextNode(text));
    button.dataset.topic = topic === undefined ? "" : String(topic);
    button.title = "Zoom to these papers and select them";
    button.addEventListener("click", function () {
      var rows = members();
      select(rows).then(function () { return zoomTo(rows); });
    });
    return button;
  }

  function updateContentsSwatches() {
    // A topic's swatch shows the colour its points have now.
    document.querySelectorAll("#contents button[data-topic]").forEach(function (button) {
      var k = button.dataset.topic;
      if (k === "") { return; }
      var p = groups.topic[Number(k)];
      button.firstChild.style.background = state.colour === "topic" ? p.color :
        groups.theme[groups.theme.findIndex(function (g) { return g.name === p.theme; })].color;
    });
  }

  function buildFilters() {
    var root = document.getElementById("filters");
    facets.forEach(function (f) {
      var set = document.createElement("fieldset"), legend = document.createElement("legend");
      var values = document.createElement("div"), allNone = document.createElement("span");
      set.dataset.facet = f.key;
      legend.textContent = f.label;
      allNone.className = "all-none";
      [["all", function () { state.off[f.key].clear(); }],
       ["none", function () { f.values.forEach(function (v, i) { state.off[f.key].add(i); }); }]
      ].forEach(function (pair) {
        var button = document.createElement("button");
        button.type = "button";
        button.textContent = pair[0];
        button.setAttribute("aria-label", pair[0] + " of " + f.label);
        button.addEventListener("click", function () { pair[1](); syncBoxes(f); refresh(); });
        allNone.appendChild(button);
      });
      legend.appendChild(allNone);
      set.appendChild(legend);
      values.className = "values";
      f.values.forEach(function (value, i) {
        var label = document.createElement("label"), input = document.createElement("input");
        var text = document.createElement("span");
        input.type = "checkbox";
        input.checked = true;
        input.value = String(i);
        input.addEventListener("change", function () {
          if (input.checked) { state.off[f.key].delete(i); } else { state.off[f.key].add(i); }
          refresh();
        });
        label.appendChild(input);
        label.appendChild(text);
        if (f.titles) { label.title = f.titles[i]; }
        label.dataset.value = value;
        values.appendChild(label);
      });
      set.appendChild(values);
      root.appendChild(set);
    });
  }

  function syncBoxes(f) {
    document.querySelectorAll('#filters fieldset[data-facet="' + f.key + '"] input').forEach(function (input) {
      input.checked = !state.off[f.key].has(Number(input.value));
    });
  }

  // Each value's count: the papers that have it and pass every other facet (what switching it on would show).
  function updateCounts() {
    facets.forEach(function (f) {
      var counts = f.values.map(function () { return 0; });
      papers.forEach(function (p) {
        if (passes(p, f.key)) { f.of(p).forEach(function (v) { counts[v] += 1; }); }
      });
      var labels = document.querySelectorAll('#filters fieldset[data-facet="' + f.key + '"] label');
      labels.forEach(function (label, i) {
        label.lastChild.textContent = " " + f.values[i] + " (" + counts[i] + ")";
        label.className = counts[i] ? "" : "zero";
      });
    });
  }

  function onSearchKey(event) {
    var first = list.querySelector("button");
    if (event.key === "Enter" && first) { event.preventDefault(); showPaper(Number(first.dataset.paper)); }
    else if (event.key === "ArrowDown" && first) { event.preventDefault(); first.focus(); }
    else if (event.key === "Escape") { event.preventDefault(); box.value = ""; applySearch(); }
  }

  function onListKey(event) {
    var buttons = Array.from(list.querySelectorAll("button"));
    var at = buttons.indexOf(document.activeElement);
    if (at < 0) { return; }
    if (event.key === "ArrowDown" && at + 1 < buttons.length) { event.preventDefault(); buttons[at + 1].focus(); }
    else if (event.key === "ArrowUp") { event.preventDefault(); (at ? buttons[at - 1] : box).focus(); }
    else if (event.key === "Escape") { event.preventDefault(); box.focus(); }
  }

  // Labels were placed without overlap for the smallest map; at another size or zoom two may meet. Then the
  // later one (the smaller topic) is hidden, as Python leaves out a label with no free spot.
  function hideOverlappingLabels() {
    var kept = [];
    gd.querySelectorAll(".annotation").forEach(function (g) {
      g.style.visibility = "";
      var box = (g.querySelector(".annotation-text-g") || g).getBoundingClientRect();  // the box, not its line
      var clash = kept.some(function (k) {
        return box.left < k.right && k.left < box.right && box.top < k.bottom && k.top < box.bottom;
      });
      if (clash) { g.style.visibility = "hidden"; } else { kept.push(box); }
    });
  }

  function wire() {
    gd.on("plotly_afterplot", hideOverlappingLabels);
    gd.on("plotly_click", function (event) {
      if (event.points.length) { showPaper(event.points[0].customdata[0]); }
    });
    gd.on("plotly_selected", function (event) {
      // Plotly also reports an empty selection when the page removes the outline: not the user's.
      if (!event || (event.selections && !event.selections.length)) { return; }
      select(event.points.map(function (point) { return point.customdata[0]; }), true);
    });
    gd.on("plotly_deselect", function () {
      // A double-click undoes a lasso or box; plotly also says so when the page removes the outline itself.
      if (state.dragged) { select(null); }
    });
    gd.on("plotly_legendclick", function (event) {
      var key = event.data[event.curveNumber].meta.key;
      select(inGroup(state.colour, key));
      return false;  // select the group instead of hiding it (the filters hide)
    });
    gd.on("plotly_legenddoubleclick", function () { return false; });
    gd.on("plotly_clickannotation", function (event) {
      var name = event.annotation.name || "";
      if (name.indexOf("topic-") !== 0) { return; }
      var id = Number(name.slice(6));
      select(inGroup("topic", groups.topic.findIndex(function (g) { return g.id === id; })));
    });
    // On a large map every keystroke scans all abstracts: wait for a pause in typing.
    var pending = null;
    box.addEventListener("input", function () {
      if (papers.length <= 5000) { applySearch(); return; }
      clearTimeout(pending);
      pending = setTimeout(applySearch, 200);
    });
    box.addEventListener("keydown", onSearchKey);
    list.addEventListener("keydown", onListKey);
    document.querySelectorAll("input[name=colour]").forEach(function (radio) {
      radio.addEventListener("change", function () { setColour(radio.value); });
    });
    document.getElementById("details-close").addEventListener("click", function () {
      document.getElementById("details").hidden = true;
    });
    document.getElementById("selection-clear").addEventListener("click", function () { select(null); });
    document.getElementById("export-csv").addEventListener("click", function () {
      download(selectionCsv(), "selected_papers.csv", "text/csv;charset=utf-8");
    });
    document.getElementById("export-md").addEventListener("click", function () {
      download(selectionMarkdown(), "reading_list.md", "text/markdown;charset=utf-8");
    });
  }

  (layout.annotations || []).forEach(function (a) {
    if ((a.name || "").indexOf("topic-") === 0) { a.captureevents = true; a.hovertext = "select this topic"; }
  });
  layout.autosize = true;
  delete layout.width;
  delete layout.height;
  var config = {displaylogo: false, scrollZoom: true, responsive: true};
  buildContents();
  buildFilters();
  refresh().then(function () {
    wire();
    hideOverlappingLabels();
    updateContentsSwatches();
    gd.dataset.ready = "true";
  });
})();
