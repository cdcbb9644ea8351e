// The table page's connection: the first load (games, bot levels, the table, the game's
// module), the WebSocket and what its messages do. `tbl` is the table page's shared object
// (see table.js).
import { api, forgetSeat } from "../api.js";
import { clear, h, toast } from "../dom.js";
import { t } from "../i18n.js";
import { gameModule } from "../games/index.js";
import { TableSocket } from "../ws.js";
import { drawBanner } from "./banner.js";
import { drawChat } from "./chat.js";
import { mySeat, names } from "./model.js";

// Errors that only say the click came too late (a double click, a second tab on the same
// seat, a move racing the turn timer): the server sends the current state with them, so the
// page just catches up and says nothing.
const QUIET = new Set(["stale_version", "not_your_turn", "game_over"]);

export async function start(tbl) {
  const page = tbl.page;
  try {
    page.games = (await api.games()) || [];
  } catch {
    page.games = [];
  }
  api
    .bots()
    .then((b) => {
      if (b && Array.isArray(b.levels) && b.levels.length) page.levels = b.levels;
    })
    .catch(() => {});
  if (!(await refreshInfo(tbl))) return;
  page.module = await gameModule(page.info.game, page.games);
  // Everybody connects at once; a visitor with an invite link watches (and sees the seats
  // fill up) until joining, which reconnects with the seat token.
  connect(tbl);
}

export async function refreshInfo(tbl) {
  const { page, el } = tbl;
  try {
    page.info = await api.table(tbl.tableId);
  } catch (exc) {
    clear(el);
    el.append(
      h("div", { class: "panel" }, h("p", {}, exc.status === 404 ? t("table_not_found") : exc.message), h("a", { href: "/", "data-route": "", class: "button" }, t("back_to_lobby"))),
    );
    return false;
  }
  tbl.drawAll();
  return true;
}

export function connect(tbl) {
  const page = tbl.page;
  if (page.socket) page.socket.close();
  const token = page.mine ? page.mine.token : null;
  page.socket = new TableSocket(tbl.tableId, token, {
    onState: tbl.receive,
    onNotice: (notice) => onNotice(tbl, notice),
    onChat(chat) {
      page.chat = chat;
      drawChat(tbl.chatBox, page, tbl.handlers);
    },
    onError: (err) => onError(tbl, err),
    onStatus(status) {
      page.online = status === "open";
      if (page.online) page.wasOnline = true;
      drawBanner(tbl.banner, page);
    },
  });
  page.socket.connect();
  tbl.drawAll();
}

function onNotice(tbl, notice) {
  const page = tbl.page;
  // The log itself says when time ran out (a stored entry); the player hears it too.
  if (notice.kind === "timeout" && notice.seat === mySeat(page)) toast(t("timeout_you"));
  if (notice.kind === "undo_refused") {
    const n = names(page);
    toast(notice.by === null || notice.by === undefined ? t("undo_expired") : t("undo_refused_by", { name: n[notice.by] ?? t("words.seat", { n: notice.by + 1 }) }));
  }
}

function onError(tbl, err) {
  const { page, el } = tbl;
  const quiet = QUIET.has(err.code) && page.pending !== null;
  page.pending = null;
  delete el.dataset.pending;
  if (quiet || err.code === "stale_version") {
    el.dataset.resynced = String(Number(el.dataset.resynced || 0) + 1);
    return;
  }
  toast(err.message || err.code, "error");
  if (err.code === "bad_token" && page.mine) {
    forgetSeat(tbl.tableId);
    page.mine = null;
    page.msg = null;
    page.socket.close();
    page.socket = null;
    tbl.refreshInfo();
  }
}
