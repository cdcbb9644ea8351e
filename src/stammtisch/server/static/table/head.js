// The head of the table page: the game's name and status, the actions that fit the moment
// (hint, leave, rematch, replay, record, rules), sound and notification switches, and the
// invite and spectator links.
import { saveSeat, savedSeat } from "../api.js";
import { notifyOn, setNotify, setSound, soundOn } from "../attention.js";
import { clear, copyText, h, keepOpen, timerIcon, toast } from "../dom.js";
import { lang, t } from "../i18n.js";
import { gameTitle } from "./model.js";
import { canAskUndo } from "./undo.js";

/** The rules of ``game``; from a table (``from``: its path), the rules page leads back to it. */
export function helpLink(game, extra = {}, from = null) {
  const back = from ? `&from=${encodeURIComponent(from)}` : "";
  return h("a", { class: "button small help-link", href: `/?help=${encodeURIComponent(game)}${back}`, "data-route": "", ...extra }, t("rules"));
}

export function recordLink(page) {
  return h(
    "a",
    {
      class: "button",
      id: "record-download",
      href: `/api/tables/${encodeURIComponent(page.tableId)}/record?lang=${lang()}`,
      download: `stammtisch-${page.info.game}-${page.tableId}.json`,
    },
    t("download_record"),
  );
}

/** The buttons that go on after the end (also shown in the end panel). */
export function endActions(page, { rematch }) {
  const tableId = page.tableId;
  const row = h("div", { class: "row actions" });
  const next = page.info.rematch_id;
  if (next && page.mine && !savedSeat(next)) saveSeat(next, page.mine.seat, page.mine.token, page.mine.nickname);
  // Once somebody asked for the rematch, one button leads there (a second "Rematch" beside
  // it did the same).
  if (next) row.append(h("a", { class: "button primary", href: `/t/${next}`, "data-route": "", id: "to-rematch" }, t("to_rematch")));
  else if (page.mine) row.append(h("button", { type: "button", id: "rematch", class: "primary", onclick: rematch }, t("rematch")));
  row.append(h("a", { class: "button", id: "replay-link", href: `/t/${tableId}?replay=1`, "data-route": "" }, t("replay")));
  row.append(recordLink(page));
  return row;
}

export function drawHead(head, page, handlers) {
  keepOpen(head, () => fillHead(head, page, handlers));
}

function fillHead(head, page, handlers) {
  clear(head);
  if (!page.info) return;
  const base = `${location.origin}/t/${page.tableId}`;
  const status = page.info.status;
  const redraw = () => drawHead(head, page, handlers);
  head.append(
    h(
      "div",
      { class: "title-row" },
      h("h1", {}, gameTitle(page)),
      h("span", { class: `status status-${status}`, id: "status" }, t(status)),
      page.info.turn_timer ? h("span", { class: "muted small", title: t("turn_timer") }, timerIcon(), t("seconds", { n: page.info.turn_timer })) : null,
      headActions(page, handlers, redraw),
    ),
    status === "over"
      ? ""
      : h(
          "details",
          // Open while the table waits for players; the class names the status, so that the
          // start of the game closes it even if the person had opened or closed it.
          { class: `links links-${status}`, open: status === "waiting" },
          h("summary", { id: "links-summary" }, `${t("invite_link")} · ${t("spectator_link")}`),
          linkRow(t("invite_link"), base, "invite-url"),
          linkRow(t("spectator_link"), `${base}?watch=1`, "spectator-url"),
        ),
  );
}

/** A link to pass on: its label, the link itself and a copy button. */
function linkRow(label, url, id) {
  const copy = async () => {
    if (await copyText(url)) toast(t("copied"));
  };
  return h(
    "div",
    { class: "link-row" },
    h("label", { class: "muted", for: id }, label),
    h("input", { type: "text", readonly: true, value: url, id }),
    h("button", { type: "button", class: "small", onclick: copy }, t("copy")),
  );
}

/** The head's buttons: hint, take back, leave, the rules and the settings menu. */
function headActions(page, { askHint, leave, askUndo }, redraw) {
  const status = page.info.status;
  const actions = h("div", { class: "row actions" });
  if (status === "playing" && page.mine && page.msg && page.msg.legal && page.msg.legal.length) {
    actions.append(h("button", { type: "button", id: "hint", class: "small", onclick: askHint }, t("hint")));
  }
  if (askUndo && canAskUndo(page)) {
    // On a phone only the arrow shows (the head stays one row); the label is still read out.
    const undo = h("button", { type: "button", id: "undo", class: "small", onclick: askUndo, title: t("undo"), "aria-label": t("undo") });
    undo.append(h("span", { "aria-hidden": "true" }, "↶"), h("span", { class: "undo-label", "aria-hidden": "true" }, ` ${t("undo")}`));
    actions.append(undo);
  }
  if (status === "waiting" && page.mine) actions.append(h("button", { type: "button", id: "leave", onclick: leave }, t("leave")));
  actions.append(
    helpLink(page.info.game, { id: "help-link" }, location.pathname + location.search),
    h("details", { class: "menu", id: "table-menu" }, h("summary", { class: "button small", id: "table-menu-summary" }, t("settings")), settingsMenu(redraw)),
  );
  return actions;
}

/** Sound and notifications, switched on and off. */
function settingsMenu(redraw) {
  const sound = h(
    "button",
    { type: "button", class: "small", id: "sound-toggle", "aria-pressed": String(soundOn()), title: t("sound") },
    soundOn() ? t("sound_on") : t("sound_off"),
  );
  sound.addEventListener("click", () => {
    setSound(!soundOn());
    redraw();
  });
  const more = h("div", { class: "menu-body" }, sound);
  if ("Notification" in window && Notification.permission !== "denied") {
    const notify = h(
      "button",
      { type: "button", class: "small", id: "notify-toggle", "aria-pressed": String(notifyOn()) },
      notifyOn() ? t("notify_off") : t("notify_on"),
    );
    notify.addEventListener("click", async () => {
      await setNotify(!notifyOn());
      redraw();
    });
    more.append(notify);
  }
  return more;
}
