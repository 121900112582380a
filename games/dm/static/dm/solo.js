// A solo board (一人回し), all in the browser: shuffle the main deck with a seed, 5 shields then 5 cards in hand
// (103.3), then play by hand: draw, charge mana, tap, summon or cast, attack and break shields, put hyperspatial or
// GR cards into play, next turn. Nothing is sent to the server; the automatic goldfish stays on the simulations page.
import { el, clear, readJson } from "../js/dom.js";
import { gettext, gettext_noop, ngettext, interpolate, cardName } from "../js/i18n.js";
import { cardTile, attachPreview, hidePreview } from "../js/tile.js";
import { random, seedButtons, shuffled } from "../js/shuffle.js";

const config = readJson("solo-config");
const $ = (id) => document.getElementById(id);
const AREAS = {
  shields: gettext_noop("Shields"), hand: gettext_noop("Hand"), mana: gettext_noop("Mana zone"),
  battle: gettext_noop("Battle zone"), graveyard: gettext_noop("Graveyard"), hyperspatial: gettext_noop("Hyperspatial zone"),
  gr: gettext_noop("Super GR zone"),
};
let board = null;

function copies(zone) {
  let uid = 0;
  return (config.deck[zone] || []).flatMap((entry) => Array.from({ length: entry.count }, () => ({ uid: `${zone}-${entry.card}-${uid++}`, card: entry.card, tapped: false })));
}

function deal(seed) {
  const rand = random(seed);
  const library = shuffled(copies("main"), rand);
  board = {
    seed, turn: 1, log: [],
    library: library.slice(10),
    shields: library.slice(0, 5),
    hand: library.slice(5, 10),
    mana: [], battle: [], graveyard: [],
    hyperspatial: copies("hyperspatial"),
    gr: shuffled(copies("gr"), rand),
    manaCharged: false,
  };
  note(interpolate(gettext("Seed %(seed)s: 5 shields and 5 cards dealt."), { seed }));
  render();
}

function note(text) {
  board.log.unshift(`${board.turn}: ${text}`);
  board.log = board.log.slice(0, 30);
}

function card(item) { return config.cards[item.card] || { name_ja: `#${item.card}` }; }

function move(item, from, to, text) {
  board[from] = board[from].filter((x) => x !== item);
  item.tapped = false;
  if (to === "gr") board.gr.push(item); // a GR card leaving play goes under the GR zone
  else board[to].push(item);
  if (text) note(interpolate(gettext(text), { name: cardName(card(item)) }));
  render();
}

function actionsFor(area, item) {
  const act = (label, fn) => el("button", { type: "button", class: "btn small secondary", onclick: fn }, gettext(label));
  switch (area) {
    case "hand": return [
      act(gettext_noop("Charge mana"), () => { item.tapped = false; move(item, "hand", "mana", gettext_noop("%(name)s charged as mana.")); }),
      act(gettext_noop("Summon / cast"), () => move(item, "hand", "battle", gettext_noop("%(name)s put into the battle zone."))),
      act(gettext_noop("Discard"), () => move(item, "hand", "graveyard", gettext_noop("%(name)s discarded."))),
    ];
    case "mana": return [act(item.tapped ? gettext_noop("Untap") : gettext_noop("Tap"), () => { item.tapped = !item.tapped; render(); })];
    case "battle": return [
      act(gettext_noop("Attack a shield"), () => attack(item)),
      act(item.tapped ? gettext_noop("Untap") : gettext_noop("Tap"), () => { item.tapped = !item.tapped; render(); }),
      act(gettext_noop("Destroy"), () => {
        const home = item.uid.startsWith("hyperspatial") ? "hyperspatial" : item.uid.startsWith("gr") ? "gr" : "graveyard";
        move(item, "battle", home, gettext_noop("%(name)s left the battle zone."));
      }),
    ];
    case "shields": return [act(gettext_noop("Break"), () => move(item, "shields", "hand", gettext_noop("A shield was broken: %(name)s to the hand.")))];
    case "hyperspatial": return [act(gettext_noop("Put into play"), () => move(item, "hyperspatial", "battle", gettext_noop("%(name)s put into play from the hyperspatial zone.")))];
    case "graveyard": return [act(gettext_noop("To hand"), () => move(item, "graveyard", "hand", gettext_noop("%(name)s returned to the hand.")))];
    default: return [];
  }
}

function attack(item) {
  item.tapped = true;
  const shield = board.shields[0];
  if (shield) move(shield, "shields", "hand", gettext_noop("A shield was broken: %(name)s to the hand."));
  else { note(gettext("Direct attack: no shield left.")); render(); }
}

function renderArea(area) {
  const items = board[area];
  const hidden = area === "shields" || area === "gr";
  const section = $(`solo-${area}`);
  clear(section);
  section.append(el("h3", {}, gettext(AREAS[area]), " ", el("span", { class: "counter", "data-solo-count": area }, items.length)));
  if (area === "gr") {
    section.append(el("button", { type: "button", class: "btn small", disabled: items.length ? null : true, onclick: () => {
      const top = board.gr[0];
      if (top) move(top, "gr", "battle", gettext_noop("GR summon: %(name)s."));
    } }, gettext("GR summon")));
    return;
  }
  const list = el("ul", { class: `solo-cards solo-${area}` });
  items.forEach((item, index) => {
    const c = card(item);
    const face = hidden
      ? el("div", { class: "tile tile-mini card-back", "aria-label": interpolate(gettext("Shield %(number)s"), { number: index + 1 }) }, el("span", {}, index + 1))
      : cardTile(c, { size: "mini" });
    const li = el("li", { class: item.tapped ? "tapped" : "", "data-card-id": item.card }, face, el("div", { class: "actions" }, actionsFor(area, item)));
    if (!hidden) attachPreview(li, c);
    list.append(li);
  });
  section.append(list);
}

function render() {
  hidePreview();
  for (const area of ["shields", "hand", "mana", "battle", "graveyard", "hyperspatial", "gr"]) renderArea(area);
  const untapped = board.mana.filter((m) => !m.tapped).length;
  $("solo-status").textContent = [
    interpolate(gettext("Turn %(turn)s"), { turn: board.turn }),
    interpolate(ngettext("%(count)s card in the deck", "%(count)s cards in the deck", board.library.length), { count: board.library.length }),
    interpolate(gettext("Mana %(untapped)s / %(total)s"), { untapped, total: board.mana.length }),
  ].join(" · ");
  $("solo-library").dataset.count = board.library.length;
  clear($("solo-log")).append(...board.log.map((line) => el("li", {}, line)));
}

seedButtons(deal);
$("solo-draw").addEventListener("click", () => {
  const top = board.library.shift();
  if (top) { board.hand.push(top); note(interpolate(gettext("Drew %(name)s."), { name: cardName(card(top)) })); }
  else note(gettext("The deck is empty."));
  render();
});
$("solo-next").addEventListener("click", () => {
  board.turn += 1;
  for (const item of [...board.mana, ...board.battle]) item.tapped = false;
  const top = board.library.shift();
  if (top) board.hand.push(top);
  note(top ? interpolate(gettext("New turn: untapped, drew %(name)s."), { name: cardName(card(top)) }) : gettext("The deck is empty."));
  render();
});

deal(Number($("solo-seed").value) || 1);
document.body.dataset.soloReady = "true";
