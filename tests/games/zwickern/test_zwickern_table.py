"""The compiled Zwickern table against the pure-Python engine, its specification.

A game on the table (``games/zwickern/table.py``) keeps its round in play in a
``_table.Table``: the play (ZW-3, ZW-4), the forced capture's lacks (ZW-5), the redeal
(ZW-6) and the next seat run in C; the end of a round (ZW-7, ZW-8, ZW-9, ZW-10) runs in
Python and the next round goes back on a table. Here both engines play the same seeded
games move for move: after every move the whole position (``to_json``), the legal moves
and the events are equal; a state whose fields are read becomes pure and plays on
correctly (the tested fallback); bad input to the table changes nothing.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

import stammtisch
from stammtisch.core.game import JSON, Game
from stammtisch.games.zwickern import table as ztable
from stammtisch.games.zwickern.state import ZwickernState
from stammtisch.games.zwickern.table import TableState, on_table

needs_table = pytest.mark.skipif(
    not ztable.compiled_available() or ztable.forced_pure(),
    reason="compiled Zwickern table not built, or STAMMTISCH_PURE forces the pure engine",
)

OPTIONS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 2, "forced_capture": False},  # ZW-5 off
    {"players": 3, "tie_break": "extra_round", "rounds": 1},  # ZW-10
]
IDS = ["-".join(f"{k}={v}" for k, v in o.items()) for o in OPTIONS]


def games(options: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> tuple[Game[Any], Game[Any]]:
    fast = stammtisch.load("zwickern", **options)
    with monkeypatch.context() as m:
        m.setenv("STAMMTISCH_PURE", "1")
        pure = stammtisch.load("zwickern", **options)
    return fast, pure


def on_core(s: Any) -> bool:
    return isinstance(s, TableState) and s._c is not None


def snapshot(s: ZwickernState) -> JSON:
    """The whole position of ``s``, read from a clone (reading makes a state pure)."""
    return s.clone().to_json()


def events(before: ZwickernState, action: Any, after: ZwickernState) -> list[JSON]:
    return after.clone()._events_of(before.clone(), action)


def play_both(options: dict[str, Any], seed: int, monkeypatch: pytest.MonkeyPatch) -> int:
    fast_game, pure_game = games(options, monkeypatch)
    with monkeypatch.context() as m:
        m.setenv("STAMMTISCH_PURE", "1")
        pure = pure_game.new_game(seed)
    fast = fast_game.new_game(seed)
    assert on_core(fast) and type(pure) is ZwickernState
    rng = random.Random(seed)
    steps = 0
    while not pure.is_terminal:
        assert not fast.is_terminal and on_core(fast), steps
        assert fast.current_player == pure.current_player
        fl, pl = fast.legal_actions(), pure.legal_actions()
        assert fl == pl, steps
        assert snapshot(fast) == pure.to_json(), steps
        k = rng.randrange(len(pl))
        nf = fast.apply_unchecked(fl[k], events=False)
        np_ = pure.apply_unchecked(pl[k])
        assert events(fast, fl[k], nf) == np_.raw_events(), steps
        fast, pure = nf, np_
        steps += 1
    assert fast.is_terminal and not on_core(fast)  # the last round ended in Python
    assert fast.to_json() == pure.to_json()
    assert fast.scores() == pure.scores() and fast.returns() == pure.returns()
    return steps


@needs_table
@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_seeded_games_are_equal_move_for_move(
    options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """ZW-3 … ZW-10: position, legal moves and events after every move, through the
    redeals, the ends of the rounds and the end of the match."""
    total = sum(play_both(options, seed, monkeypatch) for seed in range(12))
    assert total > 12 * 30


@needs_table
def test_reading_a_field_makes_the_state_pure_and_it_plays_on(monkeypatch: pytest.MonkeyPatch) -> None:
    fast_game, pure_game = games({"players": 3}, monkeypatch)
    fast = fast_game.new_game(4)
    with monkeypatch.context() as m:
        m.setenv("STAMMTISCH_PURE", "1")
        pure = pure_game.new_game(4)
    rng = random.Random(4)
    step = 0
    while not pure.is_terminal:
        if step == 7:
            assert fast.hands == pure.hands  # a field read: the table is dropped
            assert not on_core(fast)
        k = rng.randrange(len(pure.legal_actions()))
        fast = fast.apply(fast.legal_actions()[k])
        pure = pure.apply(pure.legal_actions()[k])
        step += 1
    assert fast.to_json() == pure.to_json()


@needs_table
def test_a_table_state_pickles_as_its_pure_state() -> None:
    s = stammtisch.load("zwickern", players=2).new_game(9)
    for _ in range(5):
        s = s.apply_unchecked(s.legal_actions()[0], events=False)
    assert on_core(s)
    copy = pickle.loads(pickle.dumps(s))
    assert type(copy) is ZwickernState and copy.to_json() == snapshot(s)


@needs_table
def test_bad_input_to_the_table_changes_nothing() -> None:
    s = stammtisch.load("zwickern", players=2).new_game(2)
    assert on_core(s)
    c = s._c.copy()
    before = c.export()
    missing = next(card for card in range(32) if card not in before[0][s.current_player])
    with pytest.raises(ValueError):
        c.play(missing)
    with pytest.raises(ValueError):
        c.play(99)
    assert c.export() == before
    with pytest.raises(ValueError):
        ztable._ext.table(9, 1, 0, 0, -1, [], [], [], [], [], None)


def test_forced_pure_engine_has_no_table(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STAMMTISCH_PURE", "1")
    s = stammtisch.load("zwickern").new_game(1)
    assert type(s) is ZwickernState
    assert on_table(s) is s
