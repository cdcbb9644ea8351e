"""Zwickern's 34 cards and their notation.

A card is an int: ``rank * 4 + suit`` for the 32 Skat cards (ranks 7, 8, 9, 10, J, Q, K, A;
suits C = Kreuz/clubs, S = Pik/spades, H = Herz/hearts, D = Karo/diamonds) and ``32`` for a
Joker (both Jokers are the same card). Notation: rank then suit, ``7C`` … ``10H`` … ``AS``;
``X`` is a Joker. Parsing also takes ``T`` for 10 and lower case.

>>> [card_text(c) for c in (0, 13, 31, JOKER)]
['7C', '10S', 'AD', 'X']
>>> parse_card("qh") == parse_card("QH") == 5 * 4 + 2
True
"""

from __future__ import annotations

from stammtisch.core.errors import ActionSyntaxError

RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("C", "S", "H", "D")
JOKER = 32
NUM_CARDS = 34
FULL_DECK: tuple[int, ...] = (*range(32), JOKER, JOKER)
# ZW-8: A 11, 10 10, K 4, Q 3, J 2, 7/8/9/Joker 0.
RANK_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
CARD_POINTS: tuple[int, ...] = (*(RANK_POINTS[c >> 2] for c in range(32)), 0)
TOTAL_POINTS = 120
MOST_CARDS_BONUS = 10


def rank(card: int) -> int:
    """0..7 for the Skat cards; -1 for the Joker (it has no rank, ZW-4)."""
    return -1 if card == JOKER else card >> 2


#: The notation of every card, by card (views look a card's text up here: no call per card).
CARD_TEXT: tuple[str, ...] = (*(RANKS[c >> 2] + SUITS[c & 3] for c in range(32)), "X")


def card_text(card: int) -> str:
    return CARD_TEXT[card]


_PARSE: dict[str, int] = {card_text(c): c for c in range(32)}
_PARSE.update({"X": JOKER, "JOKER": JOKER, "JK": JOKER})
_PARSE.update({"T" + s: _PARSE["10" + s] for s in SUITS})


def parse_card(text: str) -> int:
    key = text.strip().upper()
    try:
        return _PARSE[key]
    except KeyError:
        raise ActionSyntaxError("zw_bad_card", text=text) from None
