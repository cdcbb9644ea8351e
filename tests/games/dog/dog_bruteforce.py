"""A second, deliberately naive Dog move generator, to cross-check the engine.

Written from the rulings (DOG-10 … DOG-19) without sharing any code or representation
with ``stammtisch.games.dog``: it reads the position JSON, walks every path field by field,
plays the 7 as every sequence of parts ``(peg, steps)`` with at most 7 steps in all (a
peg may be used in several parts), and identifies a result by the multiset of places of
each seat's pegs (so pegs of one seat are interchangeable here, unlike in the engine).
It is slow and simple on purpose.

Variants (DOG-21 … DOG-23): ``team_size`` 1 (everyone alone; 2 players sit opposite on
64 fields), 2 (partners opposite) or 3 (6 players, seats s, s+2, s+4); ``partner7``: a 7
may move any team peg at any step.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

Place = tuple[str, int]  # ("K", 0) kennel, ("T", field) track, ("H", 1..4) Himmel
Pegs = tuple[Place, ...]
Fresh = frozenset[int]
Key = tuple[tuple[str, ...], ...]

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


class Brute:
    def __init__(self, players: int, team_size: int = 0, partner7: bool = False) -> None:
        self.n = players
        self.track = 64 if players == 2 else 16 * players
        self.size = team_size or (2 if players in (4, 6) else 1)
        self.partner7 = partner7 and self.size > 1

    def home_field(self, seat: int) -> int:
        return 32 * seat if self.n == 2 else 16 * seat

    # --- reading and keys ----------------------------------------------------------------
    def read(self, pegs_json: list[list[Any]]) -> tuple[Pegs, Fresh]:
        places: list[Place] = []
        fresh = set()
        for seat, row in enumerate(pegs_json):
            row = list(row) + ["K"] * (4 - len(row))
            for k, tok in enumerate(row):
                tok = str(tok)
                if tok == "K":
                    places.append(("K", 0))
                elif tok == "S":
                    places.append(("T", self.home_field(seat)))
                    fresh.add(4 * seat + k)
                elif tok.startswith("H"):
                    places.append(("H", int(tok[1:])))
                else:
                    places.append(("T", int(tok)))
        return tuple(places), frozenset(fresh)

    def key(self, pegs: Pegs, fresh: Fresh) -> Key:
        out = []
        for seat in range(self.n):
            toks = []
            for p in range(4 * seat, 4 * seat + 4):
                kind, v = pegs[p]
                if kind == "K":
                    toks.append("K")
                elif kind == "H":
                    toks.append(f"H{v}")
                elif p in fresh:
                    toks.append("S")
                else:
                    toks.append(str(v))
            out.append(tuple(sorted(toks)))
        return tuple(out)

    # --- helpers -------------------------------------------------------------------------
    def mates(self, seat: int) -> list[int]:
        """``seat`` and its teammates in the direction of play."""
        step = self.n // self.size
        return [(seat + k * step) % self.n for k in range(self.size)]

    def movers(self, pegs: Pegs, seat: int) -> list[int]:
        for s in self.mates(seat):
            own = range(4 * s, 4 * s + 4)
            if not all(pegs[p][0] == "H" for p in own):
                return list(own)
        return list(range(4 * seat, 4 * seat + 4))

    def movers7(self, pegs: Pegs, seat: int) -> list[int]:
        if self.partner7:
            return [p for s in self.mates(seat) for p in range(4 * s, 4 * s + 4)]
        return self.movers(pegs, seat)

    def who(self, pegs: Pegs, place: Place, owner: int | None = None) -> int | None:
        for p, pl in enumerate(pegs):
            if pl == place and (place[0] == "T" or p // 4 == owner):
                return p
        return None

    def team_home(self, pegs: Pegs, seat: int) -> bool:
        team = [p for s in self.mates(seat) for p in range(4 * s, 4 * s + 4)]
        return all(pegs[p][0] == "H" for p in team)

    def paths(self, pegs: Pegs, fresh: Fresh, p: int, k: int) -> Iterator[list[Place]]:
        """Every forward path of ``k`` single steps (the places entered, in order)."""
        start = self.home_field(p // 4)

        def go(place: Place, left: int, first: bool) -> Iterator[list[Place]]:
            if left == 0:
                yield []
                return
            nxt: list[Place] = []
            if place[0] == "T":
                nxt.append(("T", (place[1] + 1) % self.track))
                if place[1] == start and not (first and p in fresh):
                    nxt.append(("H", 1))
            elif place[1] < 4:
                nxt.append(("H", place[1] + 1))
            for q in nxt:
                for rest in go(q, left - 1, False):
                    yield [q, *rest]

        yield from go(pegs[p], k, True)

    # --- the cards -----------------------------------------------------------------------
    def start(self, pegs: Pegs, fresh: Fresh, seat: int) -> set[Key]:
        c = self.movers(pegs, seat)[0] // 4
        kennel = [p for p in range(4 * c, 4 * c + 4) if pegs[p][0] == "K"]
        if not kennel:
            return set()
        there = self.who(pegs, ("T", self.home_field(c)))
        if there is not None and there in fresh:
            return set()
        new = list(pegs)
        if there is not None:
            new[there] = ("K", 0)
        new[kennel[0]] = ("T", self.home_field(c))
        return {self.key(tuple(new), fresh | {kennel[0]})}

    def forward(self, pegs: Pegs, fresh: Fresh, seat: int, k: int) -> set[Key]:
        out = set()
        for p in self.movers(pegs, seat):
            if pegs[p][0] == "K":
                continue
            for path in self.paths(pegs, fresh, p, k):
                ok = True
                for pl in path:
                    q = self.who(pegs, pl, p // 4)
                    if q is not None and (pl[0] == "H" or q in fresh):
                        ok = False
                if not ok:
                    continue
                new = list(pegs)
                hit = self.who(pegs, path[-1], p // 4)
                if hit is not None:
                    new[hit] = ("K", 0)
                new[p] = path[-1]
                out.add(self.key(tuple(new), fresh - {p}))
        return out

    def backward(self, pegs: Pegs, fresh: Fresh, seat: int) -> set[Key]:
        out = set()
        for p in self.movers(pegs, seat):
            if pegs[p][0] != "T":
                continue
            fields = [("T", (pegs[p][1] - s) % self.track) for s in range(1, 5)]
            if any((q := self.who(pegs, f)) is not None and q in fresh for f in fields):
                continue
            new = list(pegs)
            hit = self.who(pegs, fields[-1])
            if hit is not None:
                new[hit] = ("K", 0)
            new[p] = fields[-1]
            out.add(self.key(tuple(new), fresh - {p}))
        return out

    def jack(self, pegs: Pegs, fresh: Fresh, seat: int) -> set[Key]:
        out = set()
        mine = self.movers(pegs, seat)
        for a in mine:
            for b in range(len(pegs)):
                if b in mine or a in fresh or b in fresh:
                    continue
                if pegs[a][0] != "T" or pegs[b][0] != "T":
                    continue
                new = list(pegs)
                new[a], new[b] = pegs[b], pegs[a]
                out.add(self.key(tuple(new), fresh))
        return out

    def seven(self, pegs: Pegs, fresh: Fresh, seat: int) -> set[Key]:
        out: set[Key] = set()
        frontier = {(pegs, fresh, 0)}
        seen = set(frontier)
        while frontier:
            nxt = set()
            for cur, fr, used in frontier:
                for p in self.movers7(cur, seat):
                    if cur[p][0] == "K":
                        continue
                    for k in range(1, 8 - used):
                        for path in self.paths(cur, fr, p, k):
                            new = list(cur)
                            ok = True
                            for pl in path:
                                q = self.who(tuple(new), pl, p // 4)
                                if q is None or q == p:
                                    continue
                                if pl[0] == "H" or q in fr:
                                    ok = False
                                    break
                                new[q] = ("K", 0)  # passed or landed on by the 7
                            if not ok:
                                continue
                            new[p] = path[-1]
                            state = (tuple(new), fr - {p}, used + k)
                            if self.team_home(state[0], seat) or used + k == 7:
                                out.add(self.key(state[0], state[1]))
                            elif state not in seen:
                                seen.add(state)
                                nxt.add(state)
            frontier = nxt
        return out

    def card(self, rank: str, pegs: Pegs, fresh: Fresh, seat: int) -> set[Key]:
        if rank == "Jo":
            out: set[Key] = set()
            for r in RANKS:
                out |= self.card(r, pegs, fresh, seat)
            return out
        if rank == "J":
            return self.jack(pegs, fresh, seat)
        if rank == "7":
            return self.seven(pegs, fresh, seat)
        out = set()
        if rank in ("A", "K"):
            out |= self.start(pegs, fresh, seat)
        named = {"A": [1, 11], "Q": [12], "K": [13]}
        steps = named[rank] if rank in named else [int(rank)]
        for k in steps:
            out |= self.forward(pegs, fresh, seat, k)
        if rank == "4":
            out |= self.backward(pegs, fresh, seat)
        return out

    def count(self, data: dict[str, Any]) -> tuple[int, dict[str, set[Key]]]:
        """Number of legal actions of the seat to move, and the outcomes per card."""
        seat = int(data["current"])
        hand = sorted(set(data["hands"][seat]))
        if data.get("phase") == "exchange":
            return len(hand), {}
        pegs, fresh = self.read(data["pegs"])
        per = {r: self.card(r, pegs, fresh, seat) for r in hand}
        total = sum(len(v) for v in per.values())
        return (total or 1), per
