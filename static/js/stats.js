// The deck statistics charts (editor and deck page): curve by civilization, civilizations, types, triggers.
import { el, clear } from "./dom.js";
import { t } from "./i18n.js";
import { stackedBars, horizontalBars, CIV_COLORS } from "./charts.js";

const GROUP_LABELS = { light: "Light", water: "Water", darkness: "Darkness", fire: "Fire", nature: "Nature", multi: "Multicolored", colorless: "Colorless" };

export function renderStats(container, stats) {
  clear(container);
  if (!stats) return;
  const curveSeries = stats.curve.series.map((s) => ({ name: t(GROUP_LABELS[s.group] || s.group), color: CIV_COLORS[s.group] || "#888", values: s.values }));
  const charts = [
    stackedBars(t("Mana curve (main deck)"), stats.curve.labels, curveSeries.length ? curveSeries : [{ name: "", color: "#888", values: [] }]),
    horizontalBars(t("Civilizations"), stats.civilizations.map((c) => ({ label: t(GROUP_LABELS[c.civ]), value: c.count, color: CIV_COLORS[c.civ] }))),
    horizontalBars(t("Card types"), stats.types.map((item) => ({ label: t(item.type), value: item.count, color: "#6b7a99" }))),
  ];
  for (const chart of charts) container.append(el("div", { class: "chart panel" }, chart));
  container.append(el("div", { class: "chart panel", id: "trigger-stats" },
    el("div", {}, t("Shield triggers")), el("div", { class: "big-number" }, stats.shield_triggers),
    el("div", {}, t("Chance of at least one trigger in the 5 shields")),
    el("div", { class: "big-number" }, `${(stats.p_trigger_in_shields * 100).toFixed(1)}%`),
    el("div", {}, t("Multicolored cards")), el("div", { class: "big-number" }, stats.multicolored)));
}
