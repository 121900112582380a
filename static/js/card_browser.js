// The card search page: the pages after the first are this page's own next pages (the same query, filters, order
// and date), their tiles (drawn by the server, exactly as the first page's) appended to the results when the "more"
// button scrolls into view or is pressed. Without scripts the button is a plain link to the next page.
import { watchCardImage } from "./card_images.js";
import { gettext, interpolate } from "./i18n.js";

const more = document.getElementById("more-results");
const results = document.getElementById("card-results");
const status = document.getElementById("more-status");
const pager = document.querySelector("nav.pager");
let nextPage = Number(more.dataset.nextPage);
let loading = false;

class PageError extends Error {}

// One next page: its tiles, and the page after it (0: the last).
async function fetchPage(number) {
  const response = await fetch(`${more.dataset.pages}${number}`, { headers: { Accept: "text/html" }, credentials: "same-origin" });
  if (!response.ok) throw new PageError(`${response.status} ${response.statusText}`);
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const next = page.getElementById("more-results");
  return {
    tiles: [...page.querySelectorAll("#card-results > li")].map((tile) => document.adoptNode(tile)),
    next: next ? Number(next.dataset.nextPage) : 0,
  };
}

async function loadMore() {
  if (loading || !nextPage) return;
  loading = true;
  more.setAttribute("aria-busy", "true");
  status.textContent = gettext("Loading…");
  try {
    const { tiles, next } = await fetchPage(nextPage);
    const first = results.children.length;
    results.append(...tiles);
    for (const tile of tiles) for (const img of tile.querySelectorAll("img[data-card-img]")) watchCardImage(img);
    nextPage = next;
    // The appended pages are one list now: the page-by-page links would only repeat them.
    if (pager) pager.hidden = true;
    status.textContent = interpolate(gettext("%(shown)s of %(count)s cards shown"), { shown: results.children.length, count: more.dataset.count });
    const added = results.children[first];
    if (added && document.activeElement === more) added.querySelector("a")?.focus({ preventScroll: true });
  } catch (error) {
    status.textContent = error instanceof PageError ? `${gettext("The next cards could not be loaded.")} (${error.message})` : String(error);
    nextPage = 0; // the link still leads to the next page
    observer.disconnect();
    loading = false;
    return;
  } finally {
    more.removeAttribute("aria-busy");
  }
  loading = false;
  if (!nextPage) {
    observer.disconnect();
    more.hidden = true;
  } else {
    // Observing anew reports whether the button is still in view (a tall screen): then the next page follows.
    observer.unobserve(more);
    observer.observe(more);
  }
}

more.addEventListener("click", (event) => {
  if (!nextPage) return; // a failed load: the link goes to the next page the ordinary way
  event.preventDefault();
  loadMore();
});

// Scrolling to the end of the results loads the next page too (the button stays for keyboards and screen readers).
const observer = new IntersectionObserver((entries) => {
  if (entries.some((entry) => entry.isIntersecting)) loadMore();
}, { rootMargin: "200px" });
observer.observe(more);
