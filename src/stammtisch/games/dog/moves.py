"""Legal moves of one card on the board (DOG-10 … DOG-19): the move generator.

Everything works on a plain peg list ``pos`` (see :mod:`board` for the encoding) and a
bit mask ``fresh`` of fresh pegs (DOG-11). Each use of a card yields *bodies* (see
:mod:`actions`: which peg goes where, who is sent home); moves of one card that lead to
the same position are one move, and a Joker's values are tried in the order A, 2, …, K so
that the first value reaching a position names it.

Single-card moves (start, forward, backward, Jack) are here; the split 7 is in
:mod:`seven`; the card tables and small helpers in :mod:`tables`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from stammtisch.games.dog.actions import (
    MOVE,
    PLAY,
    START,
    SWAP,
    Body,
    DogAction,
    Notation,
    Result,
    body_result,
    body_text,
    format_notation,
)
from stammtisch.games.dog.board import Board
from stammtisch.games.dog.cards import JOKER, SEVEN
from stammtisch.games.dog.seven import mark_renamings, seven
from stammtisch.games.dog.tables import (
    PLANS,
    START_HEAD,
    USES,
    blocked_steps,
    canonical,
    controlled_seat,
    forward_counts,
    hand_ranks,
    occupancy,
    simulate_seven,
    team_home,
)

__all__ = [
    "USES",
    "MoveGen",
    "canonical",
    "controlled_seat",
    "hand_ranks",
    "notation_result",
    "occupancy",
    "simulate_seven",
    "team_home",
]


class MoveGen:
    """Move generation for one position and the seat to move; bodies cached per use.

    ``pos`` is the state's own peg list: states replace it, never change it in place,
    so generated actions may keep it to build their text and result later. ``occ`` (the
    peg on each track field, ``-1`` for none) may be passed in when the caller keeps it.
    ``partner7``: the option ``seven_with_partner`` (DOG-23), a 7 over all the team's pegs.
    """

    __slots__ = (
        "_cache",
        "_canon",
        "board",
        "ctrl",
        "fresh",
        "hm",
        "movers",
        "movers7",
        "occ",
        "partner7",
        "pos",
        "seat",
        "starts",
        "team",
        "track",
    )

    def __init__(
        self,
        pos: list[int],
        fresh: int,
        seat: int,
        board: Board,
        occ: list[int] | None = None,
        partner7: bool = False,
    ) -> None:
        self.board = board
        self.pos = pos
        self.fresh = fresh
        self.seat = seat
        self.starts = board.starts
        track = self.track = board.track_len
        if occ is None:
            occ = occupancy(pos, track)
        self.occ = occ
        self.team = board.teammates(seat)
        # DOG-19/DOG-22: all own pegs home, move the next teammate's (DOG-21: alone, own).
        c = 4 * (controlled_seat(pos, seat, board) if len(self.team) > 1 else seat)
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
        self.partner7 = partner7 = partner7 and len(self.team) > 1
        # The pegs a 7 may move: with DOG-23 every team peg out of the kennel.
        self.movers7 = movers
        if partner7:
            self.movers7 = [i for s in self.team for i in range(4 * s, 4 * s + 4) if pos[i] >= 0]
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
        values are tried in the order of :data:`PLANS`; its start is one action. A 7 that
        brings in the team's last peg ends early (DOG-9) and may reach the position of a
        plain move: with a Joker that is the same card, so one move (the first value's).
        ``counts``: the forward step counts of ``ranks`` (:func:`forward_counts`), if known.
        """
        out: list[DogAction] = []
        append = out.append
        base = (self.pos, self.fresh)
        track = self.track
        cache = self._cache
        canon = self._canon
        act = DogAction
        if not self.movers7:  # all controlled pegs in the kennel: only a start can move
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
        if ranks and ranks[-1] == JOKER and self._one_peg_out():
            return _joker_once(out, players)
        return out

    def _one_peg_out(self) -> bool:
        """Exactly one peg of the moving team outside its Himmel (DOG-9): then a Joker's 7
        may end early on the position of one of its plain moves."""
        track = self.track
        out = 0
        for s in self.team:
            for i in range(4 * s, 4 * s + 4):
                if self.pos[i] < track:
                    out += 1
        return out == 1

    def bodies(self, use: object) -> list[Body]:
        got = self._cache.get(use)
        if got is None:
            if use == "S":
                got = self._start()
            elif use == "7":
                got = seven(self) if self.movers7 else []
                turning = self._may_turn_in()
                if turning:
                    got = mark_renamings(got, self.pos, turning, self.track)
            elif not self.movers:
                got = []
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
        starts = self.starts
        out: list[tuple[int, tuple[int, ...]]] = []
        for i in self.movers7:
            x = pos[i]
            if x < track and (starts[i >> 2] - x) % track <= 6:
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
        s = self.starts[c]
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
        start = self.starts[c]
        hm = self.hm
        # The first step from each field that meets a fresh peg (DOG-11), track + 1 if none.
        blocks = blocked_steps(fresh, self.board) if fresh else None
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


def _joker_once(acts: list[DogAction], players: int) -> list[DogAction]:
    """``acts`` with each Joker position listed once, under its first value."""
    out: list[DogAction] = []
    seen: set[tuple[tuple[int, ...], int]] = set()
    for a in acts:
        if a.card == JOKER:
            res = a.result
            assert res is not None
            key = canonical(res, players)
            if key in seen:
                continue
            seen.add(key)
        out.append(a)
    return out


def notation_result(n: Notation, pos: list[int], fresh: int, seat: int, board: Board) -> Result | None:
    """The position a parsed move of ``seat`` leads to from ``pos``, or ``None`` if it is
    not possible there (to find a legal move written another way)."""
    if n.effective == SEVEN:
        return simulate_seven(pos, fresh, seat, n.parts, board)
    text = format_notation(n, board).split(":", 1)[1]
    gen = MoveGen(pos, fresh, seat, board)
    for use in USES.get(n.effective, ()):
        for body in gen.bodies(use):
            if body_text(body, pos, board.track_len) == text:
                return body_result(body, pos, fresh)
    return None
