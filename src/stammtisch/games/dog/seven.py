"""The split 7 (DOG-17, DOG-19, DOG-9): every way to play seven single steps.

When the moving pegs cannot meet (more than 7 fields apart, at most one of them in or
near its Himmel) every way to share the seven steps is built directly (:func:`share`).
Otherwise it is a depth-first search over single forward steps (:class:`SevenSearch`):
the state is the board after some steps plus the steps left, and each such state is
expanded once (memo), so the cost follows the number of distinct intermediate positions,
not the number of orderings. Each step of a 7 sends home the peg on the field it enters
(passing and landing both send home, DOG-15); a peg sent home is in the kennel and cannot
move later. A part that brings in the player's last peg hands the remaining steps to the
partner's pegs (DOG-19), and the team's last peg entering ends the move at once (DOG-9).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from stammtisch.games.dog.actions import SPLIT, Body, Result, Steps
from stammtisch.games.dog.tables import WEIGHTS

if TYPE_CHECKING:
    from stammtisch.games.dog.moves import MoveGen


def seven(g: MoveGen) -> list[Body]:
    # The pegs that can take a step at all: a peg in the Himmel with every field ahead
    # of it taken stays where it is for the whole move.
    pos = g.pos
    track = g.track
    hm = g.hm
    if g.movers7 is not g.movers:
        return SevenSearch(g).run()  # DOG-23: the team's pegs may meet, so search
    live = 0
    single = -1
    for i in g.movers:
        x = pos[i]
        if x >= track and hm >> (x - track + 1) == (8 >> (x - track)) - 1:
            continue
        live += 1
        single = i
    if live == 1:
        if pos[single] >= track:
            return []  # at most three steps inside the Himmel: no 7
        one = seven_single(g, single)
        if one is not None:
            return one
    elif not live:
        return []
    fast = seven_apart(g)
    if fast is None and hm:
        fast = seven_apart(g, stuck=True)
    return fast if fast is not None else SevenSearch(g).run()


def seven_single(g: MoveGen, i: int) -> list[Body] | None:
    """The 7 when peg ``i`` on the track is the only one that can move: seven steps
    forward, or into the Himmel when it gets to its start field in three to six steps.

    ``None`` when entering would bring in the last of the controlled seat's pegs (the
    rest of the 7 then goes on, DOG-19/DOG-9: left to the search). The order is the
    search's (the Himmel first) when a controlled peg stands in the Himmel, else the
    direct split's (the track first), as before this shortcut.
    """
    pos = g.pos
    track = g.track
    occ = g.occ
    fresh = g.fresh
    hm = g.hm
    x = pos[i]
    start = g.starts[g.ctrl]
    d = start - x
    if d < 0:
        d += track
    turn = d < 7 and (d or not fresh >> i & 1)
    if turn and hm in (7, 11, 13, 14):
        return None  # three pegs in the Himmel and the fourth may enter
    team = g.team
    fm = fresh & ~(1 << i)
    sent: list[int] = []
    hit = False
    home: Body | None = None
    f = x
    for k in range(1, 8):
        f += 1
        if f == track:
            f = 0
        j = occ[f]
        if j >= 0:
            if fresh >> j & 1:
                return [] if home is None else [home]  # a fresh peg is never passed (DOG-11)
            sent.append(j)
            if j >> 2 in team:
                hit = True
        if turn and k == d and d >= 3:
            r = 6 - d  # Himmel field reached with the steps left after turning in
            if not hm & ((2 << r) - 1):
                p = list(pos)
                p[i] = track + r
                for j in sent:
                    p[j] = -1
                home = (SPLIT, [(i, x, track + r)], (tuple(p), fm), 0, hit)
    p = list(pos)
    p[i] = f
    for j in sent:
        p[j] = -1
    body = (SPLIT, [(i, x, f)], (tuple(p), fm), 0, hit)
    if home is None:
        return [body]
    return [home, body] if hm else [body, home]


def seven_apart(g: MoveGen, stuck: bool = False) -> list[Body] | None:
    """The 7 when its pegs cannot meet: every split, without a search.

    Applies when the moving pegs on the track are more than 7 fields apart (so no
    part can pass, land on or block another moving peg, in any order), and at most
    one moving peg is in the Himmel or could reach it (so parts never meet there, and
    the move can neither bring in the last own peg nor the team's last, DOG-19/DOG-9).
    Then each peg's part depends only on its own step count, and the 7's results are
    all ways to share the 7 steps. Returns ``None`` when the pegs may meet.

    With ``stuck``: no peg on the track can reach the Himmel, and of the pegs in the
    Himmel at most one has a free field ahead (the others stay put); the splits are
    then listed in the order the step search finds them (the first peg's largest
    part first), which is the order these positions had before this shortcut.
    """
    if not _apart(g, stuck):
        return None
    return share(g, g.movers, _apart_options(g, stuck), stuck)


def _apart(g: MoveGen, stuck: bool) -> bool:
    """Whether :func:`seven_apart` applies (see there)."""
    pos = g.pos
    track = g.track
    fresh = g.fresh
    start = g.starts[g.ctrl]
    movers = g.movers
    xs = [pos[i] for i in movers if pos[i] < track]
    for a in range(len(xs)):
        for b in range(a + 1, len(xs)):
            d = (xs[b] - xs[a]) % track
            if d <= 7 or d >= track - 7:
                return False
    near = 0
    free = 0  # pegs in the Himmel with a free field ahead (with ``stuck``)
    hm = g.hm
    for i in movers:
        x = pos[i]
        if x >= track:
            if not stuck:
                near += 1
            elif hm >> (x - track + 1) != (8 >> (x - track)) - 1:
                free += 1
        elif (start - x) % track < 7 and (x != start or not fresh >> i & 1):
            near += 1
    return not ((near or free > 1) if stuck else near > 1)


def _apart_options(g: MoveGen, stuck: bool) -> list[list[list[tuple[int, tuple[int, ...], bool]]]]:
    """For each moving peg and step count 0 … 7: where the peg can get, the pegs it sends
    home on the way (DOG-15) and whether one of them belongs to the team."""
    pos = g.pos
    track = g.track
    occ = g.occ
    fresh = g.fresh
    start = g.starts[g.ctrl]
    hm = g.hm
    movers = g.movers
    team = g.team
    # options[m][k]: where peg movers[m] can get with k steps, the pegs it sends home
    # on the way (DOG-15) and whether one of them belongs to the team.
    options: list[list[list[tuple[int, tuple[int, ...], bool]]]] = []
    for i in movers:
        x = pos[i]
        opts: list[list[tuple[int, tuple[int, ...], bool]]] = [
            [(x, (), False)],
            [],
            [],
            [],
            [],
            [],
            [],
            [],
        ]
        options.append(opts)
        if x >= track:  # inside the Himmel: nobody else there to meet (see above)
            if not stuck:
                for k in range(1, track + 4 - x):
                    opts[k].append((x + k, (), False))
                continue
            k = 1  # up to the first taken field (none ahead of a stuck peg)
            while x + k < track + 4 and not hm >> (x + k - track) & 1:
                opts[k].append((x + k, (), False))
                k += 1
            continue
        homes: list[tuple[tuple[int, ...], bool]] = [((), False)]  # after s steps
        blocked = 8
        f = x
        sent: tuple[int, ...] = ()
        hit = False
        for k in range(1, 8):
            f += 1
            if f == track:
                f = 0
            j = occ[f]
            if j >= 0:
                if fresh >> j & 1:
                    blocked = k  # a fresh peg is never passed (DOG-11)
                    break
                sent = (*sent, j)
                hit = hit or j >> 2 in team
            homes.append((sent, hit))
            opts[k].append((f, sent, hit))
        d = (start - x) % track
        if d < blocked and (d or not fresh >> i & 1):  # turn in (DOG-12)
            sent, hit = homes[d]
            for r in range(4):
                if d + 1 + r <= 7:
                    opts[d + 1 + r].append((track + r, sent, hit))
    return options


def share(
    g: MoveGen,
    movers: list[int],
    options: list[list[list[tuple[int, tuple[int, ...], bool]]]],
    descending: bool = False,
) -> list[Body]:
    """Every way to share 7 steps among independent pegs, in peg order: the first
    peg's part growing (or, ``descending``, shrinking), then the next peg's, …

    The position is built along the way (one peg's part per level, undone on the way
    back; the pegs' paths do not overlap, so neither do the pegs they send home).
    """
    pos = g.pos
    p = list(pos)
    out: list[Body] = []
    last = len(movers) - 1
    steps: Steps = []

    def go(idx: int, rem: int, fm: int, hit: bool) -> None:
        i = movers[idx]
        x = pos[i]
        opts = options[idx]
        if idx == last:
            if not rem:
                out.append((SPLIT, steps[:], (tuple(p), fm), 0, hit))
                return
            fm &= ~(1 << i)
            for dest, sent, h in opts[rem]:
                p[i] = dest
                for j in sent:
                    p[j] = -1
                out.append((SPLIT, [*steps, (i, x, dest)], (tuple(p), fm), 0, hit or h))
                for j in sent:
                    p[j] = pos[j]
            p[i] = x
            return
        if not descending:
            go(idx + 1, rem, fm, hit)  # this peg stays
        moved = fm & ~(1 << i)
        for k in range(rem, 0, -1) if descending else range(1, rem + 1):
            for dest, sent, h in opts[k]:
                p[i] = dest
                for j in sent:
                    p[j] = -1
                steps.append((i, x, dest))
                go(idx + 1, rem - k, moved, hit or h)
                steps.pop()
                for j in sent:
                    p[j] = pos[j]
        p[i] = x
        if descending:
            go(idx + 1, rem, fm, hit)  # this peg stays

    if movers:
        go(0, 7, g.fresh, False)
    return out


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


def mark_renamings(
    bodies: list[Body], pos: Sequence[int], turning: list[tuple[int, tuple[int, ...]]], track: int
) -> list[Body]:
    """Flag the 7s whose result another 7 may reach with two pegs' places swapped.

    Without sending a peg home, two pegs of one seat can trade their final places only by
    way of the Himmel: one turns in while the other runs on past the start field (``p12
    47-H1,p15 44-49`` and ``p12 47-49,p15 44-H1`` leave the same pegs on the same fields).
    Both such 7s bring a peg of ``turning`` into its Himmel and move another peg of its
    seat; flagged like the 7s that send a team peg home, they are compared in
    :func:`canonical` form, so the position is listed once.
    """
    out: list[Body] = []
    for body in bodies:
        if not body[4]:
            res = body[2][0]
            for i, others in turning:
                if res[i] >= track and (
                    res[others[0]] != pos[others[0]]
                    or res[others[1]] != pos[others[1]]
                    or res[others[2]] != pos[others[2]]
                ):
                    body = (body[0], body[1], body[2], body[3], True)
                    break
        out.append(body)
    return out
