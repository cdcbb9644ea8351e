"""HAZ-9: penalty cards are minus points, hand cards don't count, ties share, matches add up."""

from __future__ import annotations

import pytest
from haz_positions import make, piles

from stammtisch import load

OTHERS = [[7, 8, 9, 10, 11], [12, 13, 14, 15, 16]]


def test_haz9_scores_are_minus_penalty_cards_hand_cards_do_not_count() -> None:
    s = make(
        [[20, 30, 40, 61, 62], *OTHERS],
        piles=piles(57, 65, a_cards=[21]),
        penalty=[[1, 2, 3], ["turn"], [4, 5, 6, 17]],
        deck=[],
        rest_to=2,
    )
    assert s.scores() == [-3.0, -1.0, -float(len(s.penalty[2]))]
    assert s.returns() == [0.0, 0.0, 0.0]  # nothing while the game runs
    t = s.apply("take")
    assert t.is_terminal
    assert t.penalties() == [5, 1, len(s.penalty[2])]
    assert t.scores() == [-5.0, -1.0, -float(len(s.penalty[2]))]
    assert t.returns() == [0.0, 1.0, 0.0]
    assert t.observe(0)["winners"] == [1]


def test_haz9_ties_share_the_win() -> None:
    s = make(
        [[20, 30, 40, 61, 62], *OTHERS],
        piles=piles(57, 65),
        penalty=[[1], [2, 3], []],
        deck=[],
        rest_to=2,
    )
    # Seat 2 holds every unnamed card: seat 0 takes 57 and ties with seat 1.
    t = s.apply("take")
    assert t.penalties()[:2] == [2, 2]
    assert t.returns() == [0.5, 0.5, 0.0]
    assert sum(t.returns()) == pytest.approx(1.0)


def test_haz9_a_match_adds_the_penalties_of_its_games() -> None:
    game = load("himmel", players=3, games=2)
    s = game.from_json(
        {
            "hands": [[20, 30, 40, 61, 62], *OTHERS],
            "piles": piles(57, 65, a_cards=[21]),
            "penalty": [[1, 2], [], []],
            "deck": [],
            "rest_to": 2,
            "start": 1,
        }
    )
    t = s.apply("take")  # ends game 1 of 2
    assert not t.is_terminal
    first = (4, 0, len(s.penalty[2]))
    assert t.results == (first,)
    assert t.game_no == 1
    assert t.current_player == 2 and t.start == 2  # the next seat clockwise starts
    assert all(p == () for p in t.penalty) and [len(h) for h in t.hands] == [5, 5, 5]
    assert t.penalties() == list(first)
    assert t.scores() == [-float(p) for p in first]
    while not t.is_terminal:
        t = t.apply(t.legal_actions()[-1])
    assert len(t.results) == 2
    assert t.penalties() == [a + b for a, b in zip(*t.results, strict=True)]
    best = min(t.penalties())
    winners = [i for i, p in enumerate(t.penalties()) if p == best]
    assert t.returns() == [1 / len(winners) if i in winners else 0.0 for i in range(3)]
    view = t.observe(None)
    assert view["results"] == [list(r) for r in t.results] and view["terminal"]
