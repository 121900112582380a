// The official card image over a drawn tile, when the player's browser can load it (settings CARD_IMAGE_HOST,
// CARD_IMAGES_EXTERNAL; the addresses come from cards/official.py through the pages and the editor's card data).
// The drawn tile stays underneath as the fallback: an image that fails (offline, blocked, no such picture) is
// removed, with its picture box on the card page; one that loads marks its tile `has-img`, and the CSS then shows
// the picture under the tile's name in place of the drawn body. No inline handler: the CSP allows no inline script.
import { el } from "./dom.js";

function loaded(img) {
  img.closest(".tile")?.classList.add("has-img");
  img.closest("[data-card-picture]")?.classList.add("has-img");
}

function failed(img) {
  const box = img.closest("[data-card-picture]");
  img.closest(".tile")?.classList.remove("has-img");
  if (box) box.remove();
  else img.remove();
}

// Settles an image once it is in a tile: one already loaded (from the cache) when tile.js creates it is complete
// before the tile around it exists, so it waits for the page to have it (a few frames at most).
function settle(img, frames = 0) {
  if (!img.isConnected && frames < 60) {
    requestAnimationFrame(() => settle(img, frames + 1));
    return;
  }
  if (img.naturalWidth > 0) loaded(img);
  else failed(img);
}

export function watchCardImage(img) {
  if (img.complete) settle(img); // settled before this module ran (cached, or failed at once)
  else {
    img.addEventListener("load", () => settle(img), { once: true });
    img.addEventListener("error", () => settle(img), { once: true });
  }
  return img;
}

// The picture of a card summary (`image`: its official image, or null), for tile.js.
export function cardImage(card) {
  if (!card.image) return null;
  return watchCardImage(el("img", { class: "tile-img", src: card.image, alt: "", loading: "lazy", decoding: "async", "data-card-img": "" }));
}

for (const img of document.querySelectorAll("img[data-card-img]")) watchCardImage(img);
