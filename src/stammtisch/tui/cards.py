"""Cards as small coloured chips, in the players' words of the chosen language.

A card with a French suit letter at the end (``QH``, ``10S``, ``7C``, ``AD``) shows its rank
as players write it (``D♥`` in German, ``Q♥`` in English) and its suit symbol in the suit's
colour; a Dog rank (``J``, ``Jo``) the same without a suit; a Joker the word Joker; Himmel's
special cards their short names; a number is shown as it is. The face letters and names are
``card.*`` keys of the catalogue (shared with the browser).

>>> chip("QH").plain, chip("QH", "de").plain, chip("10S").plain, chip("X", "de").plain
('Q♥', 'D♥', '10♠', 'Joker')
>>> chip("J", "de").plain, chip("steal", "de").plain, chip("37").plain
('B', 'Diebstahl', '37')
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich.text import Text

from stammtisch.core.i18n import t

_SUITED = re.compile(r"^(10|[2-9TJQKA])([CSHD])?$", re.IGNORECASE)
SUIT_SYMBOLS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
SUIT_STYLES = {"C": "bold", "S": "bold", "H": "bold red", "D": "bold red"}
JOKERS = ("X", "JO", "JOKER", "JK")
SPECIAL = ("turn", "steal", "raise")


def chip(card: str, lang: str = "en") -> Text:
    """One card as styled text."""
    if card.upper() in JOKERS:
        return Text(t("card.joker", lang), style="bold magenta")
    if card in SPECIAL:
        return Text(t(f"card.{card}", lang), style="bold cyan")
    m = _SUITED.match(card)
    if m is None:
        return Text(card, style="bold")
    rank = m.group(1).upper()
    rank = "10" if rank == "T" else rank
    if rank in ("J", "Q", "K", "A"):
        rank = t(f"card.{rank}", lang)
    if m.group(2) is None:
        return Text(rank, style="bold")
    suit = m.group(2).upper()
    return Text(rank + SUIT_SYMBOLS[suit], style=SUIT_STYLES[suit])


def chips(cards: Iterable[str], empty: str = "", lang: str = "en") -> Text:
    """Cards side by side in brackets, e.g. ``[Q♥] [10♠]``; ``empty`` when there are none."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        out.append("[")
        out.append_text(chip(card, lang))
        out.append("]")
    if not out.plain:
        out.append(empty, style="dim")
    return out
