"""ZW-10: the tie-break option, ``share`` (default) or ``extra_round``.

The positions are the last two cards of a match's last round. Clubs and spades (60
points, 16 cards) lie in seat 0's capture pile; hearts and diamonds without 8H and 9H
plus both Jokers (60 points, 16 cards) in seat 1's. Nobody has captured this round, so
8H and 9H stay on the table (ZW-7): 16 cards each, no bonus (ZW-8), 60 : 60.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import stammtisch
from stammtisch.core.errors import OptionError
from stammtisch.games.zwickern.cards import FULL_DECK, card_text

HANDS = [["8H"], ["9H"]]


def _split() -> tuple[list[str], list[str]]:
    left = Counter(card_text(c) for c in FULL_DECK)
    left.subtract(["8H", "9H"])
    rest = sorted(left.elements())
    c0 = [c for c in rest if c[-1] in "CS"]
    c1 = [c for c in rest if c not in c0]
    return c0, c1


def _tied_last_round(load_position: Any, tie_break: str | None, **fields: Any) -> Any:
    c0, c1 = _split()
    options: dict[str, Any] = {"rounds": 1}
    if tie_break is not None:
        options["tie_break"] = tie_break
    data: dict[str, Any] = {
        "hands": HANDS,
        "table": [],
        "deck": [],
        "captured": [c0, c1],
        "current": 0,
        "last_capturer": None,
        "options": options,
    }
    data.update(fields)
    return load_position(**data)


def test_zw10_default_share_splits_the_win_on_a_tie(load_position: Any) -> None:
    s = _tied_last_round(load_position, None).apply("8H").apply("9H")
    assert s.is_terminal
    assert s.match_points == (60, 60)
    assert s.returns() == [0.5, 0.5]


def test_zw10_share_named_explicitly_is_the_default(load_position: Any) -> None:
    s = _tied_last_round(load_position, "share").apply("8H").apply("9H")
    assert s.is_terminal
    assert s.returns() == [0.5, 0.5]


def test_zw10_extra_round_deals_one_more_round_on_a_tie(load_position: Any) -> None:
    s = _tied_last_round(load_position, "extra_round", dealer=1).apply("8H").apply("9H")
    assert not s.is_terminal
    assert s.round_results == [[60, 60]]
    assert s.round == 1
    assert s.dealer == 0  # the dealer moves on as in ZW-9
    assert s.current_player == 1  # left of the new dealer (ZW-1)
    data = s.to_json()
    assert [len(h) for h in data["hands"]] == [4, 4]  # a full deal (ZW-2)
    assert len(data["table"]) == 4
    assert data["captured"] == [[], []]
    assert s.returns() == [0.0, 0.0]


def test_zw10_extra_round_again_while_the_tie_remains(load_position: Any) -> None:
    # Match of one round, already tied 60 : 60 after it; the extra round ties again.
    s = _tied_last_round(
        load_position,
        "extra_round",
        round=1,
        dealer=1,
        round_results=[[60, 60]],
        match_points=[60, 60],
    )
    s = s.apply("8H").apply("9H")
    assert not s.is_terminal
    assert s.round_results == [[60, 60], [60, 60]]
    assert s.round == 2


def test_zw10_extra_round_ends_when_one_player_leads(load_position: Any) -> None:
    # Tied 60 : 60 after the match's one round; in the extra round seat 1 captured last,
    # so it sweeps 8H and 9H (ZW-7): 18 cards against 16, the +10 bonus (ZW-8), 60 : 70.
    s = _tied_last_round(
        load_position,
        "extra_round",
        round=1,
        dealer=1,
        round_results=[[60, 60]],
        match_points=[60, 60],
        last_capturer=1,
    )
    s = s.apply("8H").apply("9H")
    assert s.is_terminal
    assert s.round_results == [[60, 60], [60, 70]]
    assert s.returns() == [0.0, 1.0]


def test_zw10_extra_round_is_not_played_without_a_tie(load_position: Any) -> None:
    s = _tied_last_round(load_position, "extra_round", last_capturer=1).apply("8H").apply("9H")
    assert s.is_terminal
    assert s.match_points == (60, 70)
    assert s.returns() == [0.0, 1.0]


def test_zw10_tie_for_first_with_three_players_all_play_on() -> None:
    # Seats 0 and 1 tie for first, seat 2 is behind: all three play the extra round.
    game = stammtisch.load("zwickern", players=3, rounds=1, tie_break="extra_round")
    c0, c1 = _split()
    data = {
        "game": "zwickern",
        "options": dict(game.options),
        "hands": [["8H"], ["9H"], []],
        "table": [],
        "deck": [],
        "captured": [c0, c1, []],
        "current": 0,
        "dealer": 2,
        "last_capturer": None,
    }
    s = game.from_json(data).apply("8H").apply("9H")
    assert not s.is_terminal
    assert s.round_results == [[60, 60, 0]]
    assert [len(h) for h in s.to_json()["hands"]] == [4, 4, 4]


def test_zw10_extra_rounds_end_in_whole_games() -> None:
    game = stammtisch.load("zwickern", players=2, rounds=1, tie_break="extra_round")
    for seed in range(40):
        s = game.new_game(seed)
        while not s.is_terminal:
            s = s.apply_unchecked(s.legal_actions()[0])
        best = max(s.match_points)
        assert s.match_points.count(best) == 1
        assert sorted(s.returns()) == [0.0, 1.0]
        assert len(s.round_results) >= 1


def test_zw10_unknown_tie_break_is_an_option_error() -> None:
    with pytest.raises(OptionError):
        stammtisch.load("zwickern", tie_break="coin")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_zw10_conformance_with_extra_rounds(players: int) -> None:
    # Whole matches (invariants, views, notation, JSON, determinism) with the option on.
    from stammtisch.core.conformance import check_game

    options = {"players": players, "rounds": 1, "tie_break": "extra_round"}
    report = check_game("zwickern", games=150, seed=players, options=options, deep_every=30)
    assert report.games == 150


def test_zw10_the_closing_picture_names_who_won_or_shares(load_position: Any) -> None:
    """The text picture's last line names each seat beside its match points and who won
    (ZW-8); a tie under ``share`` is said as a shared win."""
    shared = _tied_last_round(load_position, None).apply("8H").apply("9H")
    assert shared.render(0, "en").split("\n")[-1] == (
        "Game over. Points: Player 1 60, Player 2 60. Player 1 and Player 2 share the win."
    )
    assert shared.render(None, "de").split("\n")[-1].endswith("gewinnen gemeinsam.")
    c0, c1 = _split()
    # 8H already in seat 0's pile: seat 1 lays the last card, 9H, and nobody takes it (ZW-7).
    won = _tied_last_round(load_position, None, captured=[[*c0, "8H"], c1], hands=[[], ["9H"]], current=1)
    won = won.apply("9H")
    assert won.is_terminal, won.to_json()
    last = won.render(1, "de").split("\n")[-1]
    assert last.startswith("Spiel vorbei. Punkte: Spieler 1 ") and last.endswith("gewinnt."), last
