"""The split 7 (DOG-17, DOG-19, DOG-9): every way to play seven single steps.

When the moving pegs cannot meet (more than 7 fields apart, at most one of them in or
near its Himmel) every way to share the seven steps is built directly here
(:func:`share`). Otherwise it is a search over single forward steps
(:class:`~stammtisch.games.dog.seven_search.SevenSearch`, which explains the memo). Each
step of a 7 sends home the peg on the field it enters (passing and landing both send
home, DOG-15); a peg sent home is in the kennel and cannot move later. A part that brings
in the player's last peg hands the remaining steps to the partner's pegs (DOG-19), and
the team's last peg entering ends the move at once (DOG-9).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from stammtisch.games.dog.actions import SPLIT, Body, Steps
from stammtisch.games.dog.seven_search import SevenSearch

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
    walk = _walk(g, x)
    home: Body | None = None
    if turn and 3 <= d < len(walk):
        r = 6 - d  # Himmel field reached with the steps left after turning in
        if not hm & ((2 << r) - 1):
            _, sent, hit = walk[d]
            home = _single(g, i, track + r, sent, hit)
    if len(walk) < 8:  # a fresh peg in the way: never passed (DOG-11)
        return [] if home is None else [home]
    f, sent, hit = walk[7]
    body = _single(g, i, f, sent, hit)
    if home is None:
        return [body]
    return [home, body] if hm else [body, home]


Walk = list[tuple[int, tuple[int, ...], bool]]


def _walk(g: MoveGen, x: int) -> Walk:
    """A peg's walk from ``x`` over up to 7 track fields: per step k (0: still at ``x``)
    the field reached, the pegs sent home by then (DOG-15) and whether one of them belongs
    to the team. It stops before the first fresh peg (never passed, DOG-11): then it has
    fewer than 8 entries."""
    track = g.track
    occ = g.occ
    fresh = g.fresh
    team = g.team
    walk: Walk = [(x, (), False)]
    f = x
    sent: tuple[int, ...] = ()
    hit = False
    for _ in range(7):
        f += 1
        if f == track:
            f = 0
        j = occ[f]
        if j >= 0:
            if fresh >> j & 1:
                break
            sent = (*sent, j)
            hit = hit or j >> 2 in team
        walk.append((f, sent, hit))
    return walk


def _single(g: MoveGen, i: int, dest: int, sent: tuple[int, ...], hit: bool) -> Body:
    """The 7 of peg ``i`` alone, to ``dest``, sending home ``sent``."""
    pos = g.pos
    p = list(pos)
    p[i] = dest
    for j in sent:
        p[j] = -1
    return (SPLIT, [(i, pos[i], dest)], (tuple(p), g.fresh & ~(1 << i)), 0, hit)


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
    fresh = g.fresh
    start = g.starts[g.ctrl]
    hm = g.hm
    movers = g.movers
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
        walk = _walk(g, x)
        for k in range(1, len(walk)):
            opts[k].append(walk[k])
        d = (start - x) % track
        if d < len(walk) and (d or not fresh >> i & 1):  # turn in (DOG-12)
            _, sent, hit = walk[d]
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
