"""DOG-1 (board geometry), DOG-3 (teams), DOG-20 (no length cap)."""

from __future__ import annotations

import random

from dog_testing import legal, position

import stammtisch
from stammtisch.games.dog.board import Board


def test_dog1_sixteen_fields_per_seat_and_start_fields() -> None:
    four, six = Board(4), Board(6)
    assert four.track_len == 64 and six.track_len == 96
    assert [four.start(s) for s in range(4)] == [0, 16, 32, 48]
    assert [six.start(s) for s in range(6)] == [0, 16, 32, 48, 64, 80]
    assert four.num_pegs == 16 and six.num_pegs == 24


def test_dog1_himmel_branches_one_step_after_the_start_field() -> None:
    for seat in range(4):
        s = position([[]] * seat + [[16 * seat]], ["A"], seat=seat)
        assert f"A:p{4 * seat} {16 * seat}-H1" in legal(s)
        assert f"A:p{4 * seat} {16 * seat}-{16 * seat + 1}" in legal(s)


def test_dog1_the_track_wraps_around() -> None:
    assert legal(position([[], [], [], [62]], ["5"], seat=3)) == ["5:p12 62-3"]


def test_dog3_partners_sit_opposite() -> None:
    assert [Board(4).partner(s) for s in range(4)] == [2, 3, 0, 1]
    assert [Board(6).partner(s) for s in range(6)] == [3, 4, 5, 0, 1, 2]
    assert Board(6).teams() == [[0, 3], [1, 4], [2, 5]]


def test_dog20_no_cap_on_rounds_or_length() -> None:
    s = position([[10]], ["3"], round=10_000)
    assert s.hand_size == (6, 5, 4, 3, 2)[10_000 % 5]
    assert legal(s) == ["3:p0 10-13"]
    game = stammtisch.load("dog")
    s = game.new_game(8)
    rng = random.Random(8)
    while not s.is_terminal:
        acts = s.legal_actions()
        s = s.apply_unchecked(acts[rng.randrange(len(acts))])
    assert sorted(s.returns()) == [-1.0, -1.0, 1.0, 1.0]  # a result, not a truncation
