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

The rules do not update the facts as they play: they only record what happened as an
:data:`Event` (see :func:`replay`). The facts are worked out from those events when somebody
asks for them (a view, ``to_json``, the invariants), so a random playout that never looks
pays almost nothing for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stammtisch.games.himmel.cards import NUM_NUMBERS, card_text

DECK = 1 << 6  # seats use bits 0..5

Fact = tuple[int, int]
Facts = tuple[Fact, ...]

# An event is ``(previous event, kind, a, b)``: a chain shared by cloned states. It starts
# with a KNOWN event, ``(None, KNOWN, facts per seat, None)``, the snapshot it builds on.
Event = tuple[Any, ...]
KNOWN = -1
LEAVE = 0  # (a, b) = (holder, card): ``card`` left ``holder``'s hand face up
DRAW1 = 1  # (a, b) = (seat, card): ``seat`` drew ``card`` from the draw pile
DRAW = 2  # (a, b) = (seat, cards): ``seat`` drew ``cards`` from the draw pile
STEAL = 3  # (a, b) = (thief, (victim, card)): the thief took ``card`` from the victim
BACK = 4  # (a, b) = (None, specials): revealed special cards went back into the draw pile
# ``(previous, SWAP, seat, card, drawn)``: LEAVE ``(seat, card)`` then DRAW1 ``(seat, drawn)``,
# in one event (a card played from a full hand and the one drawn for it).
SWAP = 5


def seat_bits(mask: int) -> list[int]:
    return [s for s in range(6) if mask >> s & 1]


def facts_json(facts: Facts) -> list[dict[str, Any]]:
    """One seat's facts as JSON (positions and views), sorted."""
    return [{"card": card_text(c), "seats": seat_bits(m), "deck": bool(m & DECK)} for c, m in sorted(facts)]


def check_facts(known: Sequence[Facts], hands: Sequence[Sequence[int]], deck: Sequence[int]) -> None:
    """Invariant: every seat's facts are true of the real ``hands`` and draw pile ``deck``
    (matched to distinct copies) and none is about the seat's own hand."""
    n = len(hands)
    where: dict[int, list[int]] = {}
    for s, h in enumerate(hands):
        for c in h:
            where.setdefault(c, []).append(1 << s)
    for c in deck:
        where.setdefault(c, []).append(DECK)
    for o in range(n):
        facts = known[o]
        for _, m in facts:
            assert m and not m & (1 << o), f"seat {o} has a fact about its own hand"
            assert m & ~(((1 << n) - 1) | DECK) == 0, "fact names no seat"
        for card in {c for c, _ in facts}:
            needs = [m for c, m in facts if c == card]
            slots = [b for b in where.get(card, []) if b != 1 << o]
            assert match(needs, slots) is not None, f"seat {o} knows something false"


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


def known_event(known: tuple[Facts, ...]) -> Event:
    """The start of an event chain: every seat's facts as they are."""
    return (None, KNOWN, known, None)


def replay(n: int, last: Event) -> tuple[Facts, ...]:
    """The facts of every seat after the chain of events ending with ``last``."""
    events: list[Event] = []
    while last[1] != KNOWN:
        events.append(last)
        last = last[0]
    out = list(last[2])
    for ev in reversed(events):
        kind, a, b = ev[1], ev[2], ev[3]
        if kind == SWAP:
            _leave(out, n, a, b)
            _draw(out, n, a, (ev[4],))
        elif kind == LEAVE:
            _leave(out, n, a, b)
        elif kind == DRAW1:
            _draw(out, n, a, (b,))
        elif kind == DRAW:
            _draw(out, n, a, b)
        elif kind == STEAL:
            _steal(out, n, a, b[0], b[1])
        else:
            _back_to_deck(out, n, b)
    return tuple(out)


def _vacuous(n: int, seat: int) -> int:
    return ((1 << n) - 1) & ~(1 << seat) | DECK


def _leave(known: list[Facts], n: int, holder: int, card: int) -> None:
    bit = 1 << holder
    for o in range(n):
        facts = known[o]
        if facts and o != holder:
            if card > NUM_NUMBERS:
                known[o] = drop_specific(facts, card, bit)
            elif any(f[0] == card for f in facts):
                known[o] = tuple(f for f in facts if f[0] != card)


def _draw(known: list[Facts], n: int, seat: int, drawn: Sequence[int]) -> None:
    bit = 1 << seat
    for o in range(n):
        facts = known[o]
        if not facts:
            continue
        if o == seat:
            for c in drawn:
                if c > NUM_NUMBERS:
                    facts = drop_specific(facts, c, DECK)
            known[o] = facts
        else:
            known[o] = widen(facts, DECK, bit, _vacuous(n, o))


def _steal(known: list[Facts], n: int, thief: int, victim: int, card: int) -> None:
    vbit = 1 << victim
    tbit = 1 << thief
    for o in range(n):
        facts = known[o]
        if o == thief:
            if card <= NUM_NUMBERS:
                known[o] = tuple(f for f in facts if f[0] != card)
            else:
                known[o] = drop_specific(facts, card, vbit)
        elif o == victim:
            known[o] = (*facts, (card, tbit))  # seen by the two of them only (HAZ-5)
        elif facts:
            known[o] = widen(facts, vbit, tbit, _vacuous(n, o))


def _back_to_deck(known: list[Facts], n: int, specials: Sequence[int]) -> None:
    for o in range(n):
        facts = known[o]
        for c in specials:
            facts = drop_specific(facts, c, DECK)
        known[o] = facts + tuple((c, DECK) for c in specials)
