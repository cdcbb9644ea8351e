"""The split 7 as a search over single steps (DOG-17, DOG-19, DOG-9, DOG-15, DOG-23).

Used by :func:`stammtisch.games.dog.seven.seven` when the moving pegs may meet. A
depth-first search over single forward steps: the state is the board after some steps
plus the steps left, and each such state is expanded once (memo), so the cost follows
the number of distinct intermediate positions, not the number of orderings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stammtisch.games.dog.actions import SPLIT, Body, Result, Steps
from stammtisch.games.dog.tables import WEIGHTS

if TYPE_CHECKING:
    from stammtisch.games.dog.moves import MoveGen


class SevenSearch:
    """The 7 as a search over single steps (pegs that may meet; see module doc).

    The state is the board after some steps plus the steps left; each state is expanded
    once (``seen``), and ``found`` keeps the first path to each resulting position. The
    board is also kept as one int (a byte per peg: place + 1), which keys both memos
    without building tuples.
    """

    __slots__ = (
        "all7",
        "code0",
        "found",
        "fresh0",
        "hm",
        "homed",
        "inh",
        "occ",
        "path",
        "pegs",
        "pos",
        "seen",
        "starts",
        "team",
        "team_pegs",
        "track",
        "weights",
    )

    def __init__(self, g: MoveGen) -> None:
        board = g.board
        track = self.track = g.track
        self.starts = g.starts
        # The team's seats, the own first, then the teammates in the direction of play:
        # the 7 goes on with the first of them with a peg outside its Himmel (DOG-19,
        # DOG-22); with DOG-23 every one of their pegs may move at any step.
        team = self.team = g.team
        pos = self.pos = list(g.pos)
        self.occ = list(g.occ)
        self.fresh0 = g.fresh
        # Himmel fields taken and pegs in the Himmel, for the seats whose pegs move.
        hm = self.hm = [0] * board.players
        inh = self.inh = [0] * board.players
        for s in team:
            for i in range(4 * s, 4 * s + 4):
                x = pos[i]
                if x >= track:
                    hm[s] |= 1 << (x - track)
                    inh[s] += 1
        self.team_pegs = 4 * len(team)
        self.pegs = [tuple(range(4 * s, 4 * s + 4)) for s in team]
        self.all7 = tuple(i for s in team for i in range(4 * s, 4 * s + 4)) if g.partner7 else None
        self.weights = WEIGHTS[len(pos)]
        self.code0 = int.from_bytes(bytes([x + 1 for x in pos]), "little")
        self.seen: set[int] = set()
        self.found: dict[int, tuple[Steps, Result, bool]] = {}
        self.path: Steps = []
        self.homed = 0  # pegs of the team sent home on the current path

    def run(self) -> list[Body]:
        self.rec(7, self.code0, self.fresh0)
        # A path that sent home a peg of the team may reach the places of another path
        # with the pegs' names permuted: compare those in canonical form (see actions).
        return [(SPLIT, steps, res, 0, hit) for steps, res, hit in self.found.values()]

    def record(self, code: int, fm: int) -> None:
        if code not in self.found:
            self.found[code] = (list(self.path), (tuple(self.pos), fm), self.homed > 0)

    def visit(self, code: int, rem: int) -> bool:
        """Whether the board ``code`` with ``rem - 1`` steps left is new (and mark it)."""
        if rem == 1:
            return code not in self.found
        key = code * 8 + rem - 1
        if key in self.seen:
            return False
        self.seen.add(key)
        return True

    def go_on(self, rem: int, code: int, fm: int) -> None:
        """After a step: record the result, or search on with the steps left."""
        if rem == 1:
            self.record(code, fm)
        else:
            self.rec(rem - 1, code, fm)

    def rec(self, rem: int, code: int, fm: int) -> None:
        # ``code`` was checked against ``seen`` by the caller.
        inh = self.inh
        team = self.team
        home = 0
        for s in team:
            home += inh[s]
        if home == self.team_pegs:
            self.record(code, fm)  # the team is home: the game ends with this step (DOG-9)
            return
        pos = self.pos
        track = self.track
        movable = self.all7
        if movable is None:
            for k, s in enumerate(team):
                if inh[s] < 4:
                    movable = self.pegs[k]
                    break
            assert movable is not None
        for i in movable:
            x = pos[i]
            if x < 0:
                continue
            if x >= track:
                self.himmel_step(i, x, rem, code, fm)
                continue
            o = i >> 2
            if x == self.starts[o] and not fm >> i & 1 and not self.hm[o] & 1:
                self.turn_in(i, x, rem, code, fm)
            self.track_step(i, x, rem, code, fm)

    def himmel_step(self, i: int, x: int, rem: int, code: int, fm: int) -> None:
        """Inside the Himmel: one field on, if free (DOG-13)."""
        o = i >> 2
        h = x - self.track
        hm = self.hm
        if h < 3 and not hm[o] >> (h + 1) & 1:
            c2 = code + self.weights[i]
            if not self.visit(c2, rem):
                return
            hm[o] ^= 3 << h
            self.pos[i] = x + 1
            self.path.append((i, x, x + 1))
            self.go_on(rem, c2, fm)
            self.path.pop()
            self.pos[i] = x
            hm[o] ^= 3 << h

    def turn_in(self, i: int, x: int, rem: int, code: int, fm: int) -> None:
        """From the own start field into Himmel field 1 (DOG-12)."""
        track = self.track
        c2 = code + (track - x) * self.weights[i]
        if not self.visit(c2, rem):
            return
        o = i >> 2
        pos = self.pos
        occ = self.occ
        occ[x] = -1
        pos[i] = track
        self.hm[o] |= 1
        self.inh[o] += 1
        self.path.append((i, x, track))
        self.go_on(rem, c2, fm)
        self.path.pop()
        self.inh[o] -= 1
        self.hm[o] &= ~1
        pos[i] = x
        occ[x] = i

    def track_step(self, i: int, x: int, rem: int, code: int, fm: int) -> None:
        """One field on along the track; a peg passed or landed on goes home (DOG-15)."""
        y = x + 1
        if y == self.track:
            y = 0
        occ = self.occ
        pos = self.pos
        weights = self.weights
        j = occ[y]
        c2 = code + weights[i]
        if j >= 0:
            if fm >> j & 1:
                return  # a fresh peg is never passed (DOG-11)
            c2 -= (y + 1) * weights[j]
        if not self.visit(c2, rem):
            return
        team = j >= 0 and j >> 2 in self.team
        if j >= 0:
            pos[j] = -1
            if team:
                self.homed += 1
        occ[x] = -1
        occ[y] = i
        pos[i] = y
        self.path.append((i, x, y))
        self.go_on(rem, c2, fm & ~(1 << i))
        self.path.pop()
        if j >= 0:
            pos[j] = y
            occ[y] = j
            if team:
                self.homed -= 1
        else:
            occ[y] = -1
        occ[x] = i
        pos[i] = x
