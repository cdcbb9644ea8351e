"""Dog's 110 cards and their notation (DOG-2, DOG-16).

Two packs of 52 plus 6 Jokers. Suits play no part in Dog (DOG-16 gives every card its
value by rank alone), so the engine identifies a card by its rank: ``0`` = Ace, ``1`` … ``9``
= 2 … 10, ``10`` = Jack, ``11`` = Queen, ``12`` = King, ``13`` = Joker. The pack holds each
rank 8 times and the Joker 6 times, and copies of a rank are identical. Keeping suits would
either double every move (a 5 of hearts and a 5 of spades lead to the same board) or,
if the engine picked the suit, let the discarded suit tell the table what else is in a
hand. Notation: ``A 2 3 4 5 6 7 8 9 10 J Q K Jo``; parsing also takes lower case, ``T``
for 10, ``X``/``Joker`` for the Joker and ignores a trailing suit letter (``7H`` = ``7``).

>>> [card_text(c) for c in (ACE, 3, SEVEN, JACK, KING, JOKER)]
['A', '4', '7', 'J', 'K', 'Jo']
>>> parse_card("10h") == parse_card("T") == 9
True
"""

from __future__ import annotations

from stammtisch.core.errors import ActionSyntaxError

ACE = 0
FOUR = 3
SEVEN = 6
JACK = 10
QUEEN = 11
KING = 12
JOKER = 13
NUM_RANKS = 14
NUM_CARDS = 110
COPIES: tuple[int, ...] = (8,) * 13 + (6,)
FULL_DECK: tuple[int, ...] = tuple(r for r in range(NUM_RANKS) for _ in range(COPIES[r]))

RANK_TEXT: tuple[str, ...] = (
    "A",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "J",
    "Q",
    "K",
    "Jo",
)

_PARSE: dict[str, int] = {t.upper(): r for r, t in enumerate(RANK_TEXT)}
_PARSE.update({"T": 9, "X": JOKER, "JOKER": JOKER, "JK": JOKER, "1": ACE, "B": JACK, "D": QUEEN})
_SUITS = "CSHD"
_EXACT: dict[str, int] = {t: r for r, t in enumerate(RANK_TEXT)}  # the canonical texts


def card_text(card: int) -> str:
    return RANK_TEXT[card]


def parse_card(text: str) -> int:
    """A rank from its text; raises :class:`ActionSyntaxError` (``dog_bad_card``)."""
    exact = _EXACT.get(text)
    if exact is not None:
        return exact
    key = text.strip().upper()
    if key in _PARSE:
        return _PARSE[key]
    if len(key) >= 2 and key[-1] in _SUITS and key[:-1] in _PARSE and key[:-1] != "JO":
        return _PARSE[key[:-1]]
    raise ActionSyntaxError("dog_bad_card", text=text)
