// Taking a move back. Against bots the server does it at once (until new cards reached the
// player); with people at the table it asks them: this box shows the question with its two
// answers, or, to the one who asked, that the others are deciding.
import { clear, h } from "../dom.js";
import { t } from "../i18n.js";
import { mySeat, names } from "./model.js";

/** The move numbers the log says were taken back. */
export function undoneMoves(log) {
  const out = new Set();
  for (const e of log || []) for (const n of e.undo || []) out.add(n);
  return out;
}

/** Whether the page offers "take back": playing, seated, a move of mine still in force. */
export function canAskUndo(page) {
  const msg = page.msg;
  const me = mySeat(page);
  if (!msg || !page.info || page.info.status !== "playing" || me === null || !page.mine || msg.undo) return false;
  // Not beyond the last move that brought somebody hidden news (`undo_floor`, from the server).
  const undone = undoneMoves(msg.log);
  const floor = msg.undo_floor ?? 0;
  let last = null;
  for (const e of msg.log || []) if (e.seat === me && !e.undo && !e.timeout && !undone.has(e.move)) last = e.move;
  return last !== null && last > floor;
}

export function drawUndo(box, page, { answerUndo }) {
  clear(box);
  const req = page.msg && page.info && page.info.status === "playing" ? page.msg.undo : null;
  box.hidden = !req;
  if (!req) return;
  const me = mySeat(page);
  const who = names(page)[req.seat] ?? t("words.seat", { n: req.seat + 1 });
  if (me !== null && req.waiting.includes(me)) {
    box.append(
      h("p", { id: "undo-question" }, t("undo_ask", { name: who, n: req.count })),
      h(
        "div",
        { class: "row actions" },
        h("button", { type: "button", class: "primary", id: "undo-accept", onclick: () => answerUndo(true) }, t("undo_accept")),
        h("button", { type: "button", id: "undo-refuse", onclick: () => answerUndo(false) }, t("undo_refuse")),
      ),
    );
  } else if (me === req.seat) {
    box.append(h("p", { id: "undo-waiting" }, t("undo_waiting")));
  } else {
    box.append(h("p", {}, t("undo_ask", { name: who, n: req.count })));
  }
}
