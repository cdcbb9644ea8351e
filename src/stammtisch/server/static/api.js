// REST calls to the stammtisch server. Errors come back as {"error": {code, message}}
// with the message already in the chosen language; they surface as ApiError.
import { lang } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, code, message, params) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
    this.params = params || {};
  }
}

async function request(method, path, body) {
  const sep = path.includes("?") ? "&" : "?";
  const url = `${path}${sep}lang=${lang()}`;
  const init = { method, headers: { Accept: "application/json", "Accept-Language": lang() } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(url, init);
  } catch (exc) {
    throw new ApiError(0, "network", String(exc));
  }
  let data = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const err = (data && data.error) || {};
    const detail = data && typeof data.detail === "string" ? data.detail : "";
    throw new ApiError(res.status, err.code || "http", err.message || detail || `HTTP ${res.status}`, err.params);
  }
  return data;
}

const enc = encodeURIComponent;

export const api = {
  games: () => request("GET", "/api/games"),
  bots: () => request("GET", "/api/bots"),
  help: (game, lang) => request("GET", `/api/help/${enc(game)}/${enc(lang)}`),
  tables: (status) => request("GET", status ? `/api/tables?status=${enc(status)}` : "/api/tables"),
  table: (id) => request("GET", `/api/tables/${enc(id)}`),
  createTable: (body) => request("POST", "/api/tables", body),
  join: (id, nickname, seat) =>
    request("POST", `/api/tables/${enc(id)}/join`, seat === undefined ? { nickname } : { nickname, seat }),
  leave: (id, token) => request("POST", `/api/tables/${enc(id)}/leave`, { token }),
  addBot: (id, seat, token, level) => request("POST", `/api/tables/${enc(id)}/seats/${seat}/bot`, { token, level }),
  rematch: (id, token) => request("POST", `/api/tables/${enc(id)}/rematch`, { token }),
  record: (id) => request("GET", `/api/tables/${enc(id)}/record`),
  replay: (id) => request("GET", `/api/tables/${enc(id)}/replay`),
  suggest: (id, token) => request("POST", `/api/tables/${enc(id)}/suggest`, { token }),
};

// Seat tokens are kept per table in localStorage so that a reload reconnects to the seat.
const TOKEN_KEY = (id) => `stammtisch.seat.${id}`;

export function savedSeat(id) {
  try {
    const raw = localStorage.getItem(TOKEN_KEY(id));
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

export function saveSeat(id, seat, token, nickname) {
  localStorage.setItem(TOKEN_KEY(id), JSON.stringify({ seat, token, nickname }));
}

export function forgetSeat(id) {
  localStorage.removeItem(TOKEN_KEY(id));
}

export function savedNickname() {
  return localStorage.getItem("stammtisch.nickname") || "";
}

export function saveNickname(name) {
  localStorage.setItem("stammtisch.nickname", name);
}
