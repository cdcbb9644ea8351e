// Dog's split 7, composed part by part in any order. The server lists each split once (the
// same result in another order is not listed again), in one order of its parts; the player
// may begin with any part. The parts chosen so far are matched against each move's parts as
// a multiset; where two orders of the same parts are distinct moves (the order changes the
// outcome, e.g. who is sent home), the move in exactly the chosen order wins. Only the
// chosen move's own `action` is sent.

/** The parts of `parts` left once every chosen part is taken out (by key), or null when a
 * chosen part is not among them. */
export function remaining(parts, chosen) {
  const left = [...parts];
  for (const c of chosen) {
    const i = left.findIndex((p) => p.key === c.key);
    if (i < 0) return null;
    left.splice(i, 1);
  }
  return left;
}

const sameOrder = (m, chosen) => m.parts.length === chosen.length && m.parts.every((p, i) => p.key === chosen[i].key);

/** Where a split 7 stands after the parts `chosen` among the candidate moves `cands`:
 * `next` the parts that may follow (one per key, in the server's order), `complete` the move
 * the chosen parts make up (null when none), `last` true when nothing can follow. */
export function sevenStep(cands, chosen) {
  const fits = [];
  for (const m of cands) {
    const left = remaining(m.parts, chosen);
    if (left) fits.push({ m, left });
  }
  const whole = fits.filter((f) => f.left.length === 0).map((f) => f.m);
  const complete = whole.find((m) => sameOrder(m, chosen)) || whole[0] || null;
  const next = [];
  const seen = new Set();
  for (const { left } of fits) {
    for (const part of left) {
      if (seen.has(part.key)) continue;
      seen.add(part.key);
      next.push(part);
    }
  }
  return { next, complete, last: next.length === 0 };
}
