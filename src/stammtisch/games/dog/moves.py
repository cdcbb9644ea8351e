"""Legal moves of one card on the board (DOG-10 … DOG-19): the move generator.

Everything works on a plain peg list ``pos`` (see :mod:`board` for the encoding) and a
bit mask ``fresh`` of fresh pegs (DOG-11). Each use of a card yields *bodies* (see
:mod:`actions`: which peg goes where, who is sent home); moves of one card that lead to
the same position are one move, and a Joker's values are tried in the order A, 2, …, K so
that the first value reaching a position names it.

The split 7 (DOG-17): when the moving pegs cannot meet (more than 7 fields apart, at most
one of them in or near its Himmel) every way to share the seven steps is built directly.
Otherwise it is a depth-first search over single forward steps: the state is the board
after some steps plus the steps left, and each such state is expanded once (memo), so the
cost follows the number of distinct intermediate positions, not the number of orderings.
Each step of a 7 sends home the peg on the field it enters (passing and landing both send
home, DOG-15); a peg sent home is in the kennel and cannot move later. A part
that brings in the player's last peg hands the remaining steps to the partner's pegs
(DOG-19), and the team's last peg entering ends the move at once (DOG-9).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from stammtisch.games.dog.actions import (
    MOVE,
    PLAY,
    SPLIT,
    START,
    SWAP,
    Body,
    DogAction,
    Result,
    Steps,
    body_result,
    card_head,
)
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


def _plan(card: int) -> tuple[tuple[object, str], ...]:
    """The uses of ``card`` in the order their actions are listed, with the head of their
    notation. A Joker tries the values A, 2, …, K; its start is written ``Jo`` and listed
    once, where the Ace puts it (the King's start is the same move)."""
    if card != JOKER:
        return tuple((use, card_head(card, card)) for use in USES[card])
    out: list[tuple[object, str]] = []
    for value in JOKER_VALUES:
        for use in USES[value]:
            if use == "S":
                if value == ACE:
                    out.append((use, "Jo"))
            else:
                out.append((use, card_head(JOKER, value)))
    return tuple(out)


PLANS: tuple[tuple[tuple[object, str], ...], ...] = tuple(_plan(card) for card in range(JOKER + 1))
# The head of each card's start (A, K, Jo), for the cards that have one.
START_HEAD: dict[int, str] = {
    card: head for card in range(JOKER + 1) for use, head in PLANS[card] if use == "S"
}
# The forward step counts among each card's uses.
FORWARD: tuple[tuple[int, ...], ...] = tuple(
    tuple(u for u, _ in plan if isinstance(u, int) and u > 0) for plan in PLANS
)
_COUNTS: dict[tuple[int, ...], tuple[int, ...]] = {}


def forward_counts(ranks: Iterable[int]) -> tuple[int, ...]:
    """The forward step counts a hand of these ranks uses (memoized per hand)."""
    key = tuple(ranks)
    got = _COUNTS.get(key)
    if got is None:
        got = _COUNTS[key] = tuple(sorted({k for card in key for k in FORWARD[card]}))
    return got


_HANDS: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def hand_ranks(hand: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The distinct ranks of a hand (sorted) and the forward step counts they use
    (memoized per hand)."""
    key = tuple(hand)
    got = _HANDS.get(key)
    if got is None:
        ranks = tuple(sorted(set(key)))
        got = _HANDS[key] = (ranks, forward_counts(ranks))
    return got


_BLOCKS: dict[int, tuple[int, ...]] = {}


def blocked_steps(fresh: int, track: int) -> tuple[int, ...]:
    """For each track field: the first step forward from it that meets a fresh peg, which
    nothing may pass or land on (DOG-11); ``track + 1`` when no fresh peg is met (a peg's
    own field counts a full lap ahead). A fresh peg ``i`` stands on its seat's start field
    ``16 * (i // 4)``, so the table depends on the fresh mask alone (memoized)."""
    key = fresh << 7 | track
    got = _BLOCKS.get(key)
    if got is None:
        fields = [16 * (i >> 2) for i in range(fresh.bit_length()) if fresh >> i & 1]
        table = []
        for x in range(track):
            blocked = track + 1
            for f in fields:
                b = f - x
                if b <= 0:
                    b += track
                if b < blocked:
                    blocked = b
            table.append(blocked)
        got = _BLOCKS[key] = tuple(table)
    return got


def occupancy(pos: list[int], track: int) -> list[int]:
    """The peg on each track field, ``-1`` for none."""
    occ = [-1] * track
    for i, x in enumerate(pos):
        if 0 <= x < track:
            occ[x] = i
    return occ


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
    for s in (seat, board.partner(seat)):
        b = 4 * s
        if pos[b] < track or pos[b + 1] < track or pos[b + 2] < track or pos[b + 3] < track:
            return False
    return True


class MoveGen:
    """Move generation for one position and the seat to move; bodies cached per use.

    ``pos`` is the state's own peg list: states replace it, never change it in place,
    so generated actions may keep it to build their text and result later. ``occ`` (the
    peg on each track field, ``-1`` for none) may be passed in when the caller keeps it.
    """

    __slots__ = (
        "_cache",
        "_canon",
        "board",
        "ctrl",
        "fresh",
        "hm",
        "movers",
        "occ",
        "pos",
        "seat",
        "track",
    )

    def __init__(
        self, pos: list[int], fresh: int, seat: int, board: Board, occ: list[int] | None = None
    ) -> None:
        self.board = board
        self.pos = pos
        self.fresh = fresh
        self.seat = seat
        track = self.track = board.track_len
        if occ is None:
            occ = occupancy(pos, track)
        self.occ = occ
        c = 4 * seat
        if pos[c] >= track and pos[c + 1] >= track and pos[c + 2] >= track and pos[c + 3] >= track:
            c = 4 * board.partner(seat)  # DOG-19: all own pegs home, move the partner's
        self.ctrl = c >> 2
        # The controlled pegs out of the kennel, and which of their Himmel fields are taken.
        movers: list[int] = []
        hm = 0
        for i in range(c, c + 4):
            x = pos[i]
            if x >= 0:
                movers.append(i)
                if x >= track:
                    hm |= 1 << (x - track)
        self.movers = movers
        self.hm = hm
        self._cache: dict[object, list[Body]] = {}
        self._canon: set[object] = set()  # uses with a body that needs canonical()

    @property
    def fresh_fields(self) -> list[int]:
        """The fields holding a fresh peg (at most one per seat), which nothing may pass or
        land on (DOG-11)."""
        out: list[int] = []
        f = self.fresh
        pos = self.pos
        while f:
            low = f & -f
            out.append(pos[low.bit_length() - 1])
            f ^= low
        return out

    def hmask(self, seat: int) -> int:
        """Bit ``h``: Himmel field ``h + 1`` of ``seat`` is taken."""
        track = self.track
        pos = self.pos
        m = 0
        for i in range(4 * seat, 4 * seat + 4):
            if pos[i] >= track:
                m |= 1 << (pos[i] - track)
        return m

    # --- public -----------------------------------------------------------------------
    def actions(self, ranks: Sequence[int], counts: tuple[int, ...] | None = None) -> list[DogAction]:
        """All play actions for the distinct ``ranks`` (sorted), one per resulting position.

        Within one card, different bodies lead to different positions except when a move
        sends home a peg of the moving seat: then two moves may leave the same places with
        the pegs' names permuted (one peg landing on a second with a 5, or the second
        landing on a third with an 11), which is one position and so one move. Those
        bodies carry ``canon`` and are compared in :func:`canonical` form. A Joker's
        values are tried in the order of :data:`PLANS`; its start is one action.
        ``counts``: the forward step counts of ``ranks`` (:func:`forward_counts`), if known.
        """
        out: list[DogAction] = []
        append = out.append
        base = (self.pos, self.fresh)
        track = self.track
        cache = self._cache
        canon = self._canon
        act = DogAction
        if not self.movers:  # all controlled pegs in the kennel: only a start can move
            starts: list[Body] | None = None
            for card in ranks:
                head = START_HEAD.get(card)
                if head is not None:
                    if starts is None:
                        starts = self.bodies("S")
                    for body in starts:
                        append(act(None, PLAY, card, None, head, body, base, track))
            return out
        self._forward_all(forward_counts(ranks) if counts is None else counts)
        pos = self.pos
        fresh = self.fresh
        players = self.board.players
        get = cache.get
        # Canonical keys by body (a Joker shares its bodies with the card of its value).
        keys: dict[int, tuple[tuple[int, ...], int]] = {}
        for card in ranks:
            seen: set[tuple[tuple[int, ...], int]] | None = None
            for use, head in PLANS[card]:
                got = get(use)
                if got is None:
                    got = self.bodies(use)
                if canon and use in canon:
                    for body in got:
                        if body[4]:
                            if seen is None:
                                seen = set()
                            key = keys.get(id(body))
                            if key is None:
                                key = keys[id(body)] = canonical(body_result(body, pos, fresh), players)
                            if key in seen:
                                continue
                            seen.add(key)
                        append(act(None, PLAY, card, None, head, body, base, track))
                else:
                    for body in got:
                        append(act(None, PLAY, card, None, head, body, base, track))
        return out

    def bodies(self, use: object) -> list[Body]:
        got = self._cache.get(use)
        if got is None:
            if not self.movers and use != "S":
                got = []
            elif use == "S":
                got = self._start()
            elif use == "7":
                got = self._seven()
                turning = self._may_turn_in()
                if turning:
                    got = _mark_renamings(got, self.pos, turning, self.track)
            elif use == "J":
                got = self._swaps()
            elif isinstance(use, int) and use > 0:
                self._forward_all((use,))
                return self._cache[use]
            else:
                got = self._backward()
            self._cache[use] = got
            for body in got:
                if body[4]:
                    self._canon.add(use)
                    break
        return got

    def _may_turn_in(self) -> list[tuple[int, tuple[int, ...]]]:
        """The pegs on the track that a 7 can bring into their Himmel (within six steps of
        their start field, so that the seventh can turn in), each with the other pegs of
        its seat."""
        pos = self.pos
        track = self.track
        out: list[tuple[int, tuple[int, ...]]] = []
        for i in self.movers:
            x = pos[i]
            if x < track and (16 * (i >> 2) - x) % track <= 6:
                base = i & ~3
                out.append((i, tuple(j for j in range(base, base + 4) if j != i)))
        return out

    # --- start (DOG-10) -----------------------------------------------------------------
    def _start(self) -> list[Body]:
        c = self.ctrl
        pos = self.pos
        for i in range(4 * c, 4 * c + 4):
            if pos[i] < 0:
                break
        else:
            return []
        s = 16 * c
        j = self.occ[s]
        if j >= 0 and self.fresh >> j & 1:
            return []  # the owner's own fresh peg blocks the start (DOG-10)
        return [(START, i, s, j, False)]  # whoever stands there is sent home

    # --- plain forward moves (DOG-11 … DOG-15) -------------------------------------------
    def _forward_all(self, counts: Iterable[int]) -> None:
        """Plain forward moves (DOG-11 … DOG-15) for each of ``counts`` steps, into the
        cache. One pass over the moving pegs serves every count (a Joker needs 13).

        A fresh peg is never passed or landed on (DOG-11); the Himmel is entered from the
        own start field (DOG-12), unless the peg began this move fresh on it; inside the
        Himmel a peg moves by exact count without passing (DOG-13); landing on a peg
        sends it home (DOG-14).
        """
        cache = self._cache
        ks: list[int] = []
        lists: list[list[Body]] = []
        for k in counts:
            if k not in cache:
                ks.append(k)
                out: list[Body] = []
                lists.append(out)
                cache[k] = out
        if not ks:
            return
        pos = self.pos
        track = self.track
        fresh = self.fresh
        occ = self.occ
        c = self.ctrl
        start = 16 * c
        hm = self.hm
        # The first step from each field that meets a fresh peg (DOG-11), track + 1 if none.
        blocks = blocked_steps(fresh, track) if fresh else None
        canon = self._canon
        pairs = list(zip(ks, lists, strict=True))
        kmax = max(ks)
        for i in self.movers:
            x = pos[i]
            if x >= track:
                ahead = hm >> (x - track + 1)
                room = track + 3 - x
                for k, out in pairs:
                    if k <= room and not ahead & ((1 << k) - 1):
                        out.append((MOVE, i, x + k, -1, False))
                continue
            blocked = track + 1 if blocks is None else blocks[x]
            d = start - x  # steps to the own start field
            if d < 0:
                d += track
            turn = d < blocked and d < kmax and (d or not fresh >> i & 1)
            if not turn and blocked > kmax:  # the common case: every count, no turn in
                for k, out in pairs:
                    y = x + k
                    if y >= track:
                        y -= track
                    j = occ[y]
                    if j >= 0 and j >> 2 == c:
                        out.append((MOVE, i, y, j, True))
                        canon.add(k)
                    else:
                        out.append((MOVE, i, y, j, False))
                continue
            for k, out in pairs:
                if blocked > k:
                    y = x + k
                    if y >= track:
                        y -= track
                    j = occ[y]
                    if j >= 0 and j >> 2 == c:
                        out.append((MOVE, i, y, j, True))
                        canon.add(k)
                    else:
                        out.append((MOVE, i, y, j, False))
                if turn and d < k:
                    r = k - d - 1
                    if r <= 3 and not hm & ((2 << r) - 1):
                        out.append((MOVE, i, track + r, -1, False))

    def _backward(self) -> list[Body]:
        """The 4 backward: never into the Himmel, never over a fresh peg (DOG-11, DOG-12)."""
        out: list[Body] = []
        pos = self.pos
        track = self.track
        c = self.ctrl
        ff = self.fresh_fields
        for i in self.movers:
            x = pos[i]
            if x >= track:
                continue
            for f in ff:
                d = x - f
                if d < 0:
                    d += track
                if 0 < d <= 4:
                    break
            else:
                y = x - 4
                if y < 0:
                    y += track
                j = self.occ[y]
                out.append((MOVE, i, y, j, j >= 0 and j >> 2 == c))
        return out

    # --- Jack (DOG-18) ------------------------------------------------------------------
    def _swaps(self) -> list[Body]:
        out: list[Body] = []
        pos = self.pos
        track = self.track
        fresh = self.fresh
        c = self.ctrl
        others = [j for j, y in enumerate(pos) if 0 <= y < track and j >> 2 != c and not fresh >> j & 1]
        for i in self.movers:
            x = pos[i]
            if x >= track or fresh >> i & 1:
                continue
            for j in others:
                out.append((SWAP, i, pos[j], j, False))
        return out

    # --- the split 7 (DOG-17, DOG-19) -----------------------------------------------------
    def _seven(self) -> list[Body]:
        # The pegs that can take a step at all: a peg in the Himmel with every field ahead
        # of it taken stays where it is for the whole move.
        pos = self.pos
        track = self.track
        hm = self.hm
        live = 0
        single = -1
        for i in self.movers:
            x = pos[i]
            if x >= track and hm >> (x - track + 1) == (8 >> (x - track)) - 1:
                continue
            live += 1
            single = i
        if live == 1:
            if pos[single] >= track:
                return []  # at most three steps inside the Himmel: no 7
            one = self._seven_single(single)
            if one is not None:
                return one
        elif not live:
            return []
        fast = self._seven_apart()
        if fast is None and hm:
            fast = self._seven_apart(stuck=True)
        return fast if fast is not None else self._seven_search()

    def _seven_single(self, i: int) -> list[Body] | None:
        """The 7 when peg ``i`` on the track is the only one that can move: seven steps
        forward, or into the Himmel when it gets to its start field in three to six steps.

        ``None`` when entering would bring in the last of the controlled seat's pegs (the
        rest of the 7 then goes on, DOG-19/DOG-9: left to the search). The order is the
        search's (the Himmel first) when a controlled peg stands in the Himmel, else the
        direct split's (the track first), as before this shortcut.
        """
        pos = self.pos
        track = self.track
        occ = self.occ
        fresh = self.fresh
        hm = self.hm
        x = pos[i]
        start = 16 * self.ctrl
        d = start - x
        if d < 0:
            d += track
        turn = d < 7 and (d or not fresh >> i & 1)
        if turn and hm in (7, 11, 13, 14):
            return None  # three pegs in the Himmel and the fourth may enter
        team = (self.seat, self.board.partner(self.seat))
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

    def _seven_apart(self, stuck: bool = False) -> list[Body] | None:
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
        pos = self.pos
        track = self.track
        occ = self.occ
        fresh = self.fresh
        c = self.ctrl
        start = 16 * c
        movers = self.movers
        xs = [pos[i] for i in movers if pos[i] < track]
        for a in range(len(xs)):
            for b in range(a + 1, len(xs)):
                d = (xs[b] - xs[a]) % track
                if d <= 7 or d >= track - 7:
                    return None
        near = 0
        free = 0  # pegs in the Himmel with a free field ahead (with ``stuck``)
        hm = self.hm
        for i in movers:
            x = pos[i]
            if x >= track:
                if not stuck:
                    near += 1
                elif hm >> (x - track + 1) != (8 >> (x - track)) - 1:
                    free += 1
            elif (start - x) % track < 7 and (x != start or not fresh >> i & 1):
                near += 1
        if (near or free > 1) if stuck else near > 1:
            return None
        team = (self.seat, self.board.partner(self.seat))
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
        return self._share(movers, options, stuck)

    def _share(
        self,
        movers: list[int],
        options: list[list[list[tuple[int, tuple[int, ...], bool]]]],
        descending: bool = False,
    ) -> list[Body]:
        """Every way to share 7 steps among independent pegs, in peg order: the first
        peg's part growing (or, ``descending``, shrinking), then the next peg's, …

        The position is built along the way (one peg's part per level, undone on the way
        back; the pegs' paths do not overlap, so neither do the pegs they send home).
        """
        pos = self.pos
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
            go(0, 7, self.fresh, False)
        return out

    def _seven_search(self) -> list[Body]:
        """The 7 as a search over single steps (pegs that may meet; see module doc)."""
        board = self.board
        track = self.track
        seat = self.seat
        partner = board.partner(seat)
        pos = list(self.pos)
        occ = list(self.occ)
        # Himmel fields taken and pegs in the Himmel, for the two seats whose pegs move.
        hm = [0] * board.players
        inh = [0] * board.players
        for s in (seat, partner):
            for i in range(4 * s, 4 * s + 4):
                x = pos[i]
                if x >= track:
                    hm[s] |= 1 << (x - track)
                    inh[s] += 1
        # The board as one int (a byte per peg: place + 1) keys the memo without tuples.
        weights = _WEIGHTS[len(pos)]
        code0 = int.from_bytes(bytes([x + 1 for x in pos]), "little")
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
        # A path that sent home a peg of the team may reach the places of another path
        # with the pegs' names permuted: compare those in canonical form (see actions).
        return [(SPLIT, steps, res, 0, hit) for steps, res, hit in found.values()]


def _mark_renamings(
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


_WEIGHTS: dict[int, tuple[int, ...]] = {n: tuple(1 << (8 * i) for i in range(n)) for n in range(4, 33, 4)}


def canonical(res: Result, players: int) -> tuple[tuple[int, ...], int]:
    """A position with the pegs of each seat interchangeable: each seat's places sorted,
    and the fresh flags reduced to one bit per seat (a fresh peg is always on its own
    start field, so the seat says which place it is)."""
    pos, fresh = res
    places: list[int] = []
    seats = 0
    for b in range(0, 4 * players, 4):
        places += sorted(pos[b : b + 4])
        if fresh >> b & 15:
            seats |= 1 << (b >> 2)
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
                if to < track or x + 1 > to or any(pos[k] == x + 1 for k in range(4 * owner, 4 * owner + 4)):
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
