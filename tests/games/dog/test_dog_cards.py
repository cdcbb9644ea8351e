"""DOG-2 (the pack), DOG-16 (card values), DOG-14/15 (sending home), the Joker."""

from __future__ import annotations

from collections import Counter

import pytest
from dog_testing import legal, outcomes, pegs_after, position

from stammtisch.games.dog.cards import FULL_DECK, NUM_CARDS, RANK_TEXT


def test_dog2_pack_of_110() -> None:
    assert len(FULL_DECK) == NUM_CARDS == 110
    counts = Counter(FULL_DECK)
    assert all(counts[r] == 8 for r in range(13))
    assert counts[13] == 6


@pytest.mark.parametrize(
    ("card", "expected"),
    [
        ("A", {"A:start", "A:p0 20-21", "A:p0 20-31"}),
        ("2", {"2:p0 20-22"}),
        ("3", {"3:p0 20-23"}),
        ("4", {"4:p0 20-24", "4:p0 20-16"}),
        ("5", {"5:p0 20-25"}),
        ("6", {"6:p0 20-26"}),
        ("7", {"7:p0 20-27"}),
        ("8", {"8:p0 20-28"}),
        ("9", {"9:p0 20-29"}),
        ("10", {"10:p0 20-30"}),
        ("J", {"fold"}),
        ("Q", {"Q:p0 20-32"}),
        ("K", {"K:start", "K:p0 20-33"}),
    ],
)
def test_dog16_card_values(card: str, expected: set[str]) -> None:
    assert set(legal(position([[20]], [card]))) == expected


def test_dog16_joker_takes_every_value_in_order() -> None:
    assert legal(position([[20]], ["Jo"])) == [
        "Jo:start",
        "Jo=A:p0 20-21",
        "Jo=A:p0 20-31",
        "Jo=2:p0 20-22",
        "Jo=3:p0 20-23",
        "Jo=4:p0 20-24",
        "Jo=4:p0 20-16",
        "Jo=5:p0 20-25",
        "Jo=6:p0 20-26",
        "Jo=7:p0 20-27",
        "Jo=8:p0 20-28",
        "Jo=9:p0 20-29",
        "Jo=10:p0 20-30",
        "Jo=Q:p0 20-32",
        "Jo=K:p0 20-33",
    ]


def test_dog16_joker_reaches_exactly_what_the_cards_reach() -> None:
    pegs = [[10, 62, "H1"], [30], [14, "S"], [50]]
    joker = outcomes(position(pegs, ["Jo"]))
    cards = set()
    for rank in RANK_TEXT[:-1]:
        cards |= outcomes(position(pegs, [rank]))
    assert joker == cards


def test_dog14_landing_sends_home_any_peg() -> None:
    for pegs in ([[10, 15]], [[10], [15]], [[10], [], [15]]):
        after = pegs_after(position(pegs, ["5"]), "5:p0 10-15")
        assert after[0][0] == "15"
        assert sum(row.count("K") for row in after) == 15


def test_dog15_other_cards_jump_over_pegs() -> None:
    after = pegs_after(position([[10], [12]], ["5"]), "5:p0 10-15")
    assert after[1][0] == "12"
    after = pegs_after(position([[10], [8]], ["4"]), "4:p0 10-6")
    assert after[1][0] == "8"


def test_dog14_backward_landing_sends_home() -> None:
    after = pegs_after(position([[10], [6]], ["4"]), "4:p0 10-6")
    assert after[1][0] == "K"
