"""Sampling a full Dog state consistent with one seat's view (``Game.sample_state``).

What a seat sees is described in :mod:`.view`; every card it cannot see is dealt at random
from the cards it cannot account for (:func:`stammtisch.core.position.shuffled_rest`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from stammtisch.core.position import check_size, reading, shuffled_rest, view_seat
from stammtisch.core.rng import Rng
from stammtisch.games.dog.cards import FULL_DECK, parse_card
from stammtisch.games.dog.state import EXCHANGE, OVER, DogState

if TYPE_CHECKING:
    from stammtisch.games.dog.game import DogGame


def sample_state(game: DogGame, view: Mapping[str, Any], rng: random.Random) -> DogState:
    """Deal every card the seat cannot see at random, keeping what it knows."""
    board = game.board
    with reading("Dog view"):
        n = game.num_players
        seat = view_seat(view, n)
        s = _public(game, view, seat)
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

    known_cards = KnownCards(game, s, seat, gave, received, known)
    pool = shuffled_rest(FULL_DECK, (own, s.discards, known_cards.away), rng)
    for p, fixed in enumerate(known_cards.fixed):
        if fixed is None:
            s.hands[p] = own
            continue
        hand = list(fixed)
        while len(hand) < sizes[p]:
            hand.append(pool.pop())
        s.hands[p] = sorted(hand)
    if seat is not None:
        s.gave[seat] = gave
        s.gave_known[seat] = known
        if received >= 0:
            s.gave[board.giver(seat)] = received
            s.gave_known[board.giver(seat)] = received in own
    for p in known_cards.in_flight:
        s.gave[p] = pool.pop()
    s.pile = pool
    check_size(s.pile, view["deck_size"])
    s.rng = Rng(rng.getrandbits(64))
    if s.phase == OVER:
        s.current = None
    s.keep_events(view.get("events") or [])
    return s


class KnownCards:
    """Where the cards a seat knows of are, in a state with the view's public part (``s``):

    ``away`` the cards the seat knows are in no hand it could be dealt from (its exchange
    card in flight or, while known, in the partner's hand; DOG-24: cards stolen from it),
    ``fixed[p]`` the cards seat ``p`` is known to hold (``None`` for the seat itself, whose
    hand is known whole), ``in_flight`` the other seats whose exchange card is on its way and
    unknown to the seat (dealt after the hands, in this order)."""

    def __init__(
        self, game: DogGame, s: DogState, seat: int | None, gave: int, received: int, known: bool
    ) -> None:
        board = game.board
        n = game.num_players

        def in_flight(p: int) -> bool:
            return s.phase == EXCHANGE and s.given[p] and not all(s.given[t] for t in board.teammates(p))

        partner = -1 if seat is None else board.partner(seat)  # who got this seat's card
        giver = -1 if seat is None else board.giver(seat)  # whose card this seat got
        self.away = [gave] if seat is not None and gave >= 0 and (in_flight(seat) or known) else []
        held: dict[int, list[int]] = {}
        for t, _v, c in s.stolen:
            if t != seat:
                held.setdefault(t, []).append(c)
                self.away.append(c)
        self.fixed: list[list[int] | None] = [
            None if p == seat else ([gave] if p == partner and known and gave >= 0 else []) + held.get(p, [])
            for p in range(n)
        ]
        self.in_flight = [
            p for p in range(n) if p != seat and not (p == giver and received >= 0) and in_flight(p)
        ]


def _public(game: DogGame, view: Mapping[str, Any], seat: int | None) -> DogState:
    """A state with everything the view shows openly (pegs, piles, turn, exchange flags)."""
    board = game.board
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
    if game.two_steals and seat is not None:
        s.stolen = tuple(
            (int(e["thief"]), int(e["victim"]), parse_card(e["card"])) for e in view.get("stolen", [])
        )
    lock = view.get("swap_lock") if game.no_jack_reswap else None
    if lock is not None:
        a, b = sorted(int(x) for x in lock)
        s.swap_lock = (a, b)
    return s
