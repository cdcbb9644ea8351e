"""Dog actions and their text notation.

Notation (one line; case and spaces around separators do not matter when reading):

==============================  ==========================================================
``fold``                        no card can be played: the hand is discarded (DOG-8)
``give 7``                      exchange: give this card to the partner (DOG-7)
``K:start``                     A, K or Joker: a kennel peg onto the start field (DOG-10);
                                a Joker start is written ``Jo:start`` (``Jo=A``/``Jo=K`` read)
``5:p1 12-17``                  card, peg, from-to; Himmel fields are ``H1`` … ``H4``
``4:p2 30-26``                  the 4 backward (from-to shows the direction)
``Jo=4:p2 30-26``               a Joker names the value it takes
``7:p0 3-5,p1 20-25``           the 7's parts in the order played (DOG-17); a peg may
                                appear more than once
``J:p0 10<>p5 40``              Jack: own (or, when helping, partner's) peg first (DOG-18)
``2:steal 1``                   option ``two_steals``: the 2 (or ``Jo=2``) takes a random
                                card from seat 1's hand (DOG-24)
==============================  ==========================================================

Pegs are numbered over the whole table: seat ``s`` owns ``p{4s}`` … ``p{4s+3}``. The text
of a legal action is canonical: it is what :meth:`DogState.legal_actions` prints, and
distinct actions have distinct texts. An action compares (and hashes) by its text alone;
the resulting position it carries is a cache bound to the state that generated it.

>>> from stammtisch.games.dog.board import Board
>>> p = parse_action(" jo=4 : P2 30 - 26 ", Board(4))
>>> format_notation(p, Board(4))
'Jo=4:p2 30-26'
>>> format_notation(parse_action("7:p0 62-H2,p1 20-23", Board(4)), Board(4))
'7:p0 62-H2,p1 20-23'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.core.errors import ActionSyntaxError
from stammtisch.games.dog.board import Board
from stammtisch.games.dog.cards import ACE, JACK, JOKER, KING, SEVEN, card_text, parse_card

PLAY = 0
GIVE = 1
FOLD = 2
STEAL = 3  # DOG-24: a 2 played as a theft
TWO = 1  # the rank of the 2

Result = tuple[tuple[int, ...], int]  # peg places, fresh bit mask
Steps = list[tuple[int, int, int]]  # a 7's single steps (peg, from, to)

# A generated play, before its text or resulting position is needed: a tuple
# (kind, a, b, c, canon) where canon says the position must be compared with the pegs of
# each seat interchangeable (see moves.MoveGen) and
#   MOVE:  peg a goes to place b, peg c (if >= 0) is sent home;
#   START: peg a comes out onto start field b, peg c (if >= 0) is sent home;
#   SWAP:  peg a and peg c change places (b is c's place);
#   SPLIT: a is the 7's single steps, b the resulting position.
MOVE = 0
START = 1
SWAP = 2
SPLIT = 3
Body = tuple[Any, ...]


def body_text(body: Body, pos: Sequence[int], track: int) -> str:
    """The part of the notation after ``card:``."""
    kind = body[0]

    def ft(f: int) -> str:
        return f"H{f - track + 1}" if f >= track else str(f)

    if kind == MOVE:
        i = body[1]
        return f"p{i} {ft(pos[i])}-{ft(body[2])}"
    if kind == START:
        return "start"
    if kind == SWAP:
        i = body[1]
        return f"p{i} {pos[i]}<>p{body[3]} {body[2]}"
    return steps_text(body[1], track)


def body_result(body: Body, pos: Sequence[int], fresh: int) -> Result:
    """The position after the play (peg places and fresh mask)."""
    if body[0] == SPLIT:
        res: Result = body[2]
        return res
    p, f = body_after(body, pos, fresh)
    return (tuple(p), f)


def body_after(body: Body, pos: Sequence[int], fresh: int) -> tuple[list[int], int]:
    """The position after the play as a new peg list and fresh mask."""
    kind = body[0]
    if kind == SPLIT:
        return list(body[2][0]), body[2][1]
    p = list(pos)
    i = body[1]
    j = body[3]
    if kind == SWAP:
        p[j] = p[i]
        p[i] = body[2]
        return p, fresh
    p[i] = body[2]
    if j >= 0:
        p[j] = -1
    if kind == START:
        return p, fresh | 1 << i
    return p, fresh & ~(1 << i)


class DogAction:
    """One action. Actions compare and hash by their text alone.

    A generated play keeps the position it came from (``base``: peg places, which the
    state never changes in place, and fresh mask) and builds its text and its resulting
    position only when asked: a random playout or a search reads few of them.
    """

    __slots__ = ("_result", "_text", "base", "body", "card", "head", "kind", "track")

    def __init__(
        self,
        text: str | None,
        kind: int = PLAY,
        card: int = -1,
        result: Result | None = None,
        head: str = "",
        body: Body | None = None,
        base: tuple[Sequence[int], int] | None = None,
        track: int = 0,
    ) -> None:
        self._text = text
        self.kind = kind
        self.card = card  # rank played or given
        self._result = result
        self.head = head
        self.body = body
        self.base = base
        self.track = track

    @property
    def text(self) -> str:
        t = self._text
        if t is None:
            assert self.body is not None and self.base is not None
            t = self._text = self.head + ":" + body_text(self.body, self.base[0], self.track)
        return t

    @property
    def result(self) -> Result | None:
        """The position after this play, or ``None`` for gives, folds and parsed text."""
        r = self._result
        if r is None and self.body is not None and self.base is not None:
            r = self._result = body_result(self.body, self.base[0], self.base[1])
        return r

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"DogAction({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DogAction) and self.text == other.text

    def __hash__(self) -> int:
        return hash(self.text)


def steps_text(steps: Steps, track: int) -> str:
    """Single steps ``(peg, from, to)`` as parts: consecutive steps of a peg are one part."""
    parts: list[list[int]] = []
    for i, a, b in steps:
        if parts and parts[-1][0] == i:
            parts[-1][2] = b
        else:
            parts.append([i, a, b])

    def ft(f: int) -> str:
        return f"H{f - track + 1}" if f >= track else str(f)

    return ",".join(f"p{i} {ft(a)}-{ft(b)}" for i, a, b in parts)


@dataclass(frozen=True, slots=True)
class Notation:
    """A parsed notation, before it is matched against a position.

    ``kind`` is ``fold``, ``give``, ``start``, ``move`` (one or more parts ``(peg, from,
    to)``), ``swap`` (two parts ``(peg, field, -1)``) or ``steal`` (one part ``(victim
    seat, -1, -1)``).
    """

    kind: str
    card: int = -1
    value: int = -1  # the Joker's value, -1 for other cards
    parts: tuple[tuple[int, int, int], ...] = ()

    @property
    def effective(self) -> int:
        """The rank whose rules apply (the Joker's value, or the card itself)."""
        return self.value if self.card == JOKER else self.card


_HEAD = re.compile(r"^\s*([0-9A-Za-z]+)\s*(?:=\s*([0-9A-Za-z]+)\s*)?:\s*(.*?)\s*$", re.S)
_PART = re.compile(r"^\s*[pP](\d+)\s+(\w+)\s*-\s*(\w+)\s*$")
_SWAP = re.compile(r"^\s*[pP](\d+)\s+(\w+)\s*<>\s*[pP](\d+)\s+(\w+)\s*$")
_STEAL = re.compile(r"^\s*steal\s+(\d+)\s*$", re.I)


def parse_action(text: str, board: Board) -> Notation:
    """Read ``text``; raises :class:`ActionSyntaxError` when it is not a Dog move at all."""
    if not isinstance(text, str):
        raise ActionSyntaxError("dog_bad_move", text=repr(text))
    low = text.strip().lower()
    if low == "fold":
        return Notation("fold")
    if low.startswith("give"):
        rest = text.strip()[4:].strip()
        if not rest:
            raise ActionSyntaxError("dog_bad_move", text=text)
        return Notation("give", card=parse_card(rest))
    m = _HEAD.match(text)
    if m is None:
        raise ActionSyntaxError("dog_bad_move", text=text)
    card = parse_card(m.group(1))
    value = -1
    if m.group(2) is not None:
        value = parse_card(m.group(2))
        if card != JOKER or value == JOKER:
            raise ActionSyntaxError("dog_bad_value", text=text)
    body = m.group(3)
    eff = value if card == JOKER else card
    if body.lower() == "start":
        if card == JOKER and value not in (-1, ACE, KING):
            raise ActionSyntaxError("dog_card_use", text=text, card=card_text(card))
        if card not in (ACE, KING, JOKER):
            raise ActionSyntaxError("dog_card_use", text=text, card=card_text(card))
        return Notation("start", card=card, value=-1)
    if card == JOKER and value == -1:
        raise ActionSyntaxError("dog_bad_value", text=text)
    steal = _STEAL.match(body)
    if steal is not None:
        if eff != TWO:
            raise ActionSyntaxError("dog_card_use", text=text, card=card_text(card))
        victim = int(steal.group(1))
        if victim >= board.players:
            raise ActionSyntaxError("dog_bad_move", text=text)
        return Notation("steal", card=card, value=value, parts=((victim, -1, -1),))
    if "<>" in body:
        sm = _SWAP.match(body)
        if sm is None:
            raise ActionSyntaxError("dog_bad_move", text=text)
        if eff != JACK:
            raise ActionSyntaxError("dog_card_use", text=text, card=card_text(card))
        a = _peg(text, sm.group(1), board)
        b = _peg(text, sm.group(3), board)
        fa = _field(text, sm.group(2), board)
        fb = _field(text, sm.group(4), board)
        return Notation("swap", card=card, value=value, parts=((a, fa, -1), (b, fb, -1)))
    if eff == JACK:
        raise ActionSyntaxError("dog_card_use", text=text, card=card_text(card))
    parts: list[tuple[int, int, int]] = []
    for chunk in body.split(","):
        pm = _PART.match(chunk)
        if pm is None:
            raise ActionSyntaxError("dog_bad_move", text=text)
        peg = _peg(text, pm.group(1), board)
        parts.append((peg, _field(text, pm.group(2), board), _field(text, pm.group(3), board)))
    if len(parts) > 1 and eff != SEVEN:
        raise ActionSyntaxError("dog_card_use", text=text, card=card_text(card))
    return Notation("move", card=card, value=value, parts=tuple(parts))


def _peg(text: str, digits: str, board: Board) -> int:
    peg = int(digits)
    if peg >= board.num_pegs:
        raise ActionSyntaxError("dog_bad_peg", text=text, peg=peg, last=board.num_pegs - 1)
    return peg


def _field(text: str, token: str, board: Board) -> int:
    f = board.parse_field(token)
    if f is None:
        raise ActionSyntaxError("dog_bad_field", text=text, field=token, last=board.track_len - 1)
    return f


def card_head(card: int, value: int) -> str:
    """``5`` or ``Jo=5``: the card and, for a Joker, the value it takes."""
    if card == JOKER:
        return f"Jo={card_text(value)}"
    return card_text(card)


def format_notation(n: Notation, board: Board) -> str:
    """The canonical text of a parsed notation."""
    if n.kind == "fold":
        return "fold"
    if n.kind == "give":
        return f"give {card_text(n.card)}"
    if n.kind == "start":
        return f"{card_text(n.card)}:start"
    head = card_head(n.card, n.value)
    if n.kind == "steal":
        return f"{head}:steal {n.parts[0][0]}"
    ft = board.field_text
    if n.kind == "swap":
        (a, fa, _), (b, fb, _) = n.parts
        return f"{head}:p{a} {ft(fa)}<>p{b} {ft(fb)}"
    return head + ":" + ",".join(f"p{p} {ft(f)}-{ft(t)}" for p, f, t in n.parts)


class StealAction(DogAction):
    """DOG-24: a 2 (or a Joker as 2) played to take a random card from ``victim``."""

    __slots__ = ("victim",)

    def __init__(self, card: int, victim: int) -> None:
        super().__init__(f"{card_head(card, TWO)}:steal {victim}", STEAL, card)
        self.victim = victim
