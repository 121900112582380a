// Small SVG charts drawn by our own code: stacked bars, horizontal bars, lines. Labels are text nodes only.
const NS = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs = {}, text) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = String(text);
  return node;
}

function frame(width, height, label) {
  const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label });
  svg.append(svgEl("title", {}, label));
  return svg;
}

function niceMax(value) {
  if (value <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(value));
  return Math.ceil(value / step) * step;
}

function legend(series) {
  const list = document.createElement("ul");
  list.className = "legend";
  for (const s of series) {
    const item = document.createElement("li");
    const swatch = document.createElement("i");
    swatch.style.background = s.color;
    item.append(swatch, document.createTextNode(s.name));
    list.append(item);
  }
  return list;
}

function figure(caption, svg, extra) {
  const fig = document.createElement("figure");
  const cap = document.createElement("figcaption");
  cap.textContent = caption;
  fig.append(cap, svg);
  if (extra) fig.append(extra);
  return fig;
}

// categories: ["0", "1", ...]; series: [{name, color, values: [..per category]}]
export function stackedBars(caption, categories, series, { percent = false } = {}) {
  const width = 360, height = 200, left = 34, bottom = 22, top = 10, right = 6;
  const totals = categories.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] || 0), 0));
  // Counts: a multiple of 4 so that the four grid lines fall on whole numbers.
  const max = percent ? 1 : Math.max(4, Math.ceil(niceMax(Math.max(0, ...totals)) / 4) * 4);
  const svg = frame(width, height, caption);
  const plotH = height - top - bottom, plotW = width - left - right;
  const slot = plotW / Math.max(1, categories.length);
  for (let k = 0; k <= 4; k++) {
    const value = (max * k) / 4, y = top + plotH - (plotH * k) / 4;
    svg.append(svgEl("line", { x1: left, x2: width - right, y1: y, y2: y, stroke: "#ddd" }));
    svg.append(svgEl("text", { x: left - 4, y: y + 4, "text-anchor": "end" }, percent ? `${Math.round(value * 100)}%` : Math.round(value * 10) / 10));
  }
  categories.forEach((category, i) => {
    let y = top + plotH;
    const x = left + i * slot + slot * 0.15, w = slot * 0.7;
    for (const s of series) {
      const value = s.values[i] || 0;
      if (!value) continue;
      const h = (plotH * value) / max;
      y -= h;
      const rect = svgEl("rect", { x, y, width: w, height: h, fill: s.color, stroke: "#fff", "stroke-width": 0.5 });
      rect.append(svgEl("title", {}, `${category}: ${s.name} ${percent ? (value * 100).toFixed(1) + "%" : value}`));
      svg.append(rect);
    }
    if (totals[i] && !percent) svg.append(svgEl("text", { x: x + w / 2, y: y - 2, "text-anchor": "middle" }, totals[i]));
    svg.append(svgEl("text", { x: x + w / 2, y: height - 6, "text-anchor": "middle" }, category));
  });
  return figure(caption, svg, series.length > 1 ? legend(series) : null);
}

// items: [{label, value, color}]
export function horizontalBars(caption, items, { percent = false } = {}) {
  const rowH = 22, width = 360, left = 110, right = 40;
  const height = Math.max(1, items.length) * rowH + 8;
  const max = percent ? 1 : Math.max(4, niceMax(Math.max(0, ...items.map((i) => i.value))));
  const svg = frame(width, height, caption);
  items.forEach((item, i) => {
    const y = 4 + i * rowH;
    const w = ((width - left - right) * item.value) / max;
    svg.append(svgEl("text", { x: left - 6, y: y + 15, "text-anchor": "end" }, item.label));
    svg.append(svgEl("rect", { x: left, y: y + 3, width: Math.max(0, w), height: rowH - 6, fill: item.color || "#2451b3" }));
    svg.append(svgEl("text", { x: left + w + 4, y: y + 15 }, percent ? `${(item.value * 100).toFixed(1)}%` : item.value));
  });
  return figure(caption, svg);
}

// xs: [1, 2, ...]; series: [{name, color, values: [0..1 per x]}]; y axis is a probability.
export function lines(caption, xs, series, { xLabel = "" } = {}) {
  const width = 360, height = 210, left = 38, bottom = 30, top = 10, right = 10;
  const plotH = height - top - bottom, plotW = width - left - right;
  const svg = frame(width, height, caption);
  const xAt = (i) => left + (xs.length <= 1 ? plotW / 2 : (plotW * i) / (xs.length - 1));
  const yAt = (v) => top + plotH - plotH * v;
  for (let k = 0; k <= 4; k++) {
    const y = yAt(k / 4);
    svg.append(svgEl("line", { x1: left, x2: width - right, y1: y, y2: y, stroke: "#ddd" }));
    svg.append(svgEl("text", { x: left - 4, y: y + 4, "text-anchor": "end" }, `${k * 25}%`));
  }
  xs.forEach((x, i) => svg.append(svgEl("text", { x: xAt(i), y: height - 16, "text-anchor": "middle" }, x)));
  if (xLabel) svg.append(svgEl("text", { x: left + plotW / 2, y: height - 2, "text-anchor": "middle" }, xLabel));
  for (const s of series) {
    const points = s.values.map((v, i) => `${xAt(i)},${yAt(v)}`).join(" ");
    svg.append(svgEl("polyline", { points, fill: "none", stroke: s.color, "stroke-width": 2 }));
    s.values.forEach((v, i) => {
      const dot = svgEl("circle", { cx: xAt(i), cy: yAt(v), r: 3, fill: s.color });
      dot.append(svgEl("title", {}, `${s.name} ${xs[i]}: ${(v * 100).toFixed(1)}%`));
      svg.append(dot);
    });
  }
  return figure(caption, svg, legend(series));
}
