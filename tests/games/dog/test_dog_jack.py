"""DOG-18: the Jack swaps an own peg with another seat's peg on the track."""

from __future__ import annotations

from dog_testing import legal, pegs_after, position


def test_dog18_swaps_own_track_peg_with_other_seats_track_pegs() -> None:
    s = position([[10, 20, "H1"], [30, "S", "H2"], [40], [50]], ["J"])
    assert set(legal(s)) == {
        "J:p0 10<>p4 30",
        "J:p0 10<>p8 40",
        "J:p0 10<>p12 50",
        "J:p1 20<>p4 30",
        "J:p1 20<>p8 40",
        "J:p1 20<>p12 50",
    }


def test_dog18_swap_exchanges_the_two_places() -> None:
    s = position([[10], [30]], ["J"])
    after = pegs_after(s, "J:p0 10<>p4 30")
    assert after[0][0] == "30"
    assert after[1][0] == "10"


def test_dog18_never_two_own_pegs() -> None:
    assert legal(position([[10, 20]], ["J"])) == ["fold"]


def test_dog18_not_with_kennel_himmel_or_fresh_pegs() -> None:
    assert legal(position([[10], ["H1", "S"]], ["J"])) == ["fold"]
    assert legal(position([["S", "H3"], [30]], ["J"])) == ["fold"]


def test_dog18_unplayable_jack_does_not_force_a_fold_if_another_card_plays() -> None:
    assert legal(position([[10]], ["J", "2"])) == ["2:p0 10-12"]


def test_dog18_swap_written_other_way_round_is_the_same_action() -> None:
    s = position([[10], [30]], ["J"])
    assert s.parse_action("J:p4 30<>p0 10") == s.parse_action("J:p0 10<>p4 30")
