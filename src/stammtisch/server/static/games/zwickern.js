// Zwickern: open table cards in the middle, each player's hand size and capture pile
// around it, one's own hand below. Each of the server's moves plays one card (its
// description names it), so a click on a playable hand card sends that move.
import { backs, cardEl, cardText } from "../cards.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";

export function render(root, ctx) {
  const v = ctx.view;
  const n = v.players;
  const me = ctx.seat;
  const moves = ctx.moves || [];
  const byCard = new Map(moves.map((m) => [m.move && m.move.card, m.action]));
  const last = v.last;

  const info = h(
    "div",
    { class: "zw-info row" },
    h("span", {}, t("zw_round", { r: Math.min(v.round + 1, v.rounds), n: v.rounds })),
    h("span", {}, t("zw_deck", { n: v.deck_size })),
    h("span", { id: "zw-dealer" }, t("zw_dealer", { name: ctx.names[v.dealer] ?? "" })),
  );

  // Everybody's corner: hand size, capture pile, match points. Own seat last, at the bottom.
  const order = [];
  for (let i = 1; i <= n; i++) order.push(((me ?? n - 1) + i) % n);
  const players = order
    .filter((p) => p !== me)
    .map((p) => playerBox(ctx, p, v));

  const tableCards = v.table.map((c) => cardEl(c, { hint: last && last.card === c && !last.captured.length }));
  const table = h(
    "div",
    { class: "felt zw-table", id: "zw-table", "aria-label": t("zw_table") },
    h("div", { class: "felt-label" }, t("zw_table")),
    h("div", { class: "card-row" }, tableCards.length ? tableCards : h("span", { class: "muted" }, "—")),
    last ? h("div", { class: "last-move" }, describe(last, { who: ctx.names[last.seat] })) : null,
  );

  const parts = [info, h("div", { class: "opponents" }, players), table];
  if (me !== null && v.hand) {
    const hand = v.hand.map((c) =>
      cardEl(c, {
        playable: byCard.has(c),
        hint: ctx.hint === c,
        dim: moves.length > 0 && !byCard.has(c),
        disabled: !byCard.has(c),
        onClick: byCard.has(c) ? () => ctx.act(byCard.get(c)) : () => {},
      }),
    );
    parts.push(
      h(
        "div",
        { class: "my-area" },
        playerBox(ctx, me, v, true),
        h("div", { class: "hand card-row", id: "hand", role: "group", "aria-label": t("hand") }, hand),
      ),
    );
  }
  // Once the game is over the end panel shows the scores by round: not twice.
  if (v.round_results && v.round_results.length && !ctx.endShown) parts.push(roundTable(ctx, v));
  root.append(h("div", { class: "game zwickern" }, parts));
}

function playerBox(ctx, p, v, mine = false) {
  const pile = v.captured[p] || [];
  return h(
    "div",
    {
      class: `player-box seat-b${p} ${v.current_player === p ? "to-move" : ""} ${mine ? "mine" : ""}`,
      dataset: { seat: p },
    },
    h("div", { class: "player-name" }, h("span", { class: `seat-dot seat-c${p}` }), ctx.names[p] ?? `#${p + 1}`),
    mine ? null : backs(v.hand_sizes[p]),
    h(
      "details",
      { class: "captured" },
      h("summary", {}, `${t("zw_captured")}: ${t("cards", { n: pile.length })}`),
      h("div", { class: "card-row tight" }, pile.map((c) => cardEl(c, { small: true }))),
    ),
    pointsOf(v, p),
  );
}

/** The points of this round's captures (the server's running score less the finished
 * rounds'): with the finished rounds' (the table by round) they make the number on the seat
 * chip. Once the game is over, the match points. */
function pointsOf(v, p) {
  const done = v.match_points[p];
  const line = (text) => h("div", { class: "muted small" }, text);
  if (v.terminal || !Array.isArray(v.scores)) return line(`${t("zw_match_points")}: ${done}`);
  return line(t("zw_this_round", { points: t("zw_points", { n: Math.round(v.scores[p] - done) }) }));
}

function roundTable(ctx, v) {
  const cell = (x) => h("td", {}, String(x));
  return h(
    "div",
    { class: "table-scroll" },
    h(
      "table",
      { class: "scores breakdown", id: "zw-rounds" },
      h("caption", {}, t("end_match_table")),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("zw_round_col")), ctx.names.map((nm) => h("th", { scope: "col" }, nm)))),
      h(
        "tbody",
        {},
        v.round_results.map((r, i) => h("tr", {}, h("th", { scope: "row" }, `${i + 1}`), r.map(cell))),
        h("tr", { class: "total" }, h("th", { scope: "row" }, t("end_total")), v.match_points.map(cell)),
      ),
    ),
  );
}

export function describe(last, { who }) {
  if (!last) return "";
  const name = who ?? "";
  if (last.captured && last.captured.length) {
    return t("zw_took", { name, card: cardText(last.card), cards: last.captured.map(cardText).join(" ") });
  }
  return t("zw_played", { name, card: cardText(last.card) });
}
