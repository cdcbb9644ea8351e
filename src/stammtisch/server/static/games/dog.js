// Dog (Brändi Dog): an SVG board for 4 or 6 seats and the hand as cards.
//
// The client knows the board's shape (16 track fields per seat, start field at 16*s, kennel
// and Himmel of 4) only to draw it. Every move offered is one of the server's `moves`, read
// from its description (card, Joker value, pegs, from/to fields, the parts of a 7) and
// shown with its words; only the `action` goes back. Picking a card filters them, a Joker
// first asks for its value, and a split 7 is composed part by part in any order
// (dog-seven.js matches the parts chosen against each move's parts). Where fields are (and
// their names in words) comes from dog-places.js.
import { cardEl, cardName, cardText } from "../cards.js";
import { h, s } from "../dom.js";
import { nameList, pick as words, t } from "../i18n.js";
import { animatePegs } from "./dog-motion.js";
import { CENTER, RADIUS, fieldKey, geometry, lastFields, placeWords, startOf } from "./dog-places.js";
import { sevenStep } from "./dog-seven.js";

// What the player has picked so far in this position (reset when the version changes).
let ui = fresh(null);

function fresh(version) {
  return { version, card: null, at: null, value: null, peg: null, parts: [], to: null };
}

// --- the server's move descriptions (no rules, no notation read) -------------------------
/** One entry of the server's `moves` ({action, move, text}) as the board needs it:
 * {action, text, kind: give|fold|start|move|swap|steal|other, card, value, parts: [{peg, from, to, other, key}]}.
 * `action` is only sent back; what is shown are the `text` words and the described fields. */
export function fromDescription(entry) {
  const d = (entry && entry.move) || {};
  const out = { action: entry.action, text: entry.text, kind: "other", card: d.card ?? null, value: d.value ?? null, parts: [] };
  if (d.type === "give" || d.type === "fold" || d.type === "steal") return { ...out, kind: d.type };
  if (d.type !== "play") return out;
  const events = d.moves || [];
  if (events.some((e) => e.type === "start")) return { ...out, kind: "start" };
  const swap = events.find((e) => e.type === "swap");
  if (swap) {
    return { ...out, kind: "swap", parts: [{ peg: swap.peg, from: swap.from, to: swap.to, other: swap.other, key: `${swap.peg}:${swap.from}:${swap.other}:${swap.to}` }] };
  }
  const parts = events.filter((e) => e.type === "move").map((e) => ({ peg: e.peg, from: e.from, to: e.to, key: `${e.peg}:${e.from}:${e.to}` }));
  return parts.length ? { ...out, kind: "move", parts } : out;
}

const effective = (m) => m.value ?? m.card;
const jokerKey = (m) => (m.kind === "start" ? "start" : m.value);

// --- rendering ----------------------------------------------------------------------------
export function render(root, ctx) {
  const v = ctx.view;
  if (ui.version !== ctx.version) ui = fresh(ctx.version);
  const n = v.players;
  const me = ctx.seat;
  const moves = (ctx.moves || []).map(fromDescription);
  const gives = new Map(moves.filter((m) => m.kind === "give").map((m) => [m.card, m.action]));
  const fold = moves.find((m) => m.kind === "fold");
  const plays = moves.filter((m) => m.kind === "start" || m.kind === "move" || m.kind === "swap" || m.kind === "steal");
  const playable = new Set(plays.map((m) => m.card));
  const hintMove = ctx.hint ? moves.find((m) => m.action === ctx.hint) ?? null : null;

  const sel = selection(plays, v, ctx);
  const geo = geometry(n, me ?? 0);
  const board = drawBoard(ctx, v, geo, sel, hintTargets(ctx));

  // The board on one side, everything the player acts with on the other (below it on a
  // phone): the hand, the choices, then the round's facts.
  const controls = [];
  if (me !== null && v.hand) {
    const hand = v.hand.map((c, i) => {
      const give = gives.get(c);
      const can = Boolean(give) || playable.has(c);
      return cardEl(c, {
        playable: can,
        // The card clicked, not every card of its rank (two 7s: one is chosen).
        selected: ui.card === c && (ui.at ?? i) === i && !give,
        hint: hintMove && hintMove.card === c,
        dim: moves.length > 0 && !can,
        disabled: !can,
        title: cardName(c),
        onClick: give
          ? () => ctx.act(give)
          : can
            ? () => {
                const same = ui.card === c && ui.at === i;
                ui = fresh(ctx.version);
                if (!same) Object.assign(ui, { card: c, at: i });
                ctx.redraw();
              }
            : () => {},
      });
    });
    controls.push(
      h(
        "div",
        { class: "my-area" },
        h(
          "div",
          { class: `player-box seat-b${me} mine ${v.current_player === me ? "to-move" : ""}`, dataset: { seat: me } },
          h("div", { class: "player-name" }, h("span", { class: `seat-dot seat-c${me}` }), ctx.names[me]),
          exchangeText(v),
        ),
        h("div", { class: "hand card-row", id: "hand", role: "group", "aria-label": t("hand") }, hand),
      ),
    );
    const panel = choicePanel(ctx, v, sel, gives, fold);
    if (panel) controls.push(panel);
  }
  controls.push(info(ctx, v));
  root.append(h("div", { class: "game dog" }, h("div", { class: "dog-layout" }, h("div", { class: "dog-board-box" }, board), h("div", { class: "dog-controls", dataset: { handsSlot: "" } }, controls))));
  animatePegs(board, geo, ctx.version);
}

/** The options of the current selection: joker values, or next parts/moves with targets. */
function selection(plays, v, ctx) {
  const out = { cands: [], jokerValues: null, options: [], seven: false, complete: null };
  if (!ui.card) return out;
  let cands = plays.filter((m) => m.card === ui.card);
  if (ui.card === "Jo" || cands.some((m) => m.value !== null)) {
    const values = [...new Set(cands.map(jokerKey))];
    if (!ui.value && values.length === 1) ui.value = values[0];
    if (!ui.value) {
      out.jokerValues = values;
      return out;
    }
    cands = cands.filter((m) => jokerKey(m) === ui.value);
  }
  out.cands = cands;
  out.seven = cands.length > 0 && cands.every((m) => m.kind === "move" && effective(m) === "7");
  const movesFor = v.moves_for ?? v.current_player;
  if (out.seven) {
    const step = sevenStep(cands, ui.parts);
    out.complete = step.complete;
    // One peg's parts together (own pegs first, then by peg), each peg's in the server's
    // order: the list read "peg 3 …, peg 2 …, peg 3 …" from the order of the whole splits.
    const rank = (peg) => ((Math.floor(peg / 4) - movesFor + v.players) % v.players) * 4 + (peg % 4);
    const next = [...step.next].sort((a, b) => rank(a.peg) - rank(b.peg));
    for (const part of next) out.options.push({ peg: part.peg, toKey: fieldKey(part.to, part.peg), label: partLabel(ctx, part), part });
    return out;
  }
  for (const m of cands) {
    if (m.kind === "start") {
      out.options.push({ peg: "kennel", toKey: `T${startOf(movesFor, v.players)}`, label: words(m.text), action: m.action });
    } else if (m.kind === "steal") {
      out.options.push({ peg: null, toKey: null, label: words(m.text), action: m.action });
    } else {
      const part = m.parts[0];
      const toKey = m.kind === "swap" ? `T${part.to}` : fieldKey(part.to, part.peg);
      out.options.push({ peg: part.peg, toKey, label: words(m.text), action: m.action });
    }
  }
  return out;
}

/** One part of a split 7 in words: "Ben's peg 2, field 12 → field 15". */
function partLabel(ctx, part) {
  const seat = Math.floor(part.peg / 4);
  const name = ctx.names[seat] ?? t("words.seat", { n: seat + 1 });
  const from = t("dog_peg_label", { n: (part.peg % 4) + 1, name, where: placeWords(fieldKey(part.from, part.peg)) });
  return `${from} → ${placeWords(fieldKey(part.to, part.peg))}`;
}

function pick(ctx, sel, option) {
  if (option.action) {
    ctx.act(option.action);
    return;
  }
  ui.parts.push(option.part);
  ui.peg = null;
  ui.to = null;
  const step = sevenStep(sel.cands, ui.parts);
  if (step.complete && step.last) {
    ctx.act(step.complete.action);
    return;
  }
  ctx.redraw();
}

function choicePanel(ctx, v, sel, gives, fold) {
  if (gives.size) {
    // DOG-7, DOG-22: the card goes to the next teammate in the direction of play.
    const team = (v.teams || []).find((seats) => seats.includes(ctx.seat)) || [];
    const to = team.length > 1 ? team[(team.indexOf(ctx.seat) + 1) % team.length] : null;
    const prompt = to === null ? t("dog_give") : t("dog_give_to", { name: ctx.names[to] });
    return h("div", { class: "choice", id: "dog-choice", dataset: { kind: "give" } }, h("strong", {}, prompt));
  }
  if (v.phase === "exchange") return h("div", { class: "choice muted", id: "dog-choice" }, t("dog_given"));
  if (fold) {
    return h(
      "div",
      { class: "choice", id: "dog-choice" },
      // Why the only way on is to fold (a lone "Fold" button left the player guessing).
      h("span", { id: "dog-fold-why" }, t("dog_fold_why")),
      h("button", { type: "button", id: "dog-fold", class: "primary", onclick: () => ctx.act(fold.action) }, t("dog_fold")),
    );
  }
  if (!ui.card) return (ctx.moves || []).length ? h("div", { class: "choice muted", id: "dog-choice" }, t("dog_choose_card")) : null;
  if (sel.jokerValues) return jokerChoice(ctx, sel.jokerValues);
  let options = sel.options;
  if (ui.peg !== null) options = options.filter((o) => o.peg === ui.peg);
  if (ui.to) options = options.filter((o) => o.toKey === ui.to);
  const rows = sel.seven ? sevenRows(ctx, sel) : [h("strong", {}, t("dog_choose_move"))];
  rows.push(
    h(
      "div",
      { class: "options-row" },
      options.map((o) =>
        h("button", { type: "button", class: "dog-option", dataset: { action: o.action ?? "", part: o.part ? o.part.key : "" }, onclick: () => pick(ctx, sel, o) }, o.label),
      ),
    ),
  );
  return h("div", { class: "choice", id: "dog-choice" }, rows);
}

/** A Joker picked: which card it stands for. */
function jokerChoice(ctx, values) {
  return h(
    "div",
    { class: "choice", id: "dog-choice" },
    h("strong", {}, t("dog_joker_as")),
    h(
      "div",
      { class: "options-row" },
      values.map((val) =>
        h(
          "button",
          {
            type: "button",
            class: "joker-value",
            dataset: { value: val },
            onclick: () => {
              ui.value = val;
              ctx.redraw();
            },
          },
          // The Joker as Ace or King to bring a peg out, in words (it read "A/K: start").
          val === "start" ? t("dog_start") : cardName(val),
        ),
      ),
    ),
  );
}

/** A split 7: the heading, and once parts are chosen, them with undo (and confirm). */
function sevenRows(ctx, sel) {
  const rows = [h("strong", {}, t("dog_seven"))];
  if (!ui.parts.length) return rows;
  rows.push(
    h(
      "div",
      { class: "row" },
      h("span", { id: "dog-seven-parts" }, t("dog_seven_so_far", { parts: ui.parts.map((p) => partLabel(ctx, p)).join("; ") })),
      h(
        "button",
        {
          type: "button",
          class: "small",
          id: "dog-seven-undo",
          onclick: () => {
            ui.parts.pop();
            ui.peg = null;
            ui.to = null;
            ctx.redraw();
          },
        },
        t("dog_seven_undo"),
      ),
      sel.complete ? h("button", { type: "button", class: "small primary", id: "dog-seven-confirm", onclick: () => ctx.act(sel.complete.action) }, t("confirm")) : null,
    ),
  );
  return rows;
}

function info(ctx, v) {
  // Playing alone (DOG-21) there are no teams to name.
  const teams = (v.teams || []).some((team) => team.length > 1)
    ? v.teams.map((team, i) => h("span", { class: "team" }, `${t("dog_team", { t: i + 1 })}: `, nameList(team.map((p) => ctx.names[p]))))
    : [];
  return h(
    "div",
    { class: "dog-info row" },
    h("span", {}, t("dog_round", { r: v.round + 1 }), ` · ${t("cards", { n: v.hand_size })}`),
    h("span", {}, t("dog_pile", { n: v.deck_size })),
    teams,
  );
}

function exchangeText(v) {
  const ex = v.exchange;
  if (!ex || (!ex.gave && !ex.received)) return null;
  return h("div", { class: "muted small" }, t("dog_exchanged", { gave: ex.gave ? cardName(ex.gave) : "–", got: ex.received ? cardName(ex.received) : "–" }));
}

/** The pegs and fields the hinted move uses (from its description): {pegs, fields}. */
function hintTargets(ctx) {
  const pegs = new Set();
  const fields = new Set();
  const entry = ctx.hint ? (ctx.moves || []).find((m) => m.action === ctx.hint) : null;
  for (const e of (entry && entry.move && entry.move.moves) || []) {
    if (e.type !== "start" && e.type !== "move" && e.type !== "swap") continue;
    pegs.add(e.peg);
    fields.add(e.type === "swap" ? `T${e.to}` : fieldKey(e.to, e.peg));
  }
  return { pegs, fields };
}

function drawBoard(ctx, v, geo, sel, hint = { pegs: new Set(), fields: new Set() }) {
  const n = v.players;
  const { pos, fr } = geo;
  const dests = destinations(sel);
  const onField = (key) => {
    const list = dests.get(key);
    if (!list) return;
    if (list.length === 1) pick(ctx, sel, list[0]);
    else {
      ui.to = key;
      ctx.redraw();
    }
  };
  // What every field and peg drawn needs to know.
  const board = { ctx, v, fr, hint, dests, onField, movable: new Set(sel.options.map((o) => o.peg)), last: lastFields(v) };
  const fields = [];
  for (const [key, xy] of pos) fields.push(fieldCircle(board, key, xy));
  fields.push(...geo.numbers.map(({ n: num, x, y }) => s("text", { x: x.toFixed(1), y: (y + 9).toFixed(1), class: "field-num", "text-anchor": "middle", "aria-hidden": "true" }, String(num))));
  const pegs = [];
  for (const [peg, key] of pegPlaces(v)) {
    const p = pos.get(key);
    if (p) pegs.push(pegMark(board, peg, key, p));
  }
  const labels = [];
  for (let seat = 0; seat < n; seat++) {
    const { x, y, anchor } = geo.label(seat);
    labels.push(
      s(
        "text",
        { x: x.toFixed(1), y: (y + 7).toFixed(1), class: `label seat-label c${seat} ${v.current_player === seat ? "to-move" : ""}`, "text-anchor": anchor },
        seatLabel(ctx, v, seat),
      ),
    );
  }
  return boardSvg(ctx, v, fr, [fields, pegs, labels]);
}

/** Peg id -> field key: where the view has the pegs, moved along the parts of a 7 chosen so
 * far (display only). */
function pegPlaces(v) {
  const n = v.players;
  const pegAt = new Map();
  v.pegs.forEach((tokens, seat) => {
    let slot = 0;
    tokens.forEach((tok, j) => {
      const peg = 4 * seat + j;
      let key;
      if (tok === "K") key = `K${seat}-${slot++}`;
      else if (tok === "S") key = `T${startOf(seat, n)}`;
      else key = fieldKey(tok, peg);
      pegAt.set(peg, key);
    });
  });
  for (const part of ui.parts) pegAt.set(part.peg, fieldKey(part.to, part.peg));
  return pegAt;
}

/** Field key -> the options that end there (of the chosen peg, when one is chosen). */
function destinations(sel) {
  let options = sel.options;
  if (ui.peg !== null) options = options.filter((o) => o.peg === ui.peg);
  const dests = new Map();
  for (const o of options) {
    if (!dests.has(o.toKey)) dests.set(o.toKey, []);
    dests.get(o.toKey).push(o);
  }
  return dests;
}

function fieldCircle({ fr, hint, dests, last, onField }, key, [x, y]) {
  const classes = ["field"];
  const seatOf = key.startsWith("T") ? null : Number(key.slice(1).split("-")[0]);
  if (key.startsWith("T") && Number(key.slice(1)) % 16 === 0) classes.push("start", `ring${Number(key.slice(1)) / 16}`);
  if (key.startsWith("H")) classes.push("himmel", `ring${seatOf}`);
  if (key.startsWith("K")) classes.push("kennel", `ring${seatOf}`);
  if (dests.has(key)) classes.push("dest");
  if (last.has(key)) classes.push("last");
  if (hint.fields.has(key)) classes.push("hint-field");
  return s(
    "circle",
    {
      cx: x.toFixed(1),
      cy: y.toFixed(1),
      r: (key.startsWith("K") ? fr * 0.85 : fr).toFixed(1),
      class: classes.join(" "),
      dataset: { field: key },
      onclick: dests.has(key) ? () => onField(key) : undefined,
    },
    s("title", {}, placeWords(key)),
  );
}

function pegMark({ ctx, v, fr, hint, dests, movable, last, onField }, peg, key, p) {
  const seat = Math.floor(peg / 4);
  const classes = ["peg", `c${seat}`];
  const canMove = movable.has(peg) || (movable.has("kennel") && key.startsWith(`K${v.moves_for ?? v.current_player}-`));
  if (canMove) classes.push("movable");
  if (ui.peg === peg) classes.push("chosen");
  if (hint.pegs.has(peg)) classes.push("hint-peg");
  if (last.has(key) && !key.startsWith("K")) classes.push("last");
  const clickPeg = () => {
    if (dests.has(key)) return onField(key); // a swap or capture target: the field decides
    if (!canMove) return;
    if (movable.has(peg)) {
      ui.peg = ui.peg === peg ? null : peg;
      ui.to = null;
      ctx.redraw();
    } else {
      onField(`T${startOf(v.moves_for ?? v.current_player, v.players)}`);
    }
  };
  const label = t("dog_peg_label", { n: (peg % 4) + 1, name: ctx.names[seat] ?? t("words.seat", { n: seat + 1 }), where: placeWords(key) });
  return s(
    "g",
    { class: "peg-g", dataset: { peg, field: key }, role: "img", "aria-label": label, onclick: canMove || dests.has(key) ? clickPeg : undefined },
    s("title", {}, label),
    s("circle", { cx: p[0].toFixed(1), cy: p[1].toFixed(1), r: (fr * 0.72).toFixed(1), class: classes.join(" ") }),
    s("text", { x: p[0].toFixed(1), y: (p[1] + fr * 0.3).toFixed(1), class: "peg-num", "text-anchor": "middle", "aria-hidden": "true" }, String((peg % 4) + 1)),
  );
}

/** The board itself: its background, what is drawn on it, whose turn and the discard pile. */
function boardSvg(ctx, v, fr, drawn) {
  const centerText = v.terminal
    ? t("over")
    : v.phase === "exchange"
      ? t("dog_exchange_all")
      : v.current_player !== null && v.current_player !== undefined
        ? t("turn_of", { name: ctx.names[v.current_player] })
        : "";
  const top = v.discards && v.discards.length ? v.discards[v.discards.length - 1] : null;
  return s(
    "svg",
    { viewBox: `${CENTER - RADIUS - 4 * fr - 4} ${CENTER - RADIUS - 4 * fr - 4} ${2 * (RADIUS + 4 * fr + 4)} ${2 * (RADIUS + 4 * fr + 4)}`, class: "dog-board", id: "dog-board", role: "group", "aria-label": t("dog_board") },
    s("circle", { cx: CENTER, cy: CENTER, r: RADIUS + 4 * fr, class: "board-bg" }),
    ...drawn,
    s("text", { x: CENTER, y: CENTER - fr - 12, class: "center", "text-anchor": "middle" }, centerText),
    top ? discardMark(top, fr) : null,
  );
}

/** The discard pile's top card: a short label, the card's full name as its title. */
function discardMark(top, fr) {
  const full = t("dog_discard_title", { card: cardName(top) });
  return s(
    "text",
    { x: CENTER, y: CENTER + fr + 30, class: "center discard", id: "dog-discard", "text-anchor": "middle", role: "img", "aria-label": full },
    s("title", {}, full),
    t("dog_discard", { card: cardText(top) }),
  );
}

/** Name, hand size, and whether the seat folded or has given its exchange card. */
function seatLabel(ctx, v, seat) {
  let text = `${ctx.names[seat] ?? seat} · ${t("cards", { n: v.hand_sizes[seat] })}`;
  if (v.folded && v.folded[seat]) text += ` · ${t("dog_finished")}`;
  if (v.phase === "exchange" && v.exchange && v.exchange.given) text += v.exchange.given[seat] ? " ✓" : " …";
  if (v.current_player === seat) text += " ◀";
  return text;
}
