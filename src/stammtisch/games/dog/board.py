"""Board geometry (DOG-1, DOG-3, DOG-4) and how a peg's place is written.

A peg's place is one int:

* ``-1`` (``KENNEL``): in its owner's kennel (Lager);
* ``0 .. L-1``: a track field, ``L = 16 * players`` (48 … 96; 64 for 2 players),
  numbered in the direction of play; seat ``s`` has its start field (Bankfeld) at
  ``16 * s`` (2 players: 0 and 32, DOG-21);
* ``L + h`` (``h = 0 .. 3``): field ``h + 1`` of its owner's Himmel. The Himmel branches off
  at the owner's start field: one step forward from it may go to Himmel field 1.

Pegs have ids: seat ``s`` owns pegs ``4s .. 4s+3`` (written ``p0`` … ``p15``/``p23``).
Whether a peg is *fresh* (DOG-11: came out of the kennel and has not moved since) is a
separate flag; a fresh peg always stands on its own start field.

Text tokens (positions JSON, notation): a track field is its number (``17``), a Himmel field
is ``H1`` … ``H4``, the kennel is ``K``, and a fresh peg on its own start field is ``S``.

>>> Board(4).track_len, Board(6).track_len, Board(2).track_len, Board(2).starts
(64, 96, 64, (0, 32))
>>> Board(6, 3).teams(), Board(6).teams(), Board(5).teams()[:2]
([[0, 2, 4], [1, 3, 5]], [[0, 3], [1, 4], [2, 5]], [[0], [1]])
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


def default_team_size(players: int) -> int:
    """Players per team: 2 with 4 or 6 players (DOG-3), 1 with 2, 3 or 5 (DOG-21)."""
    return 2 if players in (4, 6) else 1


@dataclass(frozen=True, slots=True)
class Board:
    """The geometry and the teams for ``players`` seats.

    ``team_size``: 2 for 4 or 6 players (partners opposite, DOG-3), 1 for 2, 3 or 5
    (everyone alone, DOG-21), or 3 with 6 players (two teams of three, seats ``s``,
    ``s + 2``, ``s + 4``, DOG-22); 0 means the default for the player count. A team is
    the seats ``t, t + k, t + 2k, …`` with ``k`` the number of teams, so the next
    teammate in the direction of play is always ``s + k``.
    """

    players: int
    team_size: int = 0
    # Kept as fields (set from ``players``): the move generator reads them all the time.
    track_len: int = field(init=False, repr=False, compare=False)
    starts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    num_teams: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        size = self.team_size or default_team_size(self.players)
        object.__setattr__(self, "team_size", size)
        object.__setattr__(self, "num_teams", self.players // size)
        if self.players == 2:  # DOG-21: the 64-field board, seats opposite
            object.__setattr__(self, "track_len", 4 * FIELDS_PER_SEAT)
            object.__setattr__(self, "starts", (0, 2 * FIELDS_PER_SEAT))
        else:
            object.__setattr__(self, "track_len", FIELDS_PER_SEAT * self.players)
            object.__setattr__(self, "starts", tuple(FIELDS_PER_SEAT * s for s in range(self.players)))

    @property
    def num_pegs(self) -> int:
        return PEGS_PER_SEAT * self.players

    @property
    def alone(self) -> bool:
        """Everyone plays alone (DOG-21): no exchange, no helping."""
        return self.team_size == 1

    def start(self, seat: int) -> int:
        return self.starts[seat]

    def partner(self, seat: int) -> int:
        """The next teammate in the direction of play (the partner opposite in teams of
        two; ``seat`` itself when playing alone): who receives ``seat``'s exchange card."""
        return (seat + self.num_teams) % self.players

    def giver(self, seat: int) -> int:
        """The teammate whose exchange card ``seat`` receives (DOG-7, DOG-22)."""
        return (seat - self.num_teams) % self.players

    def teammates(self, seat: int) -> tuple[int, ...]:
        """``seat`` and its teammates in the direction of play, ``seat`` first."""
        k = self.num_teams
        n = self.players
        return tuple((seat + j * k) % n for j in range(self.team_size))

    def team(self, seat: int) -> int:
        """Team index: team ``t`` is the seats ``t, t + k, …`` (``k`` teams)."""
        return seat % self.num_teams

    def teams(self) -> list[list[int]]:
        k = self.num_teams
        return [[t + j * k for j in range(self.team_size)] for t in range(k)]

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
