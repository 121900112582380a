// The deck statistics charts (editor and deck page): curve by civilization, civilizations, types, triggers.
import { el, clear } from "./dom.js";
import { gettext, gettext_noop, lang } from "./i18n.js";
import { stackedBars, horizontalBars, CIV_COLORS } from "./charts.js";

const GROUP_LABELS = { light: gettext_noop("Light"), water: gettext_noop("Water"), darkness: gettext_noop("Darkness"), fire: gettext_noop("Fire"), nature: gettext_noop("Nature"), multicolor: gettext_noop("Multicolored"), colorless: gettext_noop("Colorless") };

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
  if (stats.charts) {
    gameCharts(container, stats.charts);
    return;
  }
  const curveSeries = stats.curve.series.map((s) => ({ name: gettext(GROUP_LABELS[s.group] || s.group), color: CIV_COLORS[s.group] || "#888", values: s.values }));
  const charts = [
    stackedBars(gettext("Mana curve (main deck)"), stats.curve.labels, curveSeries.length ? curveSeries : [{ name: "", color: "#888", values: [] }]),
    horizontalBars(gettext("Civilizations"), stats.civilizations.map((c) => ({ label: gettext(GROUP_LABELS[c.civ]), value: c.count, color: CIV_COLORS[c.civ] }))),
    horizontalBars(gettext("Card types"), stats.types.map((item) => ({ label: lang.startsWith("ja") ? item.type_ja || item.type : item.type, value: item.count, color: "#6b7a99" }))),
  ];
  for (const chart of charts) container.append(el("div", { class: "chart panel" }, chart));
  container.append(el("div", { class: "chart panel", id: "trigger-stats" },
    el("div", {}, gettext("Shield triggers")), el("div", { class: "big-number" }, stats.shield_triggers),
    el("div", {}, gettext("Chance of at least one trigger in the 5 shields")),
    el("div", { class: "big-number" }, `${(stats.p_trigger_in_shields * 100).toFixed(1)}%`),
    el("div", {}, gettext("Multicolored cards")), el("div", { class: "big-number" }, stats.multicolored)));
}
