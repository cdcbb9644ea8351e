"""The Dog house rules DOG-23 … DOG-26, each off by default, from hand-written positions."""

from __future__ import annotations

import random

import pytest
from dog_testing import legal, position

import stammtisch
from stammtisch.core.errors import ActionSyntaxError, IllegalActionError
from stammtisch.games.dog.cards import parse_card

PARTNER7 = {"seven_with_partner": True}
STEALS = {"two_steals": True}
RESWAP = {"no_jack_reswap": True}
NO_JOKER = {"last_peg_no_joker": True}
HOME = ["H1", "H2", "H3", "H4"]


# --- DOG-23 seven_with_partner -----------------------------------------------------------


def test_dog23_seven_splits_over_own_and_partner_pegs() -> None:
    s = position([[10], [], [40]], ["7"], options=PARTNER7)
    assert len(legal(s)) == 8
    assert "7:p0 10-13,p8 40-44" in legal(s)
    assert "7:p8 40-47" in legal(s)
    # Without the option only the own peg moves (DOG-17).
    assert legal(position([[10], [], [40]], ["7"])) == ["7:p0 10-17"]


def test_dog23_parts_in_any_order_each_applied_in_turn() -> None:
    # The partner's part first: p8 (12) runs over p0 (14) and sends it home (DOG-15);
    # p0 cannot move afterwards (DOG-17).
    s = position([[14], [], [12]], ["7"], options=PARTNER7)
    after = s.apply("7:p8 12-19").to_json()["pegs"]
    assert after[0] == ["K", "K", "K", "K"] and after[2][0] == "19"
    with pytest.raises(IllegalActionError):
        s.apply("7:p8 12-16,p0 14-17")
    # Own part first, then the partner's: both move.
    after = s.apply("7:p0 14-18,p8 12-15").to_json()["pegs"]
    assert after[0][0] == "18" and after[2][0] == "15"


def test_dog23_partner_pegs_move_while_all_own_are_in_the_kennel() -> None:
    s = position([[], [], [40]], ["7", "5"], options=PARTNER7)
    assert legal(s) == ["7:p8 40-47"]  # the 5 still moves own pegs only


def test_dog23_partner_peg_may_enter_its_himmel() -> None:
    s = position([[10], [], [30]], ["7"], options=PARTNER7)
    assert "7:p0 10-13,p8 30-H2" in legal(s)


def test_dog23_has_no_effect_when_alone() -> None:
    s = position([[10], [], [40]], ["7"], players=3, options=PARTNER7)
    assert legal(s) == ["7:p0 10-17"]


def test_dog23_with_teams_of_three_any_teammate() -> None:
    s = position([[10], [], [40], [], [70], []], ["7"], players=6, options={"teams": 2, **PARTNER7})
    texts = legal(s)
    assert "7:p0 10-12,p8 40-42,p16 70-73" in texts
    assert len(texts) == 36  # 3 pegs sharing 7 steps, none meeting: C(9, 2)


# --- DOG-24 two_steals -------------------------------------------------------------------


def test_dog24_two_moves_or_steals_from_an_opponent_with_cards() -> None:
    s = position([[10]], ["2"], options=STEALS, hands=[["2"], ["5"], ["5"], []])
    # Seat 2 is the partner, seat 3 holds nothing: only seat 1 can be robbed.
    assert legal(s) == ["2:p0 10-12", "2:steal 1"]


def test_dog24_theft_moves_one_random_card_and_ends_the_turn() -> None:
    s = position([[10]], ["2", "9"], options=STEALS, hands=[["2", "9"], ["5", "Q", "K"], ["3"], ["4"]])
    after = s.apply("2:steal 1")
    assert after.current_player == 1
    assert after.discards[-1] == parse_card("2")
    assert len(after.hands[1]) == 2 and len(after.hands[0]) == 2
    taken = [c for c in after.hands[0] if c != parse_card("9")]
    assert len(taken) == 1 and taken[0] in {parse_card(c) for c in ("5", "Q", "K")}
    assert sorted(after.hands[1] + taken) == sorted(parse_card(c) for c in ("5", "Q", "K"))
    assert after.pos == s.pos  # no peg moves
    # Same position, same RNG: same card (determinism); other RNG states reach every card.
    assert s.apply("2:steal 1").hands == after.hands
    got = set()
    for rng in range(40):
        t = position([[10]], ["2"], options=STEALS, hands=[["2"], ["5", "Q", "K"], ["3"], ["4"]], rng=rng)
        got.add(t.apply("2:steal 1").hands[0][0])
    assert got == {parse_card(c) for c in ("5", "Q", "K")}


def test_dog24_theft_counts_for_zugzwang() -> None:
    # No peg out and no start card: without the option the 2 folds (DOG-8).
    hands = [["2", "3"], ["5"], ["5"], ["5"]]
    assert legal(position([], ["2", "3"], hands=hands)) == ["fold"]
    s = position([], ["2", "3"], options=STEALS, hands=hands)
    assert legal(s) == ["2:steal 1", "2:steal 3"]
    # Nobody to rob: fold.
    s = position([], ["2"], options=STEALS, hands=[["2"], [], ["5"], []])
    assert legal(s) == ["fold"]


def test_dog24_joker_as_two_may_steal() -> None:
    s = position([], ["Jo"], options=STEALS, hands=[["Jo"], ["5"], ["5"], []])
    assert legal(s) == ["Jo:start", "Jo=2:steal 1"]


def test_dog24_stolen_card_is_seen_by_thief_and_victim_only() -> None:
    s = position([[10]], ["2"], options=STEALS, hands=[["2"], ["Q"], ["3"], ["4"]])
    after = s.apply("2:steal 1")
    entry = [{"thief": 0, "victim": 1, "card": "Q"}]
    assert after.observe(0)["stolen"] == entry
    assert after.observe(1)["stolen"] == entry
    for seat in (2, 3):
        view = after.observe(seat)
        assert view["stolen"] == []
        assert "Q" not in view["hand"]
    assert "stolen" not in after.observe(None)
    assert after.observe(2)["last"] == {"seat": 0, "action": "2:steal 1"}


def test_dog24_victim_view_samples_the_card_in_the_thiefs_hand() -> None:
    s = position([[10]], ["2", "9"], options=STEALS, hands=[["2", "9"], ["Q", "5"], ["3"], ["4"]])
    after = s.apply("2:steal 1")
    stolen = after.observe(1)["stolen"][0]["card"]
    game = after.game
    for seed in range(20):
        sampled = game.sample_state(after.observe(1), random.Random(seed))
        assert parse_card(stolen) in sampled.hands[0]
        assert sampled.observe(1) == after.observe(1)


def test_dog24_knowledge_ends_when_the_thief_plays_that_card() -> None:
    s = position([[10], [20]], ["2", "5"], options=STEALS, hands=[["2", "5"], ["Q"], ["3"], ["4"]])
    after = s.apply("2:steal 1")
    assert after.stolen == ((0, 1, parse_card("Q")),)
    # Seat 1 (now without cards) is skipped; seats 2, 3 play; seat 0 plays the Q.
    after = after.apply_unchecked(after.legal_actions()[0])
    after = after.apply_unchecked(after.legal_actions()[0])
    assert after.current_player == 0
    after = after.apply("Q:p0 10-22")
    assert after.stolen == ()
    assert after.observe(1).get("stolen") == []


def test_dog24_robbing_the_partner_forgets_the_exchanged_card() -> None:
    # Seat 0 gave seat 2 a Q (known, DOG-7); seat 1 robs seat 2: seat 0 no longer knows
    # the Q is there.
    s = position(
        [[], [30]],
        ["2"],
        seat=1,
        options=STEALS,
        hands=[["3"], ["2"], ["Q"], ["4"]],
        exchange={"given": [True] * 4, "gave": ["Q", None, None, None], "known": [True, False, False, False]},
    )
    after = s.apply("2:steal 2")
    assert after.observe(0)["exchange"]["known"] is False


def test_dog24_theft_text_is_checked() -> None:
    s = position([[10]], ["2"], options=STEALS, hands=[["2"], ["5"], ["5"], ["5"]])
    with pytest.raises(IllegalActionError):
        s.apply("2:steal 2")  # the partner
    with pytest.raises(ActionSyntaxError):
        s.apply("5:steal 1")  # only a 2 (or a Joker as 2) steals
    with pytest.raises(IllegalActionError):
        position([[10]], ["2"]).apply("2:steal 1")  # option off


# --- DOG-25 no_jack_reswap ---------------------------------------------------------------


def test_dog25_the_last_swap_may_not_be_swapped_back() -> None:
    s = position([[10], [20], [], [50]], ["J"], options=RESWAP, others=["J"])
    after = s.apply("J:p0 10<>p4 20")
    assert after.swap_lock == (0, 4)
    assert after.current_player == 1
    # Seat 1 may not swap p4 and p0 back, but may swap with another peg.
    assert set(legal(after)) == {"J:p4 10<>p12 50"}
    with pytest.raises(IllegalActionError):
        after.apply("J:p4 10<>p0 20")


def test_dog25_joker_as_jack_is_a_swap_too() -> None:
    s = position([[10], [20]], ["Jo"], seat=1, options=RESWAP, swap_lock=[0, 4])
    assert not any("<>" in t for t in legal(s))


def test_dog25_lock_ends_once_either_peg_moves() -> None:
    s = position([[10, 30], [20], [], []], ["3", "J"], options=RESWAP, swap_lock=[0, 4], others=["J"])
    after = s.apply("3:p0 10-13")
    assert after.swap_lock is None
    # A move of another peg keeps the lock.
    s2 = position([[10, 30], [20], [], []], ["3"], options=RESWAP, swap_lock=[0, 4], others=["J"])
    assert s2.apply("3:p1 30-33").swap_lock == (0, 4)


def test_dog25_off_by_default() -> None:
    s = position([[10], [20]], ["J"], others=["J"])
    after = s.apply("J:p0 10<>p4 20")
    assert "J:p4 10<>p0 20" in legal(after)


# --- DOG-26 last_peg_no_joker ------------------------------------------------------------


def test_dog26_joker_may_not_bring_the_teams_last_peg_home() -> None:
    s = position([[], HOME, [], ["H2", "H3", "H4", 46]], ["Jo", "3"], seat=3, options=NO_JOKER)
    texts = legal(s)
    assert "3:p15 46-H1" in texts  # a real 3 may
    assert not any(t.startswith("Jo") and "H1" in t for t in texts)
    assert "Jo=3:p15 46-49" in texts


def test_dog26_joker_may_bring_in_a_peg_that_is_not_the_last() -> None:
    s = position([[], ["H1", "H2", "H3", 10], [], ["H2", "H3", "H4", 46]], ["Jo"], seat=3, options=NO_JOKER)
    assert "Jo=3:p15 46-H1" in legal(s)


def test_dog26_joker_seven_part_bringing_in_the_last_peg_is_refused() -> None:
    # Joker as 7: p0 62-H1 (3 steps) would make the team home: refused; the real 7 may.
    s = position([[62, "H2", "H3", "H4"], [], HOME], ["Jo", "7"], options=NO_JOKER)
    texts = legal(s)
    assert "7:p0 62-H1" in texts
    assert not any(t.startswith("Jo") and "H1" in t for t in texts)
    assert "Jo=7:p0 62-5" in texts


def test_dog26_alone_a_players_last_peg() -> None:
    s = position([[46, "H2", "H3", "H4"], [], []], ["Jo"], players=3, options=NO_JOKER)
    assert not any("H1" in t for t in legal(s))


def test_dog26_only_joker_left_and_its_last_peg_move_refused_may_fold() -> None:
    # The only Joker use would bring in the last peg... other values remain, so no fold.
    s = position([[], HOME, [], ["H2", "H3", "H4", 47]], ["Jo"], seat=3, options=NO_JOKER)
    assert "fold" not in legal(s)
    assert all("H1" not in t for t in legal(s))


def test_house_rules_are_named_options_off_by_default() -> None:
    options = stammtisch.load("dog").options
    for name in ("seven_with_partner", "two_steals", "no_jack_reswap", "last_peg_no_joker"):
        assert options[name] is False
    assert options["players"] == 4 and options["teams"] == 0
