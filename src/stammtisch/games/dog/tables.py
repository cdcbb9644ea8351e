"""Tables and small helpers of the Dog move generator (DOG-10 … DOG-19).

What each card can do (:data:`USES`, :data:`PLANS`), memoized per-hand and per-fresh-mask
tables, the track occupancy (and how a move changes it), who moves whose pegs (DOG-19), whether a team is home
(DOG-9), and the canonical form of a position (pegs of one seat interchangeable).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from stammtisch.games.dog.actions import MOVE, SPLIT, START, Body, Result, card_head
from stammtisch.games.dog.board import Board
from stammtisch.games.dog.cards import ACE, FOUR, JACK, JOKER, KING, QUEEN, SEVEN

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


def blocked_steps(fresh: int, board: Board) -> tuple[int, ...]:
    """For each track field: the first step forward from it that meets a fresh peg, which
    nothing may pass or land on (DOG-11); ``track + 1`` when no fresh peg is met (a peg's
    own field counts a full lap ahead). A fresh peg ``i`` stands on its seat's start field,
    so the table depends on the fresh mask and the board alone (memoized)."""
    track = board.track_len
    key = (fresh << 7 | track) << 1 | (board.players == 2)  # 2 players: starts 0 and 32
    got = _BLOCKS.get(key)
    if got is None:
        starts = board.starts
        fields = [starts[i >> 2] for i in range(fresh.bit_length()) if fresh >> i & 1]
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


def moved_occupancy(occ: list[int] | None, body: Body, pos: list[int], track: int) -> list[int] | None:
    """The track occupancy ``occ`` of ``pos`` after a plain move, start or swap; a new
    list when it changes (clones share the old one). None when it is not known (after a
    7 it is rebuilt when needed)."""
    kind = body[0]
    if occ is None or kind == SPLIT:
        return None
    i = body[1]
    if kind == MOVE:
        x = pos[i]
        y = body[2]
        if x >= track:
            return occ  # inside the Himmel: the track is unchanged
        occ = occ[:]
        occ[x] = -1
        if y < track:
            occ[y] = i  # whoever stood there is sent home
    elif kind == START:
        occ = occ[:]
        occ[body[2]] = i
    else:  # SWAP
        occ = occ[:]
        occ[pos[i]] = body[3]
        occ[body[2]] = i
    return occ


def seat_home(pos: Sequence[int], seat: int, track: int) -> bool:
    """All four pegs of ``seat`` in its Himmel."""
    b = 4 * seat
    return pos[b] >= track and pos[b + 1] >= track and pos[b + 2] >= track and pos[b + 3] >= track


def controlled_seat(pos: Sequence[int], seat: int, board: Board) -> int:
    """The seat whose pegs ``seat`` moves: its own, or once all its own pegs are in the
    Himmel the next teammate's in the direction of play who still has pegs outside
    (DOG-19, DOG-22; playing alone, always its own, DOG-21)."""
    track = board.track_len
    if not seat_home(pos, seat, track):
        return seat
    mates = board.teammates(seat)
    for s in mates[1:]:
        if not seat_home(pos, s, track):
            return s
    return mates[-1]


def team_home(pos: Sequence[int], seat: int, board: Board) -> bool:
    """All pegs of ``seat``'s team (alone: its own four) in their Himmel (DOG-9, DOG-21,
    DOG-22)."""
    track = board.track_len
    for s in board.teammates(seat):
        b = 4 * s
        if pos[b] < track or pos[b + 1] < track or pos[b + 2] < track or pos[b + 3] < track:
            return False
    return True


WEIGHTS: dict[int, tuple[int, ...]] = {n: tuple(1 << (8 * i) for i in range(n)) for n in range(4, 33, 4)}


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
