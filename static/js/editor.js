// The deck editor. The browser keeps a working copy; each change is one call to /editor/state/ (deck + legality +
// statistics from the server's services) and is then saved on its own through the decks API (PATCH with If-Match,
// one `session` per page so that the history keeps one version per editing session). A draft in localStorage keeps
// every change until the server has it: a closed tab loses nothing. A change saved from another tab meanwhile (412)
// is merged (merge.js) or, when both changed the same card, offered to the player; never silently overwritten.
import { api, ApiError } from "./api.js";
import { el, clear, colourDot, readJson } from "./dom.js";
import { gettext, gettext_noop, ngettext, interpolate, lang, cardName, otherName } from "./i18n.js";
import { renderStats } from "./stats.js";
import { renderHandOdds } from "./hand_odds.js";
import { cardTile, coloursOf, costText, cardFrame, typeLabel, attachPreview, hidePreview, refreshPreview } from "./tile.js";
import { ZONES, FIELDS, mergeDecks, sameDeck, settle, setZones } from "./merge.js";

const SAVE_DELAY = 400;

const config = readJson("editor-config");
const TYPE_ORDER = config.typeOrder || []; // the game's order of the type groups
const RESULT_TAGS = config.resultTags || {}; // a search result's tag by the card's starting zone (the game's words)
// Every zone of the deck's game (the working copy has them all); the ones shown come with each state (`zones`: the
// format's, with their names, sizes and keys, games.registry editor_zones).
setZones(Object.keys(config.state.deck));
// The deck proper: `main`, or the game's first zone when it has none of that name (games.registry main_zone).
const MAIN = ZONES.includes("main") ? "main" : ZONES[0];
const draftKey = `deck-draft-${config.deckId}`;
const prefsKey = "deck-editor-view";
const prefs = { group: "type", view: "stack", ...JSON.parse(localStorage.getItem(prefsKey) || "{}") };
const session = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");

const $ = (id) => document.getElementById(id);
const nodes = {
  search: $("editor-search"), results: $("search-results"), searchStatus: $("search-status"), zones: $("deck-zones"),
  legality: $("legality"), stats: $("stats"), save: $("save-deck"), saveState: $("save-state"), name: $("deck-name"),
  description: $("deck-description"), format: $("deck-format"), asOf: $("deck-as-of"), overlay: $("deck-overlay"),
  visibility: $("deck-visibility"), error: $("editor-error"), sync: $("sync-notice"), feedback: $("add-feedback"),
  group: $("group-by"), view: $("view-mode"), title: $("deck-title"), suggestions: $("search-suggestions"),
  more: $("search-more"), moreButton: $("search-more-button"), shown: $("search-shown"),
};

const state = {
  deck: config.state.deck, cards: config.state.cards, legality: config.state.legality, stats: config.state.stats,
  handOdds: config.state.hand_odds, zones: config.state.zones, etag: config.etag, results: [], active: -1,
  query: "", count: 0, nextPage: 0, loadingMore: false, // the search shown and the API page that comes next
  saved: null, // {deck, fields} as the server has it at `etag`: the base of a merge
  saving: false, again: false, blocked: false,
};
let queue = Promise.resolve();
let saveTimer = null;

// ---- zones: the ones the format shows, their names in the page's language, the aside zone ----------------------
function zoneInfo(code) {
  return (state.zones || []).find((zone) => zone.code === code) || { code, name_en: code, name_ja: code };
}

function zoneLabel(code) {
  const zone = zoneInfo(code);
  return (lang.startsWith("ja") ? zone.name_ja || zone.name_en : zone.name_en || zone.name_ja) || code;
}

function shownZones() {
  return (state.zones || []).map((zone) => zone.code);
}

function asideZone() {
  return ((state.zones || []).find((zone) => zone.aside) || {}).code || null;
}

function fields() {
  return { name: nodes.name.value, description: nodes.description.value, format: nodes.format.value, visibility: nodes.visibility.value };
}

function setFields(values) {
  for (const field of FIELDS) if (values[field] != null) nodes[field === "format" ? "format" : field].value = values[field];
  nodes.title.textContent = nodes.name.value;
}

function snapshot() {
  return { deck: JSON.parse(JSON.stringify(state.deck)), fields: fields() };
}

function sameSnapshot(a, b) {
  return a && b && sameDeck(a.deck, b.deck) && FIELDS.every((f) => a.fields[f] === b.fields[f]);
}

// ---- server round trips -------------------------------------------------------------------------------------
function change(op, { record = true } = {}) {
  queue = queue.then(async () => {
    try {
      const { data } = await api(config.stateUrl, {
        method: "POST",
        body: { game: config.game, deck: state.deck, op, format: nodes.format.value, as_of: nodes.asOf.value || null, overlay: nodes.overlay.value || null, odds_groups: config.oddsGroups },
      });
      Object.assign(state, { deck: data.deck, cards: { ...state.cards, ...data.cards }, legality: data.legality, stats: data.stats, zones: data.zones, handOdds: data.hand_odds });
      showError("");
      render();
      if (record && op.op !== "none") changed();
      return data;
    } catch (error) {
      showError(error instanceof ApiError ? `${error.message} (${error.code})` : String(error));
      return null;
    }
  });
  return queue;
}

// Something changed: keep it in the draft at once, save it shortly.
function changed() {
  writeDraft();
  setSaveState("dirty");
  clearTimeout(saveTimer);
  saveTimer = setTimeout(save, SAVE_DELAY);
}

function writeDraft() {
  const mine = snapshot();
  if (sameSnapshot(mine, state.saved)) localStorage.removeItem(draftKey);
  else localStorage.setItem(draftKey, JSON.stringify({ etag: state.etag, base: state.saved, mine, at: Date.now() }));
}

function setSaveState(kind) {
  const text = { dirty: gettext("Unsaved changes"), saving: gettext("Saving…"), saved: gettext("Saved"), failed: gettext("Not saved"), conflict: gettext("Not saved") }[kind];
  nodes.saveState.textContent = text;
  nodes.saveState.dataset.state = kind;
  nodes.saveState.classList.toggle("dirty", kind !== "saved");
}

function patchBody(snap) {
  const deck = {};
  const key = config.saveKey || "card"; // the key the game's JSON decklist takes a catalogue id under
  for (const zone of ZONES) deck[zone] = (snap.deck[zone] || []).map((e) => ({ [key]: e.card, count: e.count }));
  return { ...snap.fields, deck, session };
}

async function save() {
  clearTimeout(saveTimer);
  if (state.blocked) return;
  if (state.saving) { state.again = true; return; }
  await queue; // a change still on its way to /editor/state/ is part of this save
  const sending = snapshot();
  if (sameSnapshot(sending, state.saved)) { setSaveState("saved"); localStorage.removeItem(draftKey); return; }
  state.saving = true;
  setSaveState("saving");
  try {
    const { response } = await api(config.deckApiUrl, { method: "PATCH", headers: { "If-Match": state.etag }, body: patchBody(sending) });
    state.etag = response.headers.get("ETag") || state.etag;
    state.saved = sending;
    showError("");
    writeDraft();
    setSaveState(sameSnapshot(snapshot(), sending) ? "saved" : "dirty");
  } catch (error) {
    if (error instanceof ApiError && error.status === 412) await reconcile();
    else {
      setSaveState("failed");
      showError(error instanceof ApiError ? `${error.message} (${error.code})` : String(error));
      // The draft keeps the change meanwhile: a lost connection or a server error is retried; a refused value
      // (e.g. an empty name) waits for the player's next change.
      if (!(error instanceof ApiError) || error.status >= 500) saveTimer = setTimeout(save, 5000);
      state.again = false;
    }
  } finally {
    state.saving = false;
  }
  if (state.again) { state.again = false; save(); }
  else if (!state.blocked && nodes.saveState.dataset.state !== "failed" && !sameSnapshot(snapshot(), state.saved)) saveTimer = setTimeout(save, SAVE_DELAY);
}

async function serverDeck() {
  const { data, response } = await api(config.deckApiUrl);
  const deck = Object.fromEntries(ZONES.map((zone) => [zone, (data.entries[zone] || []).map((e) => ({ card: e.card_id, count: e.count }))]));
  return { etag: response.headers.get("ETag"), snap: { deck, fields: { name: data.name, description: data.description, format: data.format, visibility: data.visibility } } };
}

// The deck was saved elsewhere since our base: merge both changes, or let the player choose.
async function reconcile(base = state.saved, mine = snapshot()) {
  const theirs = await serverDeck();
  const merged = mergeDecks(base, mine, theirs.snap);
  state.etag = theirs.etag;
  state.saved = theirs.snap;
  if (!merged.conflicts.length) {
    await apply({ deck: merged.deck, fields: merged.fields });
    showSync(gettext("This deck was also changed in another tab or window: both changes were kept."), []);
    changed();
    return;
  }
  state.blocked = true;
  setSaveState("conflict");
  writeDraftConflict(mine, theirs);
  const names = merged.conflicts.map((c) => (c.key.startsWith("field:") ? gettext(FIELD_LABELS[c.key.slice(6)]) : cardLabel(c)));
  showSync(interpolate(gettext("This deck was changed in another tab or window, on the same cards: %(what)s. Which version do you keep?"), { what: names.join(", ") }), [
    [gettext("Keep my version"), async () => { state.blocked = false; hideSync(); await apply(settle(merged, "mine")); changed(); }],
    [gettext("Use the other version"), async () => { state.blocked = false; hideSync(); await apply(settle(merged, "theirs")); changed(); }],
  ]);
}

const FIELD_LABELS = { name: gettext_noop("Name"), description: gettext_noop("Description"), format: gettext_noop("Format"), visibility: gettext_noop("Visibility") };

function writeDraftConflict(mine, theirs) {
  localStorage.setItem(draftKey, JSON.stringify({ etag: theirs.etag, base: state.saved, mine, at: Date.now(), conflict: true }));
}

function cardLabel(conflict) {
  const [zone, id] = conflict.key.split(":");
  return `${cardName(state.cards[id]) || `#${id}`} (${zoneLabel(zone)} ${conflict.mine}/${conflict.theirs})`;
}

async function apply(snap) {
  setFields(snap.fields);
  state.deck = snap.deck;
  await change({ op: "none" }, { record: false });
}

function showSync(text, actions) {
  clear(nodes.sync);
  nodes.sync.append(el("span", {}, text), ...actions.map(([label, onclick]) => el("button", { type: "button", class: "btn small", onclick }, label)));
  nodes.sync.hidden = false;
}

function hideSync() { nodes.sync.hidden = true; }

function showError(text) {
  nodes.error.textContent = text;
  nodes.error.hidden = !text;
}

// ---- search panel -------------------------------------------------------------------------------------------
const SEARCH_PAGE = 30;
let searchTimer = null;
let searchController = null;

function searchUrl(text, page) {
  return `${config.cardsApiUrl}?q=${encodeURIComponent(text)}&game=${encodeURIComponent(config.game)}&page_size=${SEARCH_PAGE}&page=${page}`;
}

async function search(text) {
  if (searchController) searchController.abort();
  state.query = text;
  state.nextPage = 0;
  if (!text.trim()) {
    state.results = [];
    nodes.searchStatus.textContent = "";
    renderSuggestions([]);
    renderResults();
    return;
  }
  searchController = new AbortController();
  let suggestions = [];
  try {
    const { data } = await api(searchUrl(text, 1), { signal: searchController.signal });
    // The server's order is the order: Enter adds the first result the server returns (exact name first).
    state.results = data.results || [];
    // The game's own facts (a tile's type line, stats, zone) come with the previews: the results are drawn again.
    addPreviews(state.results).then((added) => { if (added && state.query === text) renderResults({ keepScroll: true }); });
    state.active = state.results.length ? 0 : -1;
    state.count = data.count ?? state.results.length;
    state.nextPage = data.next ? 2 : 0;
    suggestions = data.suggestions || [];
    nodes.searchStatus.textContent = state.count
      ? interpolate(ngettext("%(count)s card", "%(count)s cards", state.count), { count: state.count })
      : interpolate(gettext("No card matches “%(query)s”."), { query: text.trim() });
  } catch (error) {
    if (error.name === "AbortError") return;
    state.results = [];
    state.count = 0;
    nodes.searchStatus.textContent = error instanceof ApiError ? error.message : String(error);
  }
  renderSuggestions(suggestions);
  renderResults();
}

// The hover preview of a search result shows the official image and the abilities, which the cards API's list does
// not carry: they are asked for once per result page and added to the result objects the previews read.
async function addPreviews(cards) {
  const missing = cards.filter((card) => !("abilities" in card));
  if (!missing.length) return false;
  try {
    const { data } = await api(`${config.previewsUrl}?game=${encodeURIComponent(config.game)}&ids=${missing.map((card) => card.id).join(",")}`);
    for (const card of missing) Object.assign(card, { abilities: [] }, data.cards[String(card.id)] || {});
    refreshPreview(missing); // a result hovered before its previews came shows them now
    return missing.some((card) => card.tile);
  } catch {
    // The preview keeps the drawn tile: nothing else depends on it.
    return false;
  }
}

// The next page of the same search, appended: when the last result scrolls into view, or with the "more" button.
async function searchMore() {
  if (state.loadingMore || !state.nextPage) return;
  const query = state.query;
  state.loadingMore = true;
  nodes.moreButton.setAttribute("aria-busy", "true");
  try {
    const { data } = await api(searchUrl(query, state.nextPage), { signal: searchController?.signal });
    if (query !== state.query) return; // a new search started meanwhile
    state.results = [...state.results, ...(data.results || [])];
    addPreviews(data.results || []).then((added) => { if (added && query === state.query) renderResults({ keepScroll: true }); });
    state.nextPage = data.next ? state.nextPage + 1 : 0;
  } catch (error) {
    if (error.name === "AbortError") return;
    nodes.searchStatus.textContent = error instanceof ApiError ? error.message : String(error);
  } finally {
    state.loadingMore = false;
    nodes.moreButton.removeAttribute("aria-busy");
  }
  renderResults({ keepScroll: true });
}

// A misspelt name finds nothing: the closest names, each a button that searches for it (then Enter adds it).
function renderSuggestions(suggestions) {
  clear(nodes.suggestions);
  nodes.suggestions.hidden = !suggestions.length;
  if (!suggestions.length) return;
  nodes.suggestions.append(el("span", { class: "muted" }, gettext("Did you mean:")), " ",
    ...suggestions.map((candidate) => el("button", {
      type: "button", class: "suggestion", lang: cardName(candidate) === candidate.name_ja ? "ja" : "en",
      onclick: () => {
        nodes.search.value = `"${cardName(candidate).replaceAll('"', " ").trim()}"`;
        nodes.search.focus();
        search(nodes.search.value);
      },
    }, cardName(candidate))));
}

const moreObserver = new IntersectionObserver((entries) => {
  if (entries.some((entry) => entry.isIntersecting)) searchMore();
}, { root: nodes.results, rootMargin: "80px" });

function renderResults({ keepScroll = false } = {}) {
  const scroll = nodes.results.scrollTop;
  moreObserver.disconnect();
  clear(nodes.results);
  state.results.forEach((card, index) => {
    const colours = coloursOf(card);
    const home = card.tile && card.home && card.home !== MAIN ? card.home : null;
    const item = el("li", { id: `result-${index}`, role: "option", "aria-selected": index === state.active ? "true" : "false", dataset: { cardId: card.id }, style: cardFrame(card), class: "result" },
      el("span", { class: "gem" }, costText(card)),
      colours.map(colourDot),
      el("span", { class: "name" }, cardName(card), otherName(card) ? el("small", { class: "muted", lang: lang.startsWith("ja") ? "en" : "ja" }, ` ${otherName(card)}`) : null),
      el("span", { class: "result-type muted" }, typeLabel(card)),
      RESULT_TAGS[card.zone] ? el("span", { class: "tag" }, RESULT_TAGS[card.zone]) : null,
      home ? el("span", { class: "tag", "data-home": home }, zoneLabel(home)) : null,
      el("button", { type: "button", class: "btn small add-btn", tabindex: "-1", "aria-label": interpolate(gettext("Add one %(name)s"), { name: cardName(card) }) }, "+"));
    item.addEventListener("mousedown", (event) => event.preventDefault());
    item.addEventListener("click", () => { state.active = index; addActive(false); });
    attachPreview(item, card);
    nodes.results.append(item);
  });
  nodes.search.setAttribute("aria-expanded", state.results.length ? "true" : "false");
  nodes.search.setAttribute("aria-activedescendant", state.active >= 0 ? `result-${state.active}` : "");
  nodes.more.hidden = !state.nextPage;
  nodes.shown.textContent = state.nextPage ? interpolate(gettext("%(shown)s of %(count)s"), { shown: state.results.length, count: state.count }) : "";
  if (state.nextPage && nodes.results.lastElementChild) moreObserver.observe(nodes.results.lastElementChild);
  if (keepScroll) nodes.results.scrollTop = scroll;
  const active = state.active >= 0 ? $(`result-${state.active}`) : null;
  if (active && !keepScroll) active.scrollIntoView({ block: "nearest" });
}

nodes.moreButton.addEventListener("click", async () => {
  const first = state.results.length;
  await searchMore();
  // The keyboard continues in the search box, on the first card of the new page.
  if (state.results.length > first) {
    state.active = first;
    renderResults();
  }
  nodes.search.focus();
});

async function addActive(toConsidering) {
  const card = state.results[state.active];
  if (!card) return;
  state.cards[card.id] = state.cards[card.id] || card;
  const aside = toConsidering ? asideZone() : null; // Shift+Enter: the considering list, a side deck
  const data = await change({ op: "add", card: card.id, zone: aside, count: 1 });
  if (!data) return;
  const zone = aside || (ZONES.find((z) => z !== asideZone() && (data.deck[z] || []).some((e) => e.card === card.id)) || MAIN);
  const count = (data.deck[zone] || []).find((e) => e.card === card.id)?.count || 1;
  feedback(interpolate(gettext("Added %(name)s: %(count)s in %(zone)s"), { name: cardName(card), count, zone: zoneLabel(zone) }), zone, card.id);
}

let feedbackTimer = null;
function feedback(text, zone, cardId) {
  nodes.feedback.textContent = text;
  nodes.feedback.hidden = false;
  clearTimeout(feedbackTimer);
  feedbackTimer = setTimeout(() => { nodes.feedback.hidden = true; }, 2500);
  const row = nodes.zones.querySelector(`#zone-${zone} li.entry[data-card-id="${cardId}"]`);
  if (row) { row.classList.remove("flash"); void row.offsetWidth; row.classList.add("flash"); }
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
    if (step === 1 && state.active === state.results.length - 1 && state.nextPage) {
      // Past the last result of a page: the next page, not back to the first.
      searchMore().then(() => { if (state.results.length > state.active + 1) { state.active += 1; renderResults(); } });
      return;
    }
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

// ---- the whole deck: four zones, grouped by type or cost, as stacks or as a list ---------------------------------
function zoneCount(zone) {
  return state.deck[zone].reduce((sum, e) => sum + e.count, 0);
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

// A card's problem in words in the page's language: the verdict's short line (web/verdict.py; its violations are the
// report's, in order), else the report's own message; the stable code stays beside it as a small tag.
function problemText(violation) {
  const report = state.legality || {};
  const item = ((report.verdict && report.verdict.violations) || [])[(report.violations || []).indexOf(violation)];
  if (item && item.code === violation.code) return item.text;
  return (lang.startsWith("ja") && violation.message_ja) || violation.message || violation.code;
}

function groupsOf(entries) {
  const groups = new Map();
  for (const entry of entries) {
    const card = state.cards[entry.card] || {};
    // A game may group its cards itself: by the chosen grouping (`groups[value]`: the OCG's Levels, DBS's colours),
    // by kind (`group`: monster / spell / trap); else by the card type.
    const own = card.groups && card.groups[prefs.group];
    const kind = own || card.group;
    const byCost = prefs.group === "cost" && !own;
    const key = byCost ? String(card.cost ?? "–") : kind ? kind.key : card.card_type || "Unknown";
    if (!groups.has(key)) {
      const label = byCost ? interpolate(gettext("Cost %(cost)s"), { cost: key })
        : kind ? (lang.startsWith("ja") ? kind.ja : kind.en) : typeLabel(card) || gettext("Unknown");
      groups.set(key, { key, label, order: byCost || !kind ? null : kind.order, entries: [] });
    }
    groups.get(key).entries.push(entry);
  }
  const order = (g) => (g.order ?? (prefs.group === "cost" ? (g.key === "–" ? 999 : Number(g.key)) : TYPE_ORDER.indexOf(g.key) + 1 || 99));
  return [...groups.values()].sort((a, b) => order(a) - order(b) || a.label.localeCompare(b.label));
}

function requiredSize(zone, layout) {
  // The engine's DECK_SIZE limit for the main deck when it reports one (a Rule Plus card changes it; a partner
  // counts toward it), else the format's size.
  if (zone !== MAIN || layout.size == null) return layout.size;
  const violation = ((state.legality && state.legality.violations) || []).find((v) => v.code === "DECK_SIZE" && (!v.zone || v.zone === zone));
  if (!violation || !violation.limit) return layout.size;
  const others = typeof violation.count === "number" ? violation.count - zoneCount(zone) : 0;
  return violation.limit - Math.max(0, others);
}

// The counter of a zone: "count/size" (exactly so many; an optional zone shows its count and may stay empty),
// "count/min–max" (a range), or the count with its upper limit marked when passed.
function counterFor(zone) {
  const count = zoneCount(zone);
  const layout = zoneInfo(zone);
  const size = requiredSize(zone, layout);
  let text = String(count);
  let mark = null;
  if (size != null && layout.optional) {
    mark = count > 0 ? (count === size ? "full" : "over") : null;
  } else if (size != null) {
    text = `${count}/${size}`;
    mark = count === size ? "full" : count > size ? "over" : "x";
  } else if (layout.min != null && layout.max != null) {
    text = `${count}/${layout.min}–${layout.max}`;
    mark = count > layout.max ? "over" : count >= layout.min ? "full" : "x";
  } else if (layout.max != null && count > layout.max) {
    mark = "over";
  }
  const counter = el("span", { class: "counter", "data-zone-counter": zone }, text);
  if (mark) counter.classList.add(mark);
  return counter;
}

function renderDeck() {
  const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest("#deck-zones li.entry");
  const focusKey = focused ? `${focused.dataset.zone}:${focused.dataset.cardId}` : null;
  const focusedAction = focused && document.activeElement.dataset ? document.activeElement.dataset.action : null;
  const rowsBefore = [...nodes.zones.querySelectorAll("li.entry")];
  const focusedIndex = focused ? rowsBefore.indexOf(focused) : -1;
  clear(nodes.zones);
  nodes.zones.dataset.view = prefs.view;
  const offending = offendingCards();
  for (const zone of shownZones()) {
    const entries = [...(state.deck[zone] || [])].sort((a, b) => {
      const ca = state.cards[a.card] || {}, cb = state.cards[b.card] || {};
      return (ca.cost ?? 99) - (cb.cost ?? 99) || String(ca.name_ja).localeCompare(String(cb.name_ja));
    });
    // A zone of many different cards (the OCG's Extra Deck of 15) takes a whole row as a grid, not a narrow column.
    const many = entries.length > 3 ? " zone-many" : "";
    const section = el("section", { class: `zone zone-${zone}${entries.length ? "" : " empty"}${many}`, id: `zone-${zone}`, "aria-labelledby": `zone-head-${zone}` },
      el("h3", { id: `zone-head-${zone}`, class: "zone-head" }, zoneLabel(zone), " ", counterFor(zone)));
    const hint = zoneInfo(zone).hint;
    if (hint) section.append(el("p", { class: "muted zone-hint" }, hint));
    if (!entries.length) section.append(el("p", { class: "muted empty-zone" }, gettext("No cards in this zone yet.")));
    for (const group of groupsOf(entries)) {
      const total = group.entries.reduce((sum, e) => sum + e.count, 0);
      section.append(el("h4", { class: "group-head", "data-group": group.key },
        el("span", {}, group.label), " ", el("span", { class: "group-count", "data-group-count": group.key }, total)));
      const list = el("ul", { class: `entries ${prefs.view}`, "data-group": group.key });
      for (const entry of group.entries) list.append(entryRow(entry, zone, offending.get(String(entry.card)) || []));
      section.append(list);
    }
    nodes.zones.append(section);
  }
  if (focusKey) {
    const [zone, id] = focusKey.split(":");
    const again = nodes.zones.querySelector(`#zone-${zone} li.entry[data-card-id="${CSS.escape(id)}"]`);
    const target = again && focusedAction ? again.querySelector(`[data-action="${focusedAction}"]`) : again;
    if (target) target.focus();
    else {
      // The row is gone (count 0 or moved): keep the keyboard in the deck, on the row that took its place.
      const rows = nodes.zones.querySelectorAll("li.entry");
      if (rows.length) rows[Math.min(Math.max(focusedIndex, 0), rows.length - 1)].focus();
      else nodes.search.focus();
    }
  }
}

// The card's page in its game's official database (a tile's `links`, in the page's language), in the list view.
function officialLink(card) {
  const link = ((card.tile && card.tile.links) || []).find((item) => item.lang === (lang.startsWith("ja") ? "ja" : "en"));
  return link ? [" ", el("a", { href: link.url, target: "_blank", rel: "noopener", class: "official-link", title: link.label }, gettext("Official page"))] : null;
}

// A card's page on this site: the deck's tiles and rows link their names to it.
function cardPage(id) {
  return `/cards/${encodeURIComponent(id)}/`;
}

function entryRow(entry, zone, problems) {
  const card = state.cards[entry.card] || { id: entry.card, name_ja: `#${entry.card}` };
  const aside = asideZone();
  const moveTarget = zone === aside ? (card.home && card.home !== aside && shownZones().includes(card.home) ? card.home : MAIN) : aside;
  const colours = coloursOf(card);
  const set = (count) => change({ op: "set", card: entry.card, zone, count });
  const actions = el("span", { class: "actions" },
    el("button", { type: "button", class: "btn small secondary", "data-action": "dec", "aria-label": interpolate(gettext("Remove one %(name)s"), { name: cardName(card) }), onclick: () => set(entry.count - 1) }, "−"),
    el("button", { type: "button", class: "btn small secondary", "data-action": "inc", "aria-label": interpolate(gettext("Add one %(name)s"), { name: cardName(card) }), onclick: () => set(entry.count + 1) }, "+"),
    moveTarget ? el("button", { type: "button", class: "btn small secondary move-btn", "data-action": "move",
      "aria-label": interpolate(gettext("Move %(name)s to %(zone)s"), { name: cardName(card), zone: zoneLabel(moveTarget) }),
      onclick: () => change({ op: "move", card: entry.card, from: zone, to: moveTarget }) }, `→ ${zoneLabel(moveTarget)}`) : null,
    zoneSelect(entry, card, zone));
  const codes = problems.length ? el("span", { class: "entry-problems" }, problems.flatMap((v) => [el("span", { class: "report-message" }, problemText(v)), " ", el("span", { class: "code" }, v.code), " "])) : null;
  const body = prefs.view === "stack"
    ? [el("div", { class: "stack", "data-copies": Math.min(entry.count, 4) }, cardTile(card, { size: "mini", count: entry.count, link: cardPage(entry.card) })), el("span", { class: "qty sr-only" }, `${entry.count}×`), codes]
    : [el("span", { class: "qty" }, `${entry.count}×`), el("span", { class: "gem" }, costText(card)), ...colours.map(colourDot),
      el("span", { class: "name" }, el("a", { href: cardPage(entry.card), class: "tile-link-name" }, cardName(card)), otherName(card) ? el("small", { class: "muted", lang: lang.startsWith("ja") ? "en" : "ja" }, ` ${otherName(card)}`) : null,
        officialLink(card)), codes];
  const item = el("li", {
    tabindex: "0", class: `entry${problems.length ? " offending" : ""}`, dataset: { cardId: entry.card, zone }, style: cardFrame(card),
    "aria-label": `${entry.count} × ${cardName(card)}${problems.length ? " — " + problems.map((v) => v.code).join(", ") : ""}`,
  }, body, actions);
  attachPreview(item, card);
  item.addEventListener("keydown", (event) => {
    if (event.target !== item) return;
    const ops = {
      "+": { op: "set", card: entry.card, zone, count: entry.count + 1 },
      "=": { op: "set", card: entry.card, zone, count: entry.count + 1 },
      "-": { op: "set", card: entry.card, zone, count: entry.count - 1 },
      Delete: { op: "set", card: entry.card, zone, count: 0 },
    };
    if (moveTarget) ops.m = { op: "move", card: entry.card, from: zone, to: moveTarget };
    // 1-9: move the whole entry to the zone shown at that place (the game's zones in order, then considering). A card may
    // be put in a zone where it does not belong: the server reports ZONE_MISPLACED, the browser does not block it.
    const target = shownZones()[Number(event.key) - 1];
    if (/^[1-9]$/.test(event.key) && target && target !== zone) ops[event.key] = { op: "move", card: entry.card, from: zone, to: target };
    if (ops[event.key]) {
      event.preventDefault();
      hidePreview();
      change(ops[event.key]);
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const rows = [...nodes.zones.querySelectorAll("li.entry")];
      const next = rows[rows.indexOf(item) + (event.key === "ArrowDown" ? 1 : -1)];
      if (next) next.focus();
    }
  });
  return item;
}

// A zone selector per row: moving by mouse to any zone shown (the same "move" change as the number keys).
function zoneSelect(entry, card, zone) {
  const select = el("select", { class: "zone-select", "data-action": "zone", "aria-label": interpolate(gettext("Zone of %(name)s"), { name: cardName(card) }) },
    shownZones().map((value, index) => el("option", { value, selected: value === zone ? "" : null }, `${index + 1} ${zoneLabel(value)}`)));
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
  // The verdict is the server's (web/verdict.py), in the page's language: a headline that says what is true of the
  // sizes ("1 card too many") and one short line per problem naming the card and the fix.
  const verdict = report.verdict || { status: report.legal ? "legal" : "illegal", headline: report.legal ? gettext("Legal") : gettext("Not legal"), items: [] };
  nodes.legality.className = `legality ${verdict.status}`;
  nodes.legality.dataset.status = verdict.status;
  const overlay = report.overlay ? ` · ${gettext("Overlay")}: ${report.overlay.name || report.overlay.id} (${report.overlay.id})` : "";
  const formatLabel = report.overlay ? report.format : nodes.format.selectedOptions[0]?.textContent || report.format;
  nodes.legality.append(el("strong", {}, verdict.headline), " ", el("span", { class: "muted", "data-overlay": report.overlay ? report.overlay.id : "" }, `${gettext("Format")}: ${formatLabel} · ${report.as_of || ""}${overlay}`));
  const row = (item) => el("li", { class: item.kind, "data-code": item.code, title: item.message !== item.text ? item.message : null },
    item.rule && item.rule !== "-" ? el("span", { class: "rule" }, item.rule) : null, el("span", { class: "report-message" }, item.text),
    " ", el("span", { class: "code" }, item.code));
  const problems = verdict.items.filter((item) => item.kind !== "warning");
  const notes = verdict.items.filter((item) => item.kind === "warning");
  if (problems.length) nodes.legality.append(el("ul", {}, problems.map(row)));
  // Remarks never make a deck illegal: folded, so that the problems to fix come first (as templates/web/_verdict.html).
  if (notes.length) {
    nodes.legality.append(el("details", { class: "verdict-warnings" },
      el("summary", {}, interpolate(ngettext("%(count)s note", "%(count)s notes", notes.length), { count: notes.length })),
      el("ul", {}, notes.map(row))));
  }
}

// The keyboard help names the zones the format shows, their keys and the aside zone.
function renderHelp() {
  const help = $("search-help");
  const zones = shownZones();
  const aside = asideZone();
  const parts = [interpolate(gettext("Type a name or a query (%(example)s). ↑/↓ choose, Enter adds to the deck"), { example: help.dataset.example || "" })
    + (help.dataset.note ? ` (${help.dataset.note})` : "")];
  if (aside) parts.push(interpolate(gettext("Shift+Enter adds to %(zone)s"), { zone: zoneLabel(aside) }));
  let deck = gettext("In the deck: + / - change the count, Delete removes");
  if (aside) deck += ", " + interpolate(gettext("m moves to or from %(zone)s"), { zone: zoneLabel(aside) });
  deck += ", " + interpolate(gettext("%(keys)s move the card to %(zones)s (or choose the zone in the menu of each row)."), {
    keys: zones.map((_, index) => index + 1).join(" / "), zones: zones.map(zoneLabel).join(" / "),
  });
  help.textContent = `${parts.join(". ")}. ${deck}`;
}

function render() {
  renderHelp();
  renderDeck();
  renderLegality();
  renderStats(nodes.stats, state.stats);
  renderHandOdds($("hand-odds"), state.handOdds);
}

// ---- toolbar ------------------------------------------------------------------------------------------------
nodes.save.addEventListener("click", save);
nodes.format.addEventListener("change", () => change({ op: "none" }).then(changed));
nodes.asOf.addEventListener("change", () => change({ op: "none" }));
// An event overlay is only checked against (a deck does not store one): the report is the overlay's.
nodes.overlay.addEventListener("change", () => change({ op: "none" }));
nodes.name.addEventListener("input", () => { nodes.title.textContent = nodes.name.value; changed(); });
nodes.description.addEventListener("input", changed);
nodes.visibility.addEventListener("change", changed);
// A grouping the deck's game does not offer (another game's, remembered) falls back to the game's first one.
if (![...nodes.group.options].some((option) => option.value === prefs.group)) prefs.group = nodes.group.options[0].value;
for (const [node, key] of [[nodes.group, "group"], [nodes.view, "view"]]) {
  node.value = prefs[key];
  node.addEventListener("change", () => {
    prefs[key] = node.value;
    localStorage.setItem(prefsKey, JSON.stringify(prefs));
    renderDeck();
  });
}
document.addEventListener("keydown", (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key === "s") {
    event.preventDefault();
    save();
  } else if (event.key === "/" && document.activeElement === document.body) {
    event.preventDefault();
    nodes.search.focus();
  }
});
// Leaving the page: send what is not saved yet (the draft keeps it too, for the next visit).
window.addEventListener("pagehide", () => {
  const mine = snapshot();
  if (state.blocked || sameSnapshot(mine, state.saved)) return;
  fetch(config.deckApiUrl, {
    method: "PATCH", keepalive: true, credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json", "If-Match": state.etag, "X-CSRFToken": document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/)?.[1] || "" },
    body: JSON.stringify(patchBody(mine)),
  }).catch(() => {});
});

// ---- start: the server's deck, and a draft left by an earlier visit (a closed tab, a lost connection) -----------
async function start() {
  state.saved = snapshot();
  render();
  setSaveState("saved");
  const draft = JSON.parse(localStorage.getItem(draftKey) || "null");
  if (draft && draft.mine && !sameSnapshot(draft.mine, state.saved)) {
    if (draft.etag === state.etag && !draft.conflict) {
      await apply(draft.mine); // nothing was saved since: the draft simply continues
      showSync(gettext("Your unsaved changes from your last visit were restored and saved."), []);
      changed();
    } else {
      await reconcile(draft.base || state.saved, draft.mine); // saved elsewhere since: merge, or ask
    }
  } else if (draft) {
    localStorage.removeItem(draftKey);
  }
  document.body.dataset.editorReady = "true";
}

start();

// The settings fold away on a phone, open on a wide screen.
$("deck-settings").open = window.matchMedia("(min-width: 900px)").matches;
