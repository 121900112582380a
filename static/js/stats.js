// The deck statistics charts (editor and deck page), as the deck's game lays them out.
import { el, clear } from "./dom.js";
import { gettext } from "./i18n.js";
import { stackedBars, horizontalBars } from "./charts.js";

// A game's charts as its statistics lay them out (games.registry editor_statistics), titles and labels already in the
// page's language: stacked bars, horizontal bars, or a panel of numbers.
function gameCharts(container, charts) {
  for (const chart of charts) {
    let body;
    if (chart.kind === "stacked") {
      body = stackedBars(chart.title, chart.labels, chart.series.length ? chart.series : [{ name: "", color: "#888", values: [] }]);
    } else if (chart.kind === "bars") {
      body = horizontalBars(chart.title, chart.items);
    } else {
      body = el("div", {}, el("div", {}, chart.title), chart.items.flatMap((item) => [el("div", {}, item.label), el("div", { class: "big-number" }, item.value)]));
    }
    const values = chart.kind === "stacked" ? chart.series.flatMap((s) => s.values) : (chart.items || []).map((item) => item.value);
    const empty = chart.kind !== "numbers" && !values.some((value) => Number(value) > 0);
    container.append(el("div", { class: "chart panel", id: chart.id || null }, body,
      empty ? el("p", { class: "muted" }, gettext("No cards yet.")) : null));
  }
}

export function renderStats(container, stats) {
  clear(container);
  if (!stats) return;
  gameCharts(container, stats.charts || []);
}
