"""Sampling a full Zwickern state consistent with one seat's view (``Game.sample_state``).

What a seat sees is described in :mod:`.view`; every card it cannot see is dealt at random
from the cards it cannot account for (:func:`stammtisch.core.position.shuffled_rest`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from stammtisch.core.position import check_size, reading, shuffled_rest, view_seat
from stammtisch.core.rng import Rng
from stammtisch.games.zwickern.cards import FULL_DECK, parse_card
from stammtisch.games.zwickern.position import parse_last
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
    pool = shuffled_rest(FULL_DECK, (s.table, *s.captured, own), rng)
    for p in range(n):
        if p == seat:
            s.hands[p] = own
        else:
            s.hands[p] = [pool.pop() for _ in range(sizes[p])]
    s.deck = pool
    check_size(s.deck, view["deck_size"])
    s.rng = Rng(rng.getrandbits(64))
    s.keep_events(view.get("events") or [])
    return s
