"""What one seat may know in Dog, and sampling a full state consistent with it.

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

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from stammtisch.core.errors import PositionError
from stammtisch.core.events import filter_events
from stammtisch.core.game import JSON
from stammtisch.core.position import check_size, reading, shuffled_rest
from stammtisch.core.rng import Rng
from stammtisch.games.dog.cards import FULL_DECK, RANK_TEXT, card_text, parse_card
from stammtisch.games.dog.moves import controlled_seat
from stammtisch.games.dog.state import EXCHANGE, OVER, DogState

if TYPE_CHECKING:
    from stammtisch.games.dog.game import DogGame


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
        "pile_size": len(state.pile),
        "discards": [RANK_TEXT[c] for c in state.discards],
        "folded": list(state.folded),
        "exchange": None,
        "last": None if state.last is None else {"seat": state.last[0], "action": state.last[1]},
        "scores": state.scores(),
    }
    game = state.game
    if game.no_jack_reswap:
        public["swap_lock"] = None if state.swap_lock is None else list(state.swap_lock)
    returns = state.returns() if cur is None else None
    raw = state.raw_events()
    views: list[JSON] = []
    for seat in seats:
        view = dict(public)
        view["seat"] = seat
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
        if returns is not None:
            view["returns"] = returns
        view["events"] = filter_events(raw, seat)
        views.append(view)
    return views


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
        if game.two_steals and seat is not None:
            s.stolen = tuple(
                (int(e["thief"]), int(e["victim"]), parse_card(e["card"])) for e in view.get("stolen", [])
            )
        lock = view.get("swap_lock") if game.no_jack_reswap else None
        if lock is not None:
            a, b = sorted(int(x) for x in lock)
            s.swap_lock = (a, b)
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
        return s.phase == EXCHANGE and s.given[p] and not all(s.given[t] for t in board.teammates(p))

    partner = -1 if seat is None else board.partner(seat)  # who got this seat's card
    giver = -1 if seat is None else board.giver(seat)  # whose card this seat got
    # The card given is in flight, or (while known) in the partner's hand.
    away = [gave] if seat is not None and gave >= 0 and (in_flight(seat) or known) else []
    # DOG-24: cards this seat lost to a thief and still knows where they are.
    held: dict[int, list[int]] = {}
    for t, _v, c in s.stolen:
        if t != seat:
            held.setdefault(t, []).append(c)
            away.append(c)
    pool = shuffled_rest(FULL_DECK, (own, s.discards, away), rng)
    for p in range(n):
        if p == seat:
            s.hands[p] = own
            continue
        hand = [gave] if p == partner and known and gave >= 0 else []
        hand += held.get(p, [])
        while len(hand) < sizes[p]:
            hand.append(pool.pop())
        s.hands[p] = sorted(hand)
    for p in range(n):
        if p == seat:
            s.gave[p] = gave
            s.gave_known[p] = known
        elif p == giver and received >= 0:
            s.gave[p] = received
            s.gave_known[p] = received in own
        elif in_flight(p):
            s.gave[p] = pool.pop()
    s.pile = pool
    check_size(s.pile, view["pile_size"], "pile")
    s.rng = Rng(rng.getrandbits(64))
    if s.phase == OVER:
        s.current = None
    s.keep_events(view.get("events") or [])
    return s
