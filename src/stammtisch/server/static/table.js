// The table page: join or watch, then draw every state the server pushes over the
// WebSocket. The page knows no rules: the game module draws the view and offers exactly the
// server's legal moves; whatever the player picks is sent back. The parts of the page live
// in table/: model (what the page knows), head, seats, banner (turn, countdown, result),
// log, end (the end-of-game panel), join, actions (what the buttons do), connect (the
// socket and the table's first load).
//
// The functions here share one object, `tbl`: the model (`page`), the page's boxes, the
// queue of states still to show, and the few functions the other parts call back.
import { resetTurn, showTurn } from "./attention.js";
import { clear, h, keepOpen, toast } from "./dom.js";
import { onLangChange, t } from "./i18n.js";
import { moveCards, reducedMotion, snapshot } from "./motion.js";
import { tableActions } from "./table/actions.js";
import { drawBanner, updateCountdown } from "./table/banner.js";
import { connect, refreshInfo, start } from "./table/connect.js";
import { endPanel } from "./table/end.js";
import { drawHead, endActions } from "./table/head.js";
import { joinForm } from "./table/join.js";
import { drawChat } from "./table/chat.js";
import { announce, drawLog } from "./table/log.js";
import { createModel, gameTitle, mySeat, myTurn, names, serverNow } from "./table/model.js";
import { drawSeats } from "./table/seats.js";
import { drawUndo } from "./table/undo.js";

// Time between two moves drawn one after the other, so that people can follow bots.
const PACE_MS = 650;

export function renderTable(root, tableId, { watch = false } = {}) {
  const tbl = { page: createModel(tableId, watch), tableId, watch, ...layout(root, tableId), queue: [], pacing: null };
  tbl.drawAll = (motion = null) => drawAll(tbl, motion);
  tbl.drawBoard = (motion = null) => drawBoard(tbl, motion);
  tbl.receive = (msg) => receive(tbl, msg);
  tbl.connect = () => connect(tbl);
  tbl.refreshInfo = () => refreshInfo(tbl);
  tbl.handlers = tableActions(tbl);
  const page = tbl.page;
  const fit = () => fitBoard(tbl);

  const tick = setInterval(() => updateCountdown(tbl.banner, page), 500);
  window.addEventListener("resize", fit);
  // The settings menu stays open through redraws; a click elsewhere or Escape closes it.
  const closeMenu = (ev) => {
    const menu = document.getElementById("table-menu");
    if (!menu || !menu.open) return;
    if (ev.type === "keydown" ? ev.key === "Escape" : !menu.contains(ev.target)) menu.open = false;
  };
  document.addEventListener("pointerdown", closeMenu);
  document.addEventListener("keydown", closeMenu);
  const off = onLangChange((value) => {
    if (page.socket) page.socket.setLang(value);
    tbl.drawAll();
  });
  start(tbl);
  document.title = `stammtisch · ${tableId}`;
  return {
    destroy() {
      off();
      clearInterval(tick);
      window.removeEventListener("resize", fit);
      document.removeEventListener("pointerdown", closeMenu);
      document.removeEventListener("keydown", closeMenu);
      clearTimeout(tbl.pacing);
      resetTurn();
      if (page.socket) page.socket.close();
    },
  };
}

/** The page's boxes, in the order they appear. */
function layout(root, tableId) {
  const el = h("section", { class: "table-page", id: "table-page", dataset: { table: tableId } });
  root.append(el);
  const head = h("div", { class: "table-head" });
  const seatsBox = h("div", { class: "seats-bar", id: "seats" });
  const banner = h("div", { class: "banner", id: "banner", role: "status" });
  const endBox = h("div", { class: "end-box", id: "end-box" });
  const undoBox = h("div", { class: "undo-box", id: "undo-box", role: "alert", hidden: true });
  // The moves as they happen, for screen readers (the log itself is not a live region).
  const announcer = h("div", { class: "visually-hidden", id: "announce", "aria-live": "polite", "aria-atomic": "true" });
  const board = h("div", { class: "board-area", id: "board" });
  const side = h("div", { class: "log-box" });
  const chatBox = h("div", { class: "chat-box", id: "chat" });
  const aside = h("aside", { class: "side", "aria-label": t("log") }, side, chatBox);
  el.append(head, h("div", { class: "status-row" }, seatsBox, banner), undoBox, endBox, h("div", { class: "table-main" }, board, aside), announcer);
  return { el, head, seatsBox, banner, endBox, undoBox, board, side, chatBox, aside, announcer };
}

function drawBoard(tbl, motion = null) {
  const { board, seatsBox } = tbl;
  const before = motion ? snapshot(board) : null;
  // What the person opened (a capture pile) stays open through the redraw.
  let drawn = false;
  keepOpen(board, () => (drawn = fillBoard(tbl)));
  if (drawn && before) {
    const mover = motion.seat;
    const box = (seat) => board.querySelector(`.player-box[data-seat="${seat}"]`) || seatsBox.querySelector(`[data-seat="${seat}"]`);
    moveCards(board, before, { source: mover === null ? null : box(mover), sink: () => (mover === null ? null : box(mover)) });
  }
}

/** The join form, or the game drawn by its module (true). */
function fillBoard(tbl) {
  const { page, board } = tbl;
  const typing = typedJoin(board);
  clear(board);
  if (!page.info) return false;
  if (!page.mine && !tbl.watch && page.info.status === "waiting") {
    board.append(joinForm(page, { joined: tbl.handlers.joined, refresh: tbl.refreshInfo, typed: typing }));
    if (typing && typing.focused) board.querySelector("#join-nickname").focus();
    return false;
  }
  if (!page.msg || !page.msg.view || !page.module) return false;
  page.module.render(board, context(tbl));
  return true;
}

/** What a visitor has typed into the join form, so that redrawing it (news from the table)
 * does not throw the nickname away. */
function typedJoin(board) {
  const nick = board.querySelector("#join-nickname");
  if (!nick) return null;
  const seat = board.querySelector("#join-seat");
  return { nickname: nick.value, seat: seat ? seat.value : null, focused: document.activeElement === nick };
}

/** What the game module gets to draw the board with. */
function context(tbl) {
  const { page, board } = tbl;
  const msg = page.msg;
  const me = mySeat(page);
  const myMove = msg.view && msg.view.current_player === me && me !== null;
  return {
    view: msg.view,
    legal: msg.legal || [],
    moves: msg.moves || null,
    seat: me,
    table: page.info,
    // The end panel (table/end.js) shows the scores once the game is over.
    endShown: Boolean(page.info && page.info.status === "over"),
    version: msg.version,
    names: names(page),
    interactive: Boolean(myMove || (msg.legal && msg.legal.length)),
    hint: page.hint,
    act: (action) => act(tbl, action),
    redraw: () => {
      tbl.drawBoard();
      // A choice that opened below the hand comes into view (phones).
      const choice = board.querySelector(".choice:not(.muted)");
      if (choice) choice.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
    },
  };
}

/** Send one move, once: a second click before the answer is dropped. */
function act(tbl, action) {
  const page = tbl.page;
  if (!page.msg || page.pending === page.msg.version) return;
  page.hint = null;
  if (!page.socket || !page.socket.act(action)) {
    toast(t("reconnecting"), "error");
    return;
  }
  page.pending = page.msg.version;
  tbl.el.dataset.pending = "1";
}

function drawEnd(tbl) {
  const { page, endBox } = tbl;
  clear(endBox);
  if (!page.msg || !page.msg.view) return;
  const over = Boolean(page.info && page.info.status === "over");
  // The game ended while this page watched it (not a finished table opened later).
  const news = over && tbl.endSeen === false;
  tbl.endSeen = over;
  if (!over) return;
  endBox.append(endPanel(page, names(page), endActions(page, tbl.handlers)));
  if (news) requestAnimationFrame(() => revealEnd(endBox));
}

/** A player scrolled down to their hand (a phone) sees the result come into view, unless
 * they are typing (a chat message). */
function revealEnd(endBox) {
  const typing = document.activeElement && document.activeElement.matches("input,textarea");
  if (typing || endBox.getBoundingClientRect().top >= 0) return;
  endBox.scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
}

function drawAll(tbl, motion = null) {
  const { page, el, handlers } = tbl;
  // For tests and styling: the state this page shows.
  el.dataset.status = page.info ? page.info.status : "";
  el.dataset.version = page.msg ? String(page.msg.version) : "";
  el.dataset.seat = mySeat(page) === null ? "" : String(mySeat(page));
  el.dataset.game = page.info ? page.info.game : "";
  drawHead(tbl.head, page, handlers);
  drawSeats(tbl.seatsBox, page, handlers);
  drawBanner(tbl.banner, page);
  drawUndo(tbl.undoBox, page, handlers);
  drawEnd(tbl);
  drawBoard(tbl, motion);
  drawLog(tbl.side, page);
  announce(tbl.announcer, page);
  tbl.aside.hidden = tbl.side.hidden;
  drawChat(tbl.chatBox, page, handlers);
  fitBoard(tbl);
  if (page.info) showTurn(myTurn(page), `${gameTitle(page)} · stammtisch`);
}

/** Tell the stylesheet where the board begins, so that it can fill the rest of the screen. */
function fitBoard(tbl) {
  const top = Math.round(tbl.board.getBoundingClientRect().top + window.scrollY);
  document.documentElement.style.setProperty("--board-top", `${top}px`);
}

// --- states, paced ------------------------------------------------------------------------
function receive(tbl, msg) {
  // The server's clock against ours, taken as the message arrives (not when it is shown).
  if (typeof msg.now === "number") tbl.page.clockOffset = msg.now - Date.now();
  tbl.queue.push(msg);
  if (!tbl.pacing) drain(tbl);
}

function drain(tbl) {
  const queue = tbl.queue;
  tbl.pacing = null;
  let msg = queue.shift();
  if (!msg) return;
  // Far behind (a reconnect, a burst): jump to the newest state.
  if (queue.length > 4) msg = queue.splice(0).pop();
  show(tbl, msg);
  if (queue.length) tbl.pacing = setTimeout(() => drain(tbl), reducedMotion() ? 0 : PACE_MS);
}

function show(tbl, msg) {
  const page = tbl.page;
  page.online = true;
  const prev = page.msg;
  const step = prev && msg.version === prev.version + 1;
  if (!prev || prev.version !== msg.version) {
    page.hint = null;
    page.turnSince = serverNow(page);
  }
  if (page.pending !== null && msg.version > page.pending) page.pending = null;
  delete tbl.el.dataset.pending;
  page.msg = msg;
  if (msg.table) page.info = msg.table;
  const lastEntry = msg.log && msg.log.length ? msg.log[msg.log.length - 1] : null;
  tbl.drawAll(step && !reducedMotion() ? { seat: lastEntry ? lastEntry.seat : null } : null);
}
