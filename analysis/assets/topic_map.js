// The topic map page: colour switch, search highlighting, paper details.
// Paper text is shown with textContent only: it is data, never markup.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("map-data").textContent);
  var papers = data.papers;
  var gd = document.querySelector(".map");
  var box = document.getElementById("search");
  var count = document.getElementById("count");
  var list = document.getElementById("matches");
  var listTitle = document.getElementById("matches-title");
  var MAX_LISTED = 200;

  papers.forEach(function (p) {
    p.search = (p.name + " " + p.blurb + " " + p.text).toLowerCase();
  });

  function groupOf(trace) {
    return trace.meta && trace.meta.group;
  }

  function currentGroup() {
    return document.querySelector("input[name=colour]:checked").value;
  }

  function matches(query) {
    var terms = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (!terms.length) { return null; }
    var hits = [];
    papers.forEach(function (p, i) {
      if (terms.every(function (t) { return p.search.indexOf(t) >= 0; })) { hits.push(i); }
    });
    return hits;
  }

  function applySearch() {
    var hits = matches(box.value);
    var hitSet = hits ? new Set(hits) : null;
    // Plotly dims every unselected point; null clears the selection.
    var selected = gd.data.map(function (trace) {
      if (!hitSet) { return null; }
      var points = [];
      trace.customdata.forEach(function (row, j) { if (hitSet.has(row[0])) { points.push(j); } });
      return points;
    });
    Plotly.restyle(gd, {selectedpoints: selected});
    showList(hits);
  }

  function showList(hits) {
    list.replaceChildren();
    if (!hits) {
      count.textContent = "";
      listTitle.textContent = "Papers (" + papers.length + ")";
      hits = papers.map(function (p, i) { return i; });
    } else {
      count.textContent = hits.length === 1 ? "1 paper matches" : hits.length + " papers match";
      listTitle.textContent = "Matches (" + hits.length + ")";
    }
    hits.slice(0, MAX_LISTED).forEach(function (i) {
      var item = document.createElement("li");
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = papers[i].name;
      button.title = papers[i].blurb;
      button.dataset.paper = String(i);
      button.addEventListener("click", function () { showPaper(i); });
      item.appendChild(button);
      list.appendChild(item);
    });
  }

  function locate(index) {
    for (var c = 0; c < gd.data.length; c++) {
      var trace = gd.data[c];
      if (trace.visible === false) { continue; }
      for (var j = 0; j < trace.customdata.length; j++) {
        if (trace.customdata[j][0] === index) { return {curveNumber: c, pointNumber: j}; }
      }
    }
    return null;
  }

  function showPaper(index) {
    var p = papers[index];
    document.getElementById("details").hidden = false;
    document.getElementById("details-name").textContent = p.name;
    document.getElementById("details-meta").textContent =
      "topic " + p.topic + " · theme: " + p.theme + " · in: " + p.sources;
    document.getElementById("details-text").textContent = p.text;
    var point = locate(index);
    if (point) { Plotly.Fx.hover(gd, [point]); }
  }

  function setColour(group) {
    var visible = gd.data.map(function (trace) { return groupOf(trace) === group; });
    // The title and the legend name what the colours mean, so they follow the switch.
    var title = ((gd.layout.title && gd.layout.title.text) || "").replace(/\(colour: \w+\)/, "(colour: " + group + ")");
    Plotly.update(gd, {visible: visible}, {"title.text": title, "legend.title.text": group + " "}).then(applySearch);
  }

  var config = {displaylogo: false, scrollZoom: true, responsive: false};
  Plotly.newPlot(gd, data.figure.data, data.figure.layout, config).then(function () {
    gd.on("plotly_click", function (event) {
      if (event.points.length) { showPaper(event.points[0].customdata[0]); }
    });
    box.addEventListener("input", applySearch);
    document.querySelectorAll("input[name=colour]").forEach(function (radio) {
      radio.addEventListener("change", function () { setColour(currentGroup()); });
    });
    showList(null);
    gd.dataset.ready = "true";
  });
})();
