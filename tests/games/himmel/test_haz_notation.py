"""Notation: every action reads back from its text; bad text and illegal moves differ."""

from __future__ import annotations

import random

import pytest
from haz_positions import make

from stammtisch import ActionSyntaxError, IllegalActionError, load
from stammtisch.core.i18n import has_language
from stammtisch.games.himmel import Play, Raise, Steal, Take, Turn, parse_action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("57>A", Play(57, 0)),
        ("1>B", Play(1, 1)),
        ("turn", Turn()),
        ("steal 2", Steal(2)),
        ("raise A 63", Raise(0, 63)),
        ("raise B 70", Raise(1, 70)),
        ("take 31", Take(31)),
        ("take", Take(None)),
    ],
)
def test_notation_round_trip(text: str, action: object) -> None:
    assert parse_action(text) == action
    assert str(action) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [(" 57 > a ", "57>A"), ("TURN", "turn"), ("Steal  3", "steal 3"), ("RAISE b 63", "raise B 63")],
)
def test_notation_ignores_case_and_spaces(text: str, canonical: str) -> None:
    assert str(parse_action(text)) == canonical


@pytest.mark.parametrize(
    "text",
    ["", "57", "57>C", "0>A", "71>A", "raise A", "raise C 5", "take x", "take 71", "steal", "pass"],
)
def test_bad_text_is_a_syntax_error_in_both_languages(text: str) -> None:
    with pytest.raises(ActionSyntaxError) as err:
        parse_action(text)
    assert err.value.code == "haz_syntax"
    assert has_language("haz_syntax", "de") and has_language("haz_syntax", "en")
    assert "57>A" in err.value.message("de") and "57>A" in err.value.message("en")


def test_syntax_error_versus_illegal_action_on_a_state() -> None:
    s = make()
    with pytest.raises(ActionSyntaxError):
        s.apply("play 57")
    with pytest.raises(IllegalActionError):
        s.apply("raise A 63")  # readable, but no raise card in hand


def test_distinct_actions_have_distinct_notations_in_random_games() -> None:
    rng = random.Random(5)
    for players in (3, 6):
        s = load("himmel", players=players).new_game(players)
        while not s.is_terminal:
            texts = s.legal_notations()
            assert len(set(texts)) == len(texts)
            assert [s.parse_action(t) for t in texts] == s.legal_actions()
            s = s.apply(texts[rng.randrange(len(texts))])
