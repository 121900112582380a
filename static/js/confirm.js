// The pages' few inline behaviours, as one static script: the Content-Security-Policy (deckbuilder/settings) runs no
// inline script or event handler. A button or form with data-confirm asks before it submits; a button with
// data-print prints the page.
document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target.closest("button[data-confirm], button[data-print]") : null;
  if (!target) return;
  if (target.hasAttribute("data-print")) {
    window.print();
  } else if (!window.confirm(target.dataset.confirm)) {
    event.preventDefault();
  }
});

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (form instanceof HTMLFormElement && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
    event.preventDefault();
  }
}, true);
