"""Scenario tests for Zwickern, one or more per ruling (ZW-1 ... ZW-9)."""

from __future__ import annotations

from collections import Counter

import pytest

import stammtisch
from stammtisch.core.errors import IllegalActionError, OptionError
from stammtisch.games.zwickern import JOKER, PlayCard, parse_card

# A pile of cards used to "finish" positions: everything not in hands/table.


def notations(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def test_zw1_pack_is_34_cards_with_two_jokers():
    s = stammtisch.load("zwickern").new_game(7)
    data = s.to_json()
    cards = data["deck"] + data["table"] + [c for h in data["hands"] for c in h]
    assert len(cards) == 34
    counts = Counter(cards)
    assert counts["X"] == 2
    ranks = Counter(c[:-1] for c in cards if c != "X")
    assert ranks == {r: 4 for r in ("7", "8", "9", "10", "J", "Q", "K", "A")}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_zw1_seat_left_of_dealer_starts(players):
    for seed in range(10):
        s = stammtisch.load("zwickern", players=players).new_game(seed)
        assert s.current_player == (s.dealer + 1) % players


def test_zw1_dealer_from_seed_or_given():
    dealers = {stammtisch.load("zwickern", players=4).new_game(seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    s = stammtisch.load("zwickern", players=3, dealer=2).new_game(5)
    assert s.dealer == 2 and s.current_player == 0
    with pytest.raises(OptionError):
        stammtisch.load("zwickern", players=2, dealer=3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_zw2_deal_four_each_and_four_to_the_table(players):
    s = stammtisch.load("zwickern", players=players).new_game(3)
    assert [len(h) for h in s.hands] == [4] * players
    assert len(s.table) == 4
    assert len(s.deck) == 34 - 4 * players - 4


def test_zw2_joker_dealt_to_the_table_stays_there():
    for seed in range(200):
        s = stammtisch.load("zwickern").new_game(seed)
        if JOKER in s.table:
            assert s.to_json()["table"].count("X") >= 1
            return
    pytest.fail("no seed dealt a Joker to the table")


def test_zw3_card_captures_all_table_cards_of_its_rank(load_position):
    s = load_position(
        hands=[["QC", "7H"], ["8H", "9H"]],
        table=["QH", "QS", "9D", "X"],
        current=0,
    )
    after = s.apply("QC")
    assert sorted(after.to_json()["captured"][0]) == sorted(["QH", "QS", "QC"])
    assert after.to_json()["table"] == ["9D", "X"]  # the Joker has no rank (ZW-4)
    assert after.last_capturer == 0
    assert after.current_player == 1


def test_zw3_card_without_match_is_laid_open(load_position):
    s = load_position(hands=[["8C", "7H"], ["8H", "9H"]], table=["QH", "KS"], current=0)
    after = s.apply("7H")
    assert after.to_json()["table"] == ["QH", "KS", "7H"]
    assert after.to_json()["captured"][0] == []
    assert after.last_capturer is None


def test_zw4_joker_captures_the_whole_table_including_a_table_joker(load_position):
    s = load_position(hands=[["X", "7H"], ["8H", "9H"]], table=["QH", "X", "10D"], current=0)
    after = s.apply("X")
    assert sorted(after.to_json()["captured"][0]) == sorted(["QH", "X", "10D", "X"])
    assert after.to_json()["table"] == []
    assert after.last_capturer == 0


def test_zw4_joker_on_empty_table_stays_and_is_no_capture(load_position):
    s = load_position(hands=[["X", "7H"], ["8H", "9H"]], table=[], current=0)
    after = s.apply("X")
    assert after.to_json()["table"] == ["X"]
    assert after.to_json()["captured"][0] == []
    assert after.last_capturer is None


def test_zw4_table_joker_is_not_taken_by_a_ranked_card(load_position):
    s = load_position(hands=[["7C", "8C"], ["8H", "9H"]], table=["X"], current=0)
    # No rank matches a Joker: no forced capture, every card may be laid.
    assert notations(s) == ["7C", "8C"]
    after = s.apply("7C")
    assert after.to_json()["table"] == ["X", "7C"]


def test_zw5_forced_capture_limits_the_choice(load_position):
    s = load_position(hands=[["QC", "7H", "AS"], ["8H", "9H"]], table=["QH", "9D"], current=0)
    assert notations(s) == ["QC"]
    with pytest.raises(IllegalActionError):
        s.apply("7H")


def test_zw5_joker_may_always_be_played_even_when_capture_is_forced(load_position):
    s = load_position(hands=[["QC", "7H", "X"], ["8H", "9H"]], table=["QH"], current=0)
    assert notations(s) == ["QC", "X"]


def test_zw5_no_match_means_free_choice(load_position):
    s = load_position(hands=[["8C", "7H", "X"], ["8H", "9H"]], table=["QH"], current=0)
    assert notations(s) == ["7H", "8C", "X"]


def test_zw5_option_forced_capture_false_allows_laying(load_position):
    s = load_position(
        hands=[["QC", "7H"], ["8H", "9H"]],
        table=["QH"],
        current=0,
        options={"forced_capture": False},
    )
    assert sorted(notations(s)) == ["7H", "QC"]
    after = s.apply("7H")
    assert after.to_json()["table"] == ["QH", "7H"]


def test_zw5_illegal_move_changes_nothing(load_position):
    s = load_position(hands=[["QC", "7H"], ["8H", "9H"]], table=["QH"], current=0)
    before = s.to_json()
    with pytest.raises(IllegalActionError) as info:
        s.apply("7H")
    assert s.to_json() == before
    assert "7H" in info.value.message("de") and "nicht erlaubt" in info.value.message("de")


def test_zw6_redeal_four_each_without_table_cards(load_position):
    # Both hands are about to be empty; 8 cards remain in the pile.
    deck = ["7C", "7S", "8C", "8S", "9C", "9S", "10C", "10S"]
    rest = _rest(["8H"], ["9H"], ["QH"], deck)
    s = load_position(
        hands=[["8H"], ["9H"]],
        table=["QH"],
        deck=deck,
        captured=[rest, []],
        current=0,
        dealer=1,
    )
    s = s.apply("8H").apply("9H")
    data = s.to_json()
    assert [len(h) for h in data["hands"]] == [4, 4]
    assert data["table"] == ["QH", "8H", "9H"]
    assert data["deck"] == []
    # One card at a time from the seat left of the dealer (seat 0): the pile's top is the end.
    assert sorted(data["hands"][0]) == sorted(["10S", "9S", "8S", "7S"])
    assert s.current_player == 0


def test_zw6_short_last_deal_one_at_a_time_and_empty_seats_skipped(load_position):
    deck = ["7C", "8C"]  # only two cards left for four players
    hands = [["8H"], ["9H"], ["10H"], ["JH"]]
    rest = _rest(*hands, [], deck)
    s = load_position(hands=hands, table=[], deck=deck, captured=[rest, [], [], []], current=1, dealer=0)
    for card in ("9H", "10H", "JH", "8H"):
        s = s.apply(card)
    data = s.to_json()
    # Seat left of the dealer (1) gets the first card dealt (the pile's last), seat 2 the next.
    assert data["hands"] == [[], ["8C"], ["7C"], []]
    # Play goes on after the last player (seat 0): seat 1, then 2; seats 3 and 0 are skipped.
    assert s.current_player == 1
    s = s.apply("8C")
    assert s.current_player == 2


def test_zw7_final_sweep_goes_to_last_capturer(load_position):
    rest = _rest(["8H"], ["9H"], ["QH", "7D"], [])
    s = load_position(
        hands=[["8H"], ["9H"]],
        table=["QH", "7D"],
        deck=[],
        captured=[[], rest],
        last_capturer=1,
        current=0,
        options={"rounds": 1},
    )
    s = s.apply("8H").apply("9H")
    assert s.is_terminal
    assert sorted(s.to_json()["captured"][1]) == sorted([*rest, "QH", "7D", "8H", "9H"])
    assert s.to_json()["table"] == []


def test_zw7_no_capture_no_sweep(load_position):
    hands = [["8H"], ["9H"]]
    rest = _rest(*hands, ["QH"])
    s = load_position(
        hands=hands,
        table=["QH"],
        deck=[],
        captured=[rest[:16], rest[16:]],
        last_capturer=None,
        current=0,
        options={"rounds": 1},
    )
    s = s.apply("8H").apply("9H")
    assert s.is_terminal
    # Nobody has captured (last_capturer is None): the table stays where it is.
    assert s.to_json()["table"] == ["QH", "8H", "9H"]
    assert [len(p) for p in s.to_json()["captured"]] == [16, 15]


POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "7": 0, "8": 0, "9": 0, "X": 0}


def _points(cards: list[str]) -> int:
    return sum(POINTS[c if c == "X" else c[:-1]] for c in cards)


def test_zw8_card_points_and_most_cards_bonus(load_position):
    hands = [["8H"], ["9H"]]
    c0 = ["AC", "10C", "KC", "QC", "JC", "7C", "8C"]
    c1 = _rest(*hands, c0)
    s = load_position(
        hands=hands, table=[], deck=[], captured=[c0, c1], current=0, last_capturer=1, options={"rounds": 1}
    )
    s = s.apply("8H").apply("9H")
    assert s.is_terminal
    assert _points(c0) == 30
    # Seat 1 sweeps 8H and 9H (ZW-7), holds 27 of 34 cards: strictly most, +10.
    assert s.scores() == [30.0, 90.0 + 10.0]
    assert s.returns() == [0.0, 1.0]


def test_zw8_points_total_120_and_bonus_for_strictly_most_cards():
    for seed in range(50):
        s = stammtisch.load("zwickern", players=3, rounds=1).new_game(seed)
        while not s.is_terminal:
            s = s.apply_unchecked(s.legal_actions()[0])
        pts = s.round_results[0]
        counts = [len(p) for p in s.captured]
        best = max(counts)
        bonus = 10 if counts.count(best) == 1 else 0
        assert sum(pts) == 120 + bonus


def test_zw8_bonus_tie_gives_nobody_the_bonus(load_position):
    hands = [["8H"], ["9H"]]
    rest = _rest(*hands)
    c0 = [c for c in rest if c[-1] in "CS"]  # clubs and spades, Jokers excluded: 16 cards
    c1 = [c for c in rest if c not in c0]  # hearts, diamonds, Jokers: 16 cards
    assert len(c0) == len(c1) == 16
    s = load_position(
        hands=hands,
        table=[],
        deck=[],
        captured=[c0, c1],
        current=0,
        last_capturer=None,
        options={"rounds": 1},
    )
    s = s.apply("8H").apply("9H")
    assert s.is_terminal
    # Nobody captured in this round's play, so 8H and 9H stay on the table (ZW-7); 16 : 16.
    assert s.scores() == [float(_points(c0)), float(_points(c1))]
    assert sum(s.scores()) == 120.0


def test_zw9_match_of_rounds_dealer_moves_and_points_add_up():
    g = stammtisch.load("zwickern", players=3)
    assert g.rounds == 3
    s = g.new_game(11)
    dealers = [s.dealer]
    rounds_seen = 0
    while not s.is_terminal:
        before = s.round
        s = s.apply_unchecked(s.legal_actions()[0])
        if s.round != before:
            dealers.append(s.dealer)
            rounds_seen += 1
    assert len(s.round_results) == 3
    assert dealers == [(dealers[0] + k) % 3 for k in range(3)]
    assert s.scores() == [float(sum(r[i] for r in s.round_results)) for i in range(3)]


def test_zw9_rounds_option():
    s = stammtisch.load("zwickern", players=2, rounds=5).new_game(1)
    while not s.is_terminal:
        s = s.apply_unchecked(s.legal_actions()[-1])
    assert len(s.round_results) == 5


def test_zw8_tie_shares_the_win():
    for seed in range(400):
        s = stammtisch.load("zwickern", players=2, rounds=1).new_game(seed)
        while not s.is_terminal:
            s = s.apply_unchecked(s.legal_actions()[0])
        if s.scores()[0] == s.scores()[1]:
            assert s.returns() == [0.5, 0.5]
            return
    pytest.fail("no tied game found")


def _rest(*groups: list[str]) -> list[str]:
    """Every card of the pack not named in ``groups``."""
    from stammtisch.games.zwickern.cards import FULL_DECK, card_text

    left = Counter(card_text(c) for c in FULL_DECK)
    for g in groups:
        left.subtract(g)
    assert all(v >= 0 for v in left.values())
    return sorted(left.elements())


def test_notation_round_trip_and_syntax_errors():
    s = stammtisch.load("zwickern").new_game(1)
    for card in range(33):
        assert s.parse_action(str(PlayCard(card))) == PlayCard(card)
    assert s.parse_action("td") == PlayCard(parse_card("10D"))
    from stammtisch.core.errors import ActionSyntaxError

    with pytest.raises(ActionSyntaxError) as info:
        s.parse_action("11H")
    assert info.value.code == "zw_bad_card"
    assert "keine Karte" in info.value.message("de")
