// A card drawn by our own code: frame in the card's colours (split for several), cost gem, name, type and
// races line, power, the back of a two-sided card, and the parts its game draws itself (below); over it the official
// card image when the card summary has one and the browser can load it (card_images.js), the drawing staying as the
// fallback. The same markup and CSS as a game's own tile fragment (its `pages.templates`). Takes the editor's card
// summary or a card of the cards API.
import { cardImage } from "./card_images.js";
import { el } from "./dom.js";
import { gettext, lang } from "./i18n.js";

// A game's own parts of the tiles drawn from its catalogue facts, handed over by its script (the game's
// `pages.scripts`, loaded on every page before the page's own): each member optional.
//   colourOrder: its colour words in their printed order (the frame's and the dots' order)
//   cost(card): the printed cost text (a card of two halves: both), or null for the card's own
//   halves(card): [top, bottom] of a card printed as two halves (each `name_ja`, `cost`, `power`, type), or null
//   icons(card): its keyword icons, [kind, text, title] each (a `.kw-<kind>` of the game's stylesheet)
//   className(card): classes the tile carries besides the core's ("" none)
const DRAWINGS = new Map();

export function tileDrawing(game, drawing) {
  DRAWINGS.set(game, drawing);
}

// The card's game: the cards API names it; the editor's and the board's cards are the page's game (the deck's).
function drawingOf(card) {
  return DRAWINGS.get(card.game || document.body.dataset.game) || {};
}

export function coloursOf(card) {
  const order = drawingOf(card).colourOrder || [];
  return [...new Set((card.colours || []).map((c) => String(c).toLowerCase()))]
    .sort((a, b) => order.indexOf(a) - order.indexOf(b));
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
  const icons = drawingOf(card).icons ? drawingOf(card).icons(card) : [];
  return el("div", { class: "tile-icons" }, icons.map(([kind, text, title]) => el("span", { class: `kw kw-${kind}`, title }, text)));
}

// The printed cost: the game's own text (a card of two halves: both), else the cost text or the cost.
export function costText(card) {
  const drawn = drawingOf(card).cost ? drawingOf(card).cost(card) : null;
  if (drawn != null) return drawn;
  return card.cost_text || (card.cost ?? "–");
}

function halfBlock(half, role) {
  return el("div", { class: `tile-half tile-${role}` },
    el("span", { class: "gem" }, half.cost ?? "–"),
    el("span", { class: "tile-name" }, half.name_ja),
    el("span", { class: "tile-type" }, typeLabel(half)),
    half.power ? el("span", { class: "tile-power" }, half.power) : null);
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
  const drawing = drawingOf(card);
  const colours = coloursOf(card);
  const halves = drawing.halves ? drawing.halves(card) : null;
  const classes = drawing.className ? drawing.className(card) : "";
  const other = lang.startsWith("ja") ? card.name_en : card.name_en ? card.name_ja : "";
  const races = (card.races || []).join(" / ");
  const tile = el("div", { class: `tile tile-${size}${classes ? ` ${classes}` : ""}`, style: frameStyle(colours), "data-colours": colours.join(" ") },
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
