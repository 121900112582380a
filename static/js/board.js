// The solo board of a game that declares its board as data (games.base.BoardLayout: the OCG, Dragon Ball Super):
// its areas drawn in order, the main deck shuffled with a seed and dealt as the game's setup says (hand, life), the
// zones that start filled (Extra Deck, leader, Z-Deck), and any card moved to any area by its menu or by dragging.
// All in the browser; nothing is sent to the server. Duel Masters keeps its own board (solo.js).
import { el, clear, readJson } from "./dom.js";
import { gettext, ngettext, interpolate, cardName } from "./i18n.js";
import { cardTile, attachPreview, hidePreview } from "./tile.js";
import { random, seedButtons, shuffled } from "./shuffle.js";

const config = readJson("solo-config");
const layout = config.board;
const $ = (id) => document.getElementById(id);
const areaOf = Object.fromEntries(layout.areas.map((area) => [area.code, area]));
const BOTTOM = "@bottom"; // the menu's "bottom of the deck"
let board = null;
let dragged = null;

function copies(zone) {
  let uid = 0;
  return (config.deck[zone] || []).flatMap((entry) =>
    Array.from({ length: entry.count }, () => ({ uid: `${zone}-${entry.card}-${uid++}`, card: entry.card, turned: false, down: false })));
}

function card(item) { return config.cards[item.card] || { name_ja: `#${item.card}`, name_en: `#${item.card}` }; }
function areaName(code) { return areaOf[code] ? areaOf[code].name : code; }
function goingSecond() { return Boolean(layout.second_draws) && $("solo-going") && $("solo-going").value === "second"; }

function deal(seed) {
  const rand = random(seed);
  const areas = Object.fromEntries(layout.areas.map((area) => [area.code, area.start ? copies(area.start) : []]));
  areas[layout.deck] = shuffled(copies(layout.main || "main"), rand);
  const dealt = [];
  for (const [code, count] of layout.deal) {
    const extra = code === layout.hand && goingSecond() ? layout.second_draws : 0;
    areas[code].push(...areas[layout.deck].splice(0, count + extra));
    dealt.push(`${areaName(code)} ×${count + extra}`);
  }
  board = { seed, turn: 1, log: [], areas };
  note(interpolate(gettext("Seed %(seed)s: dealt %(dealt)s."), { seed, dealt: dealt.join(", ") }));
  render();
}

function note(text) {
  board.log.unshift(`${board.turn}: ${text}`);
  board.log = board.log.slice(0, 60);
}

function move(item, from, to) {
  board.areas[from] = board.areas[from].filter((x) => x !== item);
  item.turned = false;
  item.down = false;
  if (to === BOTTOM) board.areas[layout.deck].push(item);
  else if (to === layout.deck) board.areas[layout.deck].unshift(item);
  else board.areas[to].push(item);
  const where = to === BOTTOM ? gettext("the bottom of the deck") : areaName(to);
  note(interpolate(gettext("%(name)s: %(from)s → %(to)s."), { name: cardName(card(item)), from: areaName(from), to: where }));
  render();
}

function draw() {
  const top = board.areas[layout.deck].shift();
  if (top) {
    board.areas[layout.hand].push(top);
    note(interpolate(gettext("Drew %(name)s."), { name: cardName(card(top)) }));
  } else note(gettext("The deck is empty."));
}

function moveMenu(item, from) {
  const name = cardName(card(item));
  const options = [el("option", { value: "" }, gettext("Move to…"))];
  for (const area of layout.areas) {
    if (area.code === from) continue;
    options.push(el("option", { value: area.code }, area.code === layout.deck ? gettext("Deck (top)") : area.name));
    if (area.code === layout.deck) options.push(el("option", { value: BOTTOM }, gettext("Deck (bottom)")));
  }
  if (from === layout.deck) options.push(el("option", { value: BOTTOM }, gettext("Deck (bottom)")));
  return el("select", {
    class: "board-move", "aria-label": interpolate(gettext("Move %(name)s"), { name }),
    onchange: (event) => { if (event.target.value) move(item, from, event.target.value); },
  }, options);
}

function cardItem(item, area, { hidden = false, index = 0 } = {}) {
  const c = card(item);
  const faceDown = hidden || item.down;
  const face = faceDown
    ? el("div", { class: "tile tile-mini card-back", "aria-label": hidden ? interpolate(gettext("%(area)s %(number)s"), { area: area.name, number: index + 1 }) : gettext("Face down") },
      el("span", {}, hidden ? index + 1 : ""))
    : cardTile(c, { size: "mini" });
  const actions = [moveMenu(item, area.code)];
  if (area.turns && layout.turn) {
    actions.push(el("button", { type: "button", class: "btn small secondary", "aria-pressed": String(item.turned), onclick: () => {
      item.turned = !item.turned;
      render();
    } }, layout.turn));
  }
  if (area.sets) {
    actions.push(el("button", { type: "button", class: "btn small secondary", "aria-pressed": String(item.down), onclick: () => {
      item.down = !item.down;
      render();
    } }, item.down ? gettext("Face up") : gettext("Face down")));
  }
  const li = el("li", {
    class: item.turned ? "tapped" : "", "data-card-id": item.card, draggable: "true",
    ondragstart: (event) => { dragged = { item, from: area.code }; event.dataTransfer.setData("text/plain", item.uid); },
  }, face, el("div", { class: "actions" }, actions));
  // The player sees their own face-down cards (set cards): the preview shows them, not the deck's or life's.
  if (!hidden) attachPreview(li, c);
  return li;
}

function renderArea(area) {
  const items = board.areas[area.code];
  const section = el("section", { class: `panel board-area${area.wide ? " wide" : ""}`, id: `board-${area.code}`, "data-area": area.code });
  section.addEventListener("dragover", (event) => event.preventDefault());
  section.addEventListener("drop", (event) => {
    event.preventDefault();
    if (dragged && dragged.from !== area.code) move(dragged.item, dragged.from, area.code);
    dragged = null;
  });
  const count = area.slots ? `${items.length} / ${area.slots}` : items.length;
  section.append(el("h3", {}, area.name, " ", el("span", { class: "counter", "data-solo-count": area.code }, count)));
  if (area.code === layout.deck) {
    section.append(el("div", { class: "board-pile" },
      el("div", { class: "tile tile-mini card-back", "aria-hidden": "true" }, el("span", {}, items.length)),
      el("div", { class: "actions" },
        el("button", { type: "button", class: "btn small", onclick: () => { draw(); render(); } }, gettext("Draw")),
        el("button", { type: "button", class: "btn small secondary", onclick: () => {
          board.areas[layout.deck] = shuffled(items, random(Math.floor(Math.random() * 1_000_000)));
          note(gettext("The deck was shuffled."));
          render();
        } }, gettext("Shuffle")))));
    if (items.length) {
      const list = el("ul", { class: "solo-cards" }, items.map((item) => cardItem(item, area)));
      section.append(el("details", { class: "board-search" }, el("summary", {}, gettext("Look through the deck")), list));
    }
    return section;
  }
  section.append(el("ul", { class: "solo-cards" }, items.map((item, index) => cardItem(item, area, { hidden: area.hidden, index }))));
  return section;
}

function render() {
  hidePreview();
  clear($("board")).append(...layout.areas.map(renderArea));
  const library = board.areas[layout.deck].length;
  $("solo-status").textContent = [
    interpolate(gettext("Turn %(turn)s"), { turn: board.turn }),
    interpolate(ngettext("%(count)s card in the deck", "%(count)s cards in the deck", library), { count: library }),
    interpolate(ngettext("%(count)s card in hand", "%(count)s cards in hand", board.areas[layout.hand].length), { count: board.areas[layout.hand].length }),
  ].join(" · ");
  clear($("solo-log")).append(...board.log.map((line) => el("li", {}, line)));
}

seedButtons(deal);
if ($("solo-going")) $("solo-going").addEventListener("change", () => deal(Number($("solo-seed").value) || 0));
$("solo-draw").addEventListener("click", () => { draw(); render(); });
$("solo-next").addEventListener("click", () => {
  board.turn += 1;
  for (const items of Object.values(board.areas)) for (const item of items) item.turned = false;
  note(gettext("New turn: every card stands up again."));
  draw();
  render();
});

deal(Number($("solo-seed").value) || 1);
document.body.dataset.soloReady = "true";
