"""What one seat may know in Himmel.

Public: both piles with all their targets, the marker, the direction, every penalty pile
(they lie open, HAZ-5/HAZ-7), hand sizes, the size of the draw pile, cards turned up by the
latest search (HAZ-2, HAZ-7), the last action, results and scores.
Private to a seat: its hand, its facts about where hidden cards are (``known``: e.g. the
card a thief took from it, HAZ-5), which of its own cards another seat knows it holds
(``known_by``: the thief knows what it took), and the card of the last steal if it was the
thief or the victim. Hidden from everybody: the other hands, the order of the draw pile and
the RNG.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from stammtisch.core.game import JSON
from stammtisch.core.package import seat_views
from stammtisch.games.himmel.actions import PILE_NAMES, Steal
from stammtisch.games.himmel.cards import card_text, card_texts
from stammtisch.games.himmel.knowledge import facts_json
from stammtisch.games.himmel.state import last_json

if TYPE_CHECKING:
    from stammtisch.games.himmel.state import HimmelState


def observe_all(state: HimmelState, seats: Sequence[int | None]) -> list[JSON]:
    """The views of ``seats``: the public part is built once; each view is its own dict
    (nested public values are shared). The last action names a stolen card only to the
    thief and the victim."""
    last = state.last
    action = None if last is None else last[1]
    # The seats that see the card of the last steal: the thief and the victim.
    witnesses = (last[0], action.victim) if last is not None and isinstance(action, Steal) else ()
    public_last = last_json(last, False)
    public: JSON = {
        "game": "himmel",
        "options": dict(state.game.options),
        "seat": None,
        "players": state.n,
        "game_no": state.game_no,
        "games": state.game.options["games"],
        "start": state.start,
        "current_player": state.current,
        "terminal": state.current is None,
        "direction": state.direction,
        "marker": PILE_NAMES[state.marker],
        "piles": [
            {
                "name": PILE_NAMES[p],
                "target": card_text(state.targets[p][-1]) if state.targets[p] else None,
                "targets": card_texts(state.targets[p]),
                "cards": card_texts(state.piles[p]),
                "marked": state.marker == p,
            }
            for p in range(2)
        ],
        "hand_sizes": [len(h) for h in state.hands],
        "deck_size": len(state.deck),
        "penalty": [card_texts(pile) for pile in state.penalty],
        "penalty_counts": [len(pile) for pile in state.penalty],
        "results": [list(r) for r in state.results],
        "penalties": state.penalties(),
        "scores": state.scores(),
        "last": public_last,
        "revealed": card_texts(state.revealed),
    }
    winners = state.winners() if state.current is None else None
    known = state.known

    def own(view: JSON, seat: int | None) -> None:
        if seat is not None:
            if seat in witnesses:
                view["last"] = last_json(last, True)
            view["hand"] = card_texts(state.hands[seat])
            view["known"] = facts_json(known[seat])
            bit = 1 << seat
            view["known_by"] = [
                {"seat": v, "card": card_text(c)}
                for v in range(state.n)
                if v != seat
                for c, m in sorted(known[v])
                if m == bit
            ]
        if winners is not None:
            view["winners"] = winners

    return seat_views(state, public, seats, own)
