"""Information-set Monte Carlo tree search guided by the game's heuristic.

Single-observer ISMCTS (Cowling, Powley, Whitehouse 2012, "Information Set Monte Carlo
Tree Search"): one tree, seen from the bot's seat, shared by all determinizations. Python
affords a few thousand iterations per second at best, so every iteration is made to count:

1. **Determinize**: ``game.sample_state(view, rng)`` deals every card the bot cannot see at
   random (the only place hidden information is guessed; the bot never sees the true state).
2. **Select** with PUCT (as in AlphaZero) over the children whose action is legal in this
   determinization: ``Q + c * P * sqrt(avail) / (1 + visits)``. The prior ``P`` is a
   softmax of the heuristic's action values at the heuristic's own ``temperature``, so the
   search starts from the heuristic's ranking and only moves away from it where the
   simulations disagree. ``avail`` (how often the child was legal when its parent was
   passed) takes the place of the parent's visit count, as ISMCTS requires. An unvisited
   child is valued at its parent's mean (first-play urgency), so with a tiny budget the
   search tries, and plays, the heuristic's favourite first.
3. **Expand** the selected unvisited child and stop there.
4. **Evaluate** after a *short* heuristic rollout (``rollout_depth`` actions, fewer when
   the game's heuristic names a natural cut point such as the end of a card round) with the
   heuristic's ``evaluate`` of the spectator view: a per-seat value in ``[0, 1]``. Long
   random rollouts are noisy and slow; the evaluator carries the game knowledge instead.
5. **Back up a vector** with one value per seat, so that each seat's nodes are chosen by
   that seat's own value: this handles 2-6 players and teams (a team's seats share their
   values) without any special case.

A node's children are keyed by the heuristic's ``action_keys``: equal for the same move
in every determinization and cheap to make (Dog: the compiled core's move codes, so the
search builds only the actions it plays and never their notation). The heuristic's
``sampler`` deals the same states as ``game.sample_state``, reading the view once and
handing the states over in the form the engine plays fastest (Dog: on the compiled table).
A heuristic may run the whole search in compiled code instead (``compiled_search``;
Zwickern: :mod:`stammtisch.bots.zwickern_search`, a port of this search).

The bot plays the root action with the most visits; ties go to the higher prior, so
``ismcts:1`` plays the heuristic's move. Everything random comes from the bot's own
``random.Random``, so with an iteration budget the same view and seed always give the same
choice. A time budget (``seconds``) ends the search by the clock and is therefore not
reproducible.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.bots.base import Bot, Budget
from stammtisch.bots.heuristic_bot import best_index
from stammtisch.bots.heuristics import GameHeuristic
from stammtisch.bots.profile import SearchSettings, profile_for
from stammtisch.bots.values import win_shares
from stammtisch.core.game import Game, State

DEFAULT_ITERATIONS = 400


class _Node:
    __slots__ = ("avail", "children", "points", "prior", "totals", "visits")

    def __init__(self, seats: int, prior: float) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.prior = prior
        self.totals = [0.0] * seats
        self.points = 0.0  # observer's game points at the end of the rollouts through here


@dataclass(frozen=True)
class ActionStats:
    """What the search learnt about one root action."""

    action: Any
    visits: int
    value: float  # mean value for the searching seat (win estimate, 0..1)
    points: float  # mean game points of the searching seat at the end of its rollouts
    prior: float = 0.0  # the heuristic's prior for the action


def softmax(values: Sequence[float], temperature: float) -> list[float]:
    """Probabilities proportional to ``exp(v / temperature)`` (stable for large values)."""
    top = max(values)
    t = max(temperature, 1e-9)
    weights = [math.exp((v - top) / t) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


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
        profile = profile_for(game)
        self.settings = settings or profile.search
        self.heuristic: GameHeuristic | None = profile.heuristic
        self.iterations_done = 0
        self.depth = self.settings.rollout_depth
        temp = self.settings.prior_temperature
        if temp is None:
            temp = self.heuristic.temperature if self.heuristic is not None else 1.0
        self.temperature = temp

    def _horizon(self, view: Mapping[str, Any]) -> int | None:
        """Rollout length: the setting, cut at the game's natural cut point if it is nearer."""
        depth = self.settings.rollout_depth
        if self.heuristic is not None:
            h = self.heuristic.horizon(view)
            if h is not None:
                return h if depth is None else min(h, depth)
        return depth

    def _keys(self, legal: Sequence[Any]) -> list[Any]:
        """The tree's keys of ``legal`` (see ``GameHeuristic.action_keys``)."""
        if self.heuristic is None:
            return list(legal)
        return self.heuristic.action_keys(legal)

    def priors(self, view: Mapping[str, Any], legal: Sequence[Any]) -> list[float]:
        """The heuristic's ranking of ``legal`` as probabilities (uniform without one)."""
        if self.heuristic is None or len(legal) == 1:
            return [1.0 / len(legal)] * len(legal)
        return softmax(self.heuristic.action_values(view, legal), self.temperature)

    def state_priors(self, state: State[Any], player: int, legal: Sequence[Any]) -> list[float]:
        """``priors`` of ``player``'s view of ``state``."""
        if self.heuristic is None or len(legal) == 1:
            return [1.0 / len(legal)] * len(legal)
        return softmax(self.heuristic.state_values(state, player, legal), self.temperature)

    # --- public -----------------------------------------------------------------------
    def search(self, view: Mapping[str, Any], legal: Sequence[Any]) -> list[ActionStats]:
        """Run the budget from ``view``; statistics for every action in ``legal``."""
        iterations = self.budget.iterations
        seconds = self.budget.seconds
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if self.heuristic is not None:
            fast = self.heuristic.compiled_search(
                self.game, view, legal, self.seat, self.settings, self.temperature,
                self._horizon(view), iterations, seconds, self.rng,
            )  # fmt: skip
            if fast is not None:
                self.iterations_done, rows = fast
                return [
                    ActionStats(a, v, t / v, pts / v, pr) if v else ActionStats(a, 0, 0.0, 0.0, pr)
                    for a, (v, t, pts, pr) in zip(legal, rows, strict=True)
                ]
        n = self.game.num_players
        root = _Node(n, 1.0)
        keys = self._keys(legal)
        for key, p in zip(keys, self.priors(view, legal), strict=True):
            root.children[key] = _Node(n, p)
        deadline = None if seconds is None else time.perf_counter() + seconds
        self.depth = self._horizon(view)
        sample = (self.heuristic or GameHeuristic()).sampler(self.game, view)
        done = 0
        while True:
            if iterations is not None and done >= iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            self._iterate(root, sample)
            done += 1
        self.iterations_done = done
        out: list[ActionStats] = []
        for action, key in zip(legal, keys, strict=True):
            child = root.children[key]
            if child.visits == 0:
                out.append(ActionStats(action, 0, 0.0, 0.0, child.prior))
            else:
                out.append(
                    ActionStats(
                        action,
                        child.visits,
                        child.totals[self.seat] / child.visits,
                        child.points / child.visits,
                        child.prior,
                    )
                )
        return out

    # --- one iteration ----------------------------------------------------------------
    def _iterate(self, root: _Node, sample: Callable[[random.Random], State[Any]]) -> None:
        state = sample(self.rng)
        node = root
        path = [root]
        c = self.settings.exploration
        seats = len(root.totals)
        keys_of = self._keys
        sqrt = math.sqrt
        split = self.heuristic if self.settings.split_hands else None
        plies = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            player = state.current_player
            assert player is not None
            if split is not None and node is not root:
                # The mover knows its own hand: below the root, its choices are its own per
                # hand (``split_hands``), so the node is the mover's information set.
                info = split.information_key(state, player)
                if info is not None:
                    sub = node.children.get(info)
                    if sub is None:
                        sub = node.children[info] = _Node(seats, 1.0)
                    node = sub
                    path.append(node)
            keys = keys_of(legal)
            children = node.children
            try:
                kids = [children[key] for key in keys]
            except KeyError:
                # Actions first met in this determinization get their prior from the
                # view of the seat to move in it (an opponent's view holds a guessed hand).
                priors = self.state_priors(state, player, legal)
                for k, p in zip(keys, priors, strict=True):
                    if k not in children:
                        children[k] = _Node(seats, p)
                kids = [children[key] for key in keys]
            fpu = node.totals[player] / node.visits if node.visits else 0.5
            total_prior = 0.0
            for ch in kids:
                ch.avail += 1
                total_prior += ch.prior
            best = 0
            best_child: _Node | None = None
            best_score = -math.inf
            for i, ch in enumerate(kids):
                visits = ch.visits
                q = ch.totals[player] / visits if visits else fpu
                score = q + c * (ch.prior / total_prior) * sqrt(ch.avail) / (1 + visits)
                if score > best_score:
                    best_score = score
                    best = i
                    best_child = ch
            assert best_child is not None
            node = best_child
            state = state.apply_unchecked(legal[best], events=False)
            path.append(node)
            plies += 1
            if node.visits == 0:
                break
        depth = None if self.depth is None else max(0, self.depth - plies)
        values, points = self._rollout(state, depth)
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
                # The scores first: the rollout's state is its own, so they may read it in
                # whatever form is cheapest (a compiled state turns pure once, and the
                # evaluation then reads the pure fields without a copy).
                points = float(state.scores()[self.seat])
                if self.heuristic is not None:
                    return self.heuristic.evaluate_state(state), points
                return GameHeuristic().evaluate_state(state), points
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif heuristic is None or rng.random() < eps:
                action = legal[rng.randrange(len(legal))]
            else:
                player = state.current_player
                assert player is not None
                action = legal[best_index(heuristic.state_values(state, player, legal), rng)]
            state = state.apply_unchecked(action, events=False)
            steps += 1
        returns = state.returns()
        scores = state.scores()
        if self.heuristic is not None:
            return self.heuristic.terminal_value(returns, scores), float(scores[self.seat])
        return win_shares(returns), float(scores[self.seat])


class ISMCTSBot(Bot):
    """Plays the root action the search visited most (ties: higher prior, then value)."""

    kind = "ismcts"

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        rng: random.Random,
        budget: Budget | None = None,
        settings: SearchSettings | None = None,
    ) -> None:
        super().__init__(game, seat, rng, budget)
        self.settings = settings  # None: the game profile's search settings
        self.last_stats: list[ActionStats] = []
        self.last_iterations = 0

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        search = ISMCTS(self.game, self.seat, self.rng, self.budget, self.settings)
        stats = search.search(view, legal)
        self.last_stats = stats
        self.last_iterations = search.iterations_done
        keys = [s.visits + 1e-3 * s.prior + 1e-6 * s.value for s in stats]
        return legal[best_index(keys, self.rng)]
