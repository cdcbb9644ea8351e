"""Sampling a full Zwickern state consistent with one seat's view (``Game.sample_state``).

What a seat sees is described in :mod:`.view`; every card it cannot see is dealt at random
from the cards it cannot account for (:func:`stammtisch.core.position.shuffled_rest`), except
that no hand gets a rank its seat has shown it does not hold (``lacks``, ZW-5). With one
other hand that is exactly the chance of every hand given what was seen; with several it is
close to it (the most constrained hand is dealt first).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from stammtisch.core.errors import PositionError
from stammtisch.core.position import check_size, reading, shuffled_rest, view_seat
from stammtisch.core.rng import Rng
from stammtisch.games.zwickern.cards import FULL_DECK, JOKER, parse_card
from stammtisch.games.zwickern.position import parse_lacks, parse_last
from stammtisch.games.zwickern.state import ZwickernState

if TYPE_CHECKING:
    from stammtisch.games.zwickern.game import ZwickernGame


def sample_state(game: ZwickernGame, view: Mapping[str, Any], rng: random.Random) -> ZwickernState:
    """Deal the cards the seat cannot see at random into the other hands and the pile."""
    with reading("Zwickern view"):
        n = game.num_players
        seat = view_seat(view, n)
        s = ZwickernState(game)
        s.round = int(view["round"])
        s.dealer = int(view["dealer"])
        s.current = view["current_player"]
        s.table = [parse_card(c) for c in view["table"]]
        s.captured = [tuple(parse_card(c) for c in p) for p in view["captured"]]
        s.last_capturer = view["last_capturer"]
        s.match_points = tuple(int(p) for p in view["match_points"])
        s.round_results = [[int(p) for p in r] for r in view["round_results"]]
        s.last = parse_last(view["last"])
        sizes = [int(x) for x in view["hand_sizes"]]
        own = [parse_card(c) for c in view.get("hand", [])] if seat is not None else []
        s.lacks = parse_lacks(view.get("lacks", [[]] * n), n)
    pool = shuffled_rest(FULL_DECK, (s.table, *s.captured, own), rng)
    others = [p for p in range(n) if p != seat]
    check_size(pool, sum(sizes[p] for p in others) + int(view["deck_size"]), "unseen cards")
    dealt = _deal_hidden(pool, [(p, sizes[p], s.lacks[p]) for p in others], rng)
    for p in range(n):
        s.hands[p] = own if p == seat else dealt[p]
    s.deck = pool  # its size was checked above, with the hands'
    s.rng = Rng(rng.getrandbits(64))
    s.keep_events(view.get("events") or [])
    return s


def _allowed(card: int, lacks: int) -> bool:
    return card == JOKER or not lacks >> (card >> 2) & 1


def _deal_hidden(
    pool: list[int], seats: list[tuple[int, int, int]], rng: random.Random
) -> dict[int, list[int]]:
    """Deal ``(seat, size, lacks)`` hands from the shuffled ``pool``; what is left stays in
    ``pool`` (the draw pile, in its shuffled order)."""
    if not any(lacks for _, _, lacks in seats):
        return {p: [pool.pop() for _ in range(size)] for p, size, _ in seats}
    order = sorted(seats, key=lambda t: -bin(t[2]).count("1"))
    for _ in range(20):
        rest = pool[:]
        hands: dict[int, list[int]] = {}
        for p, size, lacks in order:
            picked = [i for i in range(len(rest) - 1, -1, -1) if _allowed(rest[i], lacks)][:size]
            if len(picked) < size:
                break
            hands[p] = [rest[i] for i in picked]
            for i in picked:  # descending indices: popping keeps the others in place
                rest.pop(i)
        else:
            pool[:] = rest
            return hands
        rng.shuffle(order)
    return _match_hidden(pool, seats)


def _match_hidden(pool: list[int], seats: list[tuple[int, int, int]]) -> dict[int, list[int]]:
    """Any dealing that respects every ``lacks`` (augmenting paths): the rare case in which
    dealing hand by hand got stuck. The true state is one, so one exists for a real view."""
    slots = [(p, lacks) for p, size, lacks in seats for _ in range(size)]
    owner: list[int | None] = [None] * len(slots)  # slot -> index into pool

    def place(i: int, seen: set[int]) -> bool:
        for j, (_, lacks) in enumerate(slots):
            if j in seen or not _allowed(pool[i], lacks):
                continue
            seen.add(j)
            k = owner[j]
            if k is None or place(k, seen):
                owner[j] = i
                return True
        return False

    for i in range(len(pool)):
        if None not in owner:
            break
        place(i, set())
    if None in owner:
        raise PositionError(reason="no dealing of the unseen cards fits the ranks the hands lack")
    hands: dict[int, list[int]] = {p: [] for p, _, _ in seats}
    for (p, _), held in zip(slots, owner, strict=True):
        assert held is not None
        hands[p].append(pool[held])
    used = {i for i in owner if i is not None}
    pool[:] = [c for i, c in enumerate(pool) if i not in used]
    return hands
