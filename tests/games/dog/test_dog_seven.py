"""DOG-17: the split 7 (with DOG-15 sending home and DOG-19 helping)."""

from __future__ import annotations

import pytest
from dog_testing import board, legal, outcomes, pegs_after, position

from stammtisch.core.errors import IllegalActionError
from stammtisch.games.dog.state import DogState


def test_dog17_two_pegs_every_split_once() -> None:
    # A (p0) at 10 behind B (p1) at 12. A's k steps, B's 7-k: B moves out of A's way
    # first while A ends behind it (k <= 4); for k >= 5 A overtakes B, which is sent home
    # after having moved its steps (or none), so only A's end field counts.
    s = position([[10, 12]], ["7"])
    expected = {board([10 + k, 19 - k]) for k in range(5)}
    expected |= {board([10 + k, "K"]) for k in (5, 6, 7)}
    assert outcomes(s) == expected
    assert len(legal(s)) == 8


def test_dog17_a_peg_sent_home_by_an_earlier_part_cannot_move_later() -> None:
    s = position([[10, 12]], ["7"])
    with pytest.raises(IllegalActionError):
        s.apply("7:p0 10-13,p1 12-16")  # p0 passes p1 at 12: home, cannot move on
    after = s.apply("7:p1 12-16,p0 10-13")  # the other order is legal
    assert after.to_json()["pegs"][0] == ["13", "16", "K", "K"]


def test_dog17_parts_written_in_any_order_give_the_one_canonical_action() -> None:
    s = position([[10, 40]], ["7"])
    a = s.parse_action("7:p1 40-43,p0 10-14")
    b = s.parse_action("7:p0 10-14,p1 40-43")
    assert a == b
    assert a in s.legal_actions()


def test_dog15_dog17_seven_sends_home_every_passed_peg() -> None:
    s = position([[10, 16], [12], [14]], ["7"])
    after = pegs_after(s, "7:p0 10-17")
    assert after == [list(r) for r in board(["17"], [], [])]


def test_dog17_seven_sends_home_the_peg_it_lands_on() -> None:
    s = position([[10], [17]], ["7"])
    assert pegs_after(s, "7:p0 10-17")[1] == ["K", "K", "K", "K"]


def test_dog17_unplayable_when_fewer_than_seven_steps_can_be_used() -> None:
    assert legal(position([["H1"]], ["7"])) == ["fold"]
    assert legal(position([[12], ["S"]], ["7"])) == ["fold"]  # 3 steps up to the fresh peg


def test_dog17_steps_interleave_between_the_himmel_and_the_track() -> None:
    # p1 (H2) can take at most 2 steps; p0 (62) the rest, on the track or (after p1 made
    # room) into the Himmel behind it.
    s = position([[62, "H2"]], ["7"])
    assert outcomes(s) == {
        board([5, "H2"]),
        board([4, "H3"]),
        board([3, "H4"]),
        board(["H3", "H4"]),
    }


def test_dog17_parts_may_enter_the_himmel() -> None:
    s = position([[62, 30]], ["7"])
    # p0 takes k steps: k <= 2 on the track only, 3..6 on the track or into H1..H4,
    # 7 on the track only; p1 takes the rest.
    track = [(62 + k) % 64 for k in range(8)]
    expected = {board([track[k], 37 - k]) for k in range(8)}
    expected |= {board([f"H{k - 2}", 37 - k]) for k in range(3, 7)}
    assert outcomes(s) == expected
    assert len(legal(s)) == 12


def test_dog17_joker_as_seven_splits_the_same_way() -> None:
    s = position([[62, 30]], ["Jo"])
    seven = outcomes(position([[62, 30]], ["7"]))
    assert outcomes(s, "Jo=7:") == seven
    assert len([t for t in legal(s) if t.startswith("Jo=7:")]) == len(seven)


def test_dog19_seven_that_brings_in_the_last_peg_continues_with_the_partner() -> None:
    s = position([[62, "H2", "H3", "H4"], [], [40]], ["7"])
    assert set(legal(s)) == {"7:p0 62-5", "7:p0 62-H1,p8 40-44"}


def test_dog19_partner_steps_only_after_the_own_last_peg_is_in() -> None:
    s = position([[62, "H2", "H3", "H4"], [], [40]], ["7"])
    with pytest.raises(IllegalActionError):
        s.apply("7:p8 40-44,p0 62-H1")


def test_dog9_dog17_seven_ends_the_game_when_the_team_is_home() -> None:
    s = position([[63, "H2", "H3", "H4"], [], ["H1", "H2", "H3", "H4"]], ["7"])
    assert set(legal(s)) == {"7:p0 63-6", "7:p0 63-H1"}
    end = s.apply("7:p0 63-H1")
    assert end.is_terminal
    assert end.returns() == [1.0, -1.0, 1.0, -1.0]


def test_dog9_dog16_joker_seven_ending_early_is_the_joker_move_of_the_lower_value() -> None:
    # The Joker as 7 brings the team's last peg in after 3 steps and the game ends
    # (DOG-9): the same card and the same position as the Joker as 3 (DOG-16), so one
    # move, named by the first value (A, 2, ..., K).
    s = position([[], ["H1", "H2", "H3", "H4"], [], ["H2", "H3", "H4", 46]], ["Jo"], seat=3)
    texts = legal(s)
    assert "Jo=3:p15 46-H1" in texts
    assert "Jo=7:p15 46-H1" not in texts
    assert len(texts) == len(set(texts)) == 15
    assert s.parse_action("Jo=7:p15 46-H1").text == "Jo=3:p15 46-H1"
    assert s.apply("Jo=7:p15 46-H1").is_terminal
    # A real 7 is another card: it stays a move of its own.
    both = position([[], ["H1", "H2", "H3", "H4"], [], ["H2", "H3", "H4", 46]], ["7", "Jo"], seat=3)
    assert {"7:p15 46-H1", "Jo=3:p15 46-H1"} <= set(legal(both))


def test_dog17_seven_may_split_over_pegs_in_kennel_free_positions_only() -> None:
    s = position([[20]], ["7"])
    assert legal(s) == ["7:p0 20-27"]


def test_dog17_two_pegs_trading_places_through_the_himmel_is_one_action() -> None:
    # p0 one field before its start (63), p1 three behind it (60). p0 turns in and p1 runs
    # on past the start, or p0 runs on and p1 turns in: either way the pegs stand on H1
    # and 1, one position, so one action (the issue: deduplicate by resulting position).
    s = position([[63, 60]], ["7"])
    first = s.parse_action("7:p0 63-H1,p1 60-1")
    second = s.parse_action("7:p0 63-1,p1 60-H1")
    assert first == second
    assert first in s.legal_actions()
    assert pegs_after(s, "7:p0 63-1,p1 60-H1")[0] == pegs_after(s, "7:p0 63-H1,p1 60-1")[0]
    assert len(legal(s)) == len(places_after_each_action(s))


def places_after_each_action(s: DogState) -> set[tuple[tuple[str, ...], ...]]:
    """The positions the legal actions reach, a seat's pegs taken as interchangeable."""
    return {
        tuple(tuple(sorted(p)) for p in s.apply_unchecked(a).to_json()["pegs"]) for a in s.legal_actions()
    }


def test_dog17_trading_places_through_the_himmel_six_players_joker() -> None:
    # Found by the independent generator (dog_bruteforce) in a played 6-player game: the
    # Joker as 7 moving p12 (47) and p15 (44) of seat 3, whose start field is 48.
    s = position([[], [], [], [47, "H4", 95, 44]], ["Jo"], players=6, seat=3)
    assert s.parse_action("Jo=7:p12 47-H1,p15 44-49") == s.parse_action("Jo=7:p12 47-49,p15 44-H1")
    assert len(legal(s)) == len(places_after_each_action(s))
