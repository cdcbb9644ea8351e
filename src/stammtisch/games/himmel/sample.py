"""Sampling a full Himmel state consistent with one seat's view (``Game.sample_state``).

What a seat sees is described in :mod:`.view`; every card it cannot see is dealt at random
from the cards it cannot account for (:func:`stammtisch.core.position.shuffled_rest`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from stammtisch.core.errors import PositionError
from stammtisch.core.position import reading, rest_of_pack, view_seat
from stammtisch.core.rng import Rng
from stammtisch.games.himmel import knowledge as kn
from stammtisch.games.himmel.actions import PILE_NAMES
from stammtisch.games.himmel.cards import FULL_DECK
from stammtisch.games.himmel.position import parse_cards, parse_facts, parse_last
from stammtisch.games.himmel.state import HimmelState

if TYPE_CHECKING:
    from stammtisch.games.himmel.game import HimmelGame


def sample_state(game: HimmelGame, view: Mapping[str, Any], rng: random.Random) -> HimmelState:
    """Deal the cards the seat cannot see at random, keeping every fact the seat knows.

    Cards named by the seat's facts are placed first (each in one of its possible places,
    by a matching), the rest fill the remaining hand and draw pile places at random. The
    other seats keep only what the seat knows they know (``known_by``).
    """
    with reading("Himmel view"):
        n = game.num_players
        seat = view_seat(view, n)
        s = HimmelState(game)
        s.game_no = int(view["game_no"])
        s.start = int(view["start"])
        s.current = view["current_player"]
        s.direction = int(view["direction"])
        s.marker = PILE_NAMES.index(view["marker"])
        pile_a, pile_b = view["piles"]
        s.targets = (tuple(parse_cards(pile_a["targets"])), tuple(parse_cards(pile_b["targets"])))
        s.piles = (tuple(parse_cards(pile_a["cards"])), tuple(parse_cards(pile_b["cards"])))
        s.penalty = [tuple(parse_cards(p)) for p in view["penalty"]]
        s.results = tuple(tuple(int(x) for x in r) for r in view["results"])
        s.revealed = tuple(parse_cards(view["revealed"]))
        sizes = [int(x) for x in view["hand_sizes"]]
        deck_size = int(view["deck_size"])
        own = parse_cards(view["hand"]) if seat is not None else []
        facts = parse_facts(view["known"], n, seat) if seat is not None else ()
        exposed = [(int(e["seat"]), parse_cards([e["card"]])[0]) for e in view.get("known_by", [])]
        last = view["last"]

    seen = (*s.targets, *s.piles, *s.penalty, own)
    unseen = rest_of_pack(FULL_DECK, seen, "view shows a card more often than the pack has it")
    slots: list[int] = [kn.DECK] * deck_size
    for p in range(n):
        if p != seat:
            slots.extend([1 << p] * sizes[p])
    if len(slots) != sum(unseen.values()):
        raise PositionError(reason="hand sizes and draw pile do not add up to the pack")
    rng.shuffle(slots)
    order = list(facts)
    rng.shuffle(order)
    placed = kn.match([m for _, m in order], slots)
    if placed is None:
        raise PositionError(reason="the seat's facts cannot all be true")
    where: list[int | None] = [None] * len(slots)
    for (card, _), j in zip(order, placed, strict=True):
        where[j] = card
        unseen[card] -= 1
    if any(v < 0 for v in unseen.values()):
        raise PositionError(reason="the seat's facts name more copies than are unseen")
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    for j in range(len(slots)):
        if where[j] is None:
            where[j] = pool.pop()
    hands: list[list[int]] = [[] for _ in range(n)]
    deck: list[int] = []
    for j, bit in enumerate(slots):
        dealt = where[j]
        assert dealt is not None
        if bit == kn.DECK:
            deck.append(dealt)
        else:
            hands[bit.bit_length() - 1].append(dealt)
    s.deck = deck
    if seat is not None:
        hands[seat] = own
    s.hands = [tuple(sorted(h)) for h in hands]
    if seat is not None:
        known = s.known
        known[seat] = facts
        for v, card in exposed:
            known[v] = (*known[v], (card, 1 << seat))
        s.known = known
    s.last = parse_last(last, s.hands, rng) if last is not None else None
    s.rng = Rng(rng.getrandbits(64))
    s.keep_events(view.get("events") or [])
    return s
