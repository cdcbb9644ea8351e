"""Reading Himmel positions: ``to_json`` output and hand-written test positions.

A position is a JSON object. Cards are written in notation (``57`` or ``"57"``, ``"turn"``,
``"steal"``, ``"raise"``). Keys (defaults in brackets):

``hands``      required: one list per seat (at most 5 cards each).
``piles``      required: two objects (pile A, pile B), each ``{"targets": [...], "cards": [...]}``;
               ``targets`` bottom first (the last is the pile's target; a raised pile has
               several), ``cards`` bottom first. ``{"target": 57}`` is short for one target.
``current``    the seat to move [0]; ``null`` for a finished match.
``direction``  ``1`` clockwise or ``-1`` [1] (``"cw"``/``"ccw"`` also read).
``marker``     ``"A"`` or ``"B"`` [A].
``penalty``    one list per seat, the open penalty piles [empty].
``deck``       the draw pile, **top first** (the next card drawn is the first listed).
``deck_top``   cards on top of the draw pile, top first, with the unnamed cards below them.
``rest_to``    a seat: the unnamed cards go onto that seat's penalty pile instead of into
               the draw pile (for positions late in a game).
               Unnamed cards (every card of the pack not named anywhere) lie in the draw pile
               below ``deck_top`` in this order, top first: numbers ascending, then the
               ``turn``, ``steal`` and ``raise`` cards. If ``deck`` is given, every card must
               be placed by name or by ``rest_to``.
``known``      per seat, facts ``{"card": c, "seats": [..], "deck": false}`` [none].
``results``    penalties of finished games of the match, one row per game [none].
``game_no``    index of the running game [number of results].
``start``      the seat that started this game [``current``].
``last``       ``{"seat": s, "action": "57>A", "stolen": c}`` [null].
``revealed``   cards turned up by the latest search [none].
``rng``        the RNG state [0].
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from stammtisch.core.errors import PositionError
from stammtisch.core.position import checked, reading
from stammtisch.games.himmel import knowledge as kn
from stammtisch.games.himmel.actions import Steal, parse_action
from stammtisch.games.himmel.cards import FULL_DECK, HAND_SIZE, card_text, parse_card
from stammtisch.games.himmel.state import HimmelState, Last

if TYPE_CHECKING:
    from stammtisch.games.himmel.game import HimmelGame


def parse_cards(values: Sequence[Any]) -> list[int]:
    if isinstance(values, str | bytes) or not isinstance(values, Sequence):
        raise PositionError(reason=f"expected a list of cards, got {values!r}")
    return [parse_card(v) for v in values]


def parse_facts(data: Sequence[Any], n: int, owner: int) -> kn.Facts:
    facts: list[kn.Fact] = []
    for f in data:
        mask = kn.DECK if f.get("deck", False) else 0
        for s in f.get("seats", []):
            if not (isinstance(s, int) and 0 <= s < n) or s == owner:
                raise PositionError(reason=f"seat {owner} has a fact naming seat {s!r}")
            mask |= 1 << s
        if not mask:
            raise PositionError(reason=f"seat {owner} has a fact naming no place")
        facts.append((parse_card(f["card"]), mask))
    return tuple(facts)


def parse_last(data: Mapping[str, Any], hands: Sequence[Sequence[int]], rng: random.Random | None) -> Last:
    """The last action; a steal whose card is not shown gets one from the thief's hand."""
    seat = int(data["seat"])
    action = parse_action(str(data["action"]))
    stolen = parse_card(data["stolen"]) if data.get("stolen") is not None else None
    if stolen is None and isinstance(action, Steal) and rng is not None and hands[seat]:
        stolen = rng.choice(sorted(hands[seat]))
    return (seat, action, stolen)


def _direction(value: Any) -> int:
    if value in (1, "cw"):
        return 1
    if value in (-1, "ccw"):
        return -1
    raise PositionError(reason=f"direction must be 1 or -1, not {value!r}")


def _pile(data: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    targets = [parse_card(data["target"])] if "target" in data else parse_cards(data.get("targets", []))
    return tuple(targets), tuple(parse_cards(data.get("cards", [])))


def read_position(game: HimmelGame, data: Mapping[str, Any]) -> HimmelState:
    game.check_json_header(data)
    n = game.num_players
    s = HimmelState(game)
    with reading("Himmel position"):
        s.hands = [tuple(sorted(parse_cards(h))) for h in data["hands"]]
        piles = data["piles"]
        if len(piles) != 2:
            raise PositionError(reason="there are exactly two piles, A and B")
        a, b = _pile(piles[0]), _pile(piles[1])
        s.targets = (a[0], b[0])
        s.piles = (a[1], b[1])
        penalty = [parse_cards(p) for p in data.get("penalty", [[]] * n)]
        cur = data.get("current", 0)
        s.current = None if cur is None else int(cur)
        s.direction = _direction(data.get("direction", 1))
        marker = data.get("marker", "A")
        if marker not in ("A", "B", "a", "b", 0, 1):
            raise PositionError(reason=f"marker must be A or B, not {marker!r}")
        s.marker = marker if isinstance(marker, int) else "ab".index(marker.lower())
        s.results = tuple(tuple(int(x) for x in r) for r in data.get("results", []))
        default_no = len(s.results) - (1 if s.current is None else 0)
        s.game_no = int(data.get("game_no", default_no))
        s.start = int(data.get("start", s.current if s.current is not None else 0))
        s.revealed = tuple(parse_cards(data.get("revealed", [])))
        s.rng.state = int(data.get("rng", 0))
        if len(s.hands) != n or len(penalty) != n:
            raise PositionError(reason=f"hands and penalty need {n} entries, one per seat")
        if s.current is not None and not 0 <= s.current < n:
            raise PositionError(reason=f"current must be a seat 0..{n - 1} or null")
        for seat, h in enumerate(s.hands):
            if len(h) > HAND_SIZE:
                raise PositionError(reason=f"seat {seat} holds {len(h)} cards, at most {HAND_SIZE}")
        rest_to = data.get("rest_to")
        if rest_to is not None and not (isinstance(rest_to, int) and 0 <= rest_to < n):
            raise PositionError(reason=f"rest_to must be a seat, not {rest_to!r}")
        named = [c for group in (*s.hands, *s.targets, *s.piles, *penalty) for c in group]
        explicit = "deck" in data
        if explicit and "deck_top" in data:
            raise PositionError(reason="give either deck or deck_top, not both")
        top = parse_cards(data["deck"] if explicit else data.get("deck_top", []))
        unnamed = _unnamed([*named, *top])
        if rest_to is not None:
            penalty[rest_to].extend(unnamed)
            unnamed = []
        elif explicit and unnamed:
            raise PositionError(reason=f"{len(unnamed)} cards are not placed (name them or use rest_to)")
        s.deck = list(reversed([*top, *unnamed]))  # stored with the next card drawn last
        s.penalty = [tuple(p) for p in penalty]
        s.known = [parse_facts(f, n, o) for o, f in enumerate(data.get("known", [[]] * n))]
        if len(s.known) != n:
            raise PositionError(reason=f"known needs {n} entries, one per seat")
        last = data.get("last")
        s.last = None if last is None else parse_last(last, s.hands, None)
    return checked(s)


def _unnamed(named: list[int]) -> list[int]:
    """The cards of the pack not named, in the documented order (numbers first, ascending)."""
    rest = Counter(FULL_DECK)
    rest.subtract(named)
    over = sorted(c for c, k in rest.items() if k < 0)
    if over:
        names = ", ".join(card_text(c) for c in over)
        raise PositionError(reason=f"named more often than the pack has them: {names}")
    return sorted(rest.elements())
