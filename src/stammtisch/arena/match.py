"""One game between bots: each seat's bot sees its view and the legal actions, nothing else."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from stammtisch.bots.base import Bot
from stammtisch.core.errors import IllegalActionError
from stammtisch.core.game import Game

# DOG-20: a simulator may cap a game's length; a capped game is reported as truncated.
DEFAULT_MAX_STEPS = 20_000


@dataclass
class GameOutcome:
    """The result of one game: per seat, and how it ended."""

    scores: list[float]
    returns: list[float]
    steps: int
    truncated: bool = False
    actions: list[str] = field(default_factory=list)


def play_game(
    game: Game[Any],
    bots: Sequence[Bot],
    seed: int,
    *,
    max_steps: int = DEFAULT_MAX_STEPS,
    keep_actions: bool = False,
) -> GameOutcome:
    """Play ``game`` from ``new_game(seed)`` with ``bots[seat]`` in each seat.

    A bot's answer is checked against the legal actions (a bot that cheats or errs raises
    :class:`IllegalActionError`; nothing is silently replaced).
    """
    if len(bots) != game.num_players:
        raise ValueError(f"{game.name} needs {game.num_players} bots, got {len(bots)}")
    state = game.new_game(seed)
    steps = 0
    actions: list[str] = []
    while not state.is_terminal:
        if steps >= max_steps:
            return GameOutcome(state.scores(), state.returns(), steps, truncated=True, actions=actions)
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        action = bots[seat].choose(state.observe(seat), list(legal))
        if action not in legal:
            raise IllegalActionError(action=str(action))
        state = state.apply_unchecked(action, events=False)
        if keep_actions:
            actions.append(str(action))
        steps += 1
    return GameOutcome(state.scores(), state.returns(), steps, actions=actions)
