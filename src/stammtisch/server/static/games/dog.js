// Dog (Brändi Dog): an SVG board for 4 or 6 seats and the hand as cards.
//
// The client knows the board's shape (16 track fields per seat, start field at 16*s, kennel
// and Himmel of 4) only to draw it. Every move offered is one of the server's legal
// notations (K:start, 5:p1 12-17, Jo=4:p2 30-26, 7:p0 3-5,p1 20-25, J:p0 10<>p5 40,
// give 7, fold): picking a card filters them, a Joker first asks for its value, and a split
// 7 is composed part by part, keeping only the notations that begin with the parts chosen.
import { cardEl, cardText } from "../cards.js";
import { h, s } from "../dom.js";
import { t } from "../i18n.js";
import { animatePegs } from "./dog-motion.js";

const SIZE = 1000;
const CENTER = SIZE / 2;
const RADIUS = 385;

// What the player has picked so far in this position (reset when the version changes).
let ui = fresh(null);

function fresh(version) {
  return { version, card: null, value: null, peg: null, parts: [], to: null };
}

// --- notation (reading the server's strings, no rules) ---------------------------------
const PART = /^p(\d+) (\w+)-(\w+)$/;
const SWAP = /^p(\d+) (\w+)<>p(\d+) (\w+)$/;

/** {text, kind: give|fold|start|move|swap, card, value, parts: [{peg, from, to, text}]} */
export function parseMove(text) {
  const out = { text, kind: "other", card: null, value: null, parts: [] };
  if (text === "fold") return { ...out, kind: "fold" };
  let m = text.match(/^give (\S+)$/);
  if (m) return { ...out, kind: "give", card: m[1] };
  m = text.match(/^([^:=]+)(?:=([^:]+))?:(.*)$/);
  if (!m) return out;
  const base = { ...out, card: m[1], value: m[2] ?? null };
  const body = m[3];
  if (body === "start") return { ...base, kind: "start" };
  const sw = body.match(SWAP);
  if (sw) {
    return { ...base, kind: "swap", parts: [{ peg: Number(sw[1]), from: sw[2], to: sw[4], other: Number(sw[3]), text: body }] };
  }
  const parts = [];
  for (const chunk of body.split(",")) {
    const p = chunk.match(PART);
    if (!p) return out;
    parts.push({ peg: Number(p[1]), from: p[2], to: p[3], text: chunk });
  }
  return { ...base, kind: "move", parts };
}

const effective = (m) => m.value ?? m.card;
const jokerKey = (m) => (m.kind === "start" ? "start" : m.value);

/** The key of a field as drawn: track "T17", Himmel "H<seat>-<n>", kennel "K<seat>-<slot>". */
function fieldKey(token, peg) {
  const m = String(token).match(/^H(\d)$/i);
  if (m) return `H${Math.floor(peg / 4)}-${m[1]}`;
  return `T${token}`;
}

// --- geometry ----------------------------------------------------------------------------
// 16 fields per seat; two players sit opposite on the 64-field board (DOG-1, DOG-21).
const trackOf = (n) => (n === 2 ? 64 : 16 * n);
const startOf = (seat, n) => (n === 2 ? 32 : 16) * seat;

function geometry(n, bottom) {
  const L = trackOf(n);
  const step = (2 * Math.PI) / L;
  // Play runs counter-clockwise on screen (DOG-4); the viewer's start field sits at the bottom.
  const angle = (i) => Math.PI / 2 - step * (i - startOf(bottom, n));
  const fr = Math.min(15, 0.42 * RADIUS * step);
  const at = (a, r) => [CENTER + r * Math.cos(a), CENTER + r * Math.sin(a)];
  const pos = new Map();
  for (let i = 0; i < L; i++) pos.set(`T${i}`, at(angle(i), RADIUS));
  for (let seat = 0; seat < n; seat++) {
    const a = angle(startOf(seat, n));
    for (let k = 1; k <= 4; k++) pos.set(`H${seat}-${k}`, at(a, RADIUS - k * 2.5 * fr));
    for (let slot = 0; slot < 4; slot++) pos.set(`K${seat}-${slot}`, at(a + step * (1.3 + slot * 1.05), RADIUS + 2.6 * fr));
  }
  // Names sit inside the ring so that they never cover fields: for seats at the top and
  // bottom just beyond the end of their Himmel, for the others beside the start field on
  // the kennel's side, running towards the middle.
  const label = (seat) => {
    const a = angle(startOf(seat, n));
    if (Math.abs(Math.sin(a)) > 0.9) {
      const [x, y] = at(a, RADIUS - 12.4 * fr);
      return { x, y, anchor: "middle" };
    }
    const [x, y] = at(a + step * 2.6, RADIUS - Math.max(4.2 * fr, 75));
    return { x, y, anchor: x < CENTER ? "start" : "end" };
  };
  return { L, fr, pos, label };
}

// --- rendering ----------------------------------------------------------------------------
export function render(root, ctx) {
  const v = ctx.view;
  if (ui.version !== ctx.version) ui = fresh(ctx.version);
  const n = v.players;
  const me = ctx.seat;
  const moves = ctx.legal.map(parseMove);
  const gives = new Map(moves.filter((m) => m.kind === "give").map((m) => [m.card, m.text]));
  const fold = moves.find((m) => m.kind === "fold");
  const plays = moves.filter((m) => m.kind === "start" || m.kind === "move" || m.kind === "swap");
  const playable = new Set(plays.map((m) => m.card));
  const hintMove = ctx.hint ? parseMove(ctx.hint) : null;

  const sel = selection(plays, v);
  const geo = geometry(n, me ?? 0);
  const board = drawBoard(ctx, v, geo, sel);

  // The board on one side, everything the player acts with on the other (below it on a
  // phone): the hand, the choices, then the round's facts.
  const controls = [];
  if (me !== null && v.hand) {
    const hand = v.hand.map((c) => {
      const give = gives.get(c);
      const can = Boolean(give) || playable.has(c);
      return cardEl(c, {
        playable: can,
        selected: ui.card === c && !give,
        hint: hintMove && hintMove.card === c,
        dim: ctx.legal.length > 0 && !can,
        disabled: !can,
        title: cardText(c),
        onClick: give
          ? () => ctx.act(give)
          : can
            ? () => {
                const same = ui.card === c;
                ui = fresh(ctx.version);
                if (!same) ui.card = c;
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
  root.append(h("div", { class: "game dog" }, h("div", { class: "dog-layout" }, h("div", { class: "dog-board-box" }, board), h("div", { class: "dog-controls" }, controls))));
  animatePegs(board, geo, ctx.version);
}

/** The options of the current selection: joker values, or next parts/moves with targets. */
function selection(plays, v) {
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
    const k = ui.parts.length;
    const prefix = cands.filter((m) => ui.parts.every((p, i) => m.parts[i] && m.parts[i].text === p));
    out.complete = prefix.find((m) => m.parts.length === k) || null;
    const seen = new Set();
    for (const m of prefix) {
      const part = m.parts[k];
      if (!part || seen.has(part.text)) continue;
      seen.add(part.text);
      out.options.push({ peg: part.peg, toKey: fieldKey(part.to, part.peg), label: partLabel(part), part: part.text });
    }
    return out;
  }
  for (const m of cands) {
    if (m.kind === "start") {
      out.options.push({ peg: "kennel", toKey: `T${startOf(movesFor, v.players)}`, label: `${t("dog_start")}`, action: m.text });
    } else {
      const part = m.parts[0];
      const toKey = m.kind === "swap" ? `T${part.to}` : fieldKey(part.to, part.peg);
      out.options.push({ peg: part.peg, toKey, label: m.kind === "swap" ? swapLabel(part) : partLabel(part), action: m.text });
    }
  }
  return out;
}

function partLabel(part) {
  return `p${part.peg}: ${part.from} → ${part.to}`;
}

function swapLabel(part) {
  return `p${part.peg} (${part.from}) ⇄ p${part.other} (${part.to})`;
}

function pick(ctx, sel, option) {
  if (option.action) {
    ctx.act(option.action);
    return;
  }
  ui.parts.push(option.part);
  ui.peg = null;
  ui.to = null;
  const k = ui.parts.length;
  const prefix = sel.cands.filter((m) => ui.parts.every((p, i) => m.parts[i] && m.parts[i].text === p));
  const done = prefix.find((m) => m.parts.length === k);
  if (done && prefix.length === 1) {
    ctx.act(done.text);
    return;
  }
  ctx.redraw();
}

function choicePanel(ctx, v, sel, gives, fold) {
  if (gives.size) return h("div", { class: "choice", id: "dog-choice", dataset: { kind: "give" } }, h("strong", {}, t("dog_give")));
  if (v.phase === "exchange") return h("div", { class: "choice muted", id: "dog-choice" }, t("dog_given"));
  if (fold) {
    return h(
      "div",
      { class: "choice", id: "dog-choice" },
      h("button", { type: "button", id: "dog-fold", class: "primary", onclick: () => ctx.act(fold.text) }, t("dog_fold")),
    );
  }
  if (!ui.card) return ctx.legal.length ? h("div", { class: "choice muted", id: "dog-choice" }, t("dog_choose_card")) : null;
  if (sel.jokerValues) {
    return h(
      "div",
      { class: "choice", id: "dog-choice" },
      h("strong", {}, t("dog_joker_as")),
      h(
        "div",
        { class: "options-row" },
        sel.jokerValues.map((val) =>
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
            val === "start" ? `A/K: ${t("dog_start")}` : cardText(val),
          ),
        ),
      ),
    );
  }
  let options = sel.options;
  if (ui.peg !== null) options = options.filter((o) => o.peg === ui.peg);
  if (ui.to) options = options.filter((o) => o.toKey === ui.to);
  const rows = [];
  if (sel.seven) {
    rows.push(h("strong", {}, t("dog_seven")));
    if (ui.parts.length) {
      rows.push(
        h(
          "div",
          { class: "row" },
          h("span", { id: "dog-seven-parts" }, t("dog_seven_so_far", { parts: ui.parts.join(", ") })),
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
          sel.complete ? h("button", { type: "button", class: "small primary", onclick: () => ctx.act(sel.complete.text) }, t("confirm")) : null,
        ),
      );
    }
  } else {
    rows.push(h("strong", {}, t("dog_choose_move")));
  }
  rows.push(
    h(
      "div",
      { class: "options-row" },
      options.map((o) =>
        h("button", { type: "button", class: "dog-option", dataset: { action: o.action ?? "", part: o.part ?? "" }, onclick: () => pick(ctx, sel, o) }, o.label),
      ),
    ),
  );
  return h("div", { class: "choice", id: "dog-choice" }, rows);
}

function info(ctx, v) {
  const teams = (v.teams || []).map((team, i) =>
    h("span", { class: "team" }, `${t("dog_team", { t: i + 1 })}: `, team.map((p) => ctx.names[p]).join(" & ")),
  );
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
  return h("div", { class: "muted small" }, t("dog_exchanged", { gave: ex.gave ? cardText(ex.gave) : "–", got: ex.received ? cardText(ex.received) : "–" }));
}

function drawBoard(ctx, v, geo, sel) {
  const n = v.players;
  const { pos, fr } = geo;
  const place = new Map(); // field key -> peg id
  const pegAt = new Map(); // peg id -> field key
  // Pegs where the view has them, moved along the parts of a 7 chosen so far (display only).
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
  for (const part of ui.parts) {
    const m = part.match(PART);
    if (m) pegAt.set(Number(m[1]), fieldKey(m[3], Number(m[1])));
  }
  for (const [peg, key] of pegAt) place.set(key, peg);

  let options = sel.options;
  if (ui.peg !== null) options = options.filter((o) => o.peg === ui.peg);
  const dests = new Map();
  for (const o of options) {
    if (!dests.has(o.toKey)) dests.set(o.toKey, []);
    dests.get(o.toKey).push(o);
  }
  const movable = new Set(sel.options.map((o) => o.peg));
  const last = lastFields(v);

  const onField = (key) => {
    const list = dests.get(key);
    if (!list) return;
    if (list.length === 1) pick(ctx, sel, list[0]);
    else {
      ui.to = key;
      ctx.redraw();
    }
  };

  const fields = [];
  for (const [key, [x, y]] of pos) {
    const classes = ["field"];
    const seatOf = key.startsWith("T") ? null : Number(key.slice(1).split("-")[0]);
    if (key.startsWith("T") && Number(key.slice(1)) % 16 === 0) classes.push("start", `ring${Number(key.slice(1)) / 16}`);
    if (key.startsWith("H")) classes.push("himmel", `ring${seatOf}`);
    if (key.startsWith("K")) classes.push("kennel", `ring${seatOf}`);
    if (dests.has(key)) classes.push("dest");
    if (last.has(key)) classes.push("last");
    fields.push(
      s("circle", {
        cx: x.toFixed(1),
        cy: y.toFixed(1),
        r: (key.startsWith("K") ? fr * 0.85 : fr).toFixed(1),
        class: classes.join(" "),
        dataset: { field: key },
        onclick: dests.has(key) ? () => onField(key) : undefined,
      }),
    );
  }
  const pegs = [];
  for (const [peg, key] of pegAt) {
    const p = pos.get(key);
    if (!p) continue;
    const seat = Math.floor(peg / 4);
    const classes = ["peg", `c${seat}`];
    const canMove = movable.has(peg) || (movable.has("kennel") && key.startsWith(`K${v.moves_for ?? v.current_player}-`));
    if (canMove) classes.push("movable");
    if (ui.peg === peg) classes.push("chosen");
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
    const label = t("dog_peg_label", { n: (peg % 4) + 1, name: ctx.names[seat] ?? t("seat_n", { n: seat + 1 }), where: placeWords(key) });
    pegs.push(
      s(
        "g",
        { class: "peg-g", dataset: { peg, field: key }, role: "img", "aria-label": label, onclick: canMove || dests.has(key) ? clickPeg : undefined },
        s("title", {}, label),
        s("circle", { cx: p[0].toFixed(1), cy: p[1].toFixed(1), r: (fr * 0.72).toFixed(1), class: classes.join(" ") }),
        s("text", { x: p[0].toFixed(1), y: (p[1] + fr * 0.3).toFixed(1), class: "peg-num", "text-anchor": "middle", "aria-hidden": "true" }, String((peg % 4) + 1)),
      ),
    );
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
  const centerText = v.terminal
    ? t("over")
    : v.current_player !== null && v.current_player !== undefined
      ? t("turn_of", { name: ctx.names[v.current_player] })
      : "";
  const top = v.discards && v.discards.length ? v.discards[v.discards.length - 1] : null;
  return s(
    "svg",
    { viewBox: `${CENTER - RADIUS - 4 * fr - 4} ${CENTER - RADIUS - 4 * fr - 4} ${2 * (RADIUS + 4 * fr + 4)} ${2 * (RADIUS + 4 * fr + 4)}`, class: "dog-board", id: "dog-board", role: "group", "aria-label": t("dog_board") },
    s("circle", { cx: CENTER, cy: CENTER, r: RADIUS + 4 * fr, class: "board-bg" }),
    fields,
    pegs,
    labels,
    s("text", { x: CENTER, y: CENTER - 10, class: "center", "text-anchor": "middle" }, centerText),
    top ? s("text", { x: CENTER, y: CENTER + 30, class: "center discard", "text-anchor": "middle" }, `▣ ${cardText(top)}`) : null,
  );
}

/** Where a peg stands, in words: "field 17", "Himmel 2", "kennel". */
function placeWords(key) {
  if (key.startsWith("K")) return t("dog_kennel");
  if (key.startsWith("H")) return t("dog_himmel_n", { n: key.split("-")[1] });
  return t("dog_field_n", { n: Number(key.slice(1)) + 1 });
}

/** Name, hand size, and whether the seat folded or has given its exchange card. */
function seatLabel(ctx, v, seat) {
  let text = `${ctx.names[seat] ?? seat} · ${t("cards", { n: v.hand_sizes[seat] })}`;
  if (v.folded && v.folded[seat]) text += ` · ${t("dog_finished")}`;
  if (v.phase === "exchange" && v.exchange && v.exchange.given) text += v.exchange.given[seat] ? " ✓" : " …";
  if (v.current_player === seat) text += " ◀";
  return text;
}

/** Field keys touched by the last move (from its notation), for highlighting. */
function lastFields(v) {
  const out = new Set();
  if (!v.last || !v.last.action) return out;
  const m = parseMove(String(v.last.action));
  if (m.kind === "start") out.add(`T${startOf(v.last.seat, v.players)}`);
  for (const part of m.parts) {
    if (m.kind === "swap") {
      out.add(`T${part.from}`);
      out.add(`T${part.to}`);
    } else {
      out.add(fieldKey(part.to, part.peg));
    }
  }
  return out;
}

export function describe(last, { who, seat, prev }) {
  const unchanged = prev !== undefined && JSON.stringify(prev) === JSON.stringify(last);
  if (!last || unchanged || (seat !== undefined && seat !== null && last.seat !== seat)) {
    // Dog's view keeps only the last play or fold; an exchange step leaves it unchanged.
    return t("dog_log_gave", { name: who });
  }
  const m = parseMove(String(last.action));
  if (m.kind === "fold") return t("dog_log_fold", { name: who });
  if (m.kind === "give") return t("dog_log_gave", { name: who });
  const card = m.value ? `Joker=${cardText(m.value)}` : cardText(m.card);
  if (m.kind === "start") return t("dog_log_start", { name: who, card });
  if (m.kind === "swap") return `${who}: ${card} — ${swapLabel(m.parts[0])}`;
  return `${who}: ${card} — ${m.parts.map(partLabel).join(", ")}`;
}
