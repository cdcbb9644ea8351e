"""The Dog evaluation on integers: peg places and the fresh mask, no view, no notation.

:class:`DogEval` holds, per board, the tables the evaluation needs (each peg's progress on
every track field, the Himmel values, the risk per number of threats) so that judging a
position is one pass over its pegs with bit masks: the opponents' pegs on the track are
one integer per team, and the threats to a peg (opponent pegs 1-13 fields behind it) are
the set bits of a 13-bit window of it (``int.bit_count``). The values are those of the
description in :mod:`stammtisch.bots.heuristics.dog`, computed in the same order (so the
same floats as the straightforward loop over all peg pairs, which
``tests/bots/test_dog_eval.py`` keeps as the reference).

A legal play is judged by the position it leaves: :meth:`DogEval.play_gains` takes the
moves as the core's packed codes or as actions (see :mod:`stammtisch.games.dog.coded`),
applies each to the peg list and evaluates the result, without building an action or
its text.

With the compiled core in use, :class:`DogEval` also builds the core's ``Eval`` from these
tables (``_core_eval.c``): :meth:`DogEval.team_leads` and :meth:`DogEval.coded_gains` then
run in C, with the same floating-point operations in the same order, so the same doubles
(``tests/bots/test_dog_eval.py`` compares them bit for bit). This module stays the
specification, and the evaluation of the pure engine (``STAMMTISCH_PURE``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from stammtisch.games.dog.actions import MOVE, SPLIT, START, STEAL, SWAP
from stammtisch.games.dog.backend import generator_for
from stammtisch.games.dog.board import Board
from stammtisch.games.dog.cards import ACE, FOUR, JOKER, KING, SEVEN

OUT = 12.0  # a peg out of the kennel
IN = 10.0  # a peg in the Himmel, on top of a full lap
HIMMEL_DEPTH = 2.0  # per Himmel field deeper in
THREAT = 0.12  # chance that one opponent peg behind (within 13) hits
START_THREAT = 0.25  # standing on an opponent's start while it has kennel pegs
BLOCK = 2.0
KEEP: dict[int, float] = {JOKER: 6.0, SEVEN: 3.0, FOUR: 1.5, ACE: 1.5, KING: 1.5}
KEEPS = [KEEP.get(card, 0.0) for card in range(16)]  # by rank (and the code's card nibble)
THEFT = 3.0  # DOG-24: a stolen card (random) for the 2 played
REACH = 13  # the farthest one card moves a peg forward
WINDOW = (1 << REACH) - 1
MEMO_SIZE = 1 << 15  # positions kept per board (the memo starts over when full)

# A seven's body from its code: (code, sevens, npeg) -> body (see coded.code_body).
SevenBody = Callable[[int], tuple[Any, ...]]


def _risks(limit: int) -> tuple[list[float], list[float]]:
    """``min(0.9, risk)`` per number of threats, without and with a start threat; the risk
    summed one threat at a time as the reference loop does (the same floats)."""
    plain: list[float] = []
    start: list[float] = []
    for k in range(limit + 1):
        risk = 0.0
        for _ in range(k):
            risk += THREAT
        plain.append(min(0.9, risk))
        start.append(min(0.9, risk + START_THREAT))
    return plain, start


class DogEval:
    """Position values for one board (2-6 players, any teams)."""

    def __init__(self, board: Board, compiled: bool = True) -> None:
        n = board.players
        track = board.track_len
        half = board.num_teams
        self.board = board
        self.n = n
        self.track = track
        self.half = half
        self.team_of_peg = [(i >> 2) % half for i in range(4 * n)]
        # progress[i][place]: OUT plus the fields peg i has travelled from its start.
        self.progress = [
            [OUT + (place - board.start(i >> 2)) % track for place in range(track)] for i in range(4 * n)
        ]
        self.heaven = [OUT + track + IN + HIMMEL_DEPTH * h for h in range(4)]
        self.starts = [board.start(s) for s in range(n)]
        self.risk, self.risk_start = _risks(4 * n)
        self.teams = board.teams()
        self.seat_team = [board.team(s) for s in range(n)]
        # Per team: its seats' start fields as a field mask.
        self.team_starts = [sum(1 << board.start(s) for s in team) for team in self.teams]
        self.pairs = [(a, b) for a, b in self.teams] if board.team_size == 2 else None
        # Memos (values only: a cached entry equals a fresh computation): seat values and
        # team leads by position, and per (position, team) the gain of each play by its
        # move code.
        self._memo: dict[tuple[tuple[int, ...], int], list[float]] = {}
        self._leads: dict[tuple[tuple[int, ...], int], list[float]] = {}
        self._gains: dict[tuple[tuple[int, ...], int, int], dict[int, float]] = {}
        # The same evaluation in the compiled core (``_core.Eval``, built from these
        # tables; the same doubles), or None on the pure engine.
        self.fast: Any = None
        if compiled:
            core = generator_for()
            if core is not None and hasattr(core, "Eval"):
                self.fast = core.Eval(
                    self.team_of_peg, self.starts, self.teams, track, self.heaven,
                    self.risk, self.risk_start, KEEPS, OUT, BLOCK,
                )  # fmt: skip

    # --- positions ----------------------------------------------------------------------
    def seat_values(self, places: Sequence[int], fresh: int) -> list[float]:
        """Per seat: the progress of its pegs minus what is at risk, plus blocks (a new
        list; :meth:`_values` is the memoized one)."""
        return list(self._values(tuple(places), fresh))

    def _values(self, places: tuple[int, ...], fresh: int) -> list[float]:
        """``seat_values`` from the memo (the caller must not change the list): a search
        meets the same positions over and over (every determinization of a node has the
        same pegs; rollouts pass through the same few positions)."""
        key = (places, fresh)
        memo = self._memo
        values = memo.get(key)
        if values is None:
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            values = memo[key] = self._compute(places, fresh)
        return values

    def _compute(self, places: Sequence[int], fresh: int) -> list[float]:
        """``seat_values`` computed (see the class)."""
        n = self.n
        track = self.track
        half = self.half
        team_of = self.team_of_peg
        values = [0.0] * n
        masks = [0] * half
        waiting = 0  # the start fields of seats with pegs in the kennel
        out: list[int] = []  # the pegs out of the kennel
        starts = self.starts
        for i, place in enumerate(places):
            if place < 0:
                waiting |= 1 << starts[i >> 2]
            else:
                out.append(i)
                if place < track:
                    masks[team_of[i]] |= 1 << place
        everyone = 0
        for m in masks:
            everyone |= m
        # Per team: the other teams' track pegs (twice, for the wrap), and the start
        # fields of other teams' seats with pegs in the kennel.
        rivals = []
        opens = []
        team_starts = self.team_starts
        for t in range(half):
            r = everyone ^ masks[t]
            rivals.append(r | r << track)
            opens.append(waiting & ~team_starts[t])
        progress = self.progress
        heaven = self.heaven
        risk = self.risk
        risk_start = self.risk_start
        low = track - REACH
        for i in out:
            place = places[i]
            owner = i >> 2
            if place >= track:
                values[owner] += heaven[place - track]
                continue
            prog = progress[i][place]
            values[owner] += prog
            t = team_of[i]
            k = (rivals[t] >> (place + low) & WINDOW).bit_count()
            if fresh >> i & 1:
                for _ in range(k):  # a fresh peg blocks every opponent peg behind it
                    values[owner] += BLOCK
                continue
            if opens[t] >> place & 1:
                values[owner] -= risk_start[k] * prog
            else:
                values[owner] -= risk[k] * prog
        return values

    def team_leads(self, places: Sequence[int], fresh: int) -> list[float]:
        """Per team: its value minus the mean value of the other teams (from a memo like
        :meth:`_values`: the caller must not change the list)."""
        if self.fast is not None:
            fast: list[float] = self.fast.leads(places, fresh)
            return fast
        key = (tuple(places), fresh)
        memo = self._leads
        out = memo.get(key)
        if out is not None:
            return out
        per_seat = self._values(key[0], fresh)
        if self.pairs is not None:
            totals = [per_seat[a] + per_seat[b] for a, b in self.pairs]
        else:
            totals = [sum(per_seat[s] for s in team) for team in self.teams]
        if len(totals) == 2:
            a, b = totals
            out = [a - b, b - a]
        else:
            out = []
            for k, mine in enumerate(totals):
                others = [t for j, t in enumerate(totals) if j != k]
                out.append(mine - (sum(others) / len(others) if others else 0.0))
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        memo[key] = out
        return out

    def team_value(self, places: Sequence[int], fresh: int, seat: int) -> float:
        """The seat's team's value minus the mean value of the other teams."""
        return self.team_leads(places, fresh)[self.seat_team[seat]]

    # --- plays ----------------------------------------------------------------------------
    def play_gains(
        self, pos: Sequence[int], fresh: int, items: Sequence[Any], seat: int, seven: SevenBody
    ) -> list[float]:
        """Per play: the seat's team value after it minus now, minus the card's keep value.

        ``items`` are the core's move codes (ints) or actions with a ``body`` and ``card``
        (a 7's code is turned into its body by ``seven``). A play that is not a 7 is
        remembered by its code for the position and team (the code names the card, the
        pegs and the fields; a 7's code only its index among the hand's 7s)."""
        team = self.seat_team[seat]
        base = tuple(pos)
        key = (base, fresh, team)
        memo = self._gains
        gains = memo.get(key)
        if gains is None:
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            gains = memo[key] = {}
        lead = self._lead(team)
        now = self.team_leads(base, fresh)[team]
        keep = KEEPS
        out: list[float] = []
        for item in items:
            if type(item) is int:
                kind = item >> 8 & 3
                if kind != SPLIT:
                    gain = gains.get(item)
                    if gain is None:
                        places, after = _after(
                            base, fresh, kind, item >> 10 & 63, (item >> 16 & 127) - 1, (item >> 23 & 127) - 1
                        )
                        gain = gains[item] = lead(places, after) - now - keep[item & 15]
                    out.append(gain)
                    continue
                card = item & 15
                places, after = seven(item)[2]
            else:
                card = item.card
                body = item.body
                if body is None:  # a theft (DOG-24), a fold or a play read from text
                    out.append(THEFT - KEEP.get(card, 0.0) if item.kind == STEAL else 0.0)
                    continue
                if body[0] == SPLIT:
                    places, after = body[2]
                else:
                    places, after = _after(base, fresh, body[0], body[1], body[2], body[3])
            out.append(lead(tuple(places), after) - now - keep[card])
        return out

    def coded_gains(
        self, move_set: Any, pos: Sequence[int], fresh: int, items: Sequence[Any], seat: int, seven: SevenBody
    ) -> list[float]:
        """:meth:`play_gains` of a core-made legal list (its ``move_set`` and items): in the
        compiled core when every item is still its move code, else in Python."""
        fast = self.fast
        if fast is not None and len(items) == len(move_set) and all(type(i) is int for i in items):
            gains: list[float] = fast.gains(move_set, self.seat_team[seat])
            return gains
        return self.play_gains(pos, fresh, items, seat, seven)

    def _lead(self, team: int) -> Callable[[tuple[int, ...], int], float]:
        """The team's lead in a position (``team_leads(...)[team]``, the same floats)."""
        values = self._values
        if self.pairs is not None and len(self.pairs) == 2:
            (a, b), (c, d) = self.pairs[team], self.pairs[1 - team]

            def pair_lead(places: tuple[int, ...], fresh: int) -> float:
                v = values(places, fresh)
                return (v[a] + v[b]) - (v[c] + v[d])  # as team_leads computes it

            return pair_lead
        leads = self.team_leads

        def lead(places: tuple[int, ...], fresh: int) -> float:
            return leads(places, fresh)[team]

        return lead


def _after(pos: Sequence[int], fresh: int, kind: int, a: int, b: int, c: int) -> tuple[tuple[int, ...], int]:
    """The peg places and fresh mask after a move, start or swap (see actions.body_after)."""
    p = list(pos)
    if kind == SWAP:
        p[c] = p[a]
        p[a] = b
        return tuple(p), fresh
    p[a] = b
    if c >= 0:
        p[c] = -1
    if kind == START:
        return tuple(p), fresh | 1 << a
    assert kind == MOVE
    return tuple(p), fresh & ~(1 << a)


def evaluator(board: Board) -> DogEval:
    """The (shared) evaluator of ``board``: compiled unless the pure engine is forced."""
    return _evaluator(board, generator_for() is not None)


@lru_cache(maxsize=32)
def _evaluator(board: Board, compiled: bool) -> DogEval:
    return DogEval(board, compiled)


# ``evaluator.cache_clear()`` forgets every evaluator (and with them their memos).
evaluator.cache_clear = _evaluator.cache_clear  # type: ignore[attr-defined]
