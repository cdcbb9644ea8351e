"""HAZ-3: which number card fits which pile."""

from __future__ import annotations

import pytest
from haz_positions import make, piles

from stammtisch import IllegalActionError


def test_haz3_empty_pile_has_no_lower_bound() -> None:
    s = make(
        [[1, 56, 58, 70, "turn"], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]],
        piles=piles(57, 66, b_cards=[65]),
    )
    plays = [n for n in s.legal_notations() if ">" in n]
    assert plays == ["1>A", "56>A"]  # 57 is the target itself: not below it


def test_haz3_43_under_target_57_allows_44_to_56_only() -> None:
    s = make(
        [[42, 44, 56, 58, 3], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]],
        piles=piles(57, 2, a_cards=[30, 43]),  # 3 does not fit B (target 2) either
    )
    plays = [n for n in s.legal_notations() if ">" in n]
    assert plays == ["44>A", "56>A"]
    with pytest.raises(IllegalActionError):
        s.apply("42>A")
    with pytest.raises(IllegalActionError):
        s.apply("58>A")


def test_haz3_a_played_card_becomes_the_lower_bound() -> None:
    s = make([[44, 50, 56, 3, 4], [49, 51, 8, 9, 10], [12, 13, 14, 15, 16]], piles=piles(57, 1))
    s = s.apply("50>A")
    assert s.piles[0] == (50,)
    assert s.current_player == 1
    assert [n for n in s.legal_notations() if ">" in n] == ["51>A"]


def test_haz3_each_pile_has_its_own_bounds() -> None:
    s = make(
        [[20, 40, 60, 3, 4], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]],
        piles=piles(57, 65, a_cards=[30], b_cards=[50]),
    )
    assert [n for n in s.legal_notations() if ">" in n] == ["40>A", "60>B"]


def test_haz3_illegal_play_changes_nothing() -> None:
    s = make()
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply("60>A")  # not in hand
    assert s.to_json() == before
