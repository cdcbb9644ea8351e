"""The engine's fast paths give exactly what the specification gives.

``HimmelState.apply_unchecked`` builds the common step (a number card from a full hand
laid on a pile or as the new target when taking, HAZ-3/HAZ-7, then one card drawn, HAZ-6)
in one go; ``clone()`` + ``_apply_in_place`` is the rules as written. Over seeded random
games every legal action of every position is played both ways and compared: the whole
position (``to_json``, which works the knowledge out), the events and the next legal
actions. The compiled move generator (``_moves.c``) is compared with ``moves.legal_actions``
the same way, and on input it does not expect.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from stammtisch import load
from stammtisch.games.himmel import HimmelState, moves
from stammtisch.games.himmel.actions import Action


def _by_the_rules(state: HimmelState, action: Action) -> HimmelState:
    new = state.clone()
    new._apply_in_place(action)
    new._origin = (state.clone(), action)
    return new


@pytest.mark.parametrize("players", [3, 4, 6])
def test_every_step_equals_the_rules_as_written(players: int) -> None:
    game = load("himmel", players=players, games=2)
    rng = random.Random(players)
    for seed in range(8):
        state = game.new_game(seed)
        assert isinstance(state, HimmelState)
        while not state.is_terminal:
            legal = state.legal_actions()
            for action in legal:
                fast = state.apply_unchecked(action)
                spec = _by_the_rules(state, action)
                assert fast.to_json() == spec.to_json(), (seed, str(action))
                assert fast.raw_events() == spec.raw_events(), (seed, str(action))
                assert fast.legal_notations() == spec.legal_notations(), (seed, str(action))
                quiet = state.apply_unchecked(action, events=False)
                assert quiet.to_json() == spec.to_json() and quiet.raw_events() == []
            state = state.apply_unchecked(legal[rng.randrange(len(legal))], events=False)
            state.check_invariants()


compiled = pytest.mark.skipif(not moves.compiled_available(), reason="_moves.c not built")


@compiled
@pytest.mark.parametrize("players", [3, 5, 6])
def test_compiled_move_generator_equals_the_pure_one(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every position of seeded games: the same action objects in the same order (the
    compiled generator where it is built, also in the pure-Python pass of the suite)."""
    monkeypatch.delenv("STAMMTISCH_PURE", raising=False)
    legal = moves.legal_function()
    assert legal is not moves.legal_actions
    game = load("himmel", players=players, games=2)
    rng = random.Random(players)
    for seed in range(30):
        state = game.new_game(seed)
        assert isinstance(state, HimmelState)
        while not state.is_terminal:
            args = (state.hands, state.current, state.targets, state.piles, state.deck_size)
            got, want = legal(*args), moves.legal_actions(*args)
            assert len(got) == len(want) and all(a is b for a, b in zip(got, want, strict=True))
            state = state.apply_unchecked(want[rng.randrange(len(want))], events=False)
        assert legal(state.hands, None, state.targets, state.piles, 0) == []


@compiled
@pytest.mark.parametrize(
    "args",
    [
        ([(5, 9, 71, 72, 73), (), (3,)], 0, ((40,), (60,)), ((), (20,)), 9),  # expected input
        ([(5, 9, 71, 72, 73), [], [3]], 0, ((40,), (60,)), ((), (20,)), 9),  # lists as hands
        ([[5, 9, 71, 72, 73], (), (3,)], 0, ((40,), (60,)), ((), (20,)), 9),
        ([(9, 5), (), (3,)], 0, ((40,), (60,)), ((), (20,)), 9),  # not sorted
        ([(5, 9), (), (3,)], -1, ((40,), (60,)), ((), (20,)), 9),  # seat from the end
        ([(5, 9), (), (3,)], 3, ((40,), (60,)), ((), (20,)), 9),  # no such seat
        ([(5, 9), (), (3,)], 0, ((), (60,)), ((), (20,)), 9),  # a pile without target
        ([(5, 9), (), (3,)], 0, ((40,), (60,)), ((), (20,)), 0),  # empty draw pile
        ([(5, 9, 72)] + [(1,)] * 6, 0, ((40,), (60,)), ((), ()), 3),  # more seats than steals
        ([(0, 5)], 0, ((40,), (60,)), ((), ()), 3),  # not a card
    ],
)
def test_compiled_move_generator_answers_odd_input_as_the_pure_one(args: tuple[Any, ...]) -> None:
    """What the compiled generator does not expect goes to the pure one: same answer or
    same exception."""
    legal = moves.legal_function()
    try:
        want: Any = moves.legal_actions(*args)
    except Exception as exc:
        with pytest.raises(type(exc)):
            legal(*args)
        return
    got = legal(*args)
    assert len(got) == len(want) and all(a is b for a, b in zip(got, want, strict=True))


def test_stammtisch_pure_turns_the_compiled_move_generator_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STAMMTISCH_PURE", "1")
    game = load("himmel", players=4)
    assert game.legal_fn is moves.legal_actions
    assert moves.describe().startswith("pure Python")
