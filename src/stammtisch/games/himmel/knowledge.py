"""Who knows which hidden card is where (HAZ-5 steals, HAZ-2/HAZ-7 revealed specials).

Each seat keeps a tuple of *facts* ``(card, holders)``: "a copy of ``card`` lies in one of
``holders``", where ``holders`` is a bit mask of seats (bit ``s``) and the draw pile
(:data:`DECK`). Facts only ever state what the seat knows for certain:

* a robbed seat learns ``(card, {thief})``;
* revealed special cards that go back into the draw pile give everybody ``(card, {deck})``;
* when a holder may have passed the card on unseen (a steal from it, a draw from the
  pile), the fact widens to the new possible holder; a fact that allows every place the
  seat cannot see says nothing and is dropped;
* when a copy becomes visible (played, stolen by or drawn by the seat itself) the most
  specific matching fact goes. For the duplicated special cards this keeps the facts true:
  whichever copy moved, the remaining facts can still be matched to distinct copies.

A seat never holds a fact about its own hand (it sees that). :func:`match` checks facts
against real positions (invariants) and places cards when sampling a state.
"""

from __future__ import annotations

from collections.abc import Sequence

DECK = 1 << 6  # seats use bits 0..5

Fact = tuple[int, int]
Facts = tuple[Fact, ...]


def seat_bits(mask: int) -> list[int]:
    return [s for s in range(6) if mask >> s & 1]


def drop_specific(facts: Facts, card: int, where: int) -> Facts:
    """Facts without the most specific one about ``card`` that allows ``where``."""
    best = -1
    best_key = (99, 0)
    for i, (c, m) in enumerate(facts):
        if c == card and m & where:
            key = (m.bit_count(), m)  # ties broken by mask: the order of facts never matters
            if key < best_key:
                best, best_key = i, key
    if best < 0:
        return facts
    return facts[:best] + facts[best + 1 :]


def widen(facts: Facts, where: int, new: int, vacuous: int) -> Facts:
    """Facts that allow ``where`` now also allow ``new``; vacuous facts are dropped."""
    out: list[Fact] = []
    changed = False
    for c, m in facts:
        if m & where and not m & new:
            changed = True
            m |= new
            if m == vacuous:
                continue
        out.append((c, m))
    return tuple(out) if changed else facts


def match(needs: Sequence[int], slots: Sequence[int]) -> list[int] | None:
    """Give each need (a mask) its own slot (a mask) that it overlaps, or ``None``.

    Kuhn's augmenting paths; the instances are tiny (a few facts, at most 85 slots).
    """
    owner: list[int] = [-1] * len(slots)

    def place(i: int, seen: list[bool]) -> bool:
        mask = needs[i]
        for j, slot in enumerate(slots):
            if slot & mask and not seen[j]:
                seen[j] = True
                if owner[j] < 0 or place(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    for i in range(len(needs)):
        if not place(i, [False] * len(slots)):
            return None
    result = [-1] * len(needs)
    for j, i in enumerate(owner):
        if i >= 0:
            result[i] = j
    return result
