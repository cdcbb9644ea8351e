"""Dog (Brändi Dog): the race game for 2 to 6 players, in teams for 4 and 6.

Spec: ``shared/rules/dog.de.txt`` with rulings DOG-1 … DOG-20; variants and house rules
DOG-21 … DOG-26 (options ``players`` 2, 3, 5 alone; ``teams`` for 6; ``seven_with_partner``,
``two_steals``, ``no_jack_reswap``, ``last_peg_no_joker``).

* Board (DOG-1, :mod:`.board`): 16 track fields per seat (64/96), seat ``s`` starts at field
  ``16*s``; kennel of 4 and Himmel of 4 per seat, the Himmel branching off the owner's
  start field. Seats are numbered in the direction of play (DOG-4); partners sit opposite
  (``s`` and ``s + players/2``, DOG-3). Option ``players``: 4 (default) or 6.
* Cards (DOG-2, :mod:`.cards`): 110, identified by rank (suits play no part).
* Rounds (DOG-5 … DOG-7, :mod:`.state`): hand sizes 6, 5, 4, 3, 2, 6, …; the dealer is fixed
  (option ``dealer``, -1 = drawn from the seed), round ``r`` is started by seat
  ``dealer + 1 + r``; discards are reshuffled into the pile when it cannot supply a deal;
  partners exchange one card each before play.
* Moves (DOG-8 … DOG-19, :mod:`.moves`): zugzwang and folding, start, fresh pegs, Himmel
  entry, sending home, the split 7, the Jack, the Joker, helping the partner.
* The game ends the moment a team's eighth peg enters (DOG-9); there is no length cap
  (DOG-20).

Actions (:mod:`.actions`): one legal action per card rank and resulting position, where
a position is the places of each seat's pegs with pegs of one seat interchangeable; a
Joker's values are tried A, 2, …, K and the first one reaching a position names it. The
exchange is one ``give`` action per seat in turn order; ``fold`` is the only action of a
seat that cannot play. Text notation and parsing: :mod:`.actions`.

``returns()``: +1 for each seat of the winning team, -1 for every other seat, 0 while the
game runs. ``scores()``: per seat, the number of its team's pegs in the Himmel (0 … 8).
Positions as JSON (with defaults for hand-written ones): :mod:`.position`. What a seat
sees and sampling a state from it: :mod:`.view`. Text board: :mod:`.render`.
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.errors import OptionError
from stammtisch.core.game import GameInfo, OptionSpec
from stammtisch.core.i18n import Texts
from stammtisch.core.package import PackageGame
from stammtisch.core.rng import Rng
from stammtisch.games.dog import position, render, sample
from stammtisch.games.dog import view as view_module
from stammtisch.games.dog.backend import core_for, generator_for
from stammtisch.games.dog.board import Board, default_team_size
from stammtisch.games.dog.cards import FULL_DECK
from stammtisch.games.dog.coretable import on_table
from stammtisch.games.dog.state import DogState


class DogGame(PackageGame[DogState]):
    view_module = view_module
    position_module = position
    sample_module = sample
    render_module = render

    info = GameInfo(
        name="dog",
        title=Texts("dog.title"),
        version="1.0",
        min_players=2,
        max_players=6,
        description=Texts("dog.description"),
        options=(
            OptionSpec(
                "players",
                int,
                4,
                "DOG-3, DOG-21: 4 players (two teams) or 6 (three teams of two), partners "
                "opposite; 2, 3 or 5: everyone plays alone.",
                allowed=(2, 3, 4, 5, 6),
            ),
            OptionSpec(
                "teams",
                int,
                0,
                "DOG-22: with 6 players, 3 teams of two (0 or 3) or 2 teams of three (2); "
                "other player counts: fixed (0, or the fixed number).",
                allowed=(0, 2, 3, 5),
            ),
            OptionSpec(
                "seven_with_partner",
                bool,
                False,
                "DOG-23: a 7 may be split over own and partner's pegs at any time.",
            ),
            OptionSpec(
                "two_steals",
                bool,
                False,
                "DOG-24: a 2 may instead steal a random card from an opponent's hand.",
            ),
            OptionSpec(
                "no_jack_reswap",
                bool,
                False,
                "DOG-25: a Jack may not swap back the two pegs the last swap exchanged "
                "while neither has moved.",
            ),
            OptionSpec(
                "last_peg_no_joker",
                bool,
                False,
                "DOG-26: a Joker may not bring a team's last peg into its Himmel.",
            ),
            OptionSpec(
                "dealer",
                int,
                -1,
                "DOG-5: the fixed dealer's seat; -1 = drawn from the seed.",
                minimum=-1,
                maximum=5,
                seat=True,
            ),
        ),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        n = self.num_players
        teams = int(self.options["teams"])
        usual = n // default_team_size(n)
        if teams not in (0, usual) and not (n == 6 and teams == 2):
            raise OptionError(
                "bad_option_value",
                game="dog",
                option="teams",
                value=teams,
                allowed="0, 2, 3" if n == 6 else f"0, {usual}",
            )
        self.board = Board(n, n // teams if teams else 0)
        self.partner7 = bool(self.options["seven_with_partner"])  # DOG-23
        self.two_steals = bool(self.options["two_steals"])  # DOG-24
        self.no_jack_reswap = bool(self.options["no_jack_reswap"])  # DOG-25
        self.last_peg_no_joker = bool(self.options["last_peg_no_joker"])  # DOG-26
        self.house_rules = self.two_steals or self.no_jack_reswap or self.last_peg_no_joker
        # The compiled move generator (every table and option) and the compiled whole
        # position (not with house rules); None for the pure engine (backend.py).
        self.movegen = generator_for()
        self.core = core_for(self.options, {spec.name: spec.default for spec in self.info.options})

    def new_game(self, seed: int) -> DogState:
        s = DogState(self)
        s.rng = Rng(seed)
        s.dealer = self.seat_option("dealer", s.rng)
        s.pile = list(FULL_DECK)
        s.rng.shuffle(s.pile)
        s.begin_round()
        return on_table(s)  # on the compiled core's table where it can hold the game
