"""DOG-11: the fresh peg on its start field blocks, cannot be swapped or sent home."""

from __future__ import annotations

from dog_testing import board, legal, outcomes, pegs_after, position


def test_dog11_fresh_peg_cannot_be_passed_forward() -> None:
    s = position([[14], ["S"]], ["5"])
    assert legal(s) == ["fold"]


def test_dog11_fresh_peg_cannot_be_landed_on() -> None:
    s = position([[14], ["S"]], ["2", "A"])
    assert legal(s) == ["A:start", "A:p0 14-15"]


def test_dog11_fresh_peg_cannot_be_passed_backward() -> None:
    s = position([[18], ["S"]], ["4"])
    assert legal(s) == ["4:p0 18-22"]


def test_dog11_fresh_peg_blocks_every_part_of_a_seven() -> None:
    s = position([[12, 40], ["S"]], ["7"])
    expected = {board([12 + k, 47 - k], ["S"]) for k in range(4)}
    assert outcomes(s) == expected


def test_dog11_own_fresh_peg_blocks_own_pegs_and_himmel_entry() -> None:
    s = position([["S", 62]], ["5"])
    assert legal(s) == ["5:p0 0-5"]


def test_dog11_fresh_peg_cannot_be_swapped() -> None:
    s = position([[5], ["S"]], ["J"])
    assert legal(s) == ["fold"]
    s = position([["S"], [20]], ["J"])
    assert legal(s) == ["fold"]


def test_dog11_status_is_lost_when_the_peg_moves() -> None:
    s = position([["S"]], ["4"])
    assert pegs_after(s, "4:p0 0-60")[0] == ["60", "K", "K", "K"]


def test_dog11_peg_back_on_its_start_field_by_moving_is_ordinary() -> None:
    # Seat 3 passes and lands on seat 0's peg that stands on field 0 after moving.
    s = position([[0], [], [], [62]], ["5", "2"], seat=3)
    after = pegs_after(s, "5:p12 62-3")
    assert after[0] == ["0", "K", "K", "K"]  # jumped over, not sent home (not a 7)
    assert pegs_after(s, "2:p12 62-0")[0] == ["K", "K", "K", "K"]


def test_dog11_peg_swapped_onto_its_start_field_is_ordinary() -> None:
    s = position([[10], [0]], ["J"])
    after = s.apply("J:p0 10<>p4 0")
    assert after.to_json()["pegs"][0][0] == "0"
    # ... and may turn into its Himmel at once (DOG-12).
    s2 = position([[0]], ["A"])
    assert "A:p0 0-H1" in legal(s2)
