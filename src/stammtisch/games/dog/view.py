"""What one seat may know in Dog.

Public: all pegs (with fresh flags), the discards face up in order (played cards and
folded hands), hand sizes, the pile size, round, dealer, whose turn, which seats have
chosen their exchange card, folded seats, teams, the last play. Private to a seat: its
hand, the card it gave in this round's exchange and, once both partners have chosen, the
card it received; and whether the card it gave is still known to be in the partner's hand
(until the partner discards a card of that rank). Hidden from everybody: other hands,
cards in flight in the exchange, the pile order and the RNG.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from stammtisch.core.game import JSON
from stammtisch.games.dog.cards import RANK_TEXT, card_text
from stammtisch.games.dog.moves import controlled_seat
from stammtisch.games.dog.state import DogState

if TYPE_CHECKING:
    pass


def observe(state: DogState, seat: int | None) -> JSON:
    return observe_all(state, (seat,))[0]


def observe_all(state: DogState, seats: Sequence[int | None]) -> list[JSON]:
    """The views of ``seats``: the public part is built once; each view is its own dict,
    with its own ``exchange`` dict (other nested public values are shared)."""
    board = state.board
    n = state.n
    cur = state.current
    given = list(state.given)
    public: JSON = {
        "game": "dog",
        "options": dict(state.game.options),
        "seat": None,
        "players": n,
        "teams": board.teams(),
        "round": state.round,
        "hand_size": state.hand_size,
        "dealer": state.dealer,
        "start_seat": state.start_seat,
        "phase": state.phase,
        "current_player": cur,
        "moves_for": None if cur is None else controlled_seat(state.pos, cur, board),
        "terminal": cur is None,
        "winner": state.winner,
        "pegs": [
            [board.token(state.pos[i], bool(state.fresh >> i & 1)) for i in range(4 * s, 4 * s + 4)]
            for s in range(n)
        ],
        "hand_sizes": [len(h) for h in state.hands],
        "deck_size": len(state.pile),
        "discards": [RANK_TEXT[c] for c in state.discards],
        "folded": list(state.folded),
        "exchange": None,
        "last": None if state.last is None else {"seat": state.last[0], "action": state.last[1]},
        "scores": state.scores(),
    }
    returns = state.returns() if cur is None else None
    views: list[JSON] = []
    for seat in seats:
        view = dict(public)
        view["seat"] = seat
        exchange: JSON = {"given": given}
        view["exchange"] = exchange
        if seat is not None:
            partner = board.partner(seat)
            view["hand"] = [RANK_TEXT[c] for c in state.hands[seat]]
            gave = state.gave[seat] if state.given[seat] else -1
            got = state.gave[partner] if state.given[seat] and state.given[partner] else -1
            exchange["gave"] = card_text(gave) if gave >= 0 else None
            exchange["received"] = card_text(got) if got >= 0 else None
            exchange["known"] = state.gave_known[seat]
        if returns is not None:
            view["returns"] = returns
        views.append(view)
    return views
