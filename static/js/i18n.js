// The UI strings of the active language, sent by the page as JSON (web/i18n.py is the catalogue).
import { readJson } from "./dom.js";

const strings = readJson("ui-strings") || {};
export const lang = document.documentElement.lang || "en";

export function t(text, values = {}) {
  let out = strings[text] ?? text;
  for (const [key, value] of Object.entries(values)) out = out.replaceAll(`{${key}}`, String(value));
  return out;
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
