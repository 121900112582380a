// The hand odds by groups (POST /api/v1/odds/hand/'s answer, which the editor's state carries for the deck's saved
// groups): going first and going second, as a percentage and an exact fraction, with the opening's model.
import { el, clear } from "./dom.js";
import { gettext, interpolate, lang } from "./i18n.js";

function conditionText(condition) {
  const [word, count] = Object.entries(condition).find(([key]) => key !== "group");
  const words = { at_least: gettext("at least %(n)s"), at_most: gettext("at most %(n)s"), exactly: gettext("exactly %(n)s") };
  return `${condition.group}: ${interpolate(words[word] || word, { n: count })}`;
}

export function renderHandOdds(node, odds) {
  if (!node) return;
  clear(node);
  if (!odds) {
    node.append(el("p", { class: "muted" }, gettext("No groups yet: name them on the odds page.")));
    return;
  }
  if (odds.error) {
    node.append(el("p", { class: "muted" }, odds.error));
    return;
  }
  node.append(el("p", {}, odds.conditions.map(conditionText).join(" · ")));
  const row = (label, value) => el("tr", {}, el("th", { scope: "row" }, label), el("td", { class: "num" }, `${value.percent}%`), el("td", { class: "muted" }, value.fraction));
  node.append(el("table", { class: "odds-table" }, el("tbody", {}, row(gettext("Going first"), odds.first), row(gettext("Going second"), odds.second))));
  node.append(el("p", { class: "muted" }, lang.startsWith("ja") ? odds.opening.model_ja : odds.opening.model));
}
