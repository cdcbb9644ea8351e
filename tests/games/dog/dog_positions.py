"""Dog positions for the differential checks of the compiled core (tests/games/dog/
test_dog_core.py, benchmarks/dog_core_diff.py): the tables and options beyond the base
rules, and late positions where teammates help."""

from __future__ import annotations

import random
from typing import Any

from stammtisch.core.errors import PositionError
from stammtisch.games.dog.state import DogState

# Tables and options beyond the base rules (the core's generator serves them all).
VARIANTS: list[dict[str, Any]] = [
    {"players": 2},  # DOG-21: alone, the 64-field board
    {"players": 3},
    {"players": 5},
    {"players": 6, "teams": 2},  # DOG-22: two teams of three
    {"players": 4, "seven_with_partner": True},  # DOG-23
    {"players": 6, "teams": 2, "seven_with_partner": True},
    {"players": 4, "two_steals": True, "no_jack_reswap": True, "last_peg_no_joker": True},  # DOG-24 … 26
    {"players": 3, "no_jack_reswap": True, "last_peg_no_joker": True},
]
VARIANT_IDS = ["-".join(f"{k}={v}" for k, v in o.items()) for o in VARIANTS]


def late(s: DogState, rng: random.Random) -> DogState | None:
    """``s`` with some seats' pegs all home and others partly home: the positions where a
    player whose pegs are home moves a teammate's (DOG-19, DOG-22), a 7 hands its rest on
    and the team's last peg ends the game (DOG-9). No team is wholly home (``None`` where
    one was home already)."""
    data = s.to_json()
    board = s.board
    pegs = data["pegs"]
    homes = {seat: rng.random() < 0.5 for seat in range(s.n)}
    for team in board.teams():
        if all(homes[seat] for seat in team):
            homes[rng.choice(team)] = False
    for seat, home in homes.items():
        if home:
            pegs[seat] = ["H1", "H2", "H3", "H4"]
        elif rng.random() < 0.5:
            # the pegs of this seat not on the track go to the Himmel's last fields (one
            # stays in the kennel when none is on the track: the seat is not home)
            kept = [t for t in pegs[seat] if t != "K" and not str(t).startswith("H")] or ["K"]
            inside = [f"H{4 - k}" for k in range(4 - len(kept))]
            pegs[seat] = [*kept, *inside]
    try:
        return s.game.from_json(data)
    except PositionError:  # a seat left out was home already: its team is home
        return None
