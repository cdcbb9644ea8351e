"""ISMCTS refines the heuristic: its prior is the heuristic's ranking, a tiny budget plays
the heuristic's move, the search reads only the view, and a seed replays it exactly."""

from __future__ import annotations

import random
from typing import Any

import pytest

import stammtisch
from stammtisch.bots import Budget, make_bot, resolve, zwickern_search
from stammtisch.bots.ismcts import ISMCTS, ISMCTSBot, softmax
from stammtisch.bots.profile import heuristic_for, profile_for
from stammtisch.core.game import State

GAMES = ["zwickern", "himmel", "dog"]


def _positions(name: str, count: int, seed: int) -> list[tuple[Any, State[Any]]]:
    """Positions with a real choice, reached by seeded heuristic play."""
    game = stammtisch.load(name)
    bots = [make_bot("heuristic", game, s, seed + s) for s in range(game.num_players)]
    state = game.new_game(seed)
    rng = random.Random(seed)
    out: list[tuple[Any, State[Any]]] = []
    while len(out) < count and not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.3:
            out.append((game, state))
        state = state.apply_unchecked(bots[seat].choose(state.observe(seat), list(legal)))
    return out


def _heuristic_best(name: str, state: State[Any]) -> set[str]:
    seat = state.current_player
    legal = state.legal_actions()
    values = heuristic_for(name).action_values(state.observe(seat), legal)
    top = max(values)
    return {str(a) for a, v in zip(legal, values, strict=True) if v >= top - 1e-9}


@pytest.mark.parametrize("name", GAMES)
def test_a_tiny_budget_plays_the_heuristics_move(name: str) -> None:
    for game, state in _positions(name, 4, seed=3):
        seat = state.current_player
        assert seat is not None
        for iterations in (1, 2):
            bot = make_bot(f"ismcts:{iterations}", game, seat, seed=9)
            choice = bot.choose(state.observe(seat), state.legal_actions())
            assert str(choice) in _heuristic_best(name, state)


@pytest.mark.parametrize("name", GAMES)
def test_the_prior_is_the_heuristics_ranking(name: str) -> None:
    for game, state in _positions(name, 3, seed=5):
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        search = ISMCTS(game, seat, random.Random(0), Budget(iterations=1))
        priors = search.priors(state.observe(seat), legal)
        assert sum(priors) == pytest.approx(1.0)
        values = heuristic_for(name).action_values(state.observe(seat), legal)
        order = sorted(range(len(legal)), key=lambda i: values[i])
        assert [priors[i] for i in order] == sorted(priors)


def test_softmax_keeps_order_and_survives_large_values() -> None:
    p = softmax([1000.0, 990.0, -1000.0], 4.0)
    assert p[0] > p[1] > p[2] >= 0.0
    assert sum(p) == pytest.approx(1.0)


@pytest.mark.parametrize("name", GAMES)
def test_same_view_and_seed_give_the_same_search(name: str) -> None:
    game, state = _positions(name, 1, seed=7)[0]
    seat = state.current_player
    assert seat is not None
    runs = []
    for _ in range(2):
        bot = make_bot("ismcts:30", game, seat, seed=4)
        assert isinstance(bot, ISMCTSBot)
        runs.append((bot.choose(state.observe(seat), state.legal_actions()), bot.last_stats))
    assert runs[0] == runs[1]
    assert sum(s.visits for s in runs[0][1]) == 30


@pytest.mark.parametrize("name", GAMES)
def test_the_search_sees_the_view_not_the_hidden_cards(name: str) -> None:
    # Two full states that one seat cannot tell apart must get the same search from it.
    game, state = _positions(name, 1, seed=11)[0]
    seat = state.current_player
    assert seat is not None
    view = state.observe(seat)
    twins = [game.sample_state(view, random.Random(k)) for k in (1, 2)]
    assert twins[0].to_json() != twins[1].to_json()
    runs = []
    for twin in twins:
        assert twin.observe(seat) == view
        bot = make_bot("ismcts:25", game, seat, seed=6)
        assert isinstance(bot, ISMCTSBot)
        runs.append((bot.choose(twin.observe(seat), twin.legal_actions()), bot.last_stats))
    assert runs[0] == runs[1]


def test_the_search_prefers_a_clear_capture_to_a_lay() -> None:
    # Taking the ace (points now) beats laying a card beside it; the search keeps that sense.
    game = stammtisch.load("zwickern", forced_capture=False, rounds=1)
    st = game.from_json(
        {"hands": [["AD", "7C", "8S", "X"], ["7S", "9S", "JS", "QS"]], "table": ["AH", "10C"], "current": 0}
    )
    bot = make_bot("ismcts:200", game, 0, seed=2)
    assert str(bot.choose(st.observe(0), st.legal_actions())) == "AD"


@pytest.mark.parametrize("name", GAMES)
def test_the_state_fast_path_matches_the_view(name: str) -> None:
    # The search reads action values and evaluations straight from its determinized states;
    # they must equal what the heuristic gives for the seat's view (and nothing hidden leaks).
    heuristic = heuristic_for(name)
    for game, state in _positions(name, 6, seed=13):
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        assert heuristic.state_values(state, seat, legal) == heuristic.action_values(
            state.observe(seat), legal
        )
        assert heuristic.evaluate_state(state) == heuristic.evaluate(state.observe(None))
        twin = game.sample_state(state.observe(seat), random.Random(1))
        assert heuristic.state_values(twin, seat, legal) == heuristic.state_values(state, seat, legal)


def test_dog_search_is_the_same_on_the_compiled_table_and_the_pure_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The tree keys a play by its move code on the compiled table and by its action on the
    # pure engine (tests/bots/test_dog_eval.py: the same key); the same seed then gives the
    # same statistics for every root action, 7s included.
    compiled = stammtisch.load("dog")
    if compiled.core is None:  # type: ignore[attr-defined]
        pytest.skip("compiled core not in use")
    monkeypatch.setenv("STAMMTISCH_PURE", "1")
    pure = stammtisch.load("dog")
    assert pure.core is None  # type: ignore[attr-defined]
    checked = 0
    for game, state in _positions("dog", 4, seed=11):
        seat = state.current_player
        assert seat is not None
        view = state.observe(seat)
        stats = []
        for g in (game, pure):
            search = ISMCTS(g, seat, random.Random(3), Budget(iterations=60))
            stats.append(
                [
                    (str(s.action), s.visits, round(s.value, 9))
                    for s in search.search(view, state.legal_actions())
                ]
            )
        assert stats[0] == stats[1]
        checked += 1
    assert checked == 4


def test_the_hard_level_takes_the_iterations_of_the_search_in_use(monkeypatch: pytest.MonkeyPatch) -> None:
    # Zwickern's search runs compiled where it is built: the same CPU per move buys far more
    # iterations there (benchmarks/zwickern_search_speed.txt). Forced to Python, or where
    # the extension is missing, ``hard`` keeps the Python search's own count.
    profile = profile_for("zwickern")
    game = stammtisch.load("zwickern")
    assert profile.compiled_hard_iterations is not None
    assert profile.compiled_hard_iterations > profile.hard_iterations
    expected = profile.compiled_hard_iterations if zwickern_search.in_use() else profile.hard_iterations
    assert resolve("hard", game)[1] == Budget(iterations=expected)
    monkeypatch.setenv("STAMMTISCH_PURE", "1")
    assert resolve("hard", game)[1] == Budget(iterations=profile.hard_iterations)
    assert profile_for("himmel").hard() == profile_for("himmel").hard_iterations  # no compiled search
