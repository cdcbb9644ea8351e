"""What one seat may know in Dog.

Public: all pegs (with fresh flags), the discards face up in order (played cards and
folded hands), hand sizes, the pile size, round, dealer, whose turn, which seats have
chosen their exchange card, folded seats, teams, the last play. Private to a seat: its
hand, the card it gave in this round's exchange and, once both partners have chosen, the
card it received; and whether the card it gave is still known to be in the partner's hand
(until the partner discards a card of that rank). Hidden from everybody: other hands,
cards in flight in the exchange, the pile order and the RNG.

With teams of three (DOG-22) "the partner" above is the next teammate (who receives the
card) and the card received comes from the previous one; playing alone (DOG-21) there is
no exchange. Option ``two_steals`` (DOG-24): the thief and the victim see the stolen card
(``stolen``, while it is known to be in the thief's hand); the others see only that a
theft took place. Option ``no_jack_reswap`` (DOG-25): the locked pair is public.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from stammtisch.core.game import JSON
from stammtisch.core.package import seat_views
from stammtisch.games.dog.cards import RANK_TEXT, card_text
from stammtisch.games.dog.moves import controlled_seat
from stammtisch.games.dog.state import DogState

if TYPE_CHECKING:
    pass


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
    game = state.game
    if game.no_jack_reswap:
        public["swap_lock"] = None if state.swap_lock is None else list(state.swap_lock)

    def own(view: JSON, seat: int | None) -> None:
        exchange: JSON = {"given": given}
        view["exchange"] = exchange
        if seat is not None:
            giver = board.giver(seat)
            view["hand"] = [RANK_TEXT[c] for c in state.hands[seat]]
            gave = state.gave[seat] if state.given[seat] else -1
            delivered = state.given[seat] and all(state.given[t] for t in board.teammates(seat))
            got = state.gave[giver] if delivered and not board.alone else -1
            exchange["gave"] = card_text(gave) if gave >= 0 else None
            exchange["received"] = card_text(got) if got >= 0 else None
            exchange["known"] = state.gave_known[seat]
            if game.two_steals:  # DOG-24: seen by the thief and the victim only
                view["stolen"] = [
                    {"thief": t, "victim": v, "card": card_text(c)}
                    for t, v, c in state.stolen
                    if seat in (t, v)
                ]

    return seat_views(state, public, seats, own)
