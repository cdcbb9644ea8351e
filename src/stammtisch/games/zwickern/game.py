"""Zwickern (also "Zwicken"): the capture card game for 2-4 players.

Spec: ``shared/rules/zwickern.de.txt`` with rulings ZW-1 … ZW-9.

* 34 cards: 7-A in four suits plus two Jokers (ZW-1). Seats clockwise; the seat left of
  the dealer starts; the dealer comes from the seed unless the ``dealer`` option names one.
* Deal 4 to each player and 4 open to the table (ZW-2).
* A card takes every table card of its rank; otherwise it is laid open (ZW-3). A Joker takes
  the whole table, or lies on an empty one; a table Joker has no rank (ZW-4).
* Forced capture (ZW-5), switchable with ``forced_capture=False``.
* When all hands are empty: up to 4 more each, one at a time, until the pile is out (ZW-6).
* The last capturer sweeps the table at the end (ZW-7).
* A 11, 10 10, K 4, Q 3, J 2; +10 for strictly most captured cards (ZW-8).
* A match has ``rounds`` rounds (0 = one per player), the dealer moving on (ZW-9).
* A tie for the most match points shares the win (ZW-8), or with ``tie_break=extra_round``
  everybody plays one more round, as often as the tie for first remains (ZW-10).

``returns()``: the seats tied for most match points share a win of 1; ``scores()``: points.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from stammtisch.core.errors import PositionError
from stammtisch.core.game import Game, GameInfo, OptionSpec
from stammtisch.core.rng import Rng
from stammtisch.games.zwickern.cards import parse_card
from stammtisch.games.zwickern.state import ZwickernState


class ZwickernGame(Game[ZwickernState]):
    info = GameInfo(
        name="zwickern",
        title={"en": "Zwickern", "de": "Zwickern"},
        version="1.0",
        min_players=2,
        max_players=4,
        description={
            "en": "Capture cards of the same rank from the table; a Joker sweeps it all.",
            "de": "Fange Tischkarten gleichen Werts; ein Joker räumt den ganzen Tisch ab.",
        },
        options=(
            OptionSpec("players", int, 2, "Number of players (2-4).", allowed=(2, 3, 4)),
            OptionSpec(
                "forced_capture",
                bool,
                True,
                "ZW-5: a player who can capture must capture.",
            ),
            OptionSpec(
                "rounds",
                int,
                0,
                "ZW-9: rounds in the match; 0 = one per player, so each deals once.",
                minimum=0,
                maximum=100,
            ),
            OptionSpec(
                "tie_break",
                str,
                "share",
                "ZW-10: a tie for the most points at the end: 'share' the win, or play "
                "'extra_round's until one player leads.",
                allowed=("share", "extra_round"),
            ),
            OptionSpec(
                "dealer",
                int,
                -1,
                "ZW-1: the first dealer's seat; -1 = drawn from the seed.",
                minimum=-1,
                maximum=3,
            ),
        ),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.forced_capture = bool(self.options["forced_capture"])
        self.extra_rounds = self.options["tie_break"] == "extra_round"  # ZW-10
        if self.options["dealer"] >= self.num_players:
            from stammtisch.core.errors import OptionError

            raise OptionError(
                "bad_option_value",
                game="zwickern",
                option="dealer",
                value=self.options["dealer"],
                allowed=f"-1..{self.num_players - 1}",
            )

    @property
    def rounds(self) -> int:
        r = int(self.options["rounds"])
        return r if r > 0 else self.num_players

    def new_game(self, seed: int) -> ZwickernState:
        s = ZwickernState(self)
        rng = Rng(seed)
        dealer = int(self.options["dealer"])
        s.dealer = dealer if dealer >= 0 else rng.randbelow(self.num_players)
        s.rng_state = rng.state
        s._deal()
        return s

    def from_json(self, data: Mapping[str, Any]) -> ZwickernState:
        """Read a position (``to_json`` output or hand-written; cards in notation).

        Required: ``hands``, ``table``, ``current``. Optional with defaults: ``deck`` (the
        cards not named elsewhere, in pack order, the first dealt last),
        ``captured`` (empty piles), ``dealer`` (seat before the first player), ``round`` 0,
        ``last_capturer`` null, ``match_points`` zeros, ``round_results`` [], ``rng`` 0.
        """
        self.check_json_header(data)
        n = self.num_players
        s = ZwickernState(self)
        try:
            s.hands = [[parse_card(c) for c in h] for h in data["hands"]]
            s.table = [parse_card(c) for c in data["table"]]
            s.captured = [tuple(parse_card(c) for c in p) for p in data.get("captured", [[]] * n)]
            if "deck" in data:
                s.deck = [parse_card(c) for c in data["deck"]]
            else:
                s.deck = _rest_of_pack(s)
            cur = data["current"]
            s.current = None if cur is None else int(cur)
            default_dealer = ((s.current if s.current is not None else 1) - 1) % n
            s.dealer = int(data.get("dealer", default_dealer))
            s.round = int(data.get("round", 0))
            lc = data.get("last_capturer")
            s.last_capturer = None if lc is None else int(lc)
            s.match_points = tuple(int(x) for x in data.get("match_points", [0] * n))
            s.round_results = [[int(x) for x in r] for r in data.get("round_results", [])]
            last = data.get("last")
            s.last = (
                None
                if last is None
                else (
                    int(last["seat"]),
                    parse_card(last["card"]),
                    tuple(parse_card(c) for c in last["captured"]),
                )
            )
            s.rng_state = int(data.get("rng", 0)) & ((1 << 64) - 1)
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, PositionError):
                raise
            raise PositionError(reason=f"not a Zwickern position: {exc!r}") from exc
        if len(s.hands) != n or len(s.captured) != n or len(s.match_points) != n:
            raise PositionError(reason=f"hands, captured and match_points need {n} entries")
        if s.current is not None and not (0 <= s.current < n and s.hands[s.current]):
            raise PositionError(reason="'current' must be a seat that holds cards")
        try:
            s.check_invariants()
        except AssertionError as exc:
            raise PositionError(reason=str(exc)) from exc
        return s

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> ZwickernState:
        from stammtisch.games.zwickern.view import sample_state

        return sample_state(self, view, rng)

    def render(self, view: Mapping[str, Any], lang: str = "en") -> str:
        from stammtisch.games.zwickern.render import render

        return render(view, lang)


def _rest_of_pack(s: ZwickernState) -> list[int]:
    from collections import Counter

    from stammtisch.games.zwickern.cards import FULL_DECK

    rest = Counter(FULL_DECK)
    for group in (*s.hands, s.table, *s.captured):
        rest.subtract(group)
    if any(v < 0 for v in rest.values()):
        raise PositionError(reason="a card appears more often than the pack has it")
    return sorted(rest.elements(), reverse=True)
