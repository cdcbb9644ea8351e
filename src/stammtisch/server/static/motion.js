// Motion between two states: cards travel from where they were to where they are now (hand
// to table or pile, table to capture pile), a card someone else played comes from that
// player's place. Short, and none at all when the player asked for reduced motion.

export const DURATION = 380;

export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Screen rectangles of the cards in root, by card code (codes seen twice are left out). */
export function snapshot(root) {
  const out = new Map();
  const twice = new Set();
  for (const el of root.querySelectorAll("[data-card]")) {
    if (el.classList.contains("back")) continue;
    const key = el.dataset.card;
    if (!key) continue;
    const rect = el.getBoundingClientRect();
    if (!rect.width) continue; // folded away (a closed capture pile)
    if (out.has(key)) twice.add(key);
    out.set(key, { rect, node: el });
  }
  for (const key of twice) out.delete(key);
  return out;
}

function fly(el, from, to, extra = {}) {
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return null;
  const scale = from.width && to.width ? from.width / to.width : 1;
  return el.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, ...extra.from },
      { transform: "translate(0, 0) scale(1)", ...extra.to },
    ],
    { duration: DURATION, easing: "cubic-bezier(.2,.7,.3,1)" },
  );
}

/**
 * Animate the cards of root from their places in `before` (a snapshot taken before the
 * redraw). `source` is the element a card new to the screen comes from (the mover's box);
 * `sink(code)` the element a card that left the screen goes to (the capturer's pile).
 */
export function moveCards(root, before, { source = null, sink = null } = {}) {
  if (reducedMotion() || !before || !before.size) return;
  const after = snapshot(root);
  const srcRect = source ? source.getBoundingClientRect() : null;
  for (const el of root.querySelectorAll("[data-card]")) {
    const key = el.dataset.card;
    if (!after.has(key) || el.classList.contains("back")) continue;
    const old = before.get(key);
    if (old) fly(el, old.rect, after.get(key).rect);
    else if (srcRect) fly(el, srcRect, after.get(key).rect, { from: { opacity: 0.3 } });
  }
  // Cards that are gone (captured, taken): a copy flies from where they were to the sink.
  for (const [key, { rect, node }] of before) {
    if (after.has(key) || !sink) continue;
    const target = sink(key);
    if (!target) continue;
    const to = target.getBoundingClientRect();
    const ghost = node.cloneNode(true);
    ghost.removeAttribute("id");
    ghost.setAttribute("aria-hidden", "true");
    ghost.classList.add("ghost-card");
    delete ghost.dataset.card;
    document.body.append(ghost);
    ghost.style.setProperty("left", `${rect.left + window.scrollX}px`);
    ghost.style.setProperty("top", `${rect.top + window.scrollY}px`);
    const anim = ghost.animate(
      [
        { transform: "translate(0, 0)", opacity: 1 },
        { transform: `translate(${to.left - rect.left}px, ${to.top - rect.top}px) scale(0.5)`, opacity: 0.2 },
      ],
      { duration: DURATION + 120, easing: "ease-in" },
    );
    anim.onfinish = () => ghost.remove();
    anim.oncancel = () => ghost.remove();
  }
}
