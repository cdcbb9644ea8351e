"""Himmel's actions and their notation.

=================  =====================================================================
``57>A``           play number card 57 on pile A (or B) (HAZ-3)
``turn``           play a direction change card (HAZ-5)
``steal 2``        play a steal card against seat 2 (HAZ-5)
``raise A 63``     play a raise card and lay 63 from hand as pile A's new target (HAZ-5)
``take 31``        take the marked pile and lay 31 from hand as the new target (HAZ-7)
``take``           take the marked pile without a number card in hand (cards are revealed
                   from the draw pile), or when the draw pile is empty (the game ends)
=================  =====================================================================

Case and spaces do not matter when reading (``57 > a``, ``RAISE b 63``). Text that is none
of these raises :class:`ActionSyntaxError` (code ``haz_syntax``); whether a readable
action is legal is the state's business. All action objects are made once, here, and
shared: ``play(57, 0) is play(57, 0)``.

>>> str(parse_action(" 57 > a ")), str(parse_action("Raise B 63")), str(parse_action("take"))
('57>A', 'raise B 63', 'take')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from stammtisch.core.errors import ActionSyntaxError
from stammtisch.games.himmel.cards import NUM_NUMBERS

PILE_NAMES = ("A", "B")
MAX_SEATS = 6


@dataclass(frozen=True, slots=True)
class Play:
    """Lay number card ``card`` on pile ``pile`` (0 = A, 1 = B)."""

    card: int
    pile: int

    def __str__(self) -> str:
        return f"{self.card}>{PILE_NAMES[self.pile]}"


@dataclass(frozen=True, slots=True)
class Turn:
    """Play a direction change card."""

    def __str__(self) -> str:
        return "turn"


@dataclass(frozen=True, slots=True)
class Steal:
    """Play a steal card against seat ``victim``."""

    victim: int

    def __str__(self) -> str:
        return f"steal {self.victim}"


@dataclass(frozen=True, slots=True)
class Raise:
    """Play a raise card and lay number card ``card`` as the new target of ``pile``."""

    pile: int
    card: int

    def __str__(self) -> str:
        return f"raise {PILE_NAMES[self.pile]} {self.card}"


@dataclass(frozen=True, slots=True)
class Take:
    """Take the marked pile; ``target`` is the hand card laid as new target (None: none)."""

    target: int | None

    def __str__(self) -> str:
        return "take" if self.target is None else f"take {self.target}"


Action = Play | Turn | Steal | Raise | Take

# Every action object exists once; the move generator only indexes these tables.
PLAYS = tuple(tuple(Play(c, p) for p in (0, 1)) for c in range(NUM_NUMBERS + 1))
RAISES = tuple(tuple(Raise(p, c) for c in range(NUM_NUMBERS + 1)) for p in (0, 1))
TAKES = tuple(Take(c) for c in range(NUM_NUMBERS + 1))
STEALS = tuple(Steal(s) for s in range(MAX_SEATS))
TURN_ACTION = Turn()
TAKE_BARE = Take(None)


def play(card: int, pile: int) -> Play:
    return PLAYS[card][pile]


def raise_(pile: int, card: int) -> Raise:
    return RAISES[pile][card]


def take(target: int | None) -> Take:
    return TAKE_BARE if target is None else TAKES[target]


def steal(victim: int) -> Steal:
    return STEALS[victim] if 0 <= victim < MAX_SEATS else Steal(victim)


_RE_PLAY = re.compile(r"(\d+)\s*>\s*([ab])")
_RE_STEAL = re.compile(r"steal\s+(\d+)")
_RE_RAISE = re.compile(r"raise\s+([ab])\s+(\d+)")
_RE_TAKE = re.compile(r"take(?:\s+(\d+))?")


def _number(text: str, digits: str) -> int:
    value = int(digits)
    if not 1 <= value <= NUM_NUMBERS:
        raise ActionSyntaxError("haz_syntax", text=text)
    return value


def parse_action(text: str) -> Action:
    """Read one action from its notation (see the module docstring)."""
    if not isinstance(text, str):
        raise ActionSyntaxError("haz_syntax", text=repr(text))
    low = text.strip().lower()
    if low == "turn":
        return TURN_ACTION
    m = _RE_PLAY.fullmatch(low)
    if m:
        return play(_number(text, m.group(1)), "ab".index(m.group(2)))
    m = _RE_TAKE.fullmatch(low)
    if m:
        return take(None if m.group(1) is None else _number(text, m.group(1)))
    m = _RE_STEAL.fullmatch(low)
    if m:
        return steal(int(m.group(1)))
    m = _RE_RAISE.fullmatch(low)
    if m:
        return raise_("ab".index(m.group(1)), _number(text, m.group(2)))
    raise ActionSyntaxError("haz_syntax", text=text)
