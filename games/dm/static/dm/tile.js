// Duel Masters' parts of the tiles the pages draw in the browser (static/js/tile.js `tileDrawing`), as its own page
// fragment draws them (templates/dm/tile.html): the civilizations in their printed order, the keyword icons
// (S・トリガー, blocker, breakers, speed attacker), a twinpact's two halves and both costs.
import { gettext, gettext_noop, lang } from "../js/i18n.js";
import { tileDrawing } from "../js/tile.js";

const CIVILIZATIONS = ["light", "water", "darkness", "fire", "nature"];
const BREAKERS = {
  double: gettext_noop("Double breaker"), triple: gettext_noop("Triple breaker"), quattro: gettext_noop("Quattro breaker"),
  world: gettext_noop("World breaker"), powered: gettext_noop("Powered breaker"), infinity: gettext_noop("Infinity breaker"),
  other: gettext_noop("Breaker"),
};

function icons(card) {
  const found = [];
  if (card.shield_trigger) found.push(["trigger", "S・トリガー", gettext("Shield trigger")]);
  if (card.blocker) found.push(["blocker", lang.startsWith("ja") ? "ブロッカー" : gettext("Blocker"), gettext("Blocker")]);
  if (card.breaker) {
    const short = { double: "W", triple: "T", quattro: "Q", world: "∞W" }[card.breaker] || "";
    const label = gettext(BREAKERS[card.breaker] || BREAKERS.other);
    found.push(["breaker", short ? `${short}・B` : label, label]);
  }
  if (card.speed_attacker) found.push(["speed", lang.startsWith("ja") ? "スピードアタッカー" : "SA", gettext("Speed attacker")]);
  return found;
}

// A twinpact's halves: its faces when known (the editor's summary, the previews), else the two sides of its name
// (a creature over a spell).
function halves(card) {
  if (!card.twinpact) return null;
  if (card.halves && card.halves[0] && card.halves[1]) return card.halves;
  const names = String(card.name_ja || "").split(/[／/]/);
  if (names.length !== 2) return null;
  return [
    { name_ja: names[0], cost: card.cost, power: card.power, card_type_ja: gettext("Creature"), card_type: gettext("Creature") },
    { name_ja: names[1], cost: null, power: null, card_type_ja: gettext("Spell"), card_type: gettext("Spell") },
  ];
}

// The printed cost of a twinpact whose halves are known: both ("2/3").
function cost(card) {
  const known = card.twinpact && card.halves;
  return known && known[0] && known[1] ? `${known[0].cost ?? "–"}/${known[1].cost ?? "–"}` : null;
}

tileDrawing("dm", {
  colourOrder: CIVILIZATIONS,
  icons,
  halves,
  cost,
  className: (card) => (halves(card) ? "twinpact" : ""),
});
