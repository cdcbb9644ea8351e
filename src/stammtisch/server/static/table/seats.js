// The seat chips above the board: who sits where, who is online, whose turn, scores, and
// for open seats while waiting a way to add a bot.
import { clear, h } from "../dom.js";
import { t } from "../i18n.js";
import { currentPlayer, fmt, mySeat, seatName } from "./model.js";

export function drawSeats(box, page, { addBot }) {
  clear(box);
  if (!page.info) return;
  const current = currentPlayer(page);
  const me = mySeat(page);
  const view = page.msg ? page.msg.view : null;
  const scores = page.msg && page.msg.result ? page.msg.result.scores : view && view.scores;
  // Himmel counts penalty points (fewer is better): shown as such, never as negative scores.
  const penalties = view && Array.isArray(view.penalties) ? view.penalties : null;
  const score = (seat) => {
    if (penalties) {
      const words = t("penalty_points", { n: penalties[seat] });
      return h("span", { class: "score penalty-points", title: words, "aria-label": words }, fmt(penalties[seat]));
    }
    if (!scores || scores[seat] === undefined) return null;
    // Say what the number counts: Dog's is the pegs in the Himmel (the team's, with teams).
    const teams = view && Array.isArray(view.teams) ? view.teams : null;
    const key = page.info.game !== "dog" ? "score_title" : teams && teams.some((tm) => tm.length > 1) ? "dog_home_team" : "dog_home_alone";
    const words = t(key, { n: fmt(scores[seat]) });
    return h("span", { class: "score", title: words, "aria-label": words }, fmt(scores[seat]));
  };
  for (const s of page.info.seats) {
    const classes = ["seat-chip", `seat-c${s.seat}`];
    const toMove = s.seat === current && page.info.status === "playing";
    if (toMove) classes.push("to-move");
    if (s.seat === me) classes.push("me");
    const dot = s.kind === "bot" ? "bot" : s.connected ? "on" : "off";
    const state = s.kind === "bot" ? t("bot") : t(s.connected ? "connected" : "disconnected");
    const chip = h(
      "div",
      { class: classes.join(" "), dataset: { seat: s.seat }, "aria-current": toMove ? "true" : undefined },
      h("span", { class: "seat-num", "aria-hidden": "true" }, String(s.seat + 1)),
      s.kind === "open" ? null : h("span", { class: `conn ${dot}`, title: state, role: "img", "aria-label": state }),
      h("span", { class: "name", title: seatName(s) }, seatName(s), s.seat === me ? h("span", { class: "you" }, ` (${t("you")})`) : null),
      s.kind === "bot" && s.nickname && s.level ? h("span", { class: "level small" }, t(s.level)) : null,
      s.away ? h("span", { class: "small away" }, t("away")) : null,
      score(s.seat),
    );
    if (s.kind === "open" && page.mine && page.info.status === "waiting") {
      const sel = h(
        "select",
        { "aria-label": `${t("add_bot")} (${t("words.seat", { n: s.seat + 1 })})`, class: "small" },
        page.levels.map((lv) => h("option", { value: lv, selected: lv === "medium" }, t(lv))),
      );
      chip.append(sel, h("button", { type: "button", class: "small add-bot", onclick: () => addBot(s.seat, sel.value) }, t("add_bot")));
    }
    box.append(chip);
  }
}
