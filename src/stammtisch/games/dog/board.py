"""Board geometry (DOG-1, DOG-3, DOG-4) and how a peg's place is written.

A peg's place is one int:

* ``-1`` (``KENNEL``): in its owner's kennel (Lager);
* ``0 .. L-1``: a track field, ``L = 16 * players`` (64 or 96), numbered in the direction
  of play; seat ``s`` has its start field (Bankfeld) at ``16 * s``;
* ``L + h`` (``h = 0 .. 3``): field ``h + 1`` of its owner's Himmel. The Himmel branches off
  at the owner's start field: one step forward from it may go to Himmel field 1.

Pegs have ids: seat ``s`` owns pegs ``4s .. 4s+3`` (written ``p0`` … ``p15``/``p23``).
Whether a peg is *fresh* (DOG-11: came out of the kennel and has not moved since) is a
separate flag; a fresh peg always stands on its own start field.

Text tokens (positions JSON, notation): a track field is its number (``17``), a Himmel field
is ``H1`` … ``H4``, the kennel is ``K``, and a fresh peg on its own start field is ``S``.

>>> Board(4).track_len, Board(6).track_len
(64, 96)
>>> b = Board(4)
>>> [b.token(p, fresh) for p, fresh in ((-1, False), (17, False), (16, True), (65, False))]
['K', '17', 'S', 'H2']
"""

from __future__ import annotations

from dataclasses import dataclass, field

KENNEL = -1
PEGS_PER_SEAT = 4
HIMMEL_SIZE = 4
FIELDS_PER_SEAT = 16


@dataclass(frozen=True, slots=True)
class Board:
    """The geometry for ``players`` seats (teams: seat ``s`` with ``s + players/2``)."""

    players: int
    # Kept as a field (set from ``players``): the move generator reads it all the time.
    track_len: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "track_len", FIELDS_PER_SEAT * self.players)

    @property
    def num_pegs(self) -> int:
        return PEGS_PER_SEAT * self.players

    def start(self, seat: int) -> int:
        return FIELDS_PER_SEAT * seat

    def partner(self, seat: int) -> int:
        return (seat + self.players // 2) % self.players

    def team(self, seat: int) -> int:
        """Team index: seats ``t`` and ``t + players/2`` form team ``t``."""
        return seat % (self.players // 2)

    def teams(self) -> list[list[int]]:
        half = self.players // 2
        return [[t, t + half] for t in range(half)]

    def token(self, place: int, fresh: bool) -> str:
        if place == KENNEL:
            return "K"
        if place >= self.track_len:
            return f"H{place - self.track_len + 1}"
        return "S" if fresh else str(place)

    def field_text(self, place: int) -> str:
        """A field in move notation: a track number or ``H1`` … ``H4``."""
        if place >= self.track_len:
            return f"H{place - self.track_len + 1}"
        return str(place)

    def parse_field(self, text: str) -> int | None:
        """A track or Himmel field from notation, ``None`` if it is not one."""
        t = text.strip().upper()
        if t.startswith("H") and t[1:].isdigit():
            h = int(t[1:])
            return self.track_len + h - 1 if 1 <= h <= HIMMEL_SIZE else None
        if t.isdigit():
            f = int(t)
            return f if f < self.track_len else None
        return None

    def parse_token(self, seat: int, token: object) -> tuple[int, bool]:
        """A positions-JSON token for one of ``seat``'s pegs -> (place, fresh)."""
        if isinstance(token, bool):
            raise ValueError(f"bad peg place {token!r}")
        if isinstance(token, int):
            if 0 <= token < self.track_len:
                return token, False
            raise ValueError(f"track field {token} is off the board")
        if not isinstance(token, str):
            raise ValueError(f"bad peg place {token!r}")
        t = token.strip().upper()
        if t in ("K", "KENNEL"):
            return KENNEL, False
        if t in ("S", "START"):
            return self.start(seat), True
        f = self.parse_field(t)
        if f is None:
            raise ValueError(f"bad peg place {token!r}")
        return f, False
