"""The Dog heuristic: beats random play, values every legal action, and sends home."""

from __future__ import annotations

import random

import stammtisch
from stammtisch.arena.report import Report
from stammtisch.arena.tournament import config_from, run_tournament
from stammtisch.bots.heuristics.dog import DogHeuristic
from stammtisch.bots.profile import heuristic_for
from stammtisch.games.dog.board import Board


def test_heuristic_team_beats_the_random_team() -> None:
    # DOG-3: with bots A,B at four seats, each bot plays both seats of one team.
    config = config_from("dog", ["random", "heuristic"], games=4, seed=1)
    report = Report(run_tournament(config, workers=1))
    rnd, heu = report.summaries
    assert heu.win_share.mean > rnd.win_share.mean
    assert heu.score_margin.mean > 0


def test_values_and_evaluation_along_a_game() -> None:
    game = stammtisch.load("dog")
    h = heuristic_for("dog")
    st = game.new_game(2)
    rng = random.Random(2)
    for _ in range(150):
        if st.is_terminal:
            break
        seat = st.current_player
        legal = st.legal_actions()
        values = h.action_values(st.observe(seat), legal)
        assert len(values) == len(legal)
        ev = h.evaluate(st.observe(None))
        assert len(ev) == 4 and all(0.0 <= v <= 1.0 for v in ev)
        assert abs(ev[0] - ev[2]) < 1e-9  # DOG-3: partners share their prospects
        st = st.apply(legal[rng.randrange(len(legal))])


def test_dog14_sending_an_opponent_home_is_worth_its_progress() -> None:
    board = Board(4)
    h = heuristic_for("dog")
    assert isinstance(h, DogHeuristic)
    places = [-1] * 16
    places[0] = 10  # our peg
    places[4] = 15  # an opponent peg, 5 fields ahead of ours
    before = h.team_value(places, 0, board, 0)
    after = list(places)
    after[0], after[4] = 15, -1  # our 5 lands on it (DOG-14)
    assert h.team_value(after, 0, board, 0) - before > 10
