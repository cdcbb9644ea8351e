"""observe(): what a seat may know; sample_state() keeps it; render() in two languages."""

from __future__ import annotations

import random

from dog_testing import position

import stammtisch
from stammtisch.core.conformance import check_state


def test_observe_shows_own_hand_only_and_public_facts() -> None:
    s = position([[5], [20]], ["7", "K"], others=["2", "3"])
    v = s.observe(0)
    assert v["hand"] == ["7", "K"]
    assert v["hand_sizes"] == [2, 2, 2, 2]
    assert v["pegs"][1] == ["20", "K", "K", "K"]
    assert v["deck_size"] == 110 - 8
    assert v["teams"] == [[0, 2], [1, 3]]
    assert v["current_player"] == 0
    spectator = s.observe(None)
    assert "hand" not in spectator
    assert all("2" not in str(x) or k != "hand" for k, x in spectator.items())


def test_sampled_states_reproduce_every_seats_view() -> None:
    game = stammtisch.load("dog")
    rng = random.Random(4)
    for seed in range(3):
        s = game.new_game(seed)
        for _ in range(40):
            check_state(game, s, rng)
            if s.is_terminal:
                break
            acts = s.legal_actions()
            s = s.apply(acts[rng.randrange(len(acts))])


def test_render_in_english_and_german() -> None:
    s = position([["S", 12, "H2"], [20]], ["7", "K"])
    en = s.render(0, "en")
    de = s.render(0, "de")
    assert "Your hand: 7, King" in en and "Himmel [.o..]" in en and "kennel 1" in en
    assert "Deine Hand: 7, König" in de and "Lager 1" in de and "Am Zug: Spieler 1" in de
    assert "1*" in en  # the fresh peg of seat 1 on field 0
    # a mark on the track is a seat's number; each player's line says whose it is
    assert "> (1) Player 1 (you)" in en and "  (2) Spieler 2" in de
    end = position([[63, "H2", "H3", "H4"], [], ["H1", "H2", "H3", "H4"]], ["2"]).apply("2:p0 63-H1")
    assert "Partei 1 (Spieler 1, Spieler 3) gewinnt" in end.render(None, "de")
    assert "team 1 (Player 1, Player 3) wins" in end.render(None, "en")
