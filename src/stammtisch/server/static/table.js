// The table page: join or watch, then draw every state the server pushes over the
// WebSocket. The page knows no rules: the game module draws the view and offers exactly the
// server's legal moves; whatever the player picks is sent back. The parts of the page live
// in table/: model (what the page knows), head, seats, banner (turn, countdown, result),
// log, end (the end-of-game panel), join.
import { api, forgetSeat, saveSeat } from "./api.js";
import { resetTurn, showTurn } from "./attention.js";
import { clear, go, h, toast } from "./dom.js";
import { onLangChange, pick, t } from "./i18n.js";
import { gameModule } from "./games/index.js";
import { moveCards, reducedMotion, snapshot } from "./motion.js";
import { drawBanner, updateCountdown } from "./table/banner.js";
import { endPanel } from "./table/end.js";
import { drawHead, endActions } from "./table/head.js";
import { joinForm } from "./table/join.js";
import { drawChat } from "./table/chat.js";
import { drawLog } from "./table/log.js";
import { createModel, gameTitle, mySeat, myTurn, names, serverNow } from "./table/model.js";
import { drawSeats } from "./table/seats.js";
import { drawUndo } from "./table/undo.js";
import { TableSocket } from "./ws.js";

// Errors that only say the click came too late (a double click, a second tab on the same
// seat, a move racing the turn timer): the server sends the current state with them, so the
// page just catches up and says nothing.
const QUIET = new Set(["stale_version", "not_your_turn", "game_over"]);
// Time between two moves drawn one after the other, so that people can follow bots.
const PACE_MS = 650;

export function renderTable(root, tableId, { watch = false } = {}) {
  const page = createModel(tableId, watch);
  const el = h("section", { class: "table-page", id: "table-page", dataset: { table: tableId } });
  root.append(el);
  const head = h("div", { class: "table-head" });
  const seatsBox = h("div", { class: "seats-bar", id: "seats" });
  const banner = h("div", { class: "banner", id: "banner", role: "status" });
  const endBox = h("div", { class: "end-box", id: "end-box" });
  const undoBox = h("div", { class: "undo-box", id: "undo-box", role: "alert", hidden: true });
  const board = h("div", { class: "board-area", id: "board" });
  const side = h("div", { class: "log-box" });
  const chatBox = h("div", { class: "chat-box", id: "chat" });
  const aside = h("aside", { class: "side", "aria-label": t("log") }, side, chatBox);
  el.append(head, h("div", { class: "status-row" }, seatsBox, banner), undoBox, endBox, h("div", { class: "table-main" }, board, aside));

  const handlers = { askHint, leave, addBot, rematch, askUndo, answerUndo };

  function drawBoard(motion = null) {
    const before = motion ? snapshot(board) : null;
    clear(board);
    if (!page.info) return;
    if (!page.mine && !watch && page.info.status === "waiting") {
      board.append(joinForm(page, { joined, refresh: refreshInfo }));
      return;
    }
    if (!page.msg || !page.msg.view || !page.module) return;
    page.module.render(board, context());
    if (before) {
      const mover = motion.seat;
      const box = (seat) => board.querySelector(`.player-box[data-seat="${seat}"]`) || seatsBox.querySelector(`[data-seat="${seat}"]`);
      moveCards(board, before, { source: mover === null ? null : box(mover), sink: () => (mover === null ? null : box(mover)) });
    }
  }

  function context() {
    const msg = page.msg;
    const me = mySeat(page);
    const myMove = msg.view && msg.view.current_player === me && me !== null;
    return {
      view: msg.view,
      legal: msg.legal || [],
      moves: msg.moves || null,
      seat: me,
      table: page.info,
      version: msg.version,
      names: names(page),
      interactive: Boolean(myMove || (msg.legal && msg.legal.length)),
      hint: page.hint,
      act,
      redraw: () => {
        drawBoard();
        // A choice that opened below the hand comes into view (phones).
        const choice = board.querySelector(".choice:not(.muted)");
        if (choice) choice.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
      },
    };
  }

  /** Send one move, once: a second click before the answer is dropped. */
  function act(action) {
    if (!page.msg || page.pending === page.msg.version) return;
    page.hint = null;
    if (!page.socket || !page.socket.act(action)) {
      toast(t("reconnecting"), "error");
      return;
    }
    page.pending = page.msg.version;
    el.dataset.pending = "1";
  }

  function drawEnd() {
    clear(endBox);
    if (!page.info || page.info.status !== "over" || !page.msg || !page.msg.view) return;
    endBox.append(endPanel(page, names(page), endActions(page, handlers)));
  }

  function drawAll(motion = null) {
    // For tests and styling: the state this page shows.
    el.dataset.status = page.info ? page.info.status : "";
    el.dataset.version = page.msg ? String(page.msg.version) : "";
    el.dataset.seat = mySeat(page) === null ? "" : String(mySeat(page));
    el.dataset.game = page.info ? page.info.game : "";
    drawHead(head, page, handlers);
    drawSeats(seatsBox, page, handlers);
    drawBanner(banner, page);
    drawUndo(undoBox, page, handlers);
    drawEnd();
    drawBoard(motion);
    drawLog(side, page);
    aside.hidden = side.hidden;
    drawChat(chatBox, page, { say });
    fitBoard();
    if (page.info) showTurn(myTurn(page), `${gameTitle(page)} · stammtisch`);
  }

  /** Tell the stylesheet where the board begins, so that it can fill the rest of the screen. */
  function fitBoard() {
    const top = Math.round(board.getBoundingClientRect().top + window.scrollY);
    document.documentElement.style.setProperty("--board-top", `${top}px`);
  }

  // --- states, paced ------------------------------------------------------------------------
  const queue = [];
  let pacing = null;

  function receive(msg) {
    // The server's clock against ours, taken as the message arrives (not when it is shown).
    if (typeof msg.now === "number") page.clockOffset = msg.now - Date.now();
    queue.push(msg);
    if (!pacing) drain();
  }

  function drain() {
    pacing = null;
    let msg = queue.shift();
    if (!msg) return;
    // Far behind (a reconnect, a burst): jump to the newest state.
    if (queue.length > 4) msg = queue.splice(0).pop();
    show(msg);
    if (queue.length) pacing = setTimeout(drain, reducedMotion() ? 0 : PACE_MS);
  }

  function show(msg) {
    page.online = true;
    const prev = page.msg;
    const step = prev && msg.version === prev.version + 1;
    if (!prev || prev.version !== msg.version) {
      page.hint = null;
      page.turnSince = serverNow(page);
    }
    if (page.pending !== null && msg.version > page.pending) page.pending = null;
    delete el.dataset.pending;
    page.msg = msg;
    if (msg.table) page.info = msg.table;
    const lastEntry = msg.log && msg.log.length ? msg.log[msg.log.length - 1] : null;
    drawAll(step && !reducedMotion() ? { seat: lastEntry ? lastEntry.seat : null } : null);
  }

  function say(text) {
    if (!page.socket || !page.socket.say(text)) {
      toast(t("reconnecting"), "error");
      return false;
    }
    return true;
  }

  // --- actions --------------------------------------------------------------------------------
  function joined(mine) {
    page.mine = mine;
    connect();
  }

  async function addBot(seat, level) {
    try {
      await api.addBot(tableId, seat, page.mine.token, level);
    } catch (exc) {
      toast(exc.message, "error");
    }
    if (!page.socket) refreshInfo();
  }

  async function askHint() {
    try {
      const data = await api.suggest(tableId, page.mine.token);
      // {available, version, code, message, actions: [{action, value, text?}]}, best first.
      if (!data || data.available === false || !data.actions || !data.actions.length) {
        return toast((data && data.message) || t("hint_none"));
      }
      const best = data.actions[0];
      page.hint = best.action;
      toast(t("hint_best", { action: best.text ? pick(best.text) : best.action }));
      drawBoard();
    } catch (exc) {
      toast(exc.message, "error");
    }
  }

  function askUndo() {
    page.hint = null;
    if (!page.socket || !page.socket.undo()) toast(t("reconnecting"), "error");
  }

  function answerUndo(accept) {
    if (!page.socket || !page.socket.answerUndo(accept)) toast(t("reconnecting"), "error");
  }

  async function leave() {
    try {
      await api.leave(tableId, page.mine.token);
    } catch (exc) {
      toast(exc.message, "error");
      return;
    }
    forgetSeat(tableId);
    if (page.socket) page.socket.close();
    go("/");
  }

  async function rematch() {
    try {
      const res = await api.rematch(tableId, page.mine.token);
      // The rematch keeps the players in their seats with their tokens.
      saveSeat(res.table.id, page.mine.seat, page.mine.token, page.mine.nickname);
      go(`/t/${res.table.id}`);
    } catch (exc) {
      toast(exc.message, "error");
    }
  }

  // --- connection ------------------------------------------------------------------------
  function connect() {
    if (page.socket) page.socket.close();
    const token = page.mine ? page.mine.token : null;
    page.socket = new TableSocket(tableId, token, {
      onState: receive,
      onNotice(notice) {
        // The log itself says when time ran out (a stored entry); the player hears it too.
        if (notice.kind === "timeout" && notice.seat === mySeat(page)) toast(t("timeout_you"));
        if (notice.kind === "undo_refused") {
          const n = names(page);
          toast(notice.by === null || notice.by === undefined ? t("undo_expired") : t("undo_refused_by", { name: n[notice.by] ?? t("words.seat", { n: notice.by + 1 }) }));
        }
      },
      onChat(chat) {
        page.chat = chat;
        drawChat(chatBox, page, { say });
      },
      onError(err) {
        const quiet = QUIET.has(err.code) && page.pending !== null;
        page.pending = null;
        delete el.dataset.pending;
        if (quiet || err.code === "stale_version") {
          el.dataset.resynced = String(Number(el.dataset.resynced || 0) + 1);
          return;
        }
        toast(err.message || err.code, "error");
        if (err.code === "bad_token" && page.mine) {
          forgetSeat(tableId);
          page.mine = null;
          page.msg = null;
          page.socket.close();
          page.socket = null;
          refreshInfo();
        }
      },
      onStatus(status) {
        page.online = status === "open";
        if (page.online) page.wasOnline = true;
        drawBanner(banner, page);
      },
    });
    page.socket.connect();
    drawAll();
  }

  async function refreshInfo() {
    try {
      page.info = await api.table(tableId);
    } catch (exc) {
      clear(el);
      el.append(
        h("div", { class: "panel" }, h("p", {}, exc.status === 404 ? t("table_not_found") : exc.message), h("a", { href: "/", "data-route": "", class: "button" }, t("back_to_lobby"))),
      );
      return false;
    }
    drawAll();
    return true;
  }

  async function start() {
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
    if (!(await refreshInfo())) return;
    page.module = await gameModule(page.info.game, page.games);
    // Everybody connects at once; a visitor with an invite link watches (and sees the seats
    // fill up) until joining, which reconnects with the seat token.
    connect();
  }

  const tick = setInterval(() => updateCountdown(banner, page), 500);
  window.addEventListener("resize", fitBoard);
  const off = onLangChange((value) => {
    if (page.socket) page.socket.setLang(value);
    drawAll();
  });
  start();
  document.title = `stammtisch · ${tableId}`;
  return {
    destroy() {
      off();
      clearInterval(tick);
      window.removeEventListener("resize", fitBoard);
      clearTimeout(pacing);
      resetTurn();
      if (page.socket) page.socket.close();
    },
  };
}
