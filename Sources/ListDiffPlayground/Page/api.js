// Calls to the service from the page: relative to /playground (so a proxy's prefix is kept),
// with the API key or token from this tab's session storage (never the URL); a 401 asks for
// one once per call, saying why (no key, or the server's reason: an expired token, say).
const KEY = "listdiff-api-key";

export class APIError extends Error {
  constructor(status, problem) {
    super(problem?.detail ? `${status}: ${problem.detail}` : `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }
}

export function apiKey() {
  return sessionStorage.getItem(KEY);
}

let asking = null;

/**
 * Asks for a key or token in the page's dialog (once, however many calls wait), showing
 * `reason` (the server's detail) if given; resolves to it, or null when cancelled.
 */
export function askForKey(reason) {
  if (asking) return asking;
  document.getElementById("key-button").hidden = false;
  document.getElementById("key-reason").textContent = reason ?? "";
  const dialog = document.getElementById("key-dialog");
  const input = document.getElementById("key-input");
  input.value = apiKey() ?? "";
  dialog.showModal();
  asking = new Promise((resolve) => {
    const done = (key) => {
      dialog.close();
      document.getElementById("key-save").onclick = null;
      document.getElementById("key-cancel").onclick = null;
      if (key) sessionStorage.setItem(KEY, key);
      asking = null;
      resolve(key || null);
    };
    document.getElementById("key-save").onclick = () => done(input.value.trim());
    document.getElementById("key-cancel").onclick = () => done(null);
  });
  return asking;
}

/**
 * The JSON answer of `method path`, or an APIError carrying the problem details. `body` is
 * sent as JSON, or as it is when it is a string (JSON text already written).
 */
export async function call(method, path, body, { signal } = {}) {
  for (let attempt = 0; ; attempt++) {
    const headers = { "Content-Type": "application/json" };
    const key = apiKey();
    if (key) headers.Authorization = `Bearer ${key}`;
    const response = await fetch(path, { method, headers, body: body === undefined || typeof body === "string" ? body : JSON.stringify(body), signal });
    const text = await response.text();
    const answer = text ? JSON.parse(text) : {};
    if (response.status === 401 && attempt === 0 && (await askForKey(answer.detail))) continue;
    if (!response.ok) throw new APIError(response.status, answer);
    return answer;
  }
}
