// Dog's pegs in motion: after a move each peg that changed place travels along its path
// field by field (the parts of a 7 one after the other), and a peg sent home flies to its
// kennel afterwards. Only for one step forward (not a reload or a jump in the replay), and
// not at all when the player asked for reduced motion.
import { reducedMotion } from "../motion.js";

const STEP_MS = 85;
const FLY_MS = 420;

let last = { version: null, at: new Map() };

/** Field keys from `from` to `to` on the way a peg goes (both ends included); `start(seat)`
 * is a seat's start field, where the way into its Himmel turns inwards. */
export function pathKeys(from, to, L, start) {
  const track = (k) => (k.startsWith("T") ? Number(k.slice(1)) : null);
  const a = track(from);
  const b = track(to);
  const walk = (x, y) => {
    const fwd = (((y - x) % L) + L) % L;
    const back = L - fwd;
    const dir = fwd <= back ? 1 : -1;
    const n = Math.min(fwd, back);
    const out = [];
    for (let i = 0; i <= n; i++) out.push(`T${(((x + dir * i) % L) + L) % L}`);
    return out;
  };
  if (a !== null && b !== null) return walk(a, b);
  const himmel = (k) => {
    const m = k.match(/^H(\d+)-(\d)$/);
    return m ? { seat: Number(m[1]), n: Number(m[2]) } : null;
  };
  const hb = himmel(to);
  if (hb && a !== null) {
    const keys = walk(a, start(hb.seat));
    for (let i = 1; i <= hb.n; i++) keys.push(`H${hb.seat}-${i}`);
    return keys;
  }
  const ha = himmel(from);
  if (ha && hb) {
    const keys = [];
    for (let i = ha.n; i <= hb.n; i++) keys.push(`H${hb.seat}-${i}`);
    return keys;
  }
  return [from, to]; // out of the kennel, home to it, a swap: one flight
}

/** Animate the pegs of `svg` (drawn for `version`) from where they stood before. */
export function animatePegs(svg, geo, version) {
  const now = new Map();
  for (const g of svg.querySelectorAll("g.peg-g")) now.set(g.dataset.peg, g.dataset.field);
  const before = last;
  last = { version, at: now };
  if (reducedMotion() || before.version === null || version !== before.version + 1) return;
  const moved = [];
  const home = [];
  for (const g of svg.querySelectorAll("g.peg-g")) {
    const from = before.at.get(g.dataset.peg);
    const to = g.dataset.field;
    if (!from || from === to) continue;
    (to.startsWith("K") && !from.startsWith("K") ? home : moved).push({ g, from, to });
  }
  // A swap (Jack): the two pegs trade places, straight across.
  const swapped = new Set();
  for (const x of moved) for (const y of moved) if (x !== y && x.to === y.from && y.to === x.from) swapped.add(x);
  let delay = 0;
  const run = ({ g, from, to }, fly) => {
    const keys = fly ? [from, to] : pathKeys(from, to, geo.L, geo.start);
    const end = geo.pos.get(to);
    const frames = keys.map((k) => geo.pos.get(k) || end).map(([x, y]) => ({ transform: `translate(${x - end[0]}px, ${y - end[1]}px)` }));
    const duration = fly ? FLY_MS : Math.max(FLY_MS * 0.6, STEP_MS * (keys.length - 1));
    g.classList.add("moving");
    const anim = g.animate(frames, { duration, delay, easing: fly ? "ease-in-out" : "linear", fill: "backwards" });
    anim.onfinish = () => g.classList.remove("moving");
    delay += duration;
  };
  moved.sort((x, y) => Number(x.g.dataset.peg) - Number(y.g.dataset.peg));
  for (const m of moved) run(m, swapped.has(m));
  for (const m of home) run(m, true);
}
