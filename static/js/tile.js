// A card drawn by our own code: frame in the card's colours (split for several), cost gem, name, type and
// races line, power, keyword icons, twinpact halves, the back of a two-sided card; over it the official card image
// when the card summary has one and the browser can load it (card_images.js), the drawing staying as the fallback.
// The same markup and CSS as games/dm/templates/dm/tile.html (Duel Masters' page fragment). Takes the editor's card summary or a card of the cards API.
import { cardImage } from "./card_images.js";
import { el } from "./dom.js";
import { gettext, gettext_noop, lang } from "./i18n.js";

const COLOUR_ORDER = ["light", "water", "darkness", "fire", "nature"];
const BREAKERS = {
  double: gettext_noop("Double breaker"), triple: gettext_noop("Triple breaker"), quattro: gettext_noop("Quattro breaker"),
  world: gettext_noop("World breaker"), powered: gettext_noop("Powered breaker"), infinity: gettext_noop("Infinity breaker"),
  other: gettext_noop("Breaker"),
};

export function coloursOf(card) {
  return [...new Set((card.civilizations || []).map((c) => String(c).toLowerCase()))]
    .sort((a, b) => COLOUR_ORDER.indexOf(a) - COLOUR_ORDER.indexOf(b));
}

// The frame: one colour, or several side by side (a hard-edged split, like the printed cards).
export function frameStyle(colours) {
  if (!colours.length) return "--frame: linear-gradient(var(--colorless), var(--colorless))";
  if (colours.length === 1) return `--frame: linear-gradient(var(--${colours[0]}), var(--${colours[0]}))`;
  const step = 100 / colours.length;
  const stops = colours.map((colour, i) => `var(--${colour}) ${i * step}% ${(i + 1) * step}%`).join(", ");
  return `--frame: linear-gradient(90deg, ${stops})`;
}

// A card's frame: the colours its game gives (`tile.frame`, CSS colours) or the colour words of its catalogue row.
export function cardFrame(card) {
  const colors = card.tile && card.tile.frame;
  if (!colors || !colors.length) return frameStyle(coloursOf(card));
  if (colors.length === 1) return `--frame: linear-gradient(${colors[0]}, ${colors[0]})`;
  const step = 100 / colors.length;
  return `--frame: linear-gradient(90deg, ${colors.map((color, i) => `${color} ${i * step}% ${(i + 1) * step}%`).join(", ")})`;
}

export function typeLabel(card) {
  return lang.startsWith("ja") ? card.card_type_ja || card.card_type || "" : card.card_type || card.card_type_ja || "";
}

function keywordIcons(card) {
  const icons = [];
  if (card.shield_trigger) icons.push(["trigger", "S・トリガー", gettext("Shield trigger")]);
  if (card.blocker) icons.push(["blocker", lang.startsWith("ja") ? "ブロッカー" : gettext("Blocker"), gettext("Blocker")]);
  if (card.breaker) {
    const short = { double: "W", triple: "T", quattro: "Q", world: "∞W" }[card.breaker] || "";
    const label = gettext(BREAKERS[card.breaker] || BREAKERS.other);
    icons.push(["breaker", short ? `${short}・B` : label, label]);
  }
  if (card.speed_attacker) icons.push(["speed", lang.startsWith("ja") ? "スピードアタッカー" : "SA", gettext("Speed attacker")]);
  return el("div", { class: "tile-icons" }, icons.map(([kind, text, title]) => el("span", { class: `kw kw-${kind}`, title }, text)));
}

// The printed cost: a twinpact's two halves both ("2/3") when its halves are known, else the cost text or the cost.
export function costText(card) {
  const halves = card.twinpact && card.halves;
  if (halves && halves[0] && halves[1]) return `${halves[0].cost ?? "–"}/${halves[1].cost ?? "–"}`;
  return card.cost_text || (card.cost ?? "–");
}

function halfBlock(half, role) {
  return el("div", { class: `tile-half tile-${role}` },
    el("span", { class: "gem" }, half.cost ?? "–"),
    el("span", { class: "tile-name" }, half.name_ja),
    el("span", { class: "tile-type" }, typeLabel(half)),
    half.power ? el("span", { class: "tile-power" }, half.power) : null);
}

function twinpactHalves(card) {
  if (card.halves && card.halves[0] && card.halves[1]) return card.halves;
  const names = String(card.name_ja || "").split(/[／/]/);
  if (names.length !== 2) return null;
  return [
    { name_ja: names[0], cost: card.cost, power: card.power, card_type_ja: gettext("Creature"), card_type: gettext("Creature") },
    { name_ja: names[1], cost: null, power: null, card_type_ja: gettext("Spell"), card_type: gettext("Spell") },
  ];
}

// Another game's tile, from the facts its game gives (games.registry editor_cards): the cost or level gem, the
// name in the page's language and the other one, the type line, the game's own lines (card number, colours,
// Attribute and Type), the power or ATK/DEF, and the official database page.
function gameTile(card, { size, count, link }) {
  const ja = lang.startsWith("ja");
  const name = ja ? card.name_ja || card.name_en : card.name_en || card.name_ja;
  const other = ja ? card.name_en : card.name_ja;
  const lines = (ja ? card.tile.lines_ja : card.tile.lines_en) || [];
  const links = (card.tile.links || []).filter((link) => link.lang === (ja ? "ja" : "en"));
  return el("div", { class: `tile tile-${size} tile-game`, style: cardFrame(card) },
    el("div", { class: "tile-head" },
      el("span", { class: "gem", title: gettext("Cost") }, card.cost_text || (card.cost ?? "–")),
      el("span", { class: "tile-name", lang: ja ? "ja" : "en" }, named(name, link)),
      count != null ? el("span", { class: "tile-count" }, `×${count}`) : null),
    cardImage(card),
    size === "full" && other && other !== name ? el("div", { class: "tile-other", lang: ja ? "en" : "ja" }, other) : null,
    el("div", { class: "tile-type" }, typeLabel(card)),
    lines.length ? el("div", { class: "tile-facts" }, lines.join(" ・ ")) : null,
    card.power ? el("div", { class: "tile-power" }, card.power) : null,
    size === "full" && links.length
      ? el("div", { class: "tile-links" }, links.map((link) => el("a", { href: link.url, target: "_blank", rel: "noopener", class: "tile-link" }, link.label))) : null,
  );
}

// size: "full" (search results, previews, the card page) or "mini" (deck stacks).
// A tile's name, a link to the card's page when `link` is its address (the editor's deck).
function named(name, link) {
  return link ? el("a", { href: link, class: "tile-link-name" }, name) : name;
}

// link: the card page's address for the name (the editor's deck), or null.
export function cardTile(card, { size = "full", count = null, link = null } = {}) {
  if (card.tile) return gameTile(card, { size, count, link });
  const colours = coloursOf(card);
  const halves = card.twinpact ? twinpactHalves(card) : null;
  const other = lang.startsWith("ja") ? card.name_en : card.name_en ? card.name_ja : "";
  const races = (card.races || []).join(" / ");
  const tile = el("div", { class: `tile tile-${size}${halves ? " twinpact" : ""}`, style: frameStyle(colours), "data-colours": colours.join(" ") },
    el("div", { class: "tile-head" },
      el("span", { class: "gem", title: gettext("Cost") }, card.cost_text || (card.cost ?? "–")),
      el("span", { class: "tile-name" }, named(halves ? halves[0].name_ja : card.name_ja, link)),
      count != null ? el("span", { class: "tile-count" }, `×${count}`) : null),
    cardImage(card),
    size === "full" && other && other !== card.name_ja ? el("div", { class: "tile-other", lang: lang.startsWith("ja") ? "en" : "ja" }, other) : null,
    el("div", { class: "tile-type" }, [typeLabel(card), races].filter(Boolean).join(" ・ ")),
    keywordIcons(card),
    size === "full" && (card.abilities || []).length
      ? el("div", { class: "tile-abilities", lang: "ja" }, card.abilities.join("、")) : null,
    halves ? halfBlock(halves[1], "bottom") : null,
    card.power ? el("div", { class: "tile-power" }, card.power) : null,
    (card.other_faces || []).length && size === "full"
      ? el("div", { class: "tile-back", title: gettext("Back") }, `↻ ${card.other_faces.join(" / ")}`) : null,
  );
  return tile;
}

// A larger tile beside the pointer on hover, and on a long press (touch). One preview element for the page.
let preview = null;
let previewCard = null;
let pressTimer = null;

function showPreview(card, x, y) {
  if (!preview) {
    preview = el("div", { class: "tile-preview", role: "tooltip", "aria-hidden": "true" });
    document.body.append(preview);
  }
  previewCard = card;
  preview.replaceChildren(cardTile(card, { size: "full" }));
  preview.hidden = false;
  const width = 260;
  const left = Math.min(window.innerWidth - width - 8, x + 16);
  preview.style.left = `${Math.max(8, left) + window.scrollX}px`;
  preview.style.top = `${Math.max(8, y - 40) + window.scrollY}px`;
}

// The preview shown is drawn again when one of `cards` is its card (facts that came after the pointer did).
export function refreshPreview(cards) {
  if (preview && !preview.hidden && cards.includes(previewCard)) preview.replaceChildren(cardTile(previewCard, { size: "full" }));
}

export function hidePreview() {
  if (preview) preview.hidden = true;
  clearTimeout(pressTimer);
}

export function attachPreview(node, card) {
  node.addEventListener("mouseenter", (event) => showPreview(card, event.clientX, event.clientY));
  node.addEventListener("mouseleave", hidePreview);
  node.addEventListener("touchstart", (event) => {
    const touch = event.touches[0];
    clearTimeout(pressTimer);
    pressTimer = setTimeout(() => showPreview(card, touch.clientX, touch.clientY), 450);
  }, { passive: true });
  node.addEventListener("touchend", () => { clearTimeout(pressTimer); setTimeout(hidePreview, 1500); });
  node.addEventListener("touchmove", () => clearTimeout(pressTimer), { passive: true });
}
