"""The bot protocol: bots see views and legal actions only, and replay exactly from a seed."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import stammtisch
from stammtisch.arena.match import play_game
from stammtisch.bots import LEVELS, Bot, Budget, make_bot, parse_budget, resolve
from stammtisch.bots.ismcts import ISMCTSBot
from stammtisch.core.errors import StammtischError
from stammtisch.core.game import State

KINDS = ["random", "casual", "heuristic", "ismcts:25"]


def _game() -> Any:
    return stammtisch.load("zwickern")


@pytest.mark.parametrize("kind", KINDS)
def test_seeded_bots_replay_their_games(kind: str) -> None:
    game = _game()
    runs = []
    for _ in range(2):
        bots = [make_bot(kind, game, s, seed=100 + s) for s in range(2)]
        runs.append(play_game(game, bots, seed=7, keep_actions=True).actions)
    assert runs[0] == runs[1]
    assert len(runs[0]) > 20


def test_other_bot_seeds_give_other_games() -> None:
    game = _game()
    games = set()
    for seed in range(4):
        bots = [make_bot("random", game, s, seed=seed * 10 + s) for s in range(2)]
        games.add(tuple(play_game(game, bots, seed=7, keep_actions=True).actions))
    assert len(games) > 1


class _Spy(Bot):
    """Records what the arena hands to a bot."""

    kind = "spy"

    def __init__(self, game: Any, seat: int, rng: random.Random) -> None:
        super().__init__(game, seat, rng)
        self.seen: list[tuple[Any, Any]] = []

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any]) -> Any:
        self.seen.append((view, legal))
        return legal[self.rng.randrange(len(legal))]


def test_the_arena_hands_bots_only_their_own_view() -> None:
    game = _game()
    bots = [_Spy(game, s, random.Random(s)) for s in range(2)]
    play_game(game, bots, seed=3)
    for seat, bot in enumerate(bots):
        assert bot.seen
        for view, legal in bot.seen:
            assert not isinstance(view, State)
            assert json.loads(json.dumps(view)) == view  # plain data only
            assert view["seat"] == seat
            assert all(not isinstance(a, State) for a in legal)
            other = 1 - seat
            # The other seat's hand is not in the view, only its size.
            assert "hands" not in view
            assert isinstance(view["hand_sizes"][other], int)


def _twin_states(seed: int) -> tuple[Any, Any, int]:
    """Two full states that look the same to the seat to move but hide different cards."""
    game = _game()
    state = game.new_game(seed)
    rng = random.Random(seed)
    for _ in range(5):
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    seat = state.current_player
    view = state.observe(seat)
    a = game.sample_state(view, random.Random(1))
    b = game.sample_state(view, random.Random(2))
    return a, b, seat


def test_ismcts_decides_from_the_view_alone() -> None:
    game = _game()
    a, b, seat = _twin_states(11)
    assert a.observe(seat) == b.observe(seat)
    assert a.to_json()["hands"] != b.to_json()["hands"]  # the hidden cards differ
    choices = []
    for st in (a, b):
        bot = make_bot("ismcts:60", game, seat, seed=5)
        assert isinstance(bot, ISMCTSBot)
        choices.append((bot.choose(st.observe(seat), st.legal_actions()), bot.last_stats))
    assert choices[0] == choices[1]


def test_levels_resolve_to_bots_for_people() -> None:
    game = _game()
    assert set(LEVELS) == {"easy", "medium", "hard"}
    for level in LEVELS:
        bot = make_bot(level, game, 0, seed=1)
        assert bot.kind == LEVELS[level]
    hard_cls, hard_budget = resolve("hard", game)
    assert hard_cls is ISMCTSBot
    assert hard_budget is not None and hard_budget.iterations


def test_budget_notation() -> None:
    assert parse_budget("ismcts", "300") == Budget(iterations=300)
    assert parse_budget("ismcts", "1.5s") == Budget(seconds=1.5)
    with pytest.raises(StammtischError):
        parse_budget("ismcts", "lots")
    with pytest.raises(StammtischError):
        make_bot("oracle", _game(), 0, seed=1)
