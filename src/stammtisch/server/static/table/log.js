// The move log beside the board: one line per move, in words, newest at the bottom.
import { clear, h, placeScroll, scrollKept, timerIcon } from "../dom.js";
import { pick, t } from "../i18n.js";
import { names } from "./model.js";
import { undoneMoves } from "./undo.js";

/** Text of one log entry (server words when there are some, else the game module's). */
export function describeEntry(module, entry, who, before, allNames) {
  if (entry === null || entry === undefined) return "";
  if (typeof entry === "string") return entry;
  if (entry.text) return typeof entry.text === "string" ? entry.text : pick(entry.text);
  const last = entry.last !== undefined ? entry.last : entry;
  // prev: the view's "last" before this move (a move that leaves it unchanged is one the
  // view does not describe, e.g. Dog's hidden exchange).
  const prev = before && typeof before === "object" ? (before.last ?? null) : undefined;
  const d = module && module.describe ? module.describe(last, { who, names: allNames, seat: entry.seat, prev }) : null;
  if (d) return d;
  return `${who}: ${entry.action ?? JSON.stringify(last)}`;
}

/** The words of ``entries[i]``, the mover named from ``n`` (the seats' names). */
function entryWords(page, entries, i, n) {
  const e = entries[i];
  const who = e && e.seat !== undefined && e.seat !== null ? n[e.seat] ?? t("words.seat", { n: e.seat + 1 }) : "";
  return describeEntry(page.module, e, who, i > 0 ? entries[i - 1] : null, n);
}

export function drawLog(side, page) {
  const kept = scrollKept(side.querySelector("#log"));
  clear(side);
  const entries = (page.msg && page.msg.log) || [];
  side.hidden = !page.msg || !page.msg.view;
  if (side.hidden) return;
  const n = names(page);
  const items = [];
  const undone = undoneMoves(entries);
  entries.forEach((e, i) => {
    const text = entryWords(page, entries, i, n);
    const move = e.move ?? i + 1;
    // A take-back or a timeout is a line of its own; moves taken back stay, struck through.
    if (e && (e.undo || e.timeout)) {
      items.push(h("li", { class: `log-entry log-notice ${e.undo ? "log-undo" : "log-timeout"}` }, e.undo ? null : timerIcon(), text));
      return;
    }
    const kind = e && e.kind ? ` log-${e.kind}` : "";
    const gone = undone.has(move) ? " undone" : "";
    items.push(h("li", { class: `log-entry seat-t${e && e.seat}${kind}${gone}` }, h("span", { class: "num" }, t("move_n", { n: move })), " ", text));
  });
  const list = h("ol", { class: "log", id: "log", "aria-label": t("log"), tabindex: "0" }, items);
  side.append(h("h2", {}, t("log")), items.length ? list : h("p", { class: "muted small", id: "log-empty" }, t("log_none")));
  if (!items.length) return;
  placeScroll(list, kept, () => {
    list.scrollTop = list.scrollHeight;
    // An entry taller than the box (the summary at the end of a game) is read from its start.
    const last = list.lastElementChild;
    if (last && last.offsetHeight > list.clientHeight) {
      list.scrollTop += last.getBoundingClientRect().top - list.getBoundingClientRect().top;
    }
  });
}

/** Say the newest moves to a screen reader: ``el`` is a polite live region that stays on the
 * page; it gets the words of the moves that arrived since the last call (at most the last
 * three, as the log shows them). The log a page starts with is not read out. */
export function announce(el, page) {
  if (!page.msg || !page.msg.view) return;
  const entries = page.msg.log || [];
  const seen = el.dataset.seen === undefined ? null : Number(el.dataset.seen);
  el.dataset.seen = String(entries.length);
  if (seen === null || entries.length <= seen) return;
  const n = names(page);
  const words = [];
  for (let i = Math.max(seen, entries.length - 3); i < entries.length; i++) words.push(entryWords(page, entries, i, n));
  el.textContent = words.filter(Boolean).join(" ");
}
