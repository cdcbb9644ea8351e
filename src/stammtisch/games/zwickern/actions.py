"""Zwickern's one kind of action and its notation.

A turn plays one card from hand (ZW-3, ZW-4); whether it captures follows from the table.
The notation is the card (``QH``, ``10S``, ``X`` for a Joker; see :mod:`.cards`). Text that
is not a card raises :class:`ActionSyntaxError` (code ``zw_bad_card``); whether a readable
action is legal is the state's business. All action objects are made once, here, and
shared: ``parse_action("QH") is play_card(parse_card("QH"))``.

>>> str(parse_action(" qh ")), str(parse_action("x"))
('QH', 'X')
>>> parse_action("td") is PLAYS[parse_card("10D")]
True
"""

from __future__ import annotations

from dataclasses import dataclass

from stammtisch.core.errors import ActionSyntaxError
from stammtisch.games.zwickern.cards import JOKER, card_text, parse_card


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play one card from hand. Notation: the card (``QH``, ``10S``, ``X`` for a Joker)."""

    card: int

    def __str__(self) -> str:
        return card_text(self.card)


# One shared, immutable action object per card: legal_actions() allocates nothing new.
PLAYS: tuple[PlayCard, ...] = tuple(PlayCard(c) for c in range(JOKER + 1))


def play_card(card: int) -> PlayCard:
    return PLAYS[card]


def parse_action(text: str) -> PlayCard:
    """Read one action from its notation (syntax only)."""
    if not isinstance(text, str):
        raise ActionSyntaxError("zw_bad_card", text=repr(text))
    return PLAYS[parse_card(text)]
