"""The Zwickern search's inference: each dealing of the other hands is weighed by how likely
the other players' plays since the deal were with it (bots/heuristics/zwickern_infer.py, the
specification; ``infer_hands`` in bots/_zwickern_search.c, its port).

The plays are public: every card is played open (the view's ``plays``). A hand is never
weighed by anything a player may not know: the weights read the view's plays and a dealing
the search made itself, and the dealing still reproduces the view."""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import pytest

import stammtisch
from stammtisch.bots import Budget, make_bot, zwickern_search
from stammtisch.bots.heuristics.zwickern import HEURISTIC, PROFILE
from stammtisch.bots.heuristics.zwickern_infer import log_likelihood, worth_weighing
from stammtisch.bots.ismcts import ISMCTS
from stammtisch.games.zwickern.position import read_position
from stammtisch.games.zwickern.state import ZwickernState

VARIANTS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 2, "forced_capture": False},
]
IDS = [",".join(f"{k}={v}" for k, v in o.items()) for o in VARIANTS]
compiled = pytest.mark.skipif(
    not zwickern_search.in_use(),
    reason="compiled Zwickern search not built, or STAMMTISCH_PURE forces Python",
)


def _positions(options: dict[str, Any], games: int, seed: int) -> list[ZwickernState]:
    """Positions from seeded heuristic play in which another seat has played since the deal."""
    game = stammtisch.load("zwickern", **options)
    rng = random.Random(seed)
    out: list[ZwickernState] = []
    for g in range(games):
        bots = [make_bot("heuristic", game, s, seed + g * 10 + s) for s in range(game.num_players)]
        state = game.new_game(seed + g)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            view = state.observe(seat)
            if worth_weighing(view):
                out.append(state)
            legal = list(state.legal_actions())
            action = (
                legal[rng.randrange(len(legal))] if rng.random() < 0.2 else bots[seat].choose(view, legal)
            )
            state = state.apply_unchecked(action, events=False)
    return out


def _plays(state: ZwickernState) -> list[tuple[int, int, list[int]]]:
    return [(s, c, list(t)) for s, c, t in state.plays]


def _full(state: ZwickernState) -> tuple[Any, ...]:
    return zwickern_search.position(state.observe(None), state.hands, state.deck, state.game)


@compiled
@pytest.mark.parametrize("options", VARIANTS, ids=IDS)
def test_the_port_weighs_every_dealing_as_the_specification(options: dict[str, Any]) -> None:
    """The true hands and dealings sampled from the mover's view: the same log-likelihood
    from C and Python, at two temperatures."""
    ext = zwickern_search.compiled()
    checked = 0
    for state in _positions(options, 3, seed=11)[::3]:
        seat = state.current_player
        assert seat is not None
        view = state.observe(seat)
        rng = random.Random(checked)
        for dealt in (state, *(state.game.sample_state(view, rng) for _ in range(4))):
            for temperature in (0.7, 2.0):
                expected = log_likelihood(dealt, seat, temperature, HEURISTIC)
                got = ext.likelihood(_full(dealt), _plays(dealt), seat, temperature)
                assert expected > -math.inf  # every one of these dealings fits the plays
                assert got == pytest.approx(expected, abs=1e-9), dealt.to_json()
                checked += 1
    assert checked >= 100


def _dealing(opponent_hand: list[str]) -> ZwickernState:
    """Two players; seat 1 laid the Ace of hearts (AH) on a table of a 9, seat 0 (to move) laid
    the 8 of spades; seat 1 still holds ``opponent_hand``."""
    game = stammtisch.load("zwickern", players=2)
    return read_position(
        game,
        {
            "game": "zwickern",
            "hands": [["7S", "QD", "KD"], opponent_hand],
            "table": ["9D", "AH", "8S"],
            "current": 0,
            "dealer": 0,
            "plays": [
                {"seat": 1, "card": "AH", "captured": []},
                {"seat": 0, "card": "8S", "captured": []},
            ],
            "lacks": [["9", "A"], ["9"]],
        },
    )


def test_a_valuable_card_laid_open_says_the_hand_held_nothing_cheaper() -> None:
    """Laying an Ace where nothing could be captured (ZW-5) is what a player does who holds
    nothing cheaper to lay: hands of cheap cards explain that play worse than hands of
    valuable ones, and a hand that could have captured does not explain it at all."""
    cheap = log_likelihood(_dealing(["7C", "8C", "JC"]), 0, 2.0, HEURISTIC)
    dear = log_likelihood(_dealing(["10C", "AC", "KC"]), 0, 2.0, HEURISTIC)
    assert cheap < dear < 0.0
    game = stammtisch.load("zwickern", players=2)
    forced = _dealing(["7C", "8C", "JC"]).to_json()
    forced["plays"] = [{"seat": 1, "card": "AH", "captured": []}, {"seat": 0, "card": "8S", "captured": []}]
    forced["hands"][1] = ["9C", "8C", "JC"]  # a 9 with a 9 on the table: the capture was forced
    forced["lacks"] = [["9", "A"], []]
    del forced["deck"]  # the rest of the pack
    assert log_likelihood(read_position(game, forced), 0, 2.0, HEURISTIC) == -math.inf
    if zwickern_search.in_use():
        ext = zwickern_search.compiled()
        for hand in (["7C", "8C", "JC"], ["10C", "AC", "KC"]):
            s = _dealing(hand)
            assert ext.likelihood(_full(s), _plays(s), 0, 2.0) == pytest.approx(
                log_likelihood(s, 0, 2.0, HEURISTIC), abs=1e-9
            )


@pytest.mark.parametrize("options", VARIANTS[:2], ids=IDS[:2])
def test_weighed_dealings_reproduce_the_view(options: dict[str, Any]) -> None:
    """The weighed sampler hands the search states that every seat's view of is as the
    mover's view says (no card it cannot know shapes them beyond the public plays)."""
    settings = dataclasses.replace(PROFILE.search, infer_temperature=2.0)
    for state in _positions(options, 2, seed=3)[::4]:
        seat = state.current_player
        assert seat is not None
        view = state.observe(seat)
        sample = HEURISTIC.sampler(state.game, view, settings)
        rng = random.Random(7)
        for _ in range(5):
            dealt = sample(rng)
            dealt.check_invariants()
            assert dealt.observe(seat) == view


@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure"])
def test_the_search_reads_the_plays(pure: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """With inference, the search's statistics change with what the plays say, and a
    search is the same for the same seed."""
    if pure:
        monkeypatch.setenv("STAMMTISCH_PURE", "1")
    elif not zwickern_search.in_use():
        pytest.skip("compiled Zwickern search not built")
    state = _positions({"players": 2}, 1, seed=21)[2]
    seat = state.current_player
    assert seat is not None
    view = state.observe(seat)
    legal = state.legal_actions()
    runs = []
    for infer in (None, 2.0, 2.0):
        settings = dataclasses.replace(PROFILE.search, infer_temperature=infer)
        search = ISMCTS(state.game, seat, random.Random(4), Budget(iterations=300), settings)
        runs.append([(s.visits, round(s.value, 12)) for s in search.search(view, legal)])
    assert runs[1] == runs[2]
    assert len(legal) == 1 or runs[0] != runs[1]


@compiled
def test_bad_plays_are_refused() -> None:
    ext = zwickern_search.compiled()
    s = _dealing(["7C", "8C", "JC"])
    for bad in ([(2, 5, [])], [(0, 99, [])], [(0, 5, [99])], [(0, 5, [])] * 17, "no"):
        with pytest.raises((ValueError, TypeError)):
            ext.likelihood(_full(s), bad, 0, 2.0)
    with pytest.raises(ValueError):
        ext.likelihood(_full(s), [], 0, 0.0)
