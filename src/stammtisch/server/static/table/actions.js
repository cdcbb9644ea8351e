// What the table page's buttons do (hint, take-back, leave, rematch, add a bot, chat, join):
// each asks the server and lets the page catch up. `tbl` is the table page's shared object
// (see table.js).
import { api, forgetSeat, saveSeat } from "../api.js";
import { go, toast } from "../dom.js";
import { pick, t } from "../i18n.js";

/** The handlers the parts of the page call, bound to one table page. */
export function tableActions(tbl) {
  return {
    askHint: () => askHint(tbl),
    leave: () => leave(tbl),
    addBot: (seat, level) => addBot(tbl, seat, level),
    rematch: () => rematch(tbl),
    askUndo: () => askUndo(tbl),
    answerUndo: (accept) => answerUndo(tbl, accept),
    say: (text) => say(tbl, text),
    joined: (mine) => joined(tbl, mine),
  };
}

function say(tbl, text) {
  const page = tbl.page;
  if (!page.socket || !page.socket.say(text)) {
    toast(t("reconnecting"), "error");
    return false;
  }
  return true;
}

function joined(tbl, mine) {
  tbl.page.mine = mine;
  tbl.connect();
}

async function addBot(tbl, seat, level) {
  try {
    await api.addBot(tbl.tableId, seat, tbl.page.mine.token, level);
  } catch (exc) {
    toast(exc.message, "error");
  }
  if (!tbl.page.socket) tbl.refreshInfo();
}

async function askHint(tbl) {
  const page = tbl.page;
  try {
    const data = await api.suggest(tbl.tableId, page.mine.token);
    // {available, version, code, message, actions: [{action, value, text?}]}, best first.
    if (!data || data.available === false || !data.actions || !data.actions.length) {
      return toast((data && data.message) || t("hint_none"));
    }
    const best = data.actions[0];
    page.hint = best.action;
    toast(t("hint_best", { action: best.text ? pick(best.text) : best.action }));
    tbl.drawBoard();
  } catch (exc) {
    toast(exc.message, "error");
  }
}

function askUndo(tbl) {
  const page = tbl.page;
  page.hint = null;
  if (!page.socket || !page.socket.undo()) toast(t("reconnecting"), "error");
}

function answerUndo(tbl, accept) {
  const page = tbl.page;
  if (!page.socket || !page.socket.answerUndo(accept)) toast(t("reconnecting"), "error");
}

async function leave(tbl) {
  const page = tbl.page;
  try {
    await api.leave(tbl.tableId, page.mine.token);
  } catch (exc) {
    toast(exc.message, "error");
    return;
  }
  forgetSeat(tbl.tableId);
  if (page.socket) page.socket.close();
  go("/");
}

async function rematch(tbl) {
  const page = tbl.page;
  try {
    const res = await api.rematch(tbl.tableId, page.mine.token);
    // The rematch keeps the players in their seats with their tokens.
    saveSeat(res.table.id, page.mine.seat, page.mine.token, page.mine.nickname);
    go(`/t/${res.table.id}`);
  } catch (exc) {
    toast(exc.message, "error");
  }
}
