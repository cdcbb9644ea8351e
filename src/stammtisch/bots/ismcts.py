"""Information-set Monte Carlo tree search, for every game that offers ``sample_state``.

Single-observer ISMCTS (Cowling, Powley, Whitehouse 2012, "Information Set Monte Carlo
Tree Search"): one tree, seen from the bot's seat. Each iteration

1. **determinizes**: ``game.sample_state(view, rng)`` deals every card the bot cannot see at
   random (the only place hidden information is guessed; the bot never sees the true state);
2. **selects** down the tree with UCB1, among the children whose action is legal in this
   determinization, and counts each such child as *available* (the availability counts take
   the place of the parent's visit count in the UCB formula);
3. **expands** one untried legal action;
4. **rolls out** with the game's heuristic (epsilon-greedy) or uniformly at random, up to a
   horizon counted from the root: the game's natural cut point if its heuristic names one
   (Zwickern: the end of the card round), else ``rollout_depth`` (``None``: to the end);
5. **backs up a vector** with one value per seat, so that each seat's nodes are chosen by
   that seat's own value: this handles 2-6 players and teams (a team's seats share their
   returns) without any special case.

Values at the end of a rollout: in a finished game, the heuristic's ``terminal_value`` of
``returns()`` and ``scores()`` (win share, optionally blended with the score lead); in a
rollout cut short, the heuristic's ``evaluate`` of the spectator view (a per-seat win
estimate). Everything random comes from the bot's own ``random.Random``, so with an
iteration budget the same view and seed always give the same choice. A time budget
(``seconds``) ends the search by the clock and is therefore not reproducible.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.bots.base import Bot, Budget
from stammtisch.bots.heuristic_bot import best_index
from stammtisch.bots.heuristics import GameHeuristic, has_heuristic, heuristic_for
from stammtisch.bots.values import win_shares
from stammtisch.core.game import Game, State

DEFAULT_ITERATIONS = 400


@dataclass
class SearchSettings:
    """Knobs of the search (the per-game defaults come from :data:`GAME_SETTINGS`)."""

    exploration: float = 0.7
    rollout: str = "heuristic"  # "heuristic" or "random"
    epsilon: float = 0.1  # chance of a random action in a heuristic rollout
    rollout_depth: int | None = None  # None: play rollouts to the end


# Per-game search settings. Zwickern matches are short (about 60 actions), so rollouts run to
# the end; the others are cut short and evaluated.
GAME_SETTINGS: dict[str, SearchSettings] = {
    "zwickern": SearchSettings(),
    "himmel": SearchSettings(rollout_depth=40),
    "dog": SearchSettings(rollout_depth=24, exploration=0.5),
}


class _Node:
    __slots__ = ("avail", "children", "points", "totals", "visits")

    def __init__(self, seats: int) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.totals = [0.0] * seats
        self.points = 0.0  # observer's game points at the end of the rollouts through here


@dataclass(frozen=True)
class ActionStats:
    """What the search learnt about one root action."""

    action: Any
    visits: int
    value: float  # mean value for the searching seat (win estimate, 0..1)
    points: float  # mean game points of the searching seat at the end of its rollouts


class ISMCTS:
    """The search itself, separate from the bot so that hints can reuse it."""

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        rng: random.Random,
        budget: Budget,
        settings: SearchSettings | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.budget = budget
        self.settings = settings or GAME_SETTINGS.get(game.name, SearchSettings())
        self.heuristic: GameHeuristic | None = heuristic_for(game.name) if has_heuristic(game.name) else None
        self.iterations_done = 0
        self.depth = self.settings.rollout_depth

    def _horizon(self, view: Mapping[str, Any]) -> int | None:
        """Rollout length for this search: the game's natural cut point, else the setting."""
        if self.heuristic is not None:
            h = self.heuristic.horizon(view)
            if h is not None:
                return h
        return self.settings.rollout_depth

    # --- public -----------------------------------------------------------------------
    def search(self, view: Mapping[str, Any], legal: Sequence[Any]) -> list[ActionStats]:
        """Run the budget from ``view``; statistics for every action in ``legal``."""
        n = self.game.num_players
        root = _Node(n)
        iterations = self.budget.iterations
        seconds = self.budget.seconds
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        deadline = None if seconds is None else time.perf_counter() + seconds
        self.depth = self._horizon(view)
        done = 0
        while True:
            if iterations is not None and done >= iterations:
                break
            if deadline is not None and done % 8 == 0 and done > 0 and time.perf_counter() >= deadline:
                break
            self._iterate(root, view)
            done += 1
        self.iterations_done = done
        out: list[ActionStats] = []
        for action in legal:
            child = root.children.get(action)
            if child is None or child.visits == 0:
                out.append(ActionStats(action, 0, 0.0, 0.0))
            else:
                out.append(
                    ActionStats(
                        action,
                        child.visits,
                        child.totals[self.seat] / child.visits,
                        child.points / child.visits,
                    )
                )
        return out

    # --- one iteration ----------------------------------------------------------------
    def _iterate(self, root: _Node, view: Mapping[str, Any]) -> None:
        state: State[Any] = self.game.sample_state(view, self.rng)
        node = root
        path = [root]
        c = self.settings.exploration
        while not state.is_terminal:
            legal = state.legal_actions()
            player = state.current_player
            assert player is not None
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[self.rng.randrange(len(untried))]
                child = _Node(len(root.totals))
                node.children[action] = child
                state = state.apply_unchecked(action)
                path.append(child)
                break
            best = None
            best_score = -math.inf
            for a in legal:
                ch = node.children[a]
                score = ch.totals[player] / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                ch.avail += 1
                if score > best_score:
                    best_score = score
                    best = a
            assert best is not None
            node = node.children[best]
            state = state.apply_unchecked(best)
            path.append(node)
        values, points = self._rollout(
            state, self.depth - (len(path) - 1) if self.depth is not None else None
        )
        for nd in path:
            nd.visits += 1
            tot = nd.totals
            for i, v in enumerate(values):
                tot[i] += v
            nd.points += points

    def _rollout(self, state: State[Any], depth: int | None) -> tuple[list[float], float]:
        heuristic = self.heuristic if self.settings.rollout == "heuristic" else None
        eps = self.settings.epsilon
        rng = self.rng
        steps = 0
        while not state.is_terminal:
            if depth is not None and steps >= depth:
                spectator = state.observe(None)
                if self.heuristic is not None:
                    values = self.heuristic.evaluate(spectator)
                else:
                    values = GameHeuristic().evaluate(spectator)
                return values, float(state.scores()[self.seat])
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif heuristic is None or rng.random() < eps:
                action = legal[rng.randrange(len(legal))]
            else:
                player = state.current_player
                action = legal[best_index(heuristic.action_values(state.observe(player), legal), rng)]
            state = state.apply_unchecked(action)
            steps += 1
        returns = state.returns()
        scores = state.scores()
        if self.heuristic is not None:
            return self.heuristic.terminal_value(returns, scores), float(scores[self.seat])
        return win_shares(returns), float(scores[self.seat])


class ISMCTSBot(Bot):
    """Plays the root action the search visited most (ties: higher value, then its rng)."""

    kind = "ismcts"

    def __init__(self, game: Game[Any], seat: int, rng: random.Random, budget: Budget | None = None) -> None:
        super().__init__(game, seat, rng, budget)
        self.last_stats: list[ActionStats] = []
        self.last_iterations = 0

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        search = ISMCTS(self.game, self.seat, self.rng, self.budget)
        stats = search.search(view, legal)
        self.last_stats = stats
        self.last_iterations = search.iterations_done
        keys = [s.visits + 1e-6 * s.value for s in stats]
        return legal[best_index(keys, self.rng)]
