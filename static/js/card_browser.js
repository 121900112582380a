// The card search page: the pages after the first come from the cards API (the same query, order, date and page
// size as the page) and are appended to the results, when the "more" button scrolls into view or is pressed.
// Without scripts the button is a plain link to the next page.
import { api, ApiError } from "./api.js";
import { el } from "./dom.js";
import { gettext, interpolate } from "./i18n.js";
import { cardTile } from "./tile.js";

const more = document.getElementById("more-results");
const results = document.getElementById("card-results");
const status = document.getElementById("more-status");
const pager = document.querySelector("nav.pager");
let nextPage = Number(more.dataset.nextPage);
let loading = false;

function tileItem(card) {
  const tile = cardTile(card);
  const name = tile.querySelector(".tile-name");
  const link = el("a", { href: more.dataset.cardUrl.replace(/\/0\/$/, `/${card.id}/`) });
  link.append(...name.childNodes);
  name.append(link);
  return el("li", { class: "card-item" }, tile);
}

async function loadMore() {
  if (loading || !nextPage) return;
  loading = true;
  more.setAttribute("aria-busy", "true");
  status.textContent = gettext("Loading…");
  try {
    const { data } = await api(`${more.dataset.api}&page=${nextPage}`);
    const first = results.children.length;
    results.append(...data.results.map(tileItem));
    nextPage = data.next ? nextPage + 1 : 0;
    // The appended pages are one list now: the page-by-page links would only repeat them.
    if (pager) pager.hidden = true;
    status.textContent = interpolate(gettext("%(shown)s of %(count)s cards shown"), { shown: results.children.length, count: data.count });
    const added = results.children[first];
    if (added && document.activeElement === more) added.querySelector("a")?.focus({ preventScroll: true });
  } catch (error) {
    status.textContent = error instanceof ApiError ? `${error.message} (${error.code})` : String(error);
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
