// The form a visitor with an invite link fills in to take a seat.
import { api, saveNickname, saveSeat, savedNickname } from "../api.js";
import { h, toast } from "../dom.js";
import { t } from "../i18n.js";

export function joinForm(page, { joined, refresh, typed = null }) {
  const tableId = page.tableId;
  const open = page.info.seats.filter((s) => s.kind === "open");
  const nick = h("input", { type: "text", id: "join-nickname", maxlength: 24, required: true, placeholder: t("nickname_ph"), value: savedNickname() });
  const sel = h("select", { id: "join-seat" }, open.map((s) => h("option", { value: s.seat }, t("words.seat", { n: s.seat + 1 }))));
  if (typed) {
    // The form is drawn again (the table changed): keep what the visitor typed and chose.
    nick.value = typed.nickname;
    if (typed.seat !== null && open.some((s) => String(s.seat) === typed.seat)) sel.value = typed.seat;
  }
  const form = h(
    "form",
    { class: "panel join-form" },
    h("h2", {}, t("join_table")),
    h("div", { class: "field" }, h("label", { for: "join-nickname" }, t("nickname")), nick),
    open.length > 1 ? h("div", { class: "field" }, h("label", { for: "join-seat" }, t("seat")), sel) : null,
    h(
      "div",
      { class: "row" },
      open.length ? h("button", { type: "submit", class: "primary", id: "join" }, t("join")) : null,
      h("a", { class: "button ghost", href: `/t/${tableId}?watch=1`, "data-route": "" }, t("watch")),
    ),
  );
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const nickname = nick.value.trim();
    if (!nickname) return nick.focus();
    saveNickname(nickname);
    try {
      const seat = open.length > 1 ? Number(sel.value) : undefined;
      const res = await api.join(tableId, nickname, seat);
      saveSeat(tableId, res.seat, res.token, nickname);
      joined({ seat: res.seat, token: res.token, nickname });
    } catch (exc) {
      toast(exc.message, "error");
      refresh();
    }
  });
  return form;
}
