// The table chat beside the log: everybody reads, the seated players write (a line of text or
// a quick phrase, which each reader sees in their own language). Messages are shown as text
// only: nothing in them becomes markup.
import { clear, h, placeScroll, scrollKept } from "../dom.js";
import { t } from "../i18n.js";
import { mySeat, names } from "./model.js";

const QUICK = ["chat_quick_hello", "chat_quick_nice", "chat_quick_oops", "chat_quick_thanks", "chat_quick_gg"];
const MAX_CHARS = 500;

export function drawChat(box, page, { say }) {
  const chat = page.chat;
  const draft = box.querySelector("#chat-input");
  const keep = draft ? { value: draft.value, focused: document.activeElement === draft } : null;
  const kept = scrollKept(box.querySelector("#chat-list"));
  clear(box);
  box.hidden = !chat || !page.msg;
  if (box.hidden) return;
  const n = names(page);
  // The log role sits on a wrapper so that the list keeps its list semantics.
  const list = h(
    "div",
    { class: "chat-list", id: "chat-list", role: "log", "aria-label": t("chat"), tabindex: "0" },
    h(
      "ol",
      { class: "chat-lines" },
      chat.messages.map((m) =>
        h("li", { class: `chat-line seat-t${m.seat}` }, h("strong", { class: "chat-name" }, `${n[m.seat] ?? t("words.seat", { n: m.seat + 1 })}: `), h("span", { class: "chat-text" }, m.quick ? t(m.quick) : m.text)),
      ),
    ),
  );
  box.append(h("h2", {}, t("chat")), chat.messages.length ? list : h("p", { class: "muted small", id: "chat-empty" }, chat.enabled ? t("chat_none") : t("chat_off")));
  if (chat.messages.length) placeScroll(list, kept, () => (list.scrollTop = list.scrollHeight));
  if (!chat.enabled || mySeat(page) === null) {
    if (chat.enabled) box.append(h("p", { class: "muted small" }, t("chat_read_only")));
    return;
  }
  const input = h("input", { type: "text", id: "chat-input", maxlength: MAX_CHARS, autocomplete: "off", placeholder: t("chat_placeholder") });
  if (keep) input.value = keep.value;
  const form = h(
    "form",
    { class: "chat-form", id: "chat-form" },
    h("label", { for: "chat-input", class: "offscreen" }, t("chat_label")),
    input,
    h("button", { type: "submit", class: "small", id: "chat-send" }, t("chat_send")),
  );
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (say(text)) input.value = "";
  });
  const quick = h(
    "div",
    { class: "chat-quick", role: "group", "aria-label": t("chat_quick") },
    QUICK.map((key) => h("button", { type: "button", class: "small quick", dataset: { quick: key }, onclick: () => say(t(key)) }, t(key))),
  );
  box.append(form, quick);
  if (keep && keep.focused) input.focus();
}
