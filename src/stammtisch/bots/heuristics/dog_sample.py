"""The search's determinizations of one Dog view, dealt without reading the view again.

``Game.sample_state(view, rng)`` reads the whole view (every peg token, every discard,
the exchange) for each state it deals; a search deals a thousand states from one view.
:class:`DogDeals` reads the view once: a template state from ``game.sample_state`` (all the
view fixes: pegs, discards, turn, exchange flags, the seat's own hand and cards) and the
cards the seat cannot see, in the order the sampler shuffles them. Each :meth:`DogDeals.deal`
then shuffles those cards with the caller's generator and deals them exactly as
:func:`stammtisch.games.dog.sample.sample_state` does (same generator calls, same order:
the other hands, the cards in flight in the exchange, the pile, then the state's RNG), so
for the same generator it returns the same state (``tests/bots/test_dog_sample.py``
compares them on views of every variant).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from stammtisch.core.position import check_size, rest_of_pack
from stammtisch.core.rng import Rng
from stammtisch.games.dog.cards import FULL_DECK
from stammtisch.games.dog.game import DogGame
from stammtisch.games.dog.sample import KnownCards
from stammtisch.games.dog.state import DogState


class DogDeals:
    """Deals the hidden cards of one view (see module)."""

    def __init__(self, game: DogGame, view: Mapping[str, Any]) -> None:
        # Everything the view fixes; the generator only deals the hidden cards, dealt anew
        # in deal().
        t = game.sample_state(view, random.Random(0))
        board = game.board
        seat = view["seat"]
        self.template = t
        self.seat: int | None = seat
        self.sizes = [int(x) for x in view["hand_sizes"]]
        self.deck_size = int(view["deck_size"])
        gave = received = -1
        known = False
        if seat is not None:
            ex = view["exchange"]
            gave = t.gave[seat]
            received = t.gave[board.giver(seat)] if ex["received"] is not None else -1
            known = t.gave_known[seat]

        known_cards = KnownCards(game, t, seat, gave, received, known)
        own = t.hands[seat] if seat is not None else []
        self.hidden = sorted(rest_of_pack(FULL_DECK, (own, t.discards, known_cards.away)).elements())
        # Per seat: the cards it is known to hold (None: the seat's own hand, kept).
        self.fixed: list[list[int] | None] = known_cards.fixed
        # The seats whose exchange card is in flight and unknown: dealt after the hands.
        self.in_flight = known_cards.in_flight

    def deal(self, rng: random.Random) -> DogState:
        """One state consistent with the view, the hidden cards dealt by ``rng``."""
        pool = list(self.hidden)
        rng.shuffle(pool)
        t = self.template
        s = t.clone()
        hands = list(t.hands)
        for p, fixed in enumerate(self.fixed):
            if fixed is None:
                continue
            hand = list(fixed)
            size = self.sizes[p]
            while len(hand) < size:
                hand.append(pool.pop())
            hands[p] = sorted(hand)
        s.hands = hands
        if self.in_flight:
            gave = list(t.gave)
            for p in self.in_flight:
                gave[p] = pool.pop()
            s.gave = gave
        s.pile = pool
        check_size(pool, self.deck_size)
        s.rng = Rng(rng.getrandbits(64))
        return s
