"""DOG-17: the two ways the engine finds a 7's splits must agree.

When the moving pegs are far apart the engine shares the 7 steps directly
(``seven_apart``); otherwise it searches single steps (``SevenSearch``). On random
boards where the shortcut applies, both must reach exactly the same positions.
"""

from __future__ import annotations

import random

import pytest

import stammtisch
from stammtisch.core.errors import PositionError
from stammtisch.games.dog.moves import MoveGen
from stammtisch.games.dog.seven import seven_apart
from stammtisch.games.dog.seven_search import SevenSearch
from stammtisch.games.dog.state import DogState


def _random_state(players: int, rng: random.Random) -> DogState | None:
    track = 16 * players
    free = list(range(track))
    rng.shuffle(free)
    pegs = []
    for seat in range(players):
        row: list[object] = []
        for k in range(4):
            r = rng.random()
            row.append("K" if r < 0.35 else f"H{k + 1}" if r < 0.45 else free.pop())
        if rng.random() < 0.2 and 16 * seat in free:
            row[0] = "S"
            free.remove(16 * seat)
        pegs.append(row)
    try:
        s = stammtisch.load("dog", players=players).from_json(
            {"pegs": pegs, "hands": [["7"]] * players, "current": rng.randrange(players)}
        )
    except PositionError:
        return None
    assert isinstance(s, DogState)
    return s


@pytest.mark.parametrize("players", [4, 6])
def test_dog17_shortcut_and_search_reach_the_same_positions(players: int) -> None:
    rng = random.Random(players)
    compared = 0
    for _ in range(400):
        s = _random_state(players, rng)
        if s is None or s.current is None:
            continue
        gen = MoveGen(s.pos, s.fresh, s.current, s.board)
        fast = seven_apart(gen)
        if fast is None:
            continue
        slow = SevenSearch(gen).run()
        assert {b[2] for b in fast} == {b[2] for b in slow}
        assert len(fast) == len({b[2] for b in fast})
        compared += 1
    assert compared > 100
