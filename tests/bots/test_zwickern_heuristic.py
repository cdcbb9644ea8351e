"""The Zwickern heuristic in fixed positions (cards ZW-3, Joker ZW-4, final sweep ZW-7)."""

from __future__ import annotations

import random
from typing import Any

import stammtisch
from stammtisch.bots import make_bot
from stammtisch.bots.profile import heuristic_for


def _position(**fields: Any) -> Any:
    game = stammtisch.load("zwickern", forced_capture=False)
    return game.from_json(fields)


def _choice(state: Any) -> str:
    seat = state.current_player
    bot = make_bot("heuristic", state.game, seat, seed=0)
    return str(bot.choose(state.observe(seat), state.legal_actions()))


def test_zw4_keeps_the_joker_off_a_poor_table() -> None:
    # A Joker could sweep 7+8 (0 points): not worth the Joker early in the round.
    st = _position(hands=[["X", "9C", "QD", "KH"], ["7S", "8S", "9S", "JS"]], table=["7C", "8H"], current=0)
    assert _choice(st) != "X"


def test_zw4_sweeps_a_rich_table_with_the_joker() -> None:
    st = _position(
        hands=[["X", "9C", "QD", "KH"], ["7S", "8S", "9S", "JS"]], table=["AC", "10H", "AS", "KD"], current=0
    )
    assert _choice(st) == "X"


def test_zw3_takes_the_capture_worth_most() -> None:
    st = _position(
        hands=[["7C", "AD", "JC", "QD"], ["7S", "8S", "9S", "JS"]], table=["7H", "AH", "8D", "9D"], current=0
    )
    assert _choice(st) == "AD"


def test_lays_a_card_nobody_can_capture_rather_than_an_ace() -> None:
    # All other 8s are seen (captured piles), so laying 8C is safe; an ace would be exposed.
    st = _position(
        hands=[["8C", "AD"], ["7S", "9S"]],
        table=["KH"],
        captured=[["8H", "8S"], ["8D", "QC"]],
        current=0,
    )
    assert _choice(st) == "8C"


def test_values_are_one_per_legal_action() -> None:
    game = stammtisch.load("zwickern")
    st = game.new_game(4)
    h = heuristic_for("zwickern")
    rng = random.Random(0)
    while not st.is_terminal:
        legal = st.legal_actions()
        values = h.action_values(st.observe(st.current_player), legal)
        assert len(values) == len(legal)
        st = st.apply(legal[rng.randrange(len(legal))])


def test_constants_can_be_set_per_instance_and_the_compiled_search_knows_only_the_built_in() -> None:
    """benchmarks/zwickern_heuristic.py plays heuristics with other constants: an instance's
    own constants change its values (here, a Joker kept for less sweeps a poor table), an
    unknown constant is refused, and such a heuristic never hands its search to the compiled
    port (which has the built-in constants)."""
    import pytest

    from stammtisch.bots.heuristics.zwickern import HEURISTIC, ZwickernHeuristic

    st = _position(hands=[["X", "9C", "QD", "KH"], ["7S", "8S", "9S", "JS"]], table=["7C", "8H"], current=0)
    legal = st.legal_actions()
    joker = [str(a) for a in legal].index("X")
    cheap = ZwickernHeuristic(joker_keep=0.0)
    assert not cheap.default_constants() and HEURISTIC.default_constants()
    assert cheap.state_values(st, 0, legal)[joker] > HEURISTIC.state_values(st, 0, legal)[joker]
    assert ZwickernHeuristic(joker_keep=9.0).default_constants()
    with pytest.raises(ValueError, match="unknown constant"):
        ZwickernHeuristic(jokers=1.0)
    settings = stammtisch.bots.profile.profile_for("zwickern").search
    found = cheap.compiled_search(
        st.game, st.observe(0), legal, 0, settings, 1.0, None, 100, None, random.Random(0)
    )
    assert found is None
