// Simulation runs: start through the simulations API, poll the run (progress bar), draw the results.
import { api, ApiError } from "./api.js";
import { el, clear, readJson } from "./dom.js";
import { t } from "./i18n.js";
import { stackedBars, lines } from "./charts.js";

const config = readJson("simulate-config");
const form = document.getElementById("simulate-form");
const progress = document.getElementById("sim-progress");
const statusText = document.getElementById("sim-status");
const results = document.getElementById("sim-results");
const cancel = document.getElementById("sim-cancel");
const SIDE_COLORS = { first: "#2451b3", second: "#d8432c" };
let current = null;

function sideLabel(side) {
  return side === "first" ? t("Going first") : t("Going second");
}

function turnsOf(killTurn) {
  const turns = new Set();
  for (const side of Object.values(killTurn)) for (const turn of Object.keys(side.distribution || {})) if (/^\d+$/.test(turn)) turns.add(Number(turn));
  if (!turns.size) return [];
  const max = Math.max(...turns);
  return Array.from({ length: max }, (_, i) => i + 1);
}

function renderGoldfish(result) {
  const killTurn = result.kill_turn || {};
  const sides = Object.keys(killTurn);
  const turns = turnsOf(killTurn);
  const charts = el("div", { class: "charts", id: "goldfish-charts" });
  for (const side of sides) {
    const dist = killTurn[side].distribution || {};
    charts.append(el("div", { class: "chart panel" },
      stackedBars(`${t("Kill turn")} — ${sideLabel(side)}`, turns.map(String), [{ name: sideLabel(side), color: SIDE_COLORS[side], values: turns.map((turn) => dist[String(turn)] || 0) }], { percent: true })));
  }
  if (sides.length) {
    const series = sides.map((side) => {
      const dist = killTurn[side].distribution || {};
      let total = 0;
      return { name: sideLabel(side), color: SIDE_COLORS[side], values: turns.map((turn) => (total += dist[String(turn)] || 0)) };
    });
    charts.append(el("div", { class: "chart panel" }, lines(t("P(kill by turn t)"), turns, series, { xLabel: t("Own turn") })));
  }
  results.append(charts);
  const table = el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", { class: "num" }, t("Mean")), el("th", { class: "num" }, "p50"), el("th", { class: "num" }, "p90"))));
  const body = el("tbody");
  for (const side of sides) {
    const s = killTurn[side];
    body.append(el("tr", {}, el("th", { scope: "row" }, sideLabel(side)), el("td", { class: "num" }, s.mean != null ? Number(s.mean).toFixed(2) : "–"), el("td", { class: "num" }, s.p50 ?? "–"), el("td", { class: "num" }, s.p90 ?? "–")));
  }
  table.append(body);
  results.append(el("div", { class: "panel table-wrap" }, table));
}

function renderGeneric(value, depth = 0) {
  if (value === null || typeof value !== "object") return el("span", {}, typeof value === "number" ? (Number.isInteger(value) ? value : value.toFixed(4)) : String(value));
  const list = el("dl", { class: depth ? "" : "panel" });
  for (const [key, item] of Object.entries(value)) {
    list.append(el("dt", {}, key), el("dd", {}, renderGeneric(item, depth + 1)));
  }
  return list;
}

function renderResult(run) {
  clear(results);
  const result = run.result || {};
  if (result.note || result.notes) results.append(el("p", { class: "muted" }, result.note || [].concat(result.notes).join(" ")));
  if (result.kill_turn) renderGoldfish(result);
  else results.append(renderGeneric(result));
}

async function poll(url) {
  for (;;) {
    const { data } = await api(url);
    progress.value = Math.round((data.progress || 0) * 100) / (data.progress > 1 ? 100 : 1);
    statusText.textContent = `${t(data.status)} · ${Math.round((data.progress > 1 ? data.progress / 100 : data.progress || 0) * 100)}%`;
    if (["done", "failed", "cancelled"].includes(data.status)) return data;
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const body = { kind: data.get("kind"), deck_id: config.deckId, games: Number(data.get("games")), going: data.get("going") };
  if (data.get("seed")) body.seed = Number(data.get("seed"));
  clear(results);
  progress.value = 0;
  progress.hidden = false;
  statusText.textContent = t("queued");
  try {
    const { data: created } = await api(config.simulationsUrl, { method: "POST", body });
    current = `${config.simulationsUrl}${created.id}/`;
    cancel.hidden = false;
    const run = await poll(current);
    cancel.hidden = true;
    if (run.status === "done") renderResult(run);
    else if (run.status === "failed") results.append(el("p", { class: "notice error" }, run.error || t("failed")));
  } catch (error) {
    statusText.textContent = error instanceof ApiError ? `${error.message} (${error.code})` : String(error);
  }
});

cancel.addEventListener("click", async () => {
  if (current) await api(current, { method: "DELETE" }).catch(() => {});
});
