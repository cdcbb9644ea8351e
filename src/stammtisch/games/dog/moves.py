"""Legal moves of one card on the board (DOG-10 … DOG-19): the move generator.

Everything works on a plain peg list ``pos`` (see :mod:`board` for the encoding) and a
bit mask ``fresh`` of fresh pegs (DOG-11). Every generated move carries its resulting
position ``(tuple(pos), fresh)``; moves of one card that lead to the same position are
one move, and a Joker's values are tried in the order A, 2, …, K so that the first value
reaching a position names it.

The split 7 (DOG-17) is a depth-first search over single forward steps: the state is the
board after some steps plus the steps left, and each such state is expanded once (memo),
so the cost follows the number of distinct intermediate positions, not the number of
orderings. Each step of a 7 sends home the peg on the field it enters (passing and landing
both send home, DOG-15); a peg sent home is in the kennel and cannot move later. A part
that brings in the player's last peg hands the remaining steps to the partner's pegs
(DOG-19), and the team's last peg entering ends the move at once (DOG-9).
"""

from __future__ import annotations

from collections.abc import Iterable

from stammtisch.games.dog.actions import PLAY, DogAction, Result, card_head
from stammtisch.games.dog.board import Board
from stammtisch.games.dog.cards import ACE, FOUR, JACK, JOKER, KING, QUEEN, SEVEN

# What each rank can do (DOG-16): "S" start, ints = forward steps, -4 = backward 4,
# "7" split, "J" swap.
USES: dict[int, tuple[object, ...]] = {
    ACE: ("S", 1, 11),
    1: (2,),
    2: (3,),
    FOUR: (4, -4),
    4: (5,),
    5: (6,),
    SEVEN: ("7",),
    7: (8,),
    8: (9,),
    9: (10,),
    JACK: ("J",),
    QUEEN: (12,),
    KING: ("S", 13),
}
JOKER_VALUES: tuple[int, ...] = tuple(range(13))

Steps = list[tuple[int, int, int]]
# (text or a 7's single steps, resulting position, key identifying the position)
Body = tuple[str | Steps, Result, object]


def controlled_seat(pos: list[int], seat: int, board: Board) -> int:
    """The seat whose pegs ``seat`` moves: its own, or its partner's once all its own
    pegs are in the Himmel (DOG-19)."""
    track = board.track_len
    b = 4 * seat
    if pos[b] >= track and pos[b + 1] >= track and pos[b + 2] >= track and pos[b + 3] >= track:
        return board.partner(seat)
    return seat


def team_home(pos: list[int] | tuple[int, ...], seat: int, board: Board) -> bool:
    """All eight (team) pegs of ``seat``'s team in their Himmel (DOG-9)."""
    track = board.track_len
    p = board.partner(seat)
    return all(pos[i] >= track for i in (*range(4 * seat, 4 * seat + 4), *range(4 * p, 4 * p + 4)))


class MoveGen:
    """Move generation for one position and the seat to move; results cached per use."""

    __slots__ = ("_cache", "board", "ctrl", "fresh", "hmask", "occ", "pos", "seat", "track")

    def __init__(self, pos: list[int], fresh: int, seat: int, board: Board) -> None:
        self.board = board
        self.pos = pos
        self.fresh = fresh
        self.seat = seat
        track = board.track_len
        self.track = track
        self.ctrl = controlled_seat(pos, seat, board)
        occ = [-1] * track
        hmask = [0] * board.players
        for i, x in enumerate(pos):
            if x >= track:
                hmask[i >> 2] |= 1 << (x - track)
            elif x >= 0:
                occ[x] = i
        self.occ = occ
        self.hmask = hmask
        self._cache: dict[object, list[Body]] = {}

    # --- public -----------------------------------------------------------------------
    def actions(self, ranks: Iterable[int]) -> list[DogAction]:
        """All play actions for the distinct ``ranks`` (sorted), deduplicated per card."""
        out: list[DogAction] = []
        for card in ranks:
            seen: set[object] = set()
            if card == JOKER:
                started = False
                for value in JOKER_VALUES:
                    vhead = card_head(JOKER, value)
                    for use in USES[value]:
                        for body, res, key in self.bodies(use):
                            if key in seen:
                                continue
                            seen.add(key)
                            if body == "start":
                                if started:
                                    continue
                                started = True
                                out.append(DogAction("Jo:start", PLAY, card, res))
                            else:
                                out.append(self._action(vhead, body, card, res))
            else:
                head = card_head(card, -1)
                for use in USES[card]:
                    for body, res, key in self.bodies(use):
                        if key not in seen:
                            seen.add(key)
                            out.append(self._action(head, body, card, res))
        return out

    def _action(
        self, head: str, body: str | list[tuple[int, int, int]], card: int, res: Result
    ) -> DogAction:
        if isinstance(body, str):
            return DogAction(f"{head}:{body}", PLAY, card, res)
        return DogAction(None, PLAY, card, res, head=head, steps=body, track=self.track)

    def bodies(self, use: object) -> list[Body]:
        got = self._cache.get(use)
        if got is None:
            if use == "S":
                got = self._start()
            elif use == "7":
                got = self._seven()
            elif use == "J":
                got = self._swaps()
            elif isinstance(use, int) and use > 0:
                got = self._forward(use)
            else:
                got = self._backward()
            self._cache[use] = got
        return got

    def _key(self, res: Result, hit: int) -> object:
        """The key of a resulting position: the result itself, unless the move sent home a
        peg of the moving seat. Then two moves can leave the same places with the pegs'
        names permuted (e.g. one peg landing on a second with a 5, or the second landing
        on a third with an 11), which is one position and so one move."""
        if hit >= 0 and hit >> 2 == self.ctrl:
            return canonical(res, self.board.players)
        return res

    # --- start (DOG-10) -----------------------------------------------------------------
    def _start(self) -> list[Body]:
        c = self.ctrl
        pos = self.pos
        for i in range(4 * c, 4 * c + 4):
            if pos[i] < 0:
                break
        else:
            return []
        s = self.board.start(c)
        j = self.occ[s]
        if j >= 0 and self.fresh >> j & 1:
            return []  # the owner's own fresh peg blocks the start (DOG-10)
        p = list(pos)
        p[i] = s
        if j >= 0:
            p[j] = -1  # whoever stands there is sent home
        res = (tuple(p), self.fresh | 1 << i)
        return [("start", res, res)]

    # --- plain forward moves (DOG-11 … DOG-15) -------------------------------------------
    def _forward(self, k: int) -> list[Body]:
        out: list[Body] = []
        pos = self.pos
        track = self.track
        occ = self.occ
        fresh = self.fresh
        ft = self.board.field_text
        c = self.ctrl
        hm = self.hmask[c]
        start = 16 * c
        for i in range(4 * c, 4 * c + 4):
            x = pos[i]
            if x < 0:
                continue
            if x >= track:  # inside the Himmel: exact count, no passing (DOG-13)
                h = x - track
                t = h + k
                if t <= 3 and not (hm >> (h + 1)) & ((1 << k) - 1):
                    p = list(pos)
                    p[i] = track + t
                    res = (tuple(p), fresh)
                    out.append((f"p{i} {ft(x)}-{ft(track + t)}", res, res))
                continue
            is_fresh = fresh >> i & 1
            blocked = 0  # first step that meets a fresh peg (DOG-11), 0 = none
            f = x
            for s in range(1, k + 1):
                f += 1
                if f == track:
                    f = 0
                j = occ[f]
                if j >= 0 and fresh >> j & 1:
                    blocked = s
                    break
            nf = fresh & ~(1 << i)
            if not blocked:
                y = f
                p = list(pos)
                p[i] = y
                j = occ[y]
                if j >= 0:
                    p[j] = -1  # landing sends home (DOG-14)
                res = (tuple(p), nf)
                out.append((f"p{i} {x}-{y}", res, self._key(res, j)))
            # Himmel entry (DOG-12): turn in from the own start field, reached after d steps.
            d = (start - x) % track
            if d == 0 and is_fresh:
                continue
            if d < k and (not blocked or blocked > d):
                r = k - d - 1
                if r <= 3 and not hm & ((2 << r) - 1):
                    p = list(pos)
                    p[i] = track + r
                    res = (tuple(p), nf)
                    out.append((f"p{i} {x}-H{r + 1}", res, res))
        return out

    def _backward(self) -> list[Body]:
        """The 4 backward: never into the Himmel, never over a fresh peg (DOG-11, DOG-12)."""
        out: list[Body] = []
        pos = self.pos
        track = self.track
        occ = self.occ
        fresh = self.fresh
        c = self.ctrl
        for i in range(4 * c, 4 * c + 4):
            x = pos[i]
            if x < 0 or x >= track:
                continue
            f = x
            ok = True
            for _ in range(4):
                f -= 1
                if f < 0:
                    f = track - 1
                j = occ[f]
                if j >= 0 and fresh >> j & 1:
                    ok = False
                    break
            if not ok:
                continue
            p = list(pos)
            p[i] = f
            j = occ[f]
            if j >= 0:
                p[j] = -1
            res = (tuple(p), fresh & ~(1 << i))
            out.append((f"p{i} {x}-{f}", res, self._key(res, j)))
        return out

    # --- Jack (DOG-18) ------------------------------------------------------------------
    def _swaps(self) -> list[Body]:
        out: list[Body] = []
        pos = self.pos
        track = self.track
        fresh = self.fresh
        c = self.ctrl
        others = [
            j for j, y in enumerate(pos) if 0 <= y < track and j >> 2 != c and not fresh >> j & 1
        ]
        for i in range(4 * c, 4 * c + 4):
            x = pos[i]
            if x < 0 or x >= track or fresh >> i & 1:
                continue
            for j in others:
                y = pos[j]
                p = list(pos)
                p[i] = y
                p[j] = x
                res = (tuple(p), fresh)
                out.append((f"p{i} {x}<>p{j} {y}", res, res))
        return out

    # --- the split 7 (DOG-17, DOG-19) -----------------------------------------------------
    def _seven(self) -> list[Body]:
        board = self.board
        track = self.track
        seat = self.seat
        partner = board.partner(seat)
        pos = list(self.pos)
        occ = list(self.occ)
        hm = list(self.hmask)
        inh = [0] * board.players
        for i, x in enumerate(pos):
            if x >= track:
                inh[i >> 2] += 1
        # The board as one int (7 bits per peg) keys the memo without building tuples.
        weights = [1 << (7 * i) for i in range(len(pos))]
        code0 = sum((x + 1) * w for x, w in zip(pos, weights, strict=True))
        own = tuple(range(4 * seat, 4 * seat + 4))
        helped = tuple(range(4 * partner, 4 * partner + 4))
        seen: set[int] = set()
        found: dict[int, tuple[Steps, Result, bool]] = {}
        path: Steps = []
        homed = [0]  # pegs of the team sent home on the current path

        def record(code: int, fm: int) -> None:
            if code not in found:
                found[code] = (list(path), (tuple(pos), fm), homed[0] > 0)

        def rec(rem: int, code: int, fm: int) -> None:
            # ``code`` was checked against ``seen`` by the caller.
            if inh[seat] + inh[partner] == 8:
                record(code, fm)  # the team is home: the game ends with this step (DOG-9)
                return
            last = rem == 1
            nxt = rem - 1
            for i in own if inh[seat] < 4 else helped:
                x = pos[i]
                if x < 0:
                    continue
                o = i >> 2
                w = weights[i]
                if x >= track:  # inside the Himmel: one field on, if free (DOG-13)
                    h = x - track
                    if h < 3 and not hm[o] >> (h + 1) & 1:
                        c2 = code + w
                        if last:
                            if c2 in found:
                                continue
                        else:
                            key = c2 * 8 + nxt
                            if key in seen:
                                continue
                            seen.add(key)
                        hm[o] ^= 3 << h
                        pos[i] = x + 1
                        path.append((i, x, x + 1))
                        if last:
                            record(c2, fm)
                        else:
                            rec(nxt, c2, fm)
                        path.pop()
                        pos[i] = x
                        hm[o] ^= 3 << h
                    continue
                bit = 1 << i
                if x == 16 * o and not fm & bit and not hm[o] & 1:  # turn in (DOG-12)
                    c2 = code + (track - x) * w
                    key = c2 * 8 + nxt
                    if not (c2 in found if last else key in seen):
                        if not last:
                            seen.add(key)
                        occ[x] = -1
                        pos[i] = track
                        hm[o] |= 1
                        inh[o] += 1
                        path.append((i, x, track))
                        if last:
                            record(c2, fm)
                        else:
                            rec(nxt, c2, fm)
                        path.pop()
                        inh[o] -= 1
                        hm[o] &= ~1
                        pos[i] = x
                        occ[x] = i
                y = x + 1
                if y == track:
                    y = 0
                j = occ[y]
                c2 = code + w
                if j >= 0:
                    if fm >> j & 1:
                        continue  # a fresh peg is never passed (DOG-11)
                    c2 -= (y + 1) * weights[j]
                if last:
                    if c2 in found:
                        continue
                else:
                    key = c2 * 8 + nxt
                    if key in seen:
                        continue
                    seen.add(key)
                if j >= 0:
                    pos[j] = -1  # passed or landed on by the 7: home (DOG-15)
                    if j >> 2 == seat or j >> 2 == partner:
                        homed[0] += 1
                occ[x] = -1
                occ[y] = i
                pos[i] = y
                path.append((i, x, y))
                if last:
                    record(c2, fm & ~bit)
                else:
                    rec(nxt, c2, fm & ~bit)
                path.pop()
                if j >= 0:
                    pos[j] = y
                    occ[y] = j
                    if j >> 2 == seat or j >> 2 == partner:
                        homed[0] -= 1
                else:
                    occ[y] = -1
                occ[x] = i
                pos[i] = x

        rec(7, code0, self.fresh)
        n = board.players
        # A path that sent home a peg of the team may reach the places of another path
        # with the pegs' names permuted: key those by their canonical form (see _key).
        return [
            (steps, res, canonical(res, n) if hit else res) for steps, res, hit in found.values()
        ]


def canonical(res: Result, players: int) -> tuple[tuple[int, ...], int]:
    """A position with the pegs of each seat interchangeable: each seat's places sorted,
    and the fresh flags reduced to one bit per seat (a fresh peg is always on its own
    start field, so the seat says which place it is)."""
    pos, fresh = res
    places: list[int] = []
    seats = 0
    for s in range(players):
        places.extend(sorted(pos[4 * s : 4 * s + 4]))
        if fresh >> (4 * s) & 15:
            seats |= 1 << s
    return (tuple(places), seats)


def simulate_seven(
    pos0: tuple[int, ...] | list[int],
    fresh0: int,
    seat: int,
    parts: tuple[tuple[int, int, int], ...],
    board: Board,
) -> Result | None:
    """Play a 7 given as parts ``(peg, from, to)`` in order, step by step; the resulting
    position, or ``None`` if the parts are not a legal 7 here. Used to read a 7 written
    in another order than the canonical one."""
    track = board.track_len
    pos = list(pos0)
    fresh = fresh0
    used = 0
    for peg, frm, to in parts:
        if pos[peg] != frm or frm < 0 or frm == to:
            return None
        owner = peg >> 2
        while pos[peg] != to:
            if team_home(pos, seat, board) or used == 7:
                return None
            if controlled_seat(pos, seat, board) != owner:
                return None
            x = pos[peg]
            if x >= track:
                if (
                    to < track
                    or x + 1 > to
                    or any(pos[k] == x + 1 for k in range(4 * owner, 4 * owner + 4))
                ):
                    return None
                pos[peg] = x + 1
            elif to >= track and x == board.start(owner) and not fresh >> peg & 1:
                if any(pos[k] == track for k in range(4 * owner, 4 * owner + 4)):
                    return None
                pos[peg] = track
            else:
                y = (x + 1) % track
                for k, z in enumerate(pos):
                    if z == y:
                        if fresh >> k & 1:
                            return None
                        pos[k] = -1
                pos[peg] = y
                fresh &= ~(1 << peg)
            used += 1
    if used != 7 and not (used < 7 and team_home(pos, seat, board)):
        return None
    return (tuple(pos), fresh)
