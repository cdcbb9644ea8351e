"""Sampling a full Dog state consistent with one seat's view (``Game.sample_state``).

What a seat sees is described in :mod:`.view`; every card it cannot see is dealt at random
from the cards it cannot account for (:func:`stammtisch.core.position.shuffled_rest`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from stammtisch.core.errors import PositionError
from stammtisch.core.position import check_size, reading, shuffled_rest
from stammtisch.core.rng import Rng
from stammtisch.games.dog.cards import FULL_DECK, parse_card
from stammtisch.games.dog.state import EXCHANGE, OVER, DogState

if TYPE_CHECKING:
    from stammtisch.games.dog.game import DogGame


def sample_state(game: DogGame, view: Mapping[str, Any], rng: random.Random) -> DogState:
    """Deal every card the seat cannot see at random, keeping what it knows."""
    board = game.board
    with reading("Dog view"):
        n = int(view["players"])
        if n != game.num_players:
            raise PositionError(reason="view is for another number of players")
        seat = view["seat"]
        s = DogState(game)
        for p, places in enumerate(view["pegs"]):
            for k, token in enumerate(places):
                place, fresh = board.parse_token(p, token)
                s.pos[4 * p + k] = place
                if fresh:
                    s.fresh |= 1 << (4 * p + k)
        s.round = int(view["round"])
        s.dealer = int(view["dealer"])
        s.phase = str(view["phase"])
        s.current = view["current_player"]
        s.winner = view["winner"]
        s.folded = [bool(x) for x in view["folded"]]
        s.discards = [parse_card(c) for c in view["discards"]]
        s.given = [bool(x) for x in view["exchange"]["given"]]
        last = view["last"]
        s.last = None if last is None else (int(last["seat"]), str(last["action"]))
        sizes = [int(x) for x in view["hand_sizes"]]
        own: list[int] = []
        gave = received = -1
        known = False
        if seat is not None:
            own = sorted(parse_card(c) for c in view["hand"])
            ex = view["exchange"]
            gave = -1 if ex["gave"] is None else parse_card(ex["gave"])
            received = -1 if ex["received"] is None else parse_card(ex["received"])
            known = bool(ex["known"])

    def in_flight(p: int) -> bool:
        return s.phase == EXCHANGE and s.given[p] and not s.given[board.partner(p)]

    partner = -1 if seat is None else board.partner(seat)
    # The card given is in flight, or (while known) in the partner's hand.
    away = [gave] if seat is not None and gave >= 0 and (in_flight(seat) or known) else []
    pool = shuffled_rest(FULL_DECK, (own, s.discards, away), rng)
    for p in range(n):
        if p == seat:
            s.hands[p] = own
            continue
        hand = [gave] if p == partner and known and gave >= 0 else []
        while len(hand) < sizes[p]:
            hand.append(pool.pop())
        s.hands[p] = sorted(hand)
    for p in range(n):
        if p == seat:
            s.gave[p] = gave
            s.gave_known[p] = known
        elif p == partner and received >= 0:
            s.gave[p] = received
            s.gave_known[p] = received in own
        elif in_flight(p):
            s.gave[p] = pool.pop()
    s.pile = pool
    check_size(s.pile, view["deck_size"])
    s.rng = Rng(rng.getrandbits(64))
    if s.phase == OVER:
        s.current = None
    return s
