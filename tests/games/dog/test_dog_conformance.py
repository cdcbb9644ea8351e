"""The shipped conformance checks (invariants, notation, JSON, leaks, determinism)."""

from __future__ import annotations

import random

from dog_bruteforce import Brute

import stammtisch
from stammtisch.core.conformance import check_game


def test_conformance_four_players() -> None:
    report = check_game("dog", games=16, seed=1, options={"players": 4}, deep_every=8)
    assert report.games == 16
    assert sum(report.seat_wins) == 32  # two winners per game


def test_conformance_six_players() -> None:
    report = check_game("dog", games=6, seed=2, options={"players": 6}, deep_every=10)
    assert report.games == 6
    assert sum(report.seat_wins) == 12


def test_move_counts_agree_with_the_brute_force_generator_in_played_games() -> None:
    for players in (4, 6):
        game = stammtisch.load("dog", players=players)
        brute = Brute(players)
        rng = random.Random(players)
        s = game.new_game(100 + players)
        step = 0
        while not s.is_terminal and step < 1500:
            if s.phase == "play" and step % 9 == 0:
                count, _ = brute.count(s.to_json())
                assert count == len(s.legal_actions()), s.to_json()
            acts = s.legal_actions()
            s = s.apply_unchecked(acts[rng.randrange(len(acts))])
            step += 1
