"""Himmel, A… und Zwirn: the shedding card game for 3-6 players (Kreowski, 2010).

Spec: ``shared/rules/himmel-a-und-zwirn.de.txt`` with rulings HAZ-1 … HAZ-9.

* 85 cards: numbers 1-70 once each, 6 direction change, 5 steal, 4 raise target; hands of
  5 (HAZ-1). Seats clockwise; the first game is started by ``start`` (-1: drawn from the
  seed), play runs clockwise.
* Setup: after dealing, cards are revealed until two number cards lie open as targets of
  piles A and B; revealed specials are shuffled back; the marker lies on pile A, the pile of
  the first-revealed target (HAZ-2).
* A number card fits a pile if it is below the pile's target and, if the pile has cards,
  above its top card (HAZ-3). A turn either plays one card or takes the marked pile;
  taking is always allowed (HAZ-4), and is all a player without hand cards can do (HAZ-8).
* Special cards go onto their player's penalty pile: direction change reverses play; steal
  takes a random card of an opponent who has one (thief and victim see it), the victim
  redraws at once; raise target lays a higher number card from hand onto a target (HAZ-5).
* After playing, refill to 5 as far as the draw pile goes (HAZ-6).
* Taking moves the marked pile with all its targets onto the taker's penalty pile. If the
  draw pile was empty at that moment the game ends. Otherwise the marker moves to the other
  pile and the taker lays a number card from hand as the new target (that choice is part
  of the action, ``take 31``); with none in hand, cards are revealed from the draw pile
  until a number card turns up (revealed specials shuffled back; none: the game ends). Then
  the taker refills (HAZ-7).
* Score (HAZ-9): ``scores()`` are the match's minus points, i.e. ``-(penalty cards)`` summed
  over the games (hand cards do not count), so higher is better as for every game here.
  ``returns()``: the seats tied for fewest penalty cards share a win of 1 (``1/k`` each),
  the rest get 0; all 0 while the match runs.
* A match has ``games`` games; their penalties add up. Each further game is dealt afresh
  and started by the seat clockwise of the previous game's starter.

Notation: see :mod:`stammtisch.games.himmel.actions`; positions:
:mod:`stammtisch.games.himmel.position`; views: :mod:`stammtisch.games.himmel.view`.
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.game import GameInfo, OptionSpec
from stammtisch.core.i18n import Texts
from stammtisch.core.package import PackageGame
from stammtisch.core.rng import Rng
from stammtisch.games.himmel import position, render, sample
from stammtisch.games.himmel import view as view_module
from stammtisch.games.himmel.moves import legal_function
from stammtisch.games.himmel.shuffle import shuffle_function
from stammtisch.games.himmel.state import HimmelState


class HimmelGame(PackageGame[HimmelState]):
    view_module = view_module
    position_module = position
    sample_module = sample
    render_module = render

    info = GameInfo(
        name="himmel",
        title=Texts("himmel.title"),
        version="1.0",
        min_players=3,
        max_players=6,
        description=Texts("himmel.description"),
        options=(
            OptionSpec("players", int, 4, "HAZ-1: number of players (3-6).", minimum=3, maximum=6),
            OptionSpec(
                "games",
                int,
                1,
                "HAZ-9: games in the match; their penalties add up.",
                minimum=1,
                maximum=100,
            ),
            OptionSpec(
                "start",
                int,
                -1,
                "HAZ-1: the seat that starts the first game; -1 = drawn from the seed.",
                minimum=-1,
                maximum=5,
                seat=True,
            ),
        ),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.num_games = int(self.options["games"])  # read once per game played
        # The move generator, compiled where built (moves.legal_function, read once here).
        self.legal_fn = legal_function()
        self.shuffle_fn = shuffle_function()  # the deal's shuffle, likewise

    def new_game(self, seed: int) -> HimmelState:
        s = HimmelState(self)
        s.rng = Rng(seed)
        s.deal(self.seat_option("start", s.rng))
        return s
