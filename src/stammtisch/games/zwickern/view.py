"""What one seat may know in Zwickern.

Public: the table, every capture pile (captured cards were all played or lying open),
hand sizes, the size of the draw pile, scores, the last move, and per seat the ranks it has
shown it does not hold (it laid a card where a capture would have been forced, ZW-5).
Private: one's own hand. Hidden from everybody: the other hands and the order of the draw pile, and the RNG.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from stammtisch.core.game import JSON
from stammtisch.core.package import seat_views
from stammtisch.games.zwickern.cards import CARD_TEXT
from stammtisch.games.zwickern.state import _last_json, lacks_json

if TYPE_CHECKING:
    from stammtisch.games.zwickern.state import ZwickernState


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
        "lacks": lacks_json(state.lacks),
    }

    def own(view: JSON, seat: int | None) -> None:
        if seat is not None:
            view["hand"] = list(map(text, sorted(state.hands[seat])))

    return seat_views(state, public, seats, own)


def _last(state: ZwickernState) -> dict[str, Any] | None:
    return _last_json(state.last)
