"""Hints rank every legal action with a value."""

from __future__ import annotations

import math

import stammtisch
from stammtisch.bots.base import Budget
from stammtisch.bots.suggest import suggest


def test_suggest_ranks_all_legal_actions() -> None:
    game = stammtisch.load("zwickern", forced_capture=False, rounds=1)
    st = game.from_json(
        {"hands": [["AD", "7C", "8S", "X"], ["7S", "9S", "JS", "QS"]], "table": ["AH", "10C"], "current": 0}
    )
    legal = st.legal_actions()
    hints = suggest(game, st.observe(0), legal, Budget(iterations=400), seed=1)
    assert sorted(str(a) for a, _ in hints) == sorted(str(a) for a in legal)
    assert all(isinstance(v, float) and not math.isnan(v) for _, v in hints)
    # Taking the ace now is worth more points than laying a card beside it.
    values = {str(a): v for a, v in hints}
    assert values["AD"] > values["8S"]
    assert str(hints[0][0]) == "AD"


def test_suggest_is_reproducible_for_a_seed() -> None:
    game = stammtisch.load("zwickern")
    st = game.new_game(9)
    view = st.observe(st.current_player)
    a = suggest("zwickern", view, st.legal_actions(), Budget(iterations=50), seed=3)
    b = suggest("zwickern", view, st.legal_actions(), Budget(iterations=50), seed=3)
    assert a == b
