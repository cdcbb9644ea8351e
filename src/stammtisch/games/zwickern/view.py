"""What one seat may know in Zwickern, and sampling a full state consistent with it.

Public: the table, every capture pile (captured cards were all played or lying open),
hand sizes, the size of the draw pile, scores, the last move. Private: one's own hand.
Hidden from everybody: the other hands and the order of the draw pile, and the RNG.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from stammtisch.core.errors import PositionError
from stammtisch.core.events import filter_events
from stammtisch.core.game import JSON
from stammtisch.core.position import check_size, reading, shuffled_rest
from stammtisch.games.zwickern.cards import CARD_TEXT, FULL_DECK, parse_card
from stammtisch.games.zwickern.state import _last_json

if TYPE_CHECKING:
    from stammtisch.games.zwickern.game import ZwickernGame
    from stammtisch.games.zwickern.state import ZwickernState


def observe(state: ZwickernState, seat: int | None) -> JSON:
    return observe_all(state, (seat,))[0]


def observe_all(state: ZwickernState, seats: Sequence[int | None]) -> list[JSON]:
    """The views of ``seats``: the public part is built once; each view is its own dict
    (nested public values are shared)."""
    text = CARD_TEXT.__getitem__
    public: JSON = {
        "game": "zwickern",
        "options": dict(state.game.options),
        "seat": None,
        "players": state.n,
        "round": state.round,
        "rounds": state.game.rounds,
        "dealer": state.dealer,
        "current_player": state.current,
        "terminal": state.current is None,
        "hand_sizes": [len(h) for h in state.hands],
        "deck_size": len(state.deck),
        "table": list(map(text, state.table)),
        "captured": [list(map(text, p)) for p in state.captured],
        "last_capturer": state.last_capturer,
        "match_points": list(state.match_points),
        "round_results": [list(r) for r in state.round_results],
        "scores": state.scores(),
        "last": _last(state),
    }
    returns = state.returns() if state.current is None else None
    raw = state.raw_events()
    views: list[JSON] = []
    for seat in seats:
        view = dict(public)
        view["seat"] = seat
        if seat is not None:
            view["hand"] = list(map(text, sorted(state.hands[seat])))
        if returns is not None:
            view["returns"] = returns
        view["events"] = filter_events(raw, seat)
        views.append(view)
    return views


def _last(state: ZwickernState) -> dict[str, Any] | None:
    return _last_json(state.last)


def sample_state(game: ZwickernGame, view: Mapping[str, Any], rng: random.Random) -> ZwickernState:
    """Deal the cards the seat cannot see at random into the other hands and the pile."""
    from stammtisch.games.zwickern.state import ZwickernState

    with reading("Zwickern view"):
        seat = view["seat"]
        n = int(view["players"])
        if n != game.num_players:
            raise PositionError(reason="view is for another number of players")
        s = ZwickernState(game)
        s.round = int(view["round"])
        s.dealer = int(view["dealer"])
        s.current = view["current_player"]
        s.table = [parse_card(c) for c in view["table"]]
        s.captured = [tuple(parse_card(c) for c in p) for p in view["captured"]]
        s.last_capturer = view["last_capturer"]
        s.match_points = tuple(int(p) for p in view["match_points"])
        s.round_results = [[int(p) for p in r] for r in view["round_results"]]
        last = view["last"]
        s.last = (
            None
            if last is None
            else (
                int(last["seat"]),
                parse_card(last["card"]),
                tuple(parse_card(c) for c in last["captured"]),
            )
        )
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
    s.rng_state = rng.getrandbits(64)
    s.keep_events(view.get("events") or [])
    return s
