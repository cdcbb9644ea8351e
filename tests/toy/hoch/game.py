"""Hoch's rules, views, sampling and positions (see the package docstring)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from stammtisch.core.errors import ActionSyntaxError
from stammtisch.core.game import JSON, Game, GameInfo, Names, OptionSpec, State
from stammtisch.core.i18n import t
from stammtisch.core.position import checked, reading, shuffled_rest
from stammtisch.core.rng import Rng

DECK = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
HAND = 3


class HochState(State[int]):
    def __init__(self, game: HochGame) -> None:
        self.game = game
        n = game.num_players
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.stock: list[int] = []
        self.pile: list[int] = []
        self.points = [0] * n
        self.current: int | None = 0

    @property
    def current_player(self) -> int | None:
        return self.current

    def legal_actions(self) -> list[int]:
        return [] if self.current is None else sorted(set(self.hands[self.current]))

    def parse_action(self, text: str) -> int:
        if not isinstance(text, str) or text.strip() not in {"1", "2", "3", "4", "5", "6"}:
            raise ActionSyntaxError("bad_action", text=str(text))
        return int(text)

    def _apply_in_place(self, action: int) -> None:
        seat = self.current
        assert seat is not None
        self.hands[seat] = [c for i, c in enumerate(self.hands[seat]) if i != self.hands[seat].index(action)]
        if not self.pile or action > self.pile[-1]:
            self.points[seat] += 1
        self.pile = [*self.pile, action]
        nxt = (seat + 1) % self.num_players
        self.current = nxt if self.hands[nxt] else None

    def describe(self, action: int) -> JSON:
        return {"type": "play", "card": str(action), "point": not self.pile or action > self.pile[-1]}

    def _events_of(self, before: State[int], action: int) -> list[JSON]:
        assert isinstance(before, HochState)
        return [{"seat": before.current_player, **before.describe(action)}]

    def clone(self) -> HochState:
        s = HochState(self.game)
        s.hands, s.stock, s.pile = [list(h) for h in self.hands], list(self.stock), list(self.pile)
        s.points, s.current = list(self.points), self.current
        return s

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def returns(self) -> list[float]:
        if self.current is not None:
            return [0.0] * self.num_players
        best = [i for i, p in enumerate(self.points) if p == max(self.points)]
        return [1.0 / len(best) if i in best else 0.0 for i in range(self.num_players)]

    def check_invariants(self) -> None:
        assert sorted([*self.stock, *self.pile, *(c for h in self.hands for c in h)]) == list(DECK), (
            "cards lost"
        )

    def observe(self, seat: int | None) -> JSON:
        return {
            "game": "hoch",
            "seat": seat,
            "players": self.num_players,
            "current_player": self.current,
            "hand": [str(c) for c in self.hands[seat]] if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "pile": [str(c) for c in self.pile],
            "deck_size": len(self.stock),
            "scores": self.scores(),
            "events": self.events(seat),
        }

    def to_json(self) -> JSON:
        return {
            "game": "hoch",
            "options": dict(self.game.options),
            "hands": [list(h) for h in self.hands],
            "stock": list(self.stock),
            "pile": list(self.pile),
            "points": list(self.points),
            "current": self.current,
        }


class HochGame(Game[HochState]):
    info = GameInfo(
        name="hoch",
        title={"en": "Hoch", "de": "Hoch"},
        version="1.0",
        min_players=2,
        max_players=3,
        options=(OptionSpec("players", int, 2, "Number of players (2-3).", allowed=(2, 3)),),
    )

    def new_game(self, seed: int) -> HochState:
        s = HochState(self)
        cards = list(DECK)
        Rng(seed).shuffle(cards)
        s.hands = [sorted(cards[HAND * i : HAND * (i + 1)]) for i in range(self.num_players)]
        s.stock = cards[HAND * self.num_players :]
        return s

    def from_json(self, data: Mapping[str, Any]) -> HochState:
        self.check_json_header(data)
        s = HochState(self)
        with reading("Hoch position"):
            s.hands = [[int(c) for c in h] for h in data["hands"]]
            s.stock, s.pile = [int(c) for c in data["stock"]], [int(c) for c in data["pile"]]
            s.points, s.current = [int(p) for p in data["points"]], data["current"]
        return checked(s)

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> HochState:
        s = HochState(self)
        with reading("Hoch view"):
            seat, own = view["seat"], [int(c) for c in view["hand"]]
            s.pile, s.current = [int(c) for c in view["pile"]], view["current_player"]
            s.points = [int(p) for p in view["scores"]]
            pool = shuffled_rest(DECK, (own, s.pile), rng)
            s.hands = [
                own if p == seat else sorted(pool.pop() for _ in range(k))
                for p, k in enumerate(view["hand_sizes"])
            ]
        s.stock = pool
        s.keep_events(view.get("events") or [])
        return s

    def render(self, view: Mapping[str, Any], lang: str = "en", names: Names = None) -> str:
        pile, hand = " ".join(view["pile"]) or "-", " ".join(view["hand"]) or "-"
        points = ", ".join(f"{p:g}" for p in view["scores"])
        return t("hoch.board", lang, pile=pile, hand=hand, points=points)
