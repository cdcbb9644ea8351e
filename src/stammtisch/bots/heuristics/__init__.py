"""Per-game heuristics: hand-written strategy that reads only a view and the legal actions.

Each game has one module here (``stammtisch.bots.heuristics.<game>``) with a
:class:`GameHeuristic` instance called ``HEURISTIC`` and the game's bot profile ``PROFILE``
(:mod:`stammtisch.bots.profile` finds it by the game's name and imports it on first use;
a game without a module gets a generic heuristic).

A heuristic answers two questions:

* :meth:`GameHeuristic.action_values`: how good is each legal action for the seat to move,
  in the game's own units (points in the card games, a progress score in Dog). The
  ``heuristic`` bot plays the best one; ISMCTS uses them in its rollouts.
* :meth:`GameHeuristic.evaluate`: given the spectator view of a position, an estimated
  final value per seat in ``[0, 1]`` (a win chance). ISMCTS calls it when it cuts a
  rollout short; the default derives it from the view's scores.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from stammtisch.bots.values import win_shares

if TYPE_CHECKING:
    from stammtisch.core.game import Game, State


class GameHeuristic:
    """Base class; the per-game modules subclass it.

    ``score_scale`` is the score difference that counts as a clear lead (used by the default
    :meth:`evaluate`); ``higher_is_better`` is ``False`` for penalty-point games;
    ``temperature`` is the value difference the ``casual`` bot treats as a clear preference.
    """

    game: str = ""
    score_scale: float = 10.0
    higher_is_better: bool = True
    temperature: float = 3.0
    score_weight: float = 0.0

    def terminal_value(self, returns: Sequence[float], scores: Sequence[float]) -> list[float]:
        """Per-seat value of a finished game for the search: the win shares, blended with the
        score lead by ``score_weight`` so that the search also prefers bigger wins and
        smaller losses (a pure win/loss signal is flat once a game is decided)."""
        shares = win_shares(returns)
        w = self.score_weight
        if w <= 0.0:
            return shares
        lead = self._lead_values([float(x) for x in scores])
        return [(1.0 - w) * r + w * v for r, v in zip(shares, lead, strict=True)]

    def horizon(self, view: Mapping[str, Any]) -> int | None:
        """How many actions a rollout from ``view`` should run before it is evaluated.

        ``None`` (the default) leaves it to the search settings. A game with a natural cut
        point (the end of a card round, after which everything is reshuffled) returns the
        number of actions to it: rollouts past it only add noise.
        """
        return None

    def action_values(self, view: Mapping[str, Any], legal: Sequence[Any]) -> list[float]:
        """One value per legal action (bigger is better) for the seat that is to move."""
        raise NotImplementedError

    def information_key(self, state: State[Any], player: int) -> Hashable | None:
        """What ``player`` knows of ``state`` beyond the moves that led to it (its hand), as a
        key that no action key equals; the search's ``split_hands`` keys a decision by it.
        ``None`` (the default): the setting changes nothing."""
        return None

    def compiled_in_use(self) -> bool:
        """Whether :meth:`compiled_search` runs searches now (built and not disabled)."""
        return False

    def compiled_search(
        self,
        game: Game[Any],
        view: Mapping[str, Any],
        legal: Sequence[Any],
        seat: int,
        settings: SearchSettings,
        temperature: float,
        horizon: int | None,
        iterations: int | None,
        seconds: float | None,
        rng: random.Random,
    ) -> tuple[int, list[tuple[int, float, float, float]]] | None:
        """The whole ISMCTS search run in compiled code, where the game has a port of it:
        ``(iterations done, one (visits, value sum, points sum, prior) per legal action)``.
        ``None`` (the default, or whenever the port is not in use) runs the Python search."""
        return None

    def sampler(self, game: Game[Any], view: Mapping[str, Any]) -> Callable[[random.Random], State[Any]]:
        """The search's determinizations of ``view``: called with the search's generator,
        a full state consistent with the view. Default ``game.sample_state``; a game may
        read the view once and hand the states over in the form its engine plays fastest,
        as long as it deals the same states for the same generator."""

        def sample(rng: random.Random) -> State[Any]:
            state: State[Any] = game.sample_state(view, rng)
            return state

        return sample

    def action_keys(self, legal: Sequence[Any]) -> list[Hashable]:
        """One key per legal action for the search tree: equal for the same move in every
        determinization of a node, distinct within one list. Default: the actions (which
        compare by their notation); a game may key by something cheaper to make."""
        return list(legal)

    def state_values(self, state: State[Any], player: int, legal: Sequence[Any]) -> list[float]:
        """``action_values`` of ``player``'s view of ``state`` (the search's fast path).

        A game may override it to read the state directly, but it must read only what
        ``player`` can see and give the same values as ``action_values``.
        """
        return self.action_values(state.observe(player), legal)

    def evaluate_state(self, state: State[Any]) -> list[float]:
        """``evaluate`` of the spectator view of ``state`` (a game may read the state directly)."""
        return self.evaluate(state.observe(None))

    def evaluate(self, view: Mapping[str, Any]) -> list[float]:
        """Per-seat win estimate in ``[0, 1]`` for an unfinished game (spectator view).

        Default: a logistic of each seat's score lead over the best other seat, using the
        view's ``scores`` entry. Games whose scores say little mid-game override it.
        """
        return self._lead_values([float(x) for x in view.get("scores", [])])

    def _lead_values(self, scores: list[float]) -> list[float]:
        sign = 1.0 if self.higher_is_better else -1.0
        out: list[float] = []
        for i, s in enumerate(scores):
            others = [x for j, x in enumerate(scores) if j != i]
            lead = sign * (s - (max(others) if sign > 0 else min(others))) if others else 0.0
            out.append(1.0 / (1.0 + math.exp(-lead / self.score_scale)))
        return out


@dataclass(frozen=True)
class SearchSettings:
    """Knobs of the ISMCTS search (per game in its profile)."""

    exploration: float = 1.0  # PUCT constant c
    rollout: str = "heuristic"  # "heuristic" or "random"
    epsilon: float = 0.05  # chance of a random action in a heuristic rollout
    rollout_depth: int | None = 8  # None: play rollouts to the end
    prior_temperature: float | None = None  # None: the heuristic's ``temperature``
    # Key each decision below the root by the mover's own hand as well (a node is then the
    # mover's information set: it chooses knowing its cards; ``information_key``).
    split_hands: bool = False


@dataclass(frozen=True)
class BotProfile:
    heuristic: GameHeuristic
    search: SearchSettings = field(default_factory=SearchSettings)
    hard_iterations: int = 400
    win_chance: bool = False
    # The ``hard`` level's iterations when the heuristic's compiled search is in use (the
    # same CPU per move buys many more iterations there); ``None``: ``hard_iterations``.
    compiled_hard_iterations: int | None = None

    def hard(self) -> int:
        """The ``hard`` level's iterations per move with the search that runs now."""
        if self.compiled_hard_iterations is not None and self.heuristic.compiled_in_use():
            return self.compiled_hard_iterations
        return self.hard_iterations


__all__ = ["BotProfile", "GameHeuristic", "SearchSettings"]
