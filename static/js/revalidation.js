// The organizer's re-validation job: poll the tournaments API while it runs; show progress and the result per player.
import { api, ApiError } from "./api.js";
import { el, clear, readJson } from "./dom.js";
import { gettext, statusLabel } from "./i18n.js";

const config = readJson("revalidation-config");
const progress = document.getElementById("reval-progress");
const statusText = document.getElementById("reval-status");
const body = document.querySelector("#reval-results tbody");
const RUNNING = new Set(["queued", "running"]);

function statusCell(status) {
  return el("td", { class: `line-status st-${status === "legal" ? "ok" : "error"}` }, status === "legal" ? gettext("Legal") : gettext("Illegal"));
}

function render(job) {
  progress.max = job.total || 1;
  progress.value = job.status === "done" ? job.total || 1 : job.done;
  statusText.dataset.status = job.status;
  statusText.textContent = `${statusLabel(job.status)} · ${job.done}/${job.total}${job.error ? ` · ${job.error}` : ""}`;
  clear(body);
  for (const row of job.results || []) {
    body.append(el("tr", { class: row.changed ? "changed" : "" },
      el("td", {}, row.player),
      statusCell(row.status_at_registration),
      statusCell(row.status_now),
      el("td", {}, row.changed ? el("strong", {}, gettext("yes")) : gettext("no")),
      el("td", {}, (row.violations || []).map((code) => [el("span", { class: "code" }, code), " "]))));
  }
}

// The finished job's rows as the page draws them: each violation in words in the page's language, its code beside
// (web.verdict on the server). Until they come, and if they do not, the rows above show the codes.
async function serverRows() {
  try {
    const response = await fetch(window.location.href, { headers: { Accept: "text/html" }, credentials: "same-origin" });
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const rows = page.querySelector("#reval-results tbody");
    if (rows) body.replaceChildren(...document.adoptNode(rows).childNodes);
  } catch {
    // the codes stay
  }
}

async function poll() {
  try {
    const { data } = await api(config.url);
    render(data);
    if (RUNNING.has(data.status)) setTimeout(poll, 700);
    else if (data.status === "done") await serverRows();
  } catch (error) {
    statusText.textContent = error instanceof ApiError ? `${error.message} (${error.code})` : String(error);
  }
}

if (config && RUNNING.has(config.status)) poll();
