// Card faces for the French-suited packs of Zwickern and Dog, drawn from the card's code
// (rank then suit: "10H", "QS", "AD"; "X" or "Jo" a Joker) in the players' words: the face
// letters and names are the catalogue's card.* keys ("D♥" and "Herz Dame" in German). Only
// display: which card may be played always comes from the server's moves.
import { h } from "./dom.js";
import { t } from "./i18n.js";

const SUIT_SYMBOL = { C: "♣", S: "♠", H: "♥", D: "♦" };

/** {rank, suit, symbol, red, joker} for a card in notation, or null if it is not one. */
export function parseCard(text) {
  const raw = String(text).trim().toUpperCase();
  if (raw === "X" || raw === "JK" || raw === "JO" || raw === "JOKER" || raw === "*") {
    return { rank: "★", suit: "", symbol: "", red: true, joker: true };
  }
  const m = raw.match(/^(10|[2-9TJQKA])([CSHD])?$/);
  if (!m) return null;
  if (!m[2]) {
    // Dog's cards are ranks only: suits play no part there.
    return { rank: m[1] === "T" ? "10" : m[1], suit: "", symbol: "", red: false, joker: false };
  }
  const rank = m[1] === "T" ? "10" : m[1];
  return { rank, suit: m[2], symbol: SUIT_SYMBOL[m[2]], red: m[2] === "H" || m[2] === "D", joker: false };
}

const FACES = new Set(["J", "Q", "K", "A"]);

/** The rank as written on the face: "D" for a Queen in German, "Q" in English. */
function faceRank(rank) {
  return FACES.has(rank) ? t(`card.${rank}`) : rank;
}

/**
 * A card element. opts: {playable, selected, hint, small, onClick, back, label}.
 * data-card holds the notation so that tests and the board can find it.
 */
export function cardEl(text, opts = {}) {
  const classes = ["card"];
  if (opts.small) classes.push("small");
  if (opts.back) {
    classes.push("back");
    return h("span", { class: classes.join(" "), "aria-hidden": "true" });
  }
  const c = parseCard(text);
  if (opts.playable) classes.push("playable");
  if (opts.selected) classes.push("selected");
  if (opts.hint) classes.push("hint");
  if (opts.dim) classes.push("dim");
  let face;
  if (c && c.joker) {
    classes.push("joker");
    // A star in the corner and the word itself: a "J" there would read as a Jack.
    face = [h("span", { class: "rank" }, "★"), h("span", { class: "big" }, t("card.joker"))];
  } else if (c) {
    if (c.red) classes.push("red");
    if (!c.suit) classes.push("plain");
    face = c.suit
      ? [h("span", { class: "rank" }, faceRank(c.rank)), h("span", { class: "suit" }, c.symbol), h("span", { class: "big" }, c.symbol)]
      : [h("span", { class: "rank" }, faceRank(c.rank)), h("span", { class: "big" }, faceRank(c.rank))];
  } else {
    face = [h("span", { class: "rank" }, opts.label ?? String(text))];
  }
  const tag = opts.onClick ? "button" : "span";
  const el = h(
    tag,
    {
      class: classes.join(" "),
      dataset: { card: String(text) },
      type: opts.onClick ? "button" : undefined,
      title: opts.title,
      "aria-label": opts.title || (c ? cardName(text) : String(text)),
      "aria-pressed": opts.onClick ? String(Boolean(opts.selected)) : undefined,
      disabled: opts.onClick && opts.disabled ? true : undefined,
    },
    face,
  );
  if (opts.onClick) el.addEventListener("click", opts.onClick);
  return el;
}

/** A row of face-down cards standing for a hidden hand of n cards. */
export function backs(n, max = 8) {
  const shown = Math.min(n, max);
  const out = [];
  for (let i = 0; i < shown; i++) out.push(cardEl("", { back: true, small: true }));
  return h("span", { class: "backs", title: String(n) }, out, n > max ? h("span", { class: "more" }, `+${n - max}`) : null);
}

/** Short text for a card ("10♥", "D♠" in German, "Joker"). */
export function cardText(text) {
  const c = parseCard(text);
  if (!c) return String(text);
  if (c.joker) return t("card.joker");
  return `${faceRank(c.rank)}${c.symbol}`;
}

/** The card's name as players say it ("Herz Dame" / "Queen of Hearts", "Bube", "Joker"). */
export function cardName(text) {
  const c = parseCard(text);
  if (!c) return String(text);
  if (c.joker) return t("card.joker");
  const rank = FACES.has(c.rank) ? t(`card.name.${c.rank}`) : c.rank;
  return c.suit ? t("card.of", { rank, suit: t(`card.suit.${c.suit}`) }) : rank;
}
