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

from typing import Any

from stammtisch.core.game import GameInfo, OptionSpec
from stammtisch.core.i18n import Texts
from stammtisch.core.package import PackageGame
from stammtisch.core.rng import Rng
from stammtisch.games.zwickern import position, render, sample
from stammtisch.games.zwickern import view as view_module
from stammtisch.games.zwickern.state import ZwickernState
from stammtisch.games.zwickern.table import on_table, table_for


class ZwickernGame(PackageGame[ZwickernState]):
    view_module = view_module
    position_module = position
    sample_module = sample
    render_module = render

    info = GameInfo(
        name="zwickern",
        title=Texts("zwickern.title"),
        version="1.0",
        min_players=2,
        max_players=4,
        description=Texts("zwickern.description"),
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
                seat=True,
            ),
        ),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.forced_capture = bool(self.options["forced_capture"])
        self.extra_rounds = self.options["tie_break"] == "extra_round"  # ZW-10
        # Whether the game plays on the compiled table (table.py), decided when it is created.
        self.compiled = table_for()

    @property
    def rounds(self) -> int:
        r = int(self.options["rounds"])
        return r if r > 0 else self.num_players

    def new_game(self, seed: int) -> ZwickernState:
        s = ZwickernState(self)
        s.rng = Rng(seed)
        s.dealer = self.seat_option("dealer", s.rng)
        s._deal()
        return on_table(s)  # on the compiled table where it is built (table.py)
