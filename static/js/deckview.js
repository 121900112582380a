// The read-only deck page: the statistics charts (the same as the editor's).
import { readJson } from "./dom.js";
import { renderStats } from "./stats.js";

renderStats(document.getElementById("stats"), readJson("deck-stats"));
