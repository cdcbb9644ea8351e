"""Cards as small coloured chips, read from their notation only.

A card text with a French suit letter at the end (``QH``, ``10S``, ``7C``, ``AD``) shows
its suit symbol in the suit's colour; anything else (a Joker ``X``, a Himmel number card
``37``, a special card) is shown as it is written.

>>> chip("QH").plain, chip("10S").plain, chip("X").plain
('Q♥', '10♠', 'X')
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich.text import Text

_SUITED = re.compile(r"^(10|[2-9TJQKA])([CSHD])$", re.IGNORECASE)
SUIT_SYMBOLS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
SUIT_STYLES = {"C": "bold", "S": "bold", "H": "bold red", "D": "bold red"}


def chip(card: str) -> Text:
    """One card as styled text."""
    m = _SUITED.match(card)
    if m is None:
        style = "bold magenta" if card.upper() in ("X", "JOKER", "JK") else "bold"
        return Text(card, style=style)
    rank, suit = m.group(1).upper(), m.group(2).upper()
    return Text(rank + SUIT_SYMBOLS[suit], style=SUIT_STYLES[suit])


def chips(cards: Iterable[str], empty: str = "") -> Text:
    """Cards side by side in brackets, e.g. ``[Q♥] [10♠]``; ``empty`` when there are none."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        out.append("[")
        out.append_text(chip(card))
        out.append("]")
    if not out.plain:
        out.append(empty, style="dim")
    return out
