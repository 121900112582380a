// UI texts: Django's JavaScriptCatalog (djangojs.po, loaded by base.html as a classic script before the modules)
// defines the global `django` object. Call sites use gettext("…") / ngettext("…", "…", n) literally so that
// `makemessages -d djangojs` finds them; data words go through a table of gettext_noop("…") labels.
const catalog = globalThis.django || {
  gettext: (text) => text,
  ngettext: (singular, plural, count) => (count === 1 ? singular : plural),
};

export const lang = document.documentElement.lang || "en";
export const gettext = (text) => catalog.gettext(text);
export const ngettext = (singular, plural, count) => catalog.ngettext(singular, plural, count);
export const gettext_noop = (text) => text;

// Fill gettext's named placeholders: interpolate("Add one %(name)s", { name }).
export function interpolate(text, values = {}) {
  return text.replace(/%\((\w+)\)s/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

// A violation or warning in the UI language (the legality report carries both texts).
export function message(item) {
  return lang.startsWith("ja") && item.message_ja ? item.message_ja : item.message;
}

export function cardName(card) {
  if (!card) return "";
  return lang.startsWith("ja") ? card.name_ja || card.name_en : card.name_en || card.name_ja;
}

// The other language's name (shown small beside the main one), or "" when there is none.
export function otherName(card) {
  if (!card) return "";
  const other = lang.startsWith("ja") ? card.name_en : card.name_en ? card.name_ja : "";
  return other && other !== cardName(card) ? other : "";
}

const STATUS_LABELS = {
  queued: gettext_noop("queued"), running: gettext_noop("running"), done: gettext_noop("done"),
  failed: gettext_noop("failed"), cancelled: gettext_noop("cancelled"),
};

// A job status (simulation run, re-validation job) in the UI language.
export function statusLabel(status) {
  return STATUS_LABELS[status] ? gettext(STATUS_LABELS[status]) : status;
}
