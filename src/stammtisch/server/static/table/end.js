// The end of a game: the winner named, the scores, and each game's own breakdown
// (Zwickern card points, most-cards bonus and the match table by round; Himmel penalty
// cards per seat and game; Dog pegs home per team and rounds played).
import { h } from "../dom.js";
import { nameList, t } from "../i18n.js";
import { fmt } from "./model.js";

// Card points as the Zwickern rules count them (ZW-8), to split a round into card points
// and the 10-point bonus for display.
const ZW_POINTS = { A: 11, 10: 10, K: 4, Q: 3, J: 2 };
const zwPoints = (card) => ZW_POINTS[String(card).slice(0, -1)] ?? 0;

/** The winners' seats from the result (highest return, above zero). */
export function winners(result, view) {
  if (view && Array.isArray(view.winners)) return view.winners;
  const ret = (result && result.returns) || [];
  if (!ret.length) return [];
  const best = Math.max(...ret);
  return ret.map((r, i) => (r === best && r > 0 ? i : -1)).filter((i) => i >= 0);
}

/** A Dog seat's pegs in its Himmel. */
const pegsHome = (view, seat) => (view.pegs[seat] || []).filter((p) => String(p).startsWith("H")).length;

export function resultLine(result, view, names) {
  if (!result) return t("over");
  const win = winners(result, view);
  const teams = (view && view.teams) || [];
  const team = teams.findIndex((tm) => tm.length > 1 && tm.length === win.length && tm.every((p) => win.includes(p)));
  const parts = [`${t("result")}: `];
  if (team >= 0) parts.push(`${t("result_team", { t: team + 1, names: nameList(win.map((i) => names[i])) })}. `);
  else if (win.length) parts.push(`${t(win.length > 1 ? "result_won_many" : "result_won", { names: nameList(win.map((i) => names[i])) })}. `);
  if (view && Array.isArray(view.penalties)) {
    // Himmel: penalty points, as the seats, the end table and the log count them.
    parts.push(`${t("result_penalties")}: `, view.penalties.map((p, i) => `${names[i]} ${fmt(p)}`).join(" · "));
  } else if (view && Array.isArray(view.pegs)) {
    // Dog: the pegs in the Himmel, per team where partners play together.
    const home = (seat) => pegsHome(view, seat);
    const together = teams.some((tm) => tm.length > 1);
    const counts = together
      ? teams.map((tm, k) => `${t("dog_team", { t: k + 1 })} ${tm.reduce((a, p) => a + home(p), 0)}`)
      : view.pegs.map((_, i) => `${names[i]} ${home(i)}`);
    parts.push(`${t("result_pegs")}: `, counts.join(" · "));
  } else {
    parts.push(`${t("result_points")}: `, (result.scores || []).map((sc, i) => `${names[i]} ${fmt(sc)}`).join(" · "));
  }
  return parts.join("");
}

function table(id, caption, head, rows, foot) {
  // A table wider than a phone scrolls inside its own box, never the page.
  return h(
    "div",
    { class: "table-scroll" },
    scoreTable(id, caption, head, rows, foot),
  );
}

function scoreTable(id, caption, head, rows, foot) {
  return h(
    "table",
    { class: "scores breakdown", id },
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, head.map((x, i) => h(i ? "th" : "td", { scope: i ? "col" : undefined }, x)))),
    h(
      "tbody",
      {},
      rows.map((r) => h("tr", {}, r.map((x, i) => (i ? h("td", {}, String(x)) : h("th", { scope: "row" }, String(x)))))),
      foot ? h("tr", { class: "total" }, foot.map((x, i) => (i ? h("td", {}, String(x)) : h("th", { scope: "row" }, String(x))))) : null,
    ),
  );
}

function zwickern(view, names) {
  const rounds = view.round_results || [];
  const out = [
    table(
      "breakdown-rounds",
      t("end_match_table"),
      ["", ...names],
      rounds.map((r, i) => [t("end_round_n", { n: i + 1 }), ...r]),
      [t("end_total"), ...(view.match_points || [])],
    ),
  ];
  const piles = view.captured || [];
  if (rounds.length && piles.length) {
    const last = rounds[rounds.length - 1];
    const cardPts = piles.map((pile) => pile.reduce((a, c) => a + zwPoints(c), 0));
    out.push(
      table(
        "breakdown-last-round",
        t("end_last_round", { n: rounds.length }),
        ["", ...names],
        [
          [t("end_cards_taken"), ...piles.map((p) => p.length)],
          [t("end_card_points"), ...cardPts],
          [t("end_bonus"), ...last.map((x, i) => Math.max(0, x - cardPts[i]))],
        ],
        [t("end_round_total"), ...last],
      ),
    );
  }
  return out;
}

function himmel(view, names) {
  const games = view.results || [view.penalty_counts || []];
  return [
    table(
      "breakdown-penalties",
      t("end_penalty_cards"),
      ["", ...names],
      games.map((r, i) => [t("end_game_n", { n: i + 1 }), ...r]),
      games.length > 1 ? [t("end_total"), ...(view.penalties || [])] : null,
    ),
  ];
}

function dog(view, names) {
  const teams = view.teams || [];
  const home = (seat) => pegsHome(view, seat);
  // Playing alone (DOG-21) each "team" is one player: no team column.
  const alone = !teams.some((team) => team.length > 1);
  return [
    alone
      ? table(
          "breakdown-teams",
          t("end_pegs_home"),
          [t("end_players"), t("end_home")],
          teams.map((team) => [names[team[0]], `${home(team[0])} / 4`]),
        )
      : table(
          "breakdown-teams",
          t("end_pegs_home"),
          [t("end_team"), t("end_players"), t("end_home")],
          teams.map((team, i) => [t("dog_team", { t: i + 1 }), nameList(team.map((p) => names[p])), `${team.reduce((a, p) => a + home(p), 0)} / ${4 * team.length}`]),
        ),
    h("p", { class: "muted", id: "breakdown-rounds-played" }, t("end_rounds_played", { n: (view.round ?? 0) + 1 })),
  ];
}

const BREAKDOWN = { zwickern, himmel, dog };

/** The end-of-game panel: winner, breakdown, and the buttons to go on. */
export function endPanel(page, names, actions) {
  const msg = page.msg;
  const view = msg && msg.view;
  if (!view) return null;
  const win = winners(msg.result, view);
  const make = BREAKDOWN[page.info.game];
  return h(
    "section",
    { class: "panel end-panel", id: "end-panel", "aria-labelledby": "end-title" },
    h("h2", { id: "end-title" }, win.length ? t(win.length > 1 ? "end_winners" : "end_winner", { names: nameList(win.map((i) => names[i])) }) : t("over")),
    make ? h("div", { class: "breakdowns" }, make(view, names)) : null,
    actions,
  );
}
