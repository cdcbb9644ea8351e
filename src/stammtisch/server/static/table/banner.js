// The line under the seats: whose turn it is (with the turn timer's countdown), the
// connection, the result.
import { clear, h, timerIcon } from "../dom.js";
import { t } from "../i18n.js";
import { resultLine } from "./end.js";
import { currentPlayer, mySeat, myTurn, names, serverNow } from "./model.js";

export function drawBanner(banner, page) {
  clear(banner);
  banner.className = "banner";
  if (!page.info) return;
  const status = page.info.status;
  if (!page.online && page.socket && page.wasOnline) {
    banner.classList.add("warn");
    banner.append(t("reconnecting"));
    return;
  }
  if (status === "waiting") {
    banner.append(t("start_when_full"));
    return;
  }
  const view = page.msg ? page.msg.view : null;
  if (!view) return;
  const current = currentPlayer(page);
  if (status === "over" || current === null) {
    banner.classList.add("over");
    banner.append(resultLine(page.msg.result, view, names(page)));
    return;
  }
  const me = mySeat(page);
  const text = h("span", { class: "turn-text" });
  if (me === null) text.append(t("spectating"), " · ");
  if (view.phase === "exchange") {
    // Dog's card exchange: everybody gives a card at the same time, not one after another.
    const given = view.exchange && view.exchange.given;
    const mine = me !== null && given && !given[me];
    if (mine) banner.classList.add("mine");
    text.append(t("dog_exchange_all"), me !== null && given ? ` ${t(mine ? "dog_exchange_yours" : "dog_exchange_done")}` : "");
  } else if (myTurn(page)) {
    banner.classList.add("mine");
    text.append(t("your_turn"));
  } else {
    text.append(t("turn_of", { name: names(page)[current] ?? "?" }));
  }
  banner.append(text);
  if (page.info.turn_timer) banner.append(h("span", { class: "countdown", id: "countdown", role: "timer", "aria-live": "off" }));
  updateCountdown(banner, page);
}

/** Seconds left of the turn timer (null without a timer, or while a take-back is asked).
 * The turn's start comes from the server (`turn_started`), so a reload shows the same; it is
 * compared with the server's clock (this browser's may be off). */
export function secondsLeft(page, now = serverNow(page)) {
  const limit = page.info && page.info.turn_timer;
  const msg = page.msg;
  if (!limit || !msg || msg.undo || !page.info || page.info.status !== "playing") return null;
  const since = msg.turn_started ?? page.turnSince;
  if (since === null || since === undefined) return null;
  return Math.max(0, Math.ceil(limit - (now - since) / 1000));
}

export function updateCountdown(banner, page) {
  const el = banner.querySelector("#countdown");
  if (!el) return;
  const left = secondsLeft(page);
  if (left === null) {
    el.textContent = "";
    return;
  }
  const m = Math.floor(left / 60);
  const s = String(left % 60).padStart(2, "0");
  el.replaceChildren(timerIcon(), `${m}:${s}`);
  el.dataset.left = String(left);
  el.setAttribute("aria-label", t("seconds_left", { n: left }));
  el.classList.toggle("urgent", left <= 10);
}
