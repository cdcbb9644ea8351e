"""DOG-10 (start), DOG-16 (which cards start)."""

from __future__ import annotations

from dog_testing import legal, pegs_after, position


def test_dog10_ace_king_and_joker_start_a_peg() -> None:
    s = position(hand=["A", "5", "K", "Jo"])
    assert legal(s) == ["A:start", "K:start", "Jo:start"]
    assert pegs_after(s, "K:start")[0] == ["S", "K", "K", "K"]


def test_dog10_start_sends_home_a_peg_of_another_seat() -> None:
    s = position([[], [0]], ["A"])
    after = pegs_after(s, "A:start")
    assert after[0] == ["S", "K", "K", "K"]
    assert after[1] == ["K", "K", "K", "K"]


def test_dog10_start_sends_home_an_own_ordinary_peg() -> None:
    # p0 stands on its start field after moving (written as the number 0): not fresh.
    s = position([[0]], ["K"])
    assert "K:start" in legal(s)
    assert pegs_after(s, "K:start")[0] == ["K", "S", "K", "K"]


def test_dog10_own_fresh_peg_makes_the_start_illegal() -> None:
    s = position([["S"]], ["K"])
    assert legal(s) == ["K:p0 0-13"]


def test_dog10_no_start_without_a_kennel_peg() -> None:
    s = position([[5, 20, 30, 40]], ["A"])
    assert not any(t.endswith(":start") for t in legal(s))


def test_dog10_joker_start_is_one_action_in_any_spelling() -> None:
    s = position(hand=["Jo"])
    assert legal(s) == ["Jo:start"]
    assert s.parse_action("Jo=K:start") == s.parse_action("Jo=A:start") == s.parse_action("jo:start")


def test_dog10_start_puts_the_lowest_kennel_peg_out() -> None:
    s = position([["K", 7]], ["A"])
    assert pegs_after(s, "A:start")[0] == ["S", "7", "K", "K"]
