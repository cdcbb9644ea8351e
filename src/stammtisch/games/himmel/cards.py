"""The 85 cards of Himmel, A… und Zwirn and their notation (HAZ-1).

A card is an int: ``1`` … ``70`` are the number cards (each once), ``TURN`` (71, six
copies), ``STEAL`` (72, five copies) and ``RAISE`` (73, four copies) the special cards.
Copies of a special card are indistinguishable, so the pack is a multiset.

Notation: a number card is its number (``57``); the special cards are ``turn``
(Richtungswechsel), ``steal`` (Diebstahl) and ``raise`` (Zielkarte erhöhen). Parsing
ignores case and also takes the first letters ``T``, ``S``, ``R``.

>>> [card_text(c) for c in (1, 70, TURN, STEAL, RAISE)]
['1', '70', 'turn', 'steal', 'raise']
>>> parse_card("Steal") == STEAL and parse_card(57) == 57
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from stammtisch.core.errors import PositionError

NUM_NUMBERS = 70
TURN = 71
STEAL = 72
RAISE = 73
SPECIAL_COPIES = {TURN: 6, STEAL: 5, RAISE: 4}
FULL_DECK: tuple[int, ...] = (
    *range(1, NUM_NUMBERS + 1),
    *(card for card, copies in SPECIAL_COPIES.items() for _ in range(copies)),
)
NUM_CARDS = len(FULL_DECK)  # 85
HAND_SIZE = 5

_TEXT = {TURN: "turn", STEAL: "steal", RAISE: "raise"}
_PARSE: dict[str, int] = {str(c): c for c in range(1, NUM_NUMBERS + 1)}
_PARSE.update({"turn": TURN, "t": TURN, "steal": STEAL, "s": STEAL, "raise": RAISE, "r": RAISE})


#: ``CARD_TEXT[card]`` is ``card_text(card)`` for every card (index 0 is unused).
CARD_TEXT: tuple[str, ...] = tuple(_TEXT.get(c) or str(c) for c in range(RAISE + 1))


def card_text(card: int) -> str:
    return _TEXT.get(card) or str(card)


def card_texts(cards: Iterable[int]) -> list[str]:
    """``[card_text(c) for c in cards]`` for cards of the pack, by table lookup."""
    return list(map(CARD_TEXT.__getitem__, cards))


def parse_card(value: Any) -> int:
    """A card from its notation (an int 1-70 is taken as it is); ``PositionError`` if none."""
    if isinstance(value, int) and not isinstance(value, bool):
        if 1 <= value <= NUM_NUMBERS:
            return value
    elif isinstance(value, str):
        card = _PARSE.get(value.strip().lower())
        if card is not None:
            return card
    raise PositionError(reason=f"{value!r} is not a card (1-70, turn, steal, raise)")
