"""The Himmel, A… und Zwirn heuristic: keep room under the targets, take while it is cheap.

Values are in penalty cards (one card = -1; HAZ-9), for the seat to move:

* **Keeping room under the targets.** A number card on a pile wastes every number between
  the pile's top and the card (they can no longer go there): ``-WASTE`` per skipped number,
  relative to how much room the pile had. Playing the card just above the top is free.
* **The marked pile.** Whatever is laid on the marked pile is laid on someone's penalty pile;
  a card there costs ``MARKED`` (the taker may be us) unless the pile is nearly closed,
  when the next player will probably have to take it.
* **When to take (HAZ-7).** Taking costs the marked pile's cards; it is worth it when every
  play wastes more than that. The new target is the highest number card in hand (the most
  room for the emptied pile); a take with an empty draw pile ends the game.
* **When to steal, turn or raise (HAZ-5).** Each special card costs one penalty card, and
  one played now is missing later, when it could spare a take of a big pile: it is priced
  at ``SPECIAL`` (2.5) cards. A steal (from the seat with the most cards) or a raise (with
  our highest card) pays when we have no cheap play; a turn only passes the problem and is
  the last resort before taking.

The constants are set by ``benchmarks/himmel_heuristic.py``: against a one-ply greedy
player, ``WASTE`` 1 and ``SPECIAL`` 2.5 win 0.567 of the deals where the first choices
(3 and 1) won 0.366.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.bots.heuristics import BotProfile, GameHeuristic, SearchSettings
from stammtisch.core.game import State
from stammtisch.games.himmel.actions import Play, Raise, Steal, Take, Turn
from stammtisch.games.himmel.cards import NUM_NUMBERS
from stammtisch.games.himmel.state import HimmelState

WASTE = 1.0  # penalty cards for wasting a pile's whole room
MARKED = 0.35  # laying a card on the marked pile
SPECIAL = 2.5  # a special card: one penalty card now, and no special card for later
STEAL_GAIN = 0.45  # a fresh card (and one less for a rival) when stuck
TURN_GAIN = 0.3
TARGET_ROOM = 0.01  # per number of room a new target opens
TAKE_TURN = 0.3  # a take also spends the turn and a hand card on the new target


def _num(text: Any) -> int | None:
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


class HimmelHeuristic(GameHeuristic):
    game = "himmel"
    score_scale = 3.0
    temperature = 0.6

    def action_values(self, view: Mapping[str, Any], legal: Sequence[Any]) -> list[float]:
        seat = int(view["seat"])
        piles = view["piles"]
        tops: list[int] = []
        targets: list[int] = []
        sizes: list[int] = []
        for p in piles:
            cards = [c for c in (_num(x) for x in p["cards"]) if c is not None]
            tops.append(cards[-1] if cards else 0)
            targets.append(_num(p["target"]) or NUM_NUMBERS + 1)
            sizes.append(len(p["cards"]) + len(p["targets"]))
        marked = 0 if view["marker"] == "A" else 1
        hand = [c for c in (_num(x) for x in view.get("hand", [])) if c is not None]
        sizes_hand = [int(x) for x in view["hand_sizes"]]
        return self._values(
            seat, tops, targets, sizes, marked, hand, int(view["deck_size"]), sizes_hand, legal
        )

    def state_values(self, state: State[Any], player: int, legal: Sequence[Any]) -> list[float]:
        # The same values as ``action_values(state.observe(player), legal)``, read straight
        # from the state (only what ``player`` sees), without building the view.
        assert isinstance(state, HimmelState)
        tops = [p[-1] if p else 0 for p in state.piles]
        targets = [t[-1] if t else NUM_NUMBERS + 1 for t in state.targets]
        sizes = [len(p) + len(t) for p, t in zip(state.piles, state.targets, strict=True)]
        hand = [c for c in state.hands[player] if c <= NUM_NUMBERS]
        sizes_hand = [len(h) for h in state.hands]
        return self._values(
            player, tops, targets, sizes, state.marker, hand, state.deck_size, sizes_hand, legal
        )

    def evaluate_state(self, state: State[Any]) -> list[float]:
        # ``evaluate`` of the spectator view: the view's scores are the state's.
        return self._lead_values([float(x) for x in state.scores()])

    def _values(
        self,
        seat: int,
        tops: list[int],
        targets: list[int],
        sizes: list[int],
        marked: int,
        hand: list[int],
        deck: int,
        sizes_hand: list[int],
        legal: Sequence[Any],
    ) -> list[float]:
        best_play = max(
            (self._play_value(a.card, a.pile, tops, targets, marked) for a in legal if isinstance(a, Play)),
            default=-10.0,
        )
        stuck = best_play < -1.0
        out: list[float] = []
        for a in legal:
            if isinstance(a, Play):
                out.append(self._play_value(a.card, a.pile, tops, targets, marked))
            elif isinstance(a, Take):
                value = -float(sizes[marked]) - TAKE_TURN
                if a.target is not None:
                    value += TARGET_ROOM * a.target
                    # Keep low cards: they fit under any target.
                    value -= 0.01 * (NUM_NUMBERS - a.target) if hand and a.target != max(hand) else 0.0
                if deck == 0:
                    value -= 0.5  # the game ends with these cards on our pile
                out.append(value)
            elif isinstance(a, Steal):
                richest = max(sizes_hand[s] for s in range(len(sizes_hand)) if s != seat)
                bonus = STEAL_GAIN if stuck else 0.0
                out.append(-SPECIAL + bonus + (0.05 if sizes_hand[a.victim] == richest else 0.0))
            elif isinstance(a, Raise):
                gain = TARGET_ROOM * (a.card - targets[a.pile]) * (2.0 if stuck else 1.0)
                out.append(-SPECIAL + gain + (0.3 if stuck and a.pile == marked else 0.0))
            elif isinstance(a, Turn):
                out.append(-SPECIAL + (TURN_GAIN if stuck else 0.0))
            else:
                out.append(-5.0)
        return out

    @staticmethod
    def _play_value(card: int, pile: int, tops: list[int], targets: list[int], marked: int) -> float:
        room = max(1, targets[pile] - tops[pile] - 1)
        skipped = card - tops[pile] - 1
        value = -WASTE * skipped / room
        if pile == marked:
            left = targets[pile] - card - 1
            # Nearly closed: the next seat will likely take it, so adding is almost free.
            value -= MARKED if left > 6 else 0.1
        return value


HEURISTIC = HimmelHeuristic()

# ``hard``: 850 iterations, about 0.36 s of CPU time per move in the match against OpenSpiel
# (benchmarks/vs_openspiel_hard_himmel.md). Exploration 0.3 rather than 1: a move changes the
# evaluation's win chances by a few hundredths, and with c = 1 the priors outweighed what the
# simulations found (benchmarks/tune_himmel_0.1_*.md: against OpenSpiel's ISMCTSBot at equal CPU).
PROFILE = BotProfile(
    HEURISTIC, SearchSettings(rollout_depth=12, exploration=0.3), hard_iterations=850, win_chance=False
)
