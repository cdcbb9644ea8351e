// Himmel, A… und Zwirn: two piles under their targets (one marked), hands, penalty piles.
// The server's legal moves, as it describes them (card, pile, victim, new target), are
// grouped by the hand card they use; picking a card shows that card's choices, so the player
// never sees notation and never a move the server did not offer (only `action` goes back).
import { backs } from "../cards.js";
import { h } from "../dom.js";
import { pick as words, t } from "../i18n.js";

const SPECIAL = { turn: "⇄", steal: "✂", raise: "⤒" };
const SPECIAL_KEY = { turn: "haz_special_reverse", steal: "haz_special_steal", raise: "haz_special_raise" };
// The short word printed on the card face; the full name is the card's title (tooltip).
const FACE_KEY = { turn: "haz_face_reverse", steal: "haz_face_steal", raise: "haz_face_raise" };

// What the player has picked so far in this position (reset when the version changes).
let pick = { version: null, card: null, mode: null };

/** The server's moves grouped by the hand card they play ("take" under its own key). */
export function groupMoves(moves) {
  const groups = new Map();
  const add = (key, entry, choice) => {
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push({ action: entry.action, text: entry.text, ...choice });
  };
  for (const entry of moves) {
    const d = entry.move || {};
    if (d.type === "play") add(d.card, entry, { pile: d.pile });
    else if (d.type === "turn") add("turn", entry, {});
    else if (d.type === "steal") add("steal", entry, { victim: d.victim });
    else if (d.type === "raise") add("raise", entry, { pile: d.pile, with: d.card, old: d.old });
    else if (d.type === "take") add("take", entry, { target: d.target ?? null });
    else add(entry.action, entry, {});
  }
  return groups;
}

function hazCard(text, opts = {}) {
  const special = SPECIAL[text];
  const classes = ["card", "haz"];
  if (special) classes.push("special");
  if (opts.small) classes.push("small");
  if (opts.target) classes.push("target");
  if (opts.playable) classes.push("playable");
  if (opts.selected) classes.push("selected");
  if (opts.hint) classes.push("hint");
  if (opts.dim) classes.push("dim");
  const title = special ? t(SPECIAL_KEY[text]) : String(text);
  const face = special ? [h("span", { class: "rank" }, special), h("span", { class: "small" }, t(FACE_KEY[text]))] : [h("span", { class: "rank" }, text)];
  if (!opts.onClick) return h("span", { class: classes.join(" "), dataset: { card: text }, title }, face);
  return h(
    "button",
    { type: "button", class: classes.join(" "), dataset: { card: text }, title, "aria-pressed": String(Boolean(opts.selected)), onclick: opts.onClick },
    face,
  );
}

/** A card of an open hand as this game draws it (the replay shows every hand). */
export function openCard(text) {
  return hazCard(text, { small: true });
}

export function render(root, ctx) {
  const v = ctx.view;
  if (pick.version !== ctx.version) pick = { version: ctx.version, card: null, mode: null };
  const groups = groupMoves(ctx.moves || []);
  const me = ctx.seat;
  const n = v.players;

  const info = h(
    "div",
    { class: "haz-info row" },
    v.games > 1 ? h("span", {}, `${v.game_no + 1} / ${v.games}`) : null,
    h("span", { id: "haz-deck" }, t("haz_deck", { n: v.deck_size })),
    h("span", {}, `${t("haz_direction")}: ${v.direction >= 0 ? "↻ " + t("haz_cw") : "↺ " + t("haz_ccw")}`),
  );

  const order = [];
  for (let i = 1; i <= n; i++) order.push(((me ?? n - 1) + i) % n);
  const stealing = pick.card === "steal" ? groups.get("steal") || [] : [];
  const players = order.filter((p) => p !== me).map((p) => playerBox(ctx, p, v, stealing.find((o) => o.victim === p)));

  const parts = [info, h("div", { class: "opponents" }, players), felt(ctx, v, groups)];

  if (me !== null && v.hand) {
    parts.push(myArea(ctx, v, groups));
    const prompt = choicePanel(ctx, groups, v);
    if (prompt) parts.push(prompt);
  }
  root.append(h("div", { class: "game himmel" }, parts));
}

/** Pick a hand card (or "take"): one choice plays at once, more open the choice panel. */
function choose(ctx, groups, card) {
  const options = groups.get(card) || [];
  if (options.length === 1 && card !== "steal" && card !== "raise") {
    ctx.act(options[0].action);
    return;
  }
  pick.card = pick.card === card ? null : card;
  ctx.redraw();
}

/** The middle of the table: the two piles, the last move, the cards a take revealed. */
function felt(ctx, v, groups) {
  // The two piles; when the picked number card fits both, they become the choice.
  const pileChoices = pick.card ? (groups.get(pick.card) || []).filter((o) => o.pile && o.with === undefined) : [];
  const lastPile = lastPileOf(v);
  const piles = v.piles.map((p) => pileBox(ctx, p, pileChoices.find((o) => o.pile === p.name), lastPile === p.name));
  return h(
    "div",
    { class: "felt haz-table", id: "haz-table" },
    h("div", { class: "haz-piles" }, piles),
    v.last ? h("div", { class: "last-move" }, lastText(v, ctx.names)) : null,
    v.revealed && v.revealed.length && (v.events || []).some((e) => e.type === "take")
      ? h("div", { class: "card-row tight" }, v.revealed.map((c) => hazCard(c, { small: true })))
      : null,
  );
}

function pileBox(ctx, p, choice, wasLast) {
  const classes = ["haz-pile"];
  if (p.marked) classes.push("marked");
  if (choice) classes.push("target-choice");
  const top = p.cards.length ? p.cards[p.cards.length - 1] : null;
  const body = [
    h("div", { class: "label" }, t("haz_pile", { p: p.name }), p.marked ? ` · ★ ${t("haz_marked")}` : ""),
    h(
      "div",
      { class: "card-row tight" },
      p.targets.slice(0, -1).map((c) => hazCard(c, { small: true, target: true, dim: true })),
      p.target ? hazCard(p.target, { target: true }) : h("span", { class: "muted" }, "—"),
    ),
    h("div", { class: "label" }, `${t("haz_target")} ${p.target ?? "—"}`),
    h(
      "div",
      { class: "card-row tight pile-cards" },
      p.cards.slice(-6, -1).map((c) => hazCard(c, { small: true })),
      top ? hazCard(top, { hint: wasLast }) : null,
    ),
  ];
  if (choice) {
    return h("button", { type: "button", class: classes.join(" "), id: `pile-${p.name}`, onclick: () => ctx.act(choice.action) }, body);
  }
  return h("div", { class: classes.join(" "), id: `pile-${p.name}` }, body);
}

/** The player's own box, hand and take button. */
function myArea(ctx, v, groups) {
  const me = ctx.seat;
  const hintCard = ctx.hint ? keyOfAction(groups, ctx.hint) : null;
  const takes = groups.get("take") || [];
  const takingTargets = pick.card === "take" ? new Map(takes.filter((o) => o.target).map((o) => [o.target, o.action])) : null;
  const hand = v.hand.map((c) => {
    if (takingTargets) {
      const action = takingTargets.get(c);
      return hazCard(c, { playable: Boolean(action), dim: !action, onClick: action ? () => ctx.act(action) : undefined });
    }
    const playable = groups.has(c);
    return hazCard(c, {
      playable,
      selected: pick.card === c,
      hint: hintCard === c,
      dim: (ctx.moves || []).length > 0 && !playable,
      onClick: playable ? () => choose(ctx, groups, c) : undefined,
    });
  });
  const buttons = h("div", { class: "row" });
  if (takes.length) {
    buttons.append(
      h(
        "button",
        { type: "button", id: "haz-take", class: `${pick.card === "take" ? "primary" : ""} ${hintCard === "take" ? "hint" : ""}`, onclick: () => choose(ctx, groups, "take") },
        t("haz_take"),
      ),
    );
  }
  return h(
    "div",
    { class: "my-area" },
    playerBox(ctx, me, v, null, true),
    h("div", {}, h("div", { class: "hand card-row", id: "hand", "aria-label": t("hand") }, hand), buttons),
  );
}

function choicePanel(ctx, groups, v) {
  const card = pick.card;
  if (!card) return null;
  const options = groups.get(card) || [];
  if (card === "steal") {
    return h(
      "div",
      { class: "choice", id: "haz-choice" },
      h("strong", {}, t("haz_choose_victim")),
      h("div", { class: "options-row" }, options.map((o) => h("button", { type: "button", class: "victim", dataset: { seat: o.victim }, onclick: () => ctx.act(o.action) }, `${ctx.names[o.victim]} (${t("cards", { n: v.hand_sizes[o.victim] })})`))),
    );
  }
  if (card === "raise") {
    return h(
      "div",
      { class: "choice", id: "haz-choice" },
      h("strong", {}, t("haz_choose_raise")),
      h(
        "div",
        { class: "options-row" },
        options.map((o) => h("button", { type: "button", class: "raise", dataset: { action: o.action }, onclick: () => ctx.act(o.action) }, words(o.text))),
      ),
    );
  }
  if (card === "take") {
    return h("div", { class: "choice", id: "haz-choice" }, h("strong", {}, t("haz_choose_target")));
  }
  if (options.length > 1) {
    return h(
      "div",
      { class: "choice", id: "haz-choice" },
      h("strong", {}, t("haz_choose_pile")),
      h("div", { class: "options-row" }, options.map((o) => h("button", { type: "button", onclick: () => ctx.act(o.action) }, words(o.text)))),
    );
  }
  return null;
}

function playerBox(ctx, p, v, stealChoice, mine = false) {
  const pen = v.penalty[p] || [];
  const box = h(
    stealChoice ? "button" : "div",
    {
      type: stealChoice ? "button" : undefined,
      class: `player-box seat-b${p} ${v.current_player === p ? "to-move" : ""} ${mine ? "mine" : ""} ${stealChoice ? "target-choice" : ""}`,
      dataset: { seat: p },
      onclick: stealChoice ? () => ctx.act(stealChoice.action) : undefined,
    },
    h("div", { class: "player-name" }, h("span", { class: `seat-dot seat-c${p}` }), ctx.names[p] ?? `#${p + 1}`),
    mine ? null : backs(v.hand_sizes[p]),
    h(
      "details",
      { class: "penalty" },
      h("summary", {}, `${t("haz_penalty")}: ${v.penalty_counts ? v.penalty_counts[p] : pen.length}`),
      h("div", { class: "card-row tight" }, pen.map((c) => hazCard(c, { small: true }))),
    ),
  );
  return box;
}

/** The hand card (group key) of the move the hint names. */
function keyOfAction(groups, action) {
  for (const [key, options] of groups) if (options.some((o) => o.action === action)) return key;
  return null;
}

/** The pile the last number was laid on (from the view's events). */
function lastPileOf(v) {
  const play = (v.events || []).find((e) => e.type === "play");
  return play ? play.pile : null;
}

/** The last move in words, from the view's events (a stolen card only for thief and victim). */
function lastText(v, names) {
  const who = names[v.last.seat] ?? "";
  for (const e of v.events || []) {
    if (e.type === "play") return t("haz_log_play", { name: who, card: e.card, pile: e.pile });
    if (e.type === "turn") return t("haz_log_turn", { name: who });
    if (e.type === "steal") {
      const text = t("haz_log_steal", { name: who, victim: names[e.victim] ?? e.victim });
      return e.card ? `${text} (${e.card})` : text;
    }
    if (e.type === "raise") return t("haz_log_raise", { name: who, pile: e.pile, card: e.card });
    if (e.type === "take") return e.target ? t("haz_log_take_target", { name: who, card: e.target }) : t("haz_log_take", { name: who });
  }
  return who;
}
