// fetch() for our JSON APIs: session cookie + CSRF token, JSON in and out, the one error shape turned into ApiError.
export class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details || {};
  }
}

export function csrfToken() {
  const meta = document.querySelector("meta[name=csrf-token]");
  if (meta) return meta.content;
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

export async function api(url, { method = "GET", body, headers = {}, signal } = {}) {
  const init = { method, headers: { Accept: "application/json", ...headers }, credentials: "same-origin", signal };
  if (method !== "GET" && method !== "HEAD") init.headers["X-CSRFToken"] = csrfToken();
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(response.status, error.code || `HTTP_${response.status}`, error.message || response.statusText, error.details);
  }
  return { data, response };
}
