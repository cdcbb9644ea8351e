"""The move notation: examples, round trips, syntax errors in both languages."""

from __future__ import annotations

import random

import pytest
from dog_testing import position

import stammtisch
from stammtisch.core.errors import ActionSyntaxError, IllegalActionError
from stammtisch.core.i18n import has_language
from stammtisch.games.dog.actions import format_notation, parse_action
from stammtisch.games.dog.board import Board


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("K:start", "K:start"),
        ("Jo=K:start", "Jo:start"),
        ("5:p1 12-17", "5:p1 12-17"),
        ("Jo=4:p2 30-26", "Jo=4:p2 30-26"),
        ("7:p0 3-5,p1 20-25", "7:p0 3-5,p1 20-25"),
        ("7 : p0 3-5 , P1 20 - 25", "7:p0 3-5,p1 20-25"),
        ("J:p0 10<>p5 40", "J:p0 10<>p5 40"),
        ("Jo=J:p0 10<>p5 40", "Jo=J:p0 10<>p5 40"),
        ("A:p0 62-H1", "A:p0 62-H1"),
        ("give 7H", "give 7"),
        ("give jo", "give Jo"),
        ("FOLD", "fold"),
        ("T:p3 4-14", "10:p3 4-14"),
    ],
)
def test_notation_reads_and_prints(text: str, canonical: str) -> None:
    assert format_notation(parse_action(text, Board(4)), Board(4)) == canonical


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "dog_bad_move"),
        ("hello", "dog_bad_move"),
        ("5:p1 12", "dog_bad_move"),
        ("Z:p1 1-2", "dog_bad_card"),
        ("Jo:p0 1-2", "dog_bad_value"),
        ("5=3:p0 1-4", "dog_bad_value"),
        ("Jo=Jo:p0 1-4", "dog_bad_value"),
        ("5:p16 1-6", "dog_bad_peg"),
        ("5:p1 70-11", "dog_bad_field"),
        ("5:p1 H5-H6", "dog_bad_field"),
        ("5:p1 1-3,p2 4-7", "dog_card_use"),
        ("Q:start", "dog_card_use"),
        ("5:p0 1<>p4 2", "dog_card_use"),
        ("J:p0 1-2", "dog_card_use"),
        ("give", "dog_bad_move"),
    ],
)
def test_unreadable_text_raises_a_syntax_error(text: str, code: str) -> None:
    s = position([[1]], ["5"])
    with pytest.raises(ActionSyntaxError) as err:
        s.parse_action(text)
    assert err.value.code == code
    assert has_language(code, "de") and has_language(code, "en")
    assert err.value.message("de") != err.value.message("en")


def test_readable_but_illegal_is_an_illegal_action() -> None:
    s = position([[1]], ["5"])
    with pytest.raises(IllegalActionError):
        s.apply("5:p0 1-7")
    with pytest.raises(IllegalActionError):
        s.apply("K:start")
    with pytest.raises(IllegalActionError):
        s.apply("give 5")


def test_legal_texts_are_distinct_and_round_trip_in_games() -> None:
    for players in (4, 6):
        game = stammtisch.load("dog", players=players)
        rng = random.Random(players)
        s = game.new_game(players)
        for _ in range(300):
            if s.is_terminal:
                break
            acts = s.legal_actions()
            texts = [a.text for a in acts]
            assert len(set(texts)) == len(texts)
            for a in acts:
                assert s.parse_action(a.text) == a
            s = s.apply(texts[rng.randrange(len(texts))])
