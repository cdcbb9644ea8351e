// The table page's model: what the page knows (table info, the last state message, the
// player's seat) and the questions every part of the page asks of it. No drawing here.
import { savedSeat } from "../api.js";
import { pick, t } from "../i18n.js";

export function createModel(tableId, watch) {
  const page = {
    tableId,
    watch,
    info: null, // TableInfo
    games: [],
    msg: null, // last "state" message
    mine: watch ? null : savedSeat(tableId),
    socket: null,
    online: false,
    wasOnline: false, // "connection lost" only after a connection was there
    hint: null,
    module: null,
    levels: ["easy", "medium", "hard"],
    pending: null, // version of the action sent and not yet answered (double clicks)
    turnSince: null, // when the current turn began, as this page saw it (countdown)
    clockOffset: 0, // the server's clock minus this browser's (ms), from each state's `now`
    notices: [], // {kind: "timeout", seat, move} as they came (this connection only)
    chat: null, // {enabled, messages: [{seat, text, at}]} from the server
  };
  return page;
}

/** The server's clock now (ms since 1970): this browser's clock, corrected by the offset the
 * last state showed. Times from the server (`turn_started`, `undo.until`) are read by it. */
export function serverNow(page) {
  return Date.now() + (page.clockOffset || 0);
}

/** The name a person reads for a seat: nickname, the bot's own name, or "Player n" / "Spieler n" (seats counted from 1). */
export function seatName(s) {
  if (!s) return "";
  if (s.kind === "bot") return s.nickname || t("bot_level", { level: t(s.level) });
  if (s.kind === "open") return `(${t("open")})`;
  return s.nickname || t("words.seat", { n: s.seat + 1 });
}

export function names(page) {
  return page.info ? page.info.seats.map(seatName) : [];
}

export function mySeat(page) {
  if (page.msg && page.msg.seat !== undefined) return page.msg.seat;
  return page.mine ? page.mine.seat : null;
}

export function gameTitle(page) {
  if (!page.info) return "";
  const g = page.games.find((x) => x.name === page.info.game);
  return g ? pick(g.title) : page.info.game;
}

/** True when this page's player has a move to make now. */
export function myTurn(page) {
  const msg = page.msg;
  if (!msg || !msg.view || !page.info || page.info.status !== "playing") return false;
  return Boolean(msg.legal && msg.legal.length) && mySeat(page) !== null;
}

export function currentPlayer(page) {
  const view = page.msg ? page.msg.view : null;
  if (!view || view.current_player === undefined) return null;
  return view.current_player;
}

export function fmt(x) {
  const n = Number(x);
  if (!Number.isFinite(n)) return String(x);
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}
