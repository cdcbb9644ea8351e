"""What one seat may know in Himmel, and sampling a full state consistent with it.

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

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from stammtisch.core.errors import PositionError
from stammtisch.core.events import filter_events
from stammtisch.core.game import JSON
from stammtisch.core.position import reading, rest_of_pack
from stammtisch.core.rng import Rng
from stammtisch.games.himmel import knowledge as kn
from stammtisch.games.himmel.actions import PILE_NAMES, Steal
from stammtisch.games.himmel.cards import FULL_DECK, card_text, card_texts
from stammtisch.games.himmel.state import facts_json, last_json

if TYPE_CHECKING:
    from stammtisch.games.himmel.game import HimmelGame
    from stammtisch.games.himmel.state import HimmelState


def observe(state: HimmelState, seat: int | None) -> JSON:
    return observe_all(state, (seat,))[0]


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
    over = state.current is None
    returns, winners = (state.returns(), state.winners()) if over else (None, None)
    known = state.known
    raw = state.raw_events()
    views: list[JSON] = []
    for seat in seats:
        view = dict(public)
        view["seat"] = seat
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
        if over:
            view["returns"] = returns
            view["winners"] = winners
        view["events"] = filter_events(raw, seat)
        views.append(view)
    return views


def sample_state(game: HimmelGame, view: Mapping[str, Any], rng: random.Random) -> HimmelState:
    """Deal the cards the seat cannot see at random, keeping every fact the seat knows.

    Cards named by the seat's facts are placed first (each in one of its possible places,
    by a matching), the rest fill the remaining hand and draw pile places at random. The
    other seats keep only what the seat knows they know (``known_by``).
    """
    from stammtisch.games.himmel.position import parse_cards, parse_facts, parse_last
    from stammtisch.games.himmel.state import HimmelState

    with reading("Himmel view"):
        seat = view["seat"]
        n = int(view["players"])
        if n != game.num_players:
            raise PositionError(reason="view is for another number of players")
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
