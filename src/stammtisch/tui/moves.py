"""Choosing a move from the legal notations, without knowing any rules.

The UI only ever holds the legal action notations of the position and the seat's view.
It groups the notations by the hand card they name (a notation names a card if one of its
tokens is the text of a card in hand) and lets the player narrow a large group down token by
token (a Dog split 7 or a Joker has many moves): the next choices are the distinct next
tokens of the notations that start with what was picked so far.

>>> tokens("7:p0 3-5,p1 20-22")
['7:', 'p0 ', '3-', '5,', 'p1 ', '20-', '22']
>>> [(g.card, g.notations) for g in group_moves(["QH", "X", "take 7C"], ["QH", "X", "7C"])]
[('QH', ('QH',)), ('X', ('X',)), ('7C', ()), (None, ('take 7C',))]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

_TOKEN = re.compile(r"[^\W_]+[\W_]*|[\W_]+")

#: Groups up to this size are listed move by move; bigger ones are narrowed step by step.
DIRECT_LIMIT = 9


def tokens(notation: str) -> list[str]:
    """Split a notation into tokens: a run of letters/digits plus the separators after it."""
    return _TOKEN.findall(notation)


def _bare(token: str) -> str:
    return re.sub(r"[\W_]+$", "", token).casefold()


@dataclass(frozen=True)
class MoveGroup:
    """The legal moves of one hand card (``card`` is None for moves that name no hand card)."""

    card: str | None
    notations: tuple[str, ...]

    @property
    def playable(self) -> bool:
        return bool(self.notations)


CardOf = Callable[[str, Sequence[str]], "str | None"]


def card_of(notation: str, hand: Sequence[str]) -> str | None:
    """The hand card a notation is played with: its first token, if that is a hand card.

    Only the first token counts: in ``take 31`` the 31 is not the card played.
    """
    first = tokens(notation)
    if not first:
        return None
    keys = {card.casefold(): card for card in hand}
    return keys.get(_bare(first[0]))


def group_moves(legal: Sequence[str], hand: Sequence[str], which: CardOf = card_of) -> list[MoveGroup]:
    """One group per distinct hand card (in hand order, possibly empty), then the rest."""
    by_card: dict[str, list[str]] = {}
    rest: list[str] = []
    for notation in legal:
        card = which(notation, hand)
        if card is None:
            rest.append(notation)
        else:
            by_card.setdefault(card, []).append(notation)
    seen: set[str] = set()
    groups: list[MoveGroup] = []
    for card in hand:
        if card in seen:
            continue
        seen.add(card)
        groups.append(MoveGroup(card, tuple(by_card.get(card, ()))))
    if rest:
        groups.append(MoveGroup(None, tuple(rest)))
    return groups


@dataclass(frozen=True)
class Choice:
    """One entry of the move list: a complete move, or a prefix to narrow down further."""

    label: str
    value: str
    complete: bool
    count: int = 1


class PrefixPicker:
    """Narrow a set of notations down by prefix until one move is chosen.

    >>> p = PrefixPicker(["7 a+7", "7 a+3,b+4", "7 a+3,c+4", "7 b+7"], limit=2)
    >>> [(c.value, c.complete) for c in p.choices()]
    [('7 a+', False), ('7 b+7', True)]
    >>> p.descend("7 a+")
    >>> [(c.value, c.complete) for c in p.choices()]
    [('7 a+7', True), ('7 a+3,', False)]
    >>> p.descend("7 a+3,")
    >>> [c.value for c in p.choices()]
    ['7 a+3,b+4', '7 a+3,c+4']
    """

    def __init__(self, notations: Sequence[str], limit: int = DIRECT_LIMIT) -> None:
        self.notations = list(notations)
        self.limit = limit
        self.stack: list[str] = []

    @property
    def prefix(self) -> str:
        return self.stack[-1] if self.stack else ""

    def matching(self) -> list[str]:
        return [n for n in self.notations if n.startswith(self.prefix)]

    def choices(self) -> list[Choice]:
        prefix = self.prefix
        matching = self.matching()
        if len(matching) <= self.limit:
            return [Choice(n, n, True) for n in matching]
        while True:
            nexts: dict[str, list[str]] = {}
            for n in matching:
                rest = n[len(prefix) :]
                key = prefix + (tokens(rest)[0] if rest else "")
                nexts.setdefault(key, []).append(n)
            if len(nexts) == 1 and prefix not in nexts:
                # Every move continues the same way: skip the forced step.
                (prefix,) = nexts
                continue
            break
        out: list[Choice] = []
        for key, members in nexts.items():
            if len(members) == 1:
                out.append(Choice(members[0], members[0], True))
            elif key == prefix:
                out.append(Choice(key, key, True))
            else:
                out.append(Choice(key, key, False, len(members)))
        return out

    def descend(self, prefix: str) -> None:
        self.stack.append(prefix)

    def back(self) -> bool:
        """Undo the last narrowing step; False if there was none."""
        if not self.stack:
            return False
        self.stack.pop()
        return True
