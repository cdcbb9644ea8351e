"""Tournaments: duplicate deals, rotated seats, determinism, and random < heuristic."""

from __future__ import annotations

import pytest

from stammtisch.arena.report import Report
from stammtisch.arena.tournament import config_from, lineups, run_tournament, schedule


def test_every_bot_sits_in_every_seat_for_the_same_deal() -> None:
    config = config_from("zwickern", ["random", "heuristic"], games=6, seed=5)
    tasks = schedule(config)
    assert len(tasks) == 6
    by_deal: dict[int, list[tuple[int, ...]]] = {}
    for t in tasks:
        assert t.game_seed == 5 + t.deal
        by_deal.setdefault(t.deal, []).append(t.lineup)
    for lus in by_deal.values():
        assert sorted(lus) == [(0, 1), (1, 0)]


def test_games_round_up_to_whole_deals() -> None:
    config = config_from(
        "zwickern", ["random", "heuristic", "casual"], games=4, seed=0, options={"players": 3}
    )
    assert len(schedule(config)) == 6  # two deals of three rotations


def test_team_lineups_give_a_bot_both_seats_of_a_team() -> None:
    # Dog's partners sit opposite (DOG-3): with two bots at four seats, A A and B B are teams.
    for lu in lineups(2, 4):
        assert lu[0] == lu[2] and lu[1] == lu[3] and lu[0] != lu[1]
    for lu in lineups(3, 6):
        assert all(lu[s] == lu[s + 3] for s in range(3))


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    config = config_from("zwickern", ["random", "heuristic"], games=8, seed=2)
    one = run_tournament(config, workers=1)
    two = run_tournament(config, workers=2)
    assert [r.to_json() for r in one.results] == [r.to_json() for r in two.results]


def test_heuristic_beats_random_in_a_seeded_tournament() -> None:
    config = config_from("zwickern", ["random", "heuristic"], games=200, seed=1)
    report = Report(run_tournament(config, workers=1))
    rnd, heu = report.summaries
    assert rnd.games == heu.games == 200
    assert heu.win_share.mean > rnd.win_share.mean
    assert heu.win_share.excludes(0.5)
    assert heu.score_margin.low > 0
    assert report.ratings[1].mu > report.ratings[0].mu


def test_unknown_bot_fails_before_any_game() -> None:
    from stammtisch.core.errors import StammtischError

    with pytest.raises(StammtischError):
        schedule(config_from("zwickern", ["random", "grandmaster"], games=2, seed=0))
