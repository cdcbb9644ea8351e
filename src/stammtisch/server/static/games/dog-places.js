// Where things are on Dog's board, for drawing it: the geometry of the 4- or 6-seat board
// (16 track fields per seat, the start field at 16*s, kennel and Himmel of 4), the keys of
// the fields as drawn, a place in words, and the fields the last move touched.
import { t } from "../i18n.js";

const SIZE = 1000;
export const CENTER = SIZE / 2;
export const RADIUS = 385;

/** The key of a field as drawn: track "T17", Himmel "H<seat>-<n>", kennel "K<seat>-<slot>". */
export function fieldKey(token, peg) {
  const m = String(token).match(/^H(\d)$/i);
  if (m) return `H${Math.floor(peg / 4)}-${m[1]}`;
  return `T${token}`;
}

// 16 fields per seat; two players sit opposite on the 64-field board (DOG-1, DOG-21).
const trackOf = (n) => (n === 2 ? 64 : 16 * n);
export const startOf = (seat, n) => (n === 2 ? 32 : 16) * seat;

export function geometry(n, bottom) {
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
  // Every 8th track field carries its number (as the moves and the log name it) just
  // outside the ring, where no kennel lies: enough to count from, few enough for a phone.
  const numbers = [];
  for (let i = 0; i < L; i += 8) {
    const [x, y] = at(angle(i), RADIUS + 2.3 * fr);
    numbers.push({ n: i + 1, x, y });
  }
  return { L, fr, pos, label, numbers, start: (seat) => startOf(seat, n) };
}

/** Where a peg stands, in words: "field 17", "Himmel 2", "kennel". */
export function placeWords(key) {
  if (key.startsWith("K")) return t("dog_kennel");
  if (key.startsWith("H")) return t("dog_himmel_n", { n: key.split("-")[1] });
  return t("dog_field_n", { n: Number(key.slice(1)) + 1 });
}

/** Field keys touched by the last move (from the view's events), for highlighting. */
export function lastFields(v) {
  const out = new Set();
  for (const e of v.events || []) {
    if (e.type === "start") out.add(`T${e.to}`);
    else if (e.type === "swap") {
      out.add(`T${e.from}`);
      out.add(`T${e.to}`);
    } else if (e.type === "move" || e.type === "enter_himmel") out.add(fieldKey(e.to, e.peg));
  }
  return out;
}
