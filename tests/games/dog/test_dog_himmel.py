"""DOG-12 (Himmel entry) and DOG-13 (inside the Himmel)."""

from __future__ import annotations

import pytest
from dog_testing import board, legal, outcomes, position


def test_dog12_start_then_four_back_then_forward_reaches_the_himmel() -> None:
    # Seats 1-3 hold a 2 and have no pegs: they must fold, so seat 0 moves again.
    s = position([["S"]], ["4", "8"])
    assert "4:p0 0-60" in legal(s)
    assert not any("H" in t for t in legal(s))
    s = s.apply("4:p0 0-60")
    for _ in range(3):
        assert legal(s) == ["fold"]
        s = s.apply("fold")
    assert set(legal(s)) == {"8:p0 60-4", "8:p0 60-H4"}


@pytest.mark.parametrize(
    ("card", "expected"),
    [
        ("5", {"5:p0 60-1", "5:p0 60-H1"}),
        ("6", {"6:p0 60-2", "6:p0 60-H2"}),
        ("7", {"7:p0 60-3", "7:p0 60-H3"}),
        ("8", {"8:p0 60-4", "8:p0 60-H4"}),
        ("9", {"9:p0 60-5"}),  # would overshoot H4: along the track only (DOG-13)
        ("3", {"3:p0 60-63"}),
    ],
)
def test_dog12_entry_from_four_fields_before_the_start(card: str, expected: set[str]) -> None:
    assert set(legal(position([[60]], [card]))) == expected


def test_dog12_fresh_peg_cannot_enter_directly() -> None:
    assert legal(position([["S"]], ["5"])) == ["5:p0 0-5"]
    assert legal(position([["S"]], ["7"])) == ["7:p0 0-7"]
    assert set(legal(position([["S"]], ["A"]))) == {"A:p0 0-1", "A:p0 0-11"}


def test_dog12_entry_is_optional_from_an_ordinary_peg_on_the_start() -> None:
    assert set(legal(position([[0, 30, 40, 50]], ["A"]))) >= {"A:p0 0-1", "A:p0 0-H1"}


def test_dog12_backward_never_enters_the_himmel() -> None:
    assert set(legal(position([[2]], ["4"]))) == {"4:p0 2-6", "4:p0 2-62"}


def test_dog13_overshooting_goes_another_lap() -> None:
    assert legal(position([[62]], ["Q"])) == ["Q:p0 62-10"]


def test_dog13_no_passing_inside_the_himmel() -> None:
    assert legal(position([["H1", "H3"]], ["3"])) == ["fold"]
    assert legal(position([["H1", "H3"]], ["2"])) == ["fold"]
    assert set(legal(position([["H1", "H3", 30, 40]], ["A"]))) == {
        "A:p0 H1-H2",
        "A:p1 H3-H4",
        "A:p2 30-31",
        "A:p2 30-41",
        "A:p3 40-41",
        "A:p3 40-51",
    }


def test_dog13_entry_cannot_pass_or_land_on_a_himmel_peg() -> None:
    assert legal(position([[62, "H2"]], ["5"])) == ["5:p0 62-3"]
    assert set(legal(position([[62, "H2"]], ["4"]))) == {"4:p0 62-2", "4:p0 62-58"}


def test_dog13_exact_count_inside_the_himmel() -> None:
    assert legal(position([["H2"]], ["3"])) == ["fold"]
    assert legal(position([["H2"]], ["2"])) == ["2:p0 H2-H4"]


def test_dog13_himmel_pegs_cannot_be_swapped_or_sent_home() -> None:
    s = position([["H1", 30], [20]], ["J"], seat=1)
    assert legal(s) == ["J:p4 20<>p1 30"]


def test_dog17_seven_parts_move_inside_the_himmel() -> None:
    s = position([["H1", 30]], ["7"])
    expected = {board(["H1", 37]), board(["H2", 36]), board(["H3", 35]), board(["H4", 34])}
    assert outcomes(s) == expected


def test_dog12_six_players_entry_wraps_at_96() -> None:
    s = position([[94]], ["5"], players=6)
    assert set(legal(s)) == {"5:p0 94-3", "5:p0 94-H3"}
