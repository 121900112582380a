// The deck editor: a working copy in the browser; each change is one call to /editor/state/ (deck + legality +
// statistics computed by the server's services); "Save" writes through the decks API with If-Match.
import { api, ApiError } from "./api.js";
import { el, clear, civDot, civBorder, readJson } from "./dom.js";
import { gettext, gettext_noop, ngettext, interpolate, lang, message, cardName, otherName } from "./i18n.js";
import { renderStats } from "./stats.js";

const ZONES = ["main", "hyperspatial", "gr", "considering"];
const ZONE_LABELS = { main: gettext_noop("Main deck"), hyperspatial: gettext_noop("Hyperspatial"), gr: gettext_noop("GR"), considering: gettext_noop("Considering") };

const config = readJson("editor-config");
const state = {
  deck: config.state.deck,
  cards: config.state.cards,
  legality: config.state.legality,
  stats: config.state.stats,
  sizes: config.state.sizes,
  etag: config.etag,
  zone: "main",
  dirty: false,
  results: [],
  active: -1,
};
let queue = Promise.resolve();

const $ = (id) => document.getElementById(id);
const nodes = {
  search: $("editor-search"),
  results: $("search-results"),
  searchStatus: $("search-status"),
  tabs: $("zone-tabs"),
  entries: $("zone-entries"),
  legality: $("legality"),
  stats: $("stats"),
  save: $("save-deck"),
  saveState: $("save-state"),
  name: $("deck-name"),
  description: $("deck-description"),
  format: $("deck-format"),
  asOf: $("deck-as-of"),
  overlay: $("deck-overlay"),
  visibility: $("deck-visibility"),
  error: $("editor-error"),
};

// ---- server round trips -------------------------------------------------------------------------------------
function change(op) {
  queue = queue.then(async () => {
    try {
      const { data } = await api(config.stateUrl, {
        method: "POST",
        body: { deck: state.deck, op, format: nodes.format.value, as_of: nodes.asOf.value || null, overlay: nodes.overlay.value || null },
      });
      Object.assign(state, { deck: data.deck, cards: data.cards, legality: data.legality, stats: data.stats, sizes: data.sizes });
      if (op.op !== "none") setDirty(true);
      showError("");
      render();
    } catch (error) {
      showError(error instanceof ApiError ? `${error.message} (${error.code})` : String(error));
    }
  });
  return queue;
}

async function save() {
  nodes.save.disabled = true;
  nodes.saveState.textContent = gettext("Saving…");
  try {
    const deck = {};
    for (const zone of ZONES) deck[zone] = state.deck[zone].map((e) => ({ card: e.card, count: e.count }));
    const { response } = await api(config.deckApiUrl, {
      method: "PATCH",
      headers: { "If-Match": state.etag },
      body: { name: nodes.name.value, description: nodes.description.value, format: nodes.format.value, visibility: nodes.visibility.value, deck },
    });
    state.etag = response.headers.get("ETag") || state.etag;
    setDirty(false);
    nodes.saveState.textContent = gettext("Saved");
  } catch (error) {
    if (error instanceof ApiError && error.status === 412) {
      showError(gettext("This deck was changed elsewhere. Reload the page to see the newest version; your changes are not saved."));
    } else {
      showError(error instanceof ApiError ? `${error.message} (${error.code})` : String(error));
    }
    nodes.saveState.textContent = gettext("Not saved");
  } finally {
    nodes.save.disabled = false;
  }
}

function setDirty(dirty) {
  state.dirty = dirty;
  nodes.saveState.textContent = dirty ? gettext("Unsaved changes") : gettext("Saved");
  nodes.saveState.classList.toggle("dirty", dirty);
}

function showError(text) {
  nodes.error.textContent = text;
  nodes.error.hidden = !text;
}

// ---- search panel -------------------------------------------------------------------------------------------
let searchTimer = null;
let searchController = null;

async function search(text) {
  if (searchController) searchController.abort();
  if (!text.trim()) {
    state.results = [];
    renderResults();
    return;
  }
  searchController = new AbortController();
  try {
    const url = `${config.cardsApiUrl}?q=${encodeURIComponent(text)}&page_size=30`;
    const { data } = await api(url, { signal: searchController.signal });
    state.results = data.results || [];
    state.active = state.results.length ? 0 : -1;
    nodes.searchStatus.textContent = (() => { const n = data.count ?? state.results.length; return interpolate(ngettext("%(count)s card", "%(count)s cards", n), { count: n }); })();
  } catch (error) {
    if (error.name === "AbortError") return;
    state.results = [];
    nodes.searchStatus.textContent = error instanceof ApiError ? error.message : String(error);
  }
  renderResults();
}

function renderResults() {
  clear(nodes.results);
  state.results.forEach((card, index) => {
    const item = el(
      "li",
      { id: `result-${index}`, role: "option", "aria-selected": index === state.active ? "true" : "false", dataset: { cardId: card.id } },
      el("span", { class: "cost-badge" }, card.cost ?? "–"),
      (card.civilizations || []).map((civ) => civDot(civ.toLowerCase())),
      el("span", { class: "name" }, cardName(card), otherName(card) ? el("small", { class: "muted", lang: lang.startsWith("ja") ? "en" : "ja" }, ` ${otherName(card)}`) : null),
      card.zone === "hyperspatial_zone" ? el("span", { class: "tag" }, gettext("Hyperspatial")) : null,
      card.zone === "super_gr_zone" ? el("span", { class: "tag" }, "GR") : null,
    );
    civBorder(item, (card.civilizations || []).map((c) => c.toLowerCase()));
    item.addEventListener("mousedown", (event) => event.preventDefault());
    item.addEventListener("click", () => {
      state.active = index;
      addActive(false);
    });
    nodes.results.append(item);
  });
  nodes.search.setAttribute("aria-expanded", state.results.length ? "true" : "false");
  nodes.search.setAttribute("aria-activedescendant", state.active >= 0 ? `result-${state.active}` : "");
  const active = state.active >= 0 ? $(`result-${state.active}`) : null;
  if (active) active.scrollIntoView({ block: "nearest" });
}

function addActive(toConsidering) {
  const card = state.results[state.active];
  if (!card) return;
  change({ op: "add", card: card.id, zone: toConsidering ? "considering" : null, count: 1 });
}

nodes.search.addEventListener("input", () => {
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => search(nodes.search.value), 120);
});
nodes.search.addEventListener("keydown", (event) => {
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    if (!state.results.length) return;
    const step = event.key === "ArrowDown" ? 1 : -1;
    state.active = (state.active + step + state.results.length) % state.results.length;
    renderResults();
  } else if (event.key === "Enter") {
    event.preventDefault();
    addActive(event.shiftKey);
  } else if (event.key === "Escape") {
    nodes.search.value = "";
    search("");
  }
});

// ---- deck side ----------------------------------------------------------------------------------------------
function zoneCount(zone) {
  return state.deck[zone].reduce((sum, e) => sum + e.count, 0);
}

function renderTabs() {
  clear(nodes.tabs);
  // The required main size: the engine's DECK_SIZE limit when it reports one (a Rule Plus card changes it), else
  // the format's size.
  const sizeViolation = ((state.legality && state.legality.violations) || []).find((v) => v.code === "DECK_SIZE" && v.zone !== "hyperspatial");
  const required = (sizeViolation && sizeViolation.limit) || state.sizes.main;
  for (const zone of ZONES) {
    const count = zoneCount(zone);
    const text = zone === "main" ? `${count}/${required}` : String(count);
    const counter = el("span", { class: "counter", "data-zone-counter": zone }, text);
    if (zone === "main") counter.classList.add(count === required ? "full" : count > required ? "over" : "x");
    if (zone === "hyperspatial" && count > state.sizes.hyperspatial_max) counter.classList.add("over");
    if (zone === "gr" && count > 0) counter.classList.add(count === state.sizes.gr ? "full" : "over");
    const tab = el(
      "button",
      { type: "button", role: "tab", id: `tab-${zone}`, "aria-selected": zone === state.zone ? "true" : "false",
        "aria-controls": "zone-entries", tabindex: zone === state.zone ? "0" : "-1" },
      gettext(ZONE_LABELS[zone]),
      counter,
    );
    tab.addEventListener("click", () => selectZone(zone));
    tab.addEventListener("keydown", (event) => {
      const index = ZONES.indexOf(zone);
      if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
        event.preventDefault();
        const next = ZONES[(index + (event.key === "ArrowRight" ? 1 : ZONES.length - 1)) % ZONES.length];
        selectZone(next);
        $(`tab-${next}`).focus();
      }
    });
    nodes.tabs.append(tab);
  }
}

function selectZone(zone) {
  state.zone = zone;
  renderTabs();
  renderEntries();
}

function offendingCards() {
  const offending = new Map();
  for (const violation of (state.legality && state.legality.violations) || []) {
    for (const card of violation.cards || []) {
      const key = String(card.id);
      if (!offending.has(key)) offending.set(key, []);
      offending.get(key).push(violation);
    }
  }
  return offending;
}

function renderEntries() {
  const focusedId = document.activeElement && document.activeElement.closest("#zone-entries li")
    ? document.activeElement.closest("li").dataset.cardId : null;
  const focusedAction = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.action : null;
  const focusedIndex = focusedId ? [...nodes.entries.children].indexOf(document.activeElement.closest("li")) : -1;
  clear(nodes.entries);
  nodes.entries.setAttribute("aria-labelledby", `tab-${state.zone}`);
  const offending = offendingCards();
  const entries = [...state.deck[state.zone]].sort((a, b) => {
    const ca = state.cards[a.card] || {}, cb = state.cards[b.card] || {};
    return (ca.cost ?? 99) - (cb.cost ?? 99) || String(ca.name_ja).localeCompare(String(cb.name_ja));
  });
  if (!entries.length) nodes.entries.append(el("li", { class: "muted" }, gettext("No cards in this zone yet.")));
  for (const entry of entries) {
    const card = state.cards[entry.card] || { id: entry.card, name_ja: `#${entry.card}`, civilizations: [] };
    const problems = offending.get(String(entry.card)) || [];
    const zone = state.zone;
    const moveTarget = zone === "considering" ? card.home || "main" : "considering";
    const item = el(
      "li",
      { tabindex: "0", class: problems.length ? "offending" : "", dataset: { cardId: entry.card, zone },
        "aria-label": `${entry.count} × ${cardName(card)}${problems.length ? " — " + problems.map((v) => v.code).join(", ") : ""}` },
      el("span", { class: "qty" }, `${entry.count}×`),
      el("span", { class: "cost-badge" }, card.cost ?? "–"),
      (card.civilizations || []).map(civDot),
      el("span", { class: "name" }, cardName(card), otherName(card) ? el("small", { class: "muted", lang: lang.startsWith("ja") ? "en" : "ja" }, ` ${otherName(card)}`) : null),
      problems.length ? el("span", { class: "code" }, problems.map((v) => v.code).join(" ")) : null,
      el("span", { class: "actions" },
        el("button", { type: "button", class: "btn small secondary", "data-action": "dec", "aria-label": interpolate(gettext("Remove one %(name)s"), { name: cardName(card) }),
          onclick: () => change({ op: "set", card: entry.card, zone, count: entry.count - 1 }) }, "−"),
        el("button", { type: "button", class: "btn small secondary", "data-action": "inc", "aria-label": interpolate(gettext("Add one %(name)s"), { name: cardName(card) }),
          onclick: () => change({ op: "set", card: entry.card, zone, count: entry.count + 1 }) }, "+"),
        el("button", { type: "button", class: "btn small secondary", "data-action": "move",
          "aria-label": interpolate(gettext("Move %(name)s to %(zone)s"), { name: cardName(card), zone: gettext(ZONE_LABELS[moveTarget]) }),
          onclick: () => change({ op: "move", card: entry.card, from: zone, to: moveTarget }) }, `→ ${gettext(ZONE_LABELS[moveTarget])}`),
        zoneSelect(entry, card, zone),
      ),
    );
    civBorder(item, card.civilizations);
    item.addEventListener("keydown", (event) => {
      if (event.target !== item) return;
      const ops = {
        "+": { op: "set", card: entry.card, zone, count: entry.count + 1 },
        "=": { op: "set", card: entry.card, zone, count: entry.count + 1 },
        "-": { op: "set", card: entry.card, zone, count: entry.count - 1 },
        Delete: { op: "set", card: entry.card, zone, count: 0 },
        m: { op: "move", card: entry.card, from: zone, to: moveTarget },
      };
      // 1-4: move the whole entry to that zone (main, hyperspatial, GR, considering). A card may be put in a zone
      // where it does not belong: the server reports ZONE_MISPLACED, the browser does not block it.
      const target = ZONES[Number(event.key) - 1];
      if (/^[1-4]$/.test(event.key) && target !== zone) ops[event.key] = { op: "move", card: entry.card, from: zone, to: target };
      if (ops[event.key]) {
        event.preventDefault();
        change(ops[event.key]);
      } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const sibling = event.key === "ArrowDown" ? item.nextElementSibling : item.previousElementSibling;
        if (sibling) sibling.focus();
      }
    });
    nodes.entries.append(item);
  }
  if (focusedId) {
    const again = nodes.entries.querySelector(`li[data-card-id="${CSS.escape(focusedId)}"]`);
    const target = again && focusedAction ? again.querySelector(`[data-action="${focusedAction}"]`) : again;
    if (target) target.focus();
    else {
      // The row is gone (count 0 or moved): keep the keyboard in the list, on the row that took its place.
      const rows = nodes.entries.querySelectorAll("li[tabindex]");
      if (rows.length) rows[Math.min(focusedIndex, rows.length - 1)].focus();
      else nodes.search.focus();
    }
  }
}

// A zone selector per row: moving by mouse to any zone (the same "move" change as the keys 1-4).
function zoneSelect(entry, card, zone) {
  const select = el(
    "select",
    { class: "zone-select", "data-action": "zone", "aria-label": interpolate(gettext("Zone of %(name)s"), { name: cardName(card) }) },
    ZONES.map((value, index) => el("option", { value, selected: value === zone ? "" : null }, `${index + 1} ${gettext(ZONE_LABELS[value])}`)),
  );
  select.value = zone;
  select.addEventListener("change", () => {
    if (select.value !== zone) change({ op: "move", card: entry.card, from: zone, to: select.value });
  });
  return select;
}

function renderLegality() {
  const report = state.legality;
  clear(nodes.legality);
  if (!report) return;
  const status = report.legal ? "legal" : report.buildable ? "buildable" : "illegal";
  nodes.legality.className = `legality ${status}`;
  nodes.legality.dataset.status = status;
  const title = report.legal ? gettext("Legal") : report.buildable ? gettext("Buildable: legal so far, deck not complete") : gettext("Not legal");
  const overlay = report.overlay ? ` · ${gettext("Overlay")}: ${report.overlay.name || report.overlay.id} (${report.overlay.id})` : "";
  const formatLabel = report.overlay ? report.format : nodes.format.selectedOptions[0]?.textContent || report.format;
  nodes.legality.append(el("strong", {}, title), " ", el("span", { class: "muted", "data-overlay": report.overlay ? report.overlay.id : "" }, `${gettext("Format")}: ${formatLabel} · ${report.as_of || ""}${overlay}`));
  const items = [...(report.violations || []).map((v) => ["violation", v]), ...(report.warnings || []).map((w) => ["warning", w])];
  if (items.length) {
    const list = el("ul");
    for (const [kind, item] of items) {
      const names = (item.cards || []).map((c) => c.name).filter(Boolean);
      list.append(el("li", { class: kind, "data-code": item.code },
        el("span", { class: "rule" }, item.rule || ""), el("span", { class: "report-message" }, message(item)),
        names.length ? el("span", { class: "muted" }, ` (${names.join(", ")})`) : null,
        " ", el("span", { class: "code" }, item.code)));
    }
    nodes.legality.append(list);
  }
}

function render() {
  renderTabs();
  renderEntries();
  renderLegality();
  renderStats(nodes.stats, state.stats);
}

// ---- toolbar ------------------------------------------------------------------------------------------------
nodes.save.addEventListener("click", save);
nodes.format.addEventListener("change", () => { setDirty(true); change({ op: "none" }); });
nodes.asOf.addEventListener("change", () => change({ op: "none" }));
// An event overlay is only checked against (a deck does not store one): the report is the overlay's.
nodes.overlay.addEventListener("change", () => change({ op: "none" }));
nodes.name.addEventListener("input", () => setDirty(true));
nodes.description.addEventListener("input", () => setDirty(true));
nodes.visibility.addEventListener("change", () => setDirty(true));
document.addEventListener("keydown", (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key === "s") {
    event.preventDefault();
    save();
  } else if (event.key === "/" && document.activeElement === document.body) {
    event.preventDefault();
    nodes.search.focus();
  }
});
window.addEventListener("beforeunload", (event) => {
  if (state.dirty) event.preventDefault();
});

render();
setDirty(false);
document.body.dataset.editorReady = "true";
