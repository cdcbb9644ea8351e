"""The Zwickern heuristic: points now, minus the points a laid card offers the others.

Strategy (values are in card points, ZW-8):

* **Capture value.** A capture is worth the card points it takes (the played card
  included) plus ``CARD_WEIGHT`` per card, because the most-cards bonus (+10) goes to the
  biggest pile.
* **Keep the Joker for a big table.** A Joker sweep is worth the table; playing it also
  spends a card that could sweep a bigger table later. That option is priced at
  ``JOKER_KEEP`` points, shrinking to 0 when the round is nearly over (a Joker still in hand
  at the end is worth nothing). A Joker on an empty table is almost always a waste.
* **The final sweep (ZW-7).** Once the draw pile is empty, the last capturer gets what lies
  on the table. A capture then also earns the points left on the table, weighted by the
  chance that nobody captures after us (fewer cards left in the other hands, better).
* **Do not lay what the others can capture.** Laying a card costs its points (and one card
  toward the bonus) times the chance that an opponent holds a card of its rank — estimated
  from the unseen cards of that rank and the hand sizes of the opponents that may hold one
  (a hand that laid a card while that rank lay on the table holds none: ZW-5) — or a Joker,
  which would take the card along with the rest of the table. A rank whose other cards are
  all seen is safe to lay; a rank of which we hold a second card is a trap we can spring
  ourselves.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from stammtisch.bots import zwickern_search
from stammtisch.bots.heuristics import BotProfile, GameHeuristic, SearchSettings
from stammtisch.core.game import Game, State
from stammtisch.games.zwickern.actions import PlayCard
from stammtisch.games.zwickern.cards import CARD_POINTS, JOKER, parse_card
from stammtisch.games.zwickern.position import parse_lacks
from stammtisch.games.zwickern.state import ZwickernState

CARD_WEIGHT = 0.6  # points per captured card, for the most-cards bonus
JOKER_KEEP = 9.0  # what an unused Joker early in a round is expected to sweep later
ROUND_CARDS = 26  # cards dealt to the hands in a round (34 minus the 4 on the table, minus 4)


def _chance_any(k: int, hidden_total: int, holding: int) -> float:
    """Chance that ``holding`` of ``hidden_total`` unseen cards include one of ``k`` given cards."""
    if k <= 0 or holding <= 0 or hidden_total <= 0:
        return 0.0
    p_none = 1.0
    for i in range(min(holding, hidden_total)):
        p_none *= max(0.0, (hidden_total - k - i) / (hidden_total - i))
    return 1.0 - p_none


ROUND_SD = 20.0  # logistic scale of one round's point margin (its spread, roughly)


class ZwickernHeuristic(GameHeuristic):
    """See the module docstring. Search cuts rollouts at the end of the current round (the
    next round is a fresh shuffle) and values the match points then: the lead, against the
    spread of the rounds still to come."""

    game = "zwickern"
    score_scale = 12.0
    score_weight = 0.25
    # The strategy's constants (module docstring); an instance may set its own
    # (``ZwickernHeuristic(joker_keep=6.0)``, for benchmarks/zwickern_heuristic.py). The compiled
    # search has the defaults built in (bots/_zwickern.h): it runs only for those.
    card_weight = CARD_WEIGHT
    joker_keep = JOKER_KEEP
    round_cards = ROUND_CARDS
    pair_bonus = 0.4  # laying one of two cards of a rank: the share of a capture to come
    sweep_stay = 0.75  # per card in the other hands: the chance nobody captures again
    endgame_lay = 0.5  # at the end, laying a card while we own the sweep: the share it keeps

    CONSTANTS = ("card_weight", "joker_keep", "round_cards", "pair_bonus", "sweep_stay", "endgame_lay")

    def __init__(self, **constants: float) -> None:
        for name, value in constants.items():
            if name not in self.CONSTANTS:
                raise ValueError(f"unknown constant {name!r}; known: {', '.join(self.CONSTANTS)}")
            setattr(self, name, float(value))

    def default_constants(self) -> bool:
        """Whether every constant is the built-in one (what the compiled search knows)."""
        return all(getattr(self, n) == getattr(ZwickernHeuristic, n) for n in self.CONSTANTS)

    def horizon(self, view: Mapping[str, Any]) -> int | None:
        # Every card in a hand or in the pile is still to be played this round.
        return sum(int(x) for x in view["hand_sizes"]) + int(view["deck_size"])

    def evaluate(self, view: Mapping[str, Any]) -> list[float]:
        return self._round_end_values(
            [float(x) for x in view["scores"]], int(view["round"]), int(view["rounds"])
        )

    @staticmethod
    def _round_end_values(scores: Sequence[float], round_: int, rounds: int) -> list[float]:
        rounds_left = max(1, rounds - round_)
        scale = ROUND_SD * math.sqrt(rounds_left)
        out = []
        for i, s in enumerate(scores):
            best_other = max(x for j, x in enumerate(scores) if j != i)
            out.append(1.0 / (1.0 + math.exp(-(s - best_other) / scale)))
        return out

    def action_values(self, view: Mapping[str, Any], legal: Sequence[Any]) -> list[float]:
        seat = int(view["seat"])
        cards = [action.card if isinstance(action, PlayCard) else int(action) for action in legal]
        return self._values(
            seat,
            [parse_card(c) for c in view.get("hand", [])],
            [parse_card(c) for c in view["table"]],
            [[parse_card(c) for c in pile] for pile in view["captured"]],
            [int(x) for x in view["hand_sizes"]],
            int(view["deck_size"]),
            view.get("last_capturer"),
            cards,
            parse_lacks(view.get("lacks", [[]] * len(view["hand_sizes"])), len(view["hand_sizes"])),
        )

    def state_values(self, state: State[Any], player: int, legal: Sequence[Any]) -> list[float]:
        # The same values as ``action_values(state.observe(player), legal)``, read straight
        # from the state (only what ``player`` sees), without building the view.
        assert isinstance(state, ZwickernState)
        return self._values(
            player,
            state.hands[player],
            state.table,
            state.captured,
            [len(h) for h in state.hands],
            len(state.deck),
            state.last_capturer,
            [action.card for action in legal],
            state.lacks,
        )

    def information_key(self, state: State[Any], player: int) -> Hashable | None:
        assert isinstance(state, ZwickernState)
        return ("hand", tuple(sorted(state.hands[player])))

    def compiled_in_use(self) -> bool:
        return zwickern_search.in_use()

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
        # The C port of this heuristic and of the search (stammtisch.bots.zwickern_search),
        # which knows the built-in constants only.
        if not self.default_constants():
            return None
        found = zwickern_search.search(
            game, view, seat, settings, temperature, horizon, iterations, seconds, rng,
            self.score_weight, self.score_scale,
        )  # fmt: skip
        if found is None:
            return None
        done, rows = found
        try:
            return done, [rows[action.card] for action in legal]
        except KeyError:  # not the moves the port found: let the Python search run
            return None

    def evaluate_state(self, state: State[Any]) -> list[float]:
        assert isinstance(state, ZwickernState)
        return self._round_end_values(state.scores(), state.round, state.game.rounds)

    def _values(
        self,
        seat: int,
        hand: Sequence[int],
        table: Sequence[int],
        captured: Sequence[Sequence[int]],
        sizes: Sequence[int],
        deck: int,
        last: Any,
        cards: Sequence[int],
        lacks: Sequence[int],
    ) -> list[float]:
        # Cards of each rank this seat has seen (own hand, table, capture piles); Jokers apart.
        rank_seen = [0] * 8
        jokers_seen = 0
        for group in (hand, table, *captured):
            for c in group:
                if c == JOKER:
                    jokers_seen += 1
                else:
                    rank_seen[c >> 2] += 1
        others_hold = sum(sizes) - sizes[seat]
        hidden = others_hold + deck
        unseen_jokers = 2 - jokers_seen
        table_points = sum(CARD_POINTS[c] for c in table)
        endgame = deck == 0
        card_weight = self.card_weight
        # How much of the round is still to come, for the Joker's option value.
        to_come = min(1.0, (deck + len(hand) - 1) / self.round_cards)
        p_joker_out = _chance_any(unseen_jokers, hidden, others_hold)
        # After a capture near the end, will anybody capture again before the sweep?
        p_keep_sweep = self.sweep_stay**others_hold if endgame else 0.0

        values: list[float] = []
        for card in cards:
            if card == JOKER:
                values.append(self._joker(table, table_points, to_come, hand))
                continue
            r = card >> 2
            taken = [c for c in table if c != JOKER and c >> 2 == r]
            if taken:
                gain = float(sum(CARD_POINTS[c] for c in taken) + CARD_POINTS[card])
                gain += card_weight * (len(taken) + 1)
                left = table_points - sum(CARD_POINTS[c] for c in taken)
                gain += left * p_keep_sweep
                values.append(gain)
                continue
            # Laying the card: what it may hand to an opponent.
            unseen_rank = 4 - rank_seen[r]
            # A hand that has shown it holds no card of this rank (ZW-5) cannot take it.
            lacking = sum(size for o, size in enumerate(sizes) if o != seat and lacks[o] >> r & 1)
            p_rank = _chance_any(unseen_rank, hidden - lacking, others_hold - lacking)
            exposure = CARD_POINTS[card] + card_weight
            risk = max(p_rank, p_joker_out)
            value = -exposure * risk
            if hand.count(card) == 1 and sum(1 for c in hand if c != JOKER and c >> 2 == r) > 1:
                # We hold another card of this rank: we may take it back with a bonus card.
                value += self.pair_bonus * (exposure + card_weight) * (1.0 - p_rank)
            if endgame:
                # Whatever lies on the table at the end goes to the last capturer.
                owner_is_us = last == seat
                value += (CARD_POINTS[card] * self.endgame_lay) if owner_is_us else 0.0
            values.append(value - 0.01 * CARD_POINTS[card])
        return values

    def _joker(self, table: Sequence[int], table_points: int, to_come: float, hand: Sequence[int]) -> float:
        if not table:
            return -self.joker_keep - 2.0
        only_jokers = all(c == JOKER for c in hand)
        keep = 0.0 if only_jokers else self.joker_keep * to_come
        gain = table_points + self.card_weight * (len(table) + 1)
        return gain - keep


HEURISTIC = ZwickernHeuristic()

# ``hard``: 1150 iterations, about 0.5 s of CPU time per move (benchmarks/vs_openspiel_hard_zwickern.md).
# Exploration 0.3 as in Himmel: a move shifts the win chance by a few hundredths, and with c = 1
# the priors drown what the simulations find. Rollouts run to the end of the round and play the
# heuristic's move every time (epsilon 0, no random moves), which measured stronger: at 0.1 s per
# move against OpenSpiel's ISMCTSBot over the same 50 deals, 0.590 against the profile's 0.500
# (paired +0.090 [0.018, 0.162], benchmarks/tune_zwickern_0.1_more.md); run again, 0.550
# (tune_zwickern_0.1_eps0b.md). With prior temperature 1 as well: 0.535.
PROFILE = BotProfile(
    HEURISTIC,
    SearchSettings(exploration=0.3, epsilon=0.0, rollout_depth=None),
    hard_iterations=1150,
    win_chance=False,
    # The compiled search (stammtisch.bots.zwickern_search) in the same CPU time per move:
    # against ISMCTSBot 0.527 over 200 games (benchmarks/vs_openspiel_hard_zwickern_compiled*.md).
    compiled_hard_iterations=140_000,
)
