"""What a lay tells everybody (ZW-5): a hand that laid a card where a capture would have been
forced holds none of the table's ranks, until its next cards are dealt. The view shows it,
the sampler deals no such hand, and the heuristic prices a lay by it."""

from __future__ import annotations

import random

import pytest
from tests.games.zwickern.test_rules import _rest

import stammtisch
from stammtisch.bots.heuristics.zwickern import HEURISTIC
from stammtisch.core.errors import PositionError
from stammtisch.games.zwickern import parse_card


def test_zw5_a_lay_shows_the_table_ranks_are_not_in_that_hand(load_position):
    s = load_position(hands=[["8C", "7H", "AS"], ["8H", "9H"]], table=["QH", "9D", "X"], current=0)
    s = s.apply("7H")
    # Seat 0 laid the 7 although Q and 9 lay there: it holds no Q and no 9 (the Joker has no rank).
    assert s.observe(1)["lacks"] == [["9", "Q"], []]
    assert s.observe(None)["lacks"] == s.observe(0)["lacks"] == s.to_json()["lacks"]


def test_zw5_a_capture_a_joker_or_an_empty_table_shows_nothing(load_position):
    s = load_position(hands=[["QC", "X", "8S"], ["8H", "9H", "KD"]], table=["QH"], current=0)
    assert s.apply("QC").observe(1)["lacks"] == [[], []]  # a capture
    assert s.apply("X").observe(1)["lacks"] == [[], []]  # a Joker may always be played
    empty = load_position(hands=[["8C", "7H"], ["8H", "9H"]], table=[], current=0)
    assert empty.apply("7H").observe(1)["lacks"] == [[], []]


def test_zw5_nothing_is_shown_without_forced_capture(load_position):
    s = load_position(
        hands=[["QC", "7H"], ["8H", "9H"]], table=["QH"], current=0, options={"forced_capture": False}
    )
    assert s.apply("7H").observe(1)["lacks"] == [[], []]


def test_zw6_new_cards_forget_what_was_shown(load_position):
    deck = ["7C", "7S", "8C", "8S", "9C", "9S", "10C", "10S"]
    rest = _rest(["8H"], ["9H"], ["QH"], deck)
    s = load_position(
        hands=[["8H"], ["9H"]], table=["QH"], deck=deck, captured=[rest, []], current=0, dealer=1
    )
    s = s.apply("8H")
    assert s.observe(1)["lacks"] == [["Q"], []]
    s = s.apply("9H")  # both hands empty: four new cards each
    assert s.observe(0)["lacks"] == [[], []]


def test_lacks_round_trips_and_a_position_that_contradicts_it_is_refused(load_position):
    s = load_position(hands=[["8C", "7H"], ["8H", "9H"]], table=["QH"], current=0, lacks=[[], ["q", "A"]])
    assert s.to_json()["lacks"] == [[], ["Q", "A"]]
    game = stammtisch.load("zwickern")
    assert game.from_json(s.to_json()).to_json() == s.to_json()
    with pytest.raises(PositionError):
        load_position(hands=[["8C", "7H"], ["8H", "9H"]], table=["QH"], current=0, lacks=[["8"], []])
    with pytest.raises(PositionError):
        load_position(hands=[["8C", "7H"], ["8H", "9H"]], table=["QH"], current=0, lacks=[["Z"], []])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sampled_hands_respect_what_was_shown(players):
    game = stammtisch.load("zwickern", players=players)
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        state = game.new_game(seed)
        while not state.is_terminal:
            view = state.observe(0)
            lacks = view["lacks"]
            for k in range(3):
                sample = game.sample_state(view, random.Random(k))
                sample.check_invariants()  # includes: no hand holds a rank it lacks
                for seat, ranks in enumerate(lacks):
                    held = {c[:-1] for c in sample.to_json()["hands"][seat] if c != "X"}
                    assert not held & set(ranks)
                    checked += bool(ranks)
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    assert checked > 50


def test_two_player_sampling_is_uniform_over_the_hands_that_fit(load_position):
    # Seat 1 laid a card while a Q lay there: of the hidden cards it may hold anything but a Q.
    hands, table, deck = [["8C", "7H"], ["8H", "9H"]], ["QH"], ["QC", "QS", "KD"]
    captured = [_rest(*hands, table, deck), []]
    s = load_position(hands=hands, table=table, deck=deck, captured=captured, current=0, lacks=[[], ["Q"]])
    view = s.observe(0)
    seen = {}
    for k in range(600):
        hand = tuple(sorted(s.game.sample_state(view, random.Random(k)).to_json()["hands"][1]))
        seen[hand] = seen.get(hand, 0) + 1
    # Hidden: 8H 9H QC QS KD; seat 1 holds two of the three non-Q cards: three hands, evenly.
    assert set(seen) == {("8H", "9H"), ("8H", "KD"), ("9H", "KD")}
    assert min(seen.values()) > 150


def test_the_heuristic_lays_safely_a_rank_the_other_hand_lacks(load_position):
    # Seat 0 must lay (nothing matches the 9) and holds an A (11 points) and a 10 (10 points).
    # Seat 1 has shown it holds no A: laying the A risks only the Jokers, laying the 10 more.
    base = {"hands": [["AC", "10C"], ["8H", "9H", "KD"]], "table": ["9D"], "current": 0}
    known = load_position(**base, lacks=[[], ["A"]])
    unknown = load_position(**base)
    legal = known.legal_actions()
    a, ten = (next(i for i, x in enumerate(legal) if x.card == parse_card(c)) for c in ("AC", "10C"))
    v_known = HEURISTIC.action_values(known.observe(0), legal)
    v_unknown = HEURISTIC.action_values(unknown.observe(0), legal)
    assert v_known[a] > v_unknown[a]
    assert v_known[ten] == v_unknown[ten]
    assert HEURISTIC.state_values(known, 0, legal) == v_known


def test_the_matching_fallback_deals_every_hand_within_what_it_may_hold():
    from stammtisch.games.zwickern.sample import _match_hidden

    q, k = parse_card("QC"), parse_card("KC")
    other = [parse_card(c) for c in ("7C", "8C", "9C", "QS", "KS")]
    # Seat 1 may hold no Q, seat 2 no K: each must get the other's forbidden cards.
    pool = [q, k, *other]
    hands = _match_hidden(pool, [(1, 3, 1 << 5), (2, 3, 1 << 6)])
    assert sorted(len(h) for h in hands.values()) == [3, 3] and len(pool) == 1
    assert not {c >> 2 for c in hands[1]} & {5} and not {c >> 2 for c in hands[2]} & {6}
    assert sorted([*hands[1], *hands[2], *pool]) == sorted([q, k, *other])
    with pytest.raises(PositionError):
        _match_hidden([q, parse_card("QS")], [(1, 2, 1 << 5)])


def test_the_observation_tensor_holds_what_was_shown(load_position):
    import numpy as np

    from stammtisch.games.zwickern.codec import Codec

    s = load_position(hands=[["8C", "7H", "AS"], ["8H", "9H"]], table=["QH", "9D"], current=0).apply("7H")
    codec = Codec(s.game)
    base = dict((name, i) for i, name in enumerate(n for n, _, _ in codec.observation_fields))
    start = sum(size for name, size, _ in codec.observation_fields[: base["lacks"]])
    for seat, slot in ((1, 1), (0, 0)):  # seat 0 lacks 9 and Q: relative slot 1 for seat 1
        out, direct = np.zeros(codec.observation_size), np.zeros(codec.observation_size)
        codec.encode(s.observe(seat), out)
        codec.encode_state(s, seat, direct)
        assert (out == direct).all()
        assert sorted(np.flatnonzero(out[start : start + 32])) == [8 * slot + 2, 8 * slot + 5]
