// Simulation runs: start through the simulations API, poll the run (progress bar), draw the results.
import { api, ApiError } from "./api.js";
import { el, clear, readJson } from "./dom.js";
import { gettext, ngettext, interpolate, statusLabel } from "./i18n.js";
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
  return side === "first" ? gettext("Going first") : gettext("Going second");
}

function turnsOf(killTurn) {
  const turns = new Set();
  for (const side of Object.values(killTurn)) for (const turn of Object.keys(side.distribution || {})) if (/^\d+$/.test(turn)) turns.add(Number(turn));
  if (!turns.size) return [];
  const max = Math.max(...turns);
  return Array.from({ length: max }, (_, i) => i + 1);
}

function pct(value) {
  return value == null ? "–" : `${(value * 100).toFixed(1)}%`;
}

function table(headers, rows) {
  return el("div", { class: "panel table-wrap" }, el("table", {},
    el("thead", {}, el("tr", {}, headers.map((h, i) => el("th", { class: i ? "num" : "" }, h)))),
    el("tbody", {}, rows.map((row) => el("tr", {}, row.map((cell, i) => (i ? el("td", { class: "num" }, cell) : el("th", { scope: "row" }, cell))))))));
}

function renderGoldfish(result) {
  const killTurn = result.kill_turn || {};
  const sides = Object.keys(killTurn);
  const turns = turnsOf(killTurn);
  const charts = el("div", { class: "charts", id: "goldfish-charts" });
  for (const side of sides) {
    const dist = killTurn[side].distribution || {};
    charts.append(el("div", { class: "chart panel" },
      stackedBars(`${gettext("Kill turn")} — ${sideLabel(side)}`, turns.map(String), [{ name: sideLabel(side), color: SIDE_COLORS[side], values: turns.map((turn) => dist[String(turn)] || 0) }], { percent: true })));
  }
  if (sides.length) {
    const series = sides.map((side) => {
      const byTurn = killTurn[side].kill_by_turn || {};
      let last = 0;
      return { name: sideLabel(side), color: SIDE_COLORS[side], values: turns.map((turn) => (last = byTurn[String(turn)] ?? last)) };
    });
    charts.append(el("div", { class: "chart panel" }, lines(gettext("P(kill by turn t)"), turns, series, { xLabel: gettext("Own turn") })));
  }
  results.append(charts);
  for (const warning of result.warnings || []) results.append(el("p", { class: "notice warning", "data-code": warning.code }, warningText(warning)));
  results.append(table([gettext("Going"), gettext("Mean"), gettext("95% interval"), "p50", "p90", gettext("Kill rate")], sides.map((side) => {
    const s = killTurn[side];
    return [sideLabel(side), s.mean != null ? Number(s.mean).toFixed(2) : "–", interval(s.mean_ci95, (v) => v.toFixed(2)), s.p50 ?? "–", s.p90 ?? "–", pct(s.kill_rate)];
  })));
  // P(kill by turn t) with its Wilson 95 % interval, per side
  const byTurnRows = turns.map((turn) => [String(turn), ...sides.flatMap((side) => {
    const s = killTurn[side];
    const value = (s.kill_by_turn || {})[String(turn)];
    return [pct(value), interval((s.kill_by_turn_ci95 || {})[String(turn)], (v) => pct(v))];
  })]);
  results.append(table([gettext("Own turn"), ...sides.flatMap((side) => [gettext("P(kill by turn t)") + ` (${sideLabel(side)})`, gettext("95% interval")])], byTurnRows));
  renderCards(result, sides);
}

// The server's warnings by their code, in the page's language (the message is English).
function warningText(warning) {
  if (warning.code === "FEW_GAMES") {
    return interpolate(gettext("Only %(games)s games: the intervals are wide; run at least %(min_games)s."), { games: warning.games, min_games: warning.min_games });
  }
  return warning.message;
}

function interval(pair, format) {
  return Array.isArray(pair) ? `${format(pair[0])} – ${format(pair[1])}` : "–";
}

function mostCommonTurn(distribution) {
  let best = null;
  for (const [turn, share] of Object.entries(distribution || {})) if (best === null || share > distribution[best]) best = turn;
  return best ?? "–";
}

// Every card of the deck: how often it was played, when first, and whether its effects run or it plays as vanilla.
function renderCards(result, sides) {
  const cards = result.cards || [];
  if (!cards.length) return;
  results.append(el("p", { class: "muted" }, gettext("Card effects the engine models are played; cards listed as vanilla run without the effects shown.")));
  const wrap = table([gettext("Card"), ...sides.map((side) => `${gettext("Played")} (${sideLabel(side)})`), gettext("Most common first turn"), gettext("Modeled effects"), gettext("Run as vanilla")], cards.map((row) => [
    row.name_ja,
    ...sides.map((side) => pct((row.played || {})[side])),
    mostCommonTurn((row.first_played_turn || {})[sides[0]]),
    (row.effects || []).join(", ") || "–",
    (row.unmodeled || []).join(", ") || "–",
  ]));
  wrap.id = "goldfish-cards";
  results.append(wrap);
}

function renderHands(result) {
  const exact = result.exact || {};
  results.append(el("p", {}, interpolate(ngettext("%(count)s hand", "%(count)s hands", result.hands), { count: result.hands })));
  const own = config.handColumns || []; // the game's columns: [a row's key, its label]
  results.append(table([gettext("Card"), gettext("In opening hand"), gettext("Exact"), ...own.map(([, label]) => label)], (result.cards || []).map((row) => [
    row.name, pct(row.in_hand), pct(exact[row.card] && exact[row.card].in_hand), ...own.map(([key]) => pct(row[key])),
  ])));
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
  if (result.kill_turn) renderGoldfish(result);
  else if (result.cards) renderHands(result);
  else results.append(renderGeneric(result));
}

async function poll(url) {
  for (;;) {
    const { data } = await api(url);
    const percent = Math.round((data.progress || 0) * 100);
    progress.value = percent;
    statusText.textContent = `${statusLabel(data.status)} · ${percent}%`;
    if (["done", "failed", "cancelled"].includes(data.status)) return data;
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const body = { kind: data.get("kind"), deck: config.deckId, games: Number(data.get("games")), going: data.get("going") };
  if (data.get("seed")) body.seed = Number(data.get("seed"));
  clear(results);
  progress.value = 0;
  progress.hidden = false;
  statusText.textContent = statusLabel("queued");
  try {
    const { data: created } = await api(config.simulationsUrl, { method: "POST", body });
    current = `${config.simulationsUrl}${created.id}/`;
    cancel.hidden = false;
    const run = await poll(current);
    cancel.hidden = true;
    if (run.status === "done") renderResult(run);
    else if (run.status === "failed") results.append(el("p", { class: "notice error" }, run.error || statusLabel("failed")));
  } catch (error) {
    statusText.textContent = error instanceof ApiError ? `${error.message} (${error.code})` : String(error);
  }
});

cancel.addEventListener("click", async () => {
  if (current) await api(current, { method: "DELETE" }).catch(() => {});
});
