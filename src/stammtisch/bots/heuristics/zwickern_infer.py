"""Reading the other hands from the plays since the deal: the Zwickern search's inference.

Every card is played open, so everyone at the table has seen the plays since the hands were
last filled (the view's ``plays``). Which card a player chose says something about the cards
it kept: who lays an Ace while the table offers nothing probably held nothing cheaper to lay.
With ``SearchSettings.infer_temperature`` set, the search weighs each dealing of the other
hands by the chance of those plays with it: the position is wound back to the deal (each
hand then is what it holds now plus what it played), the plays are replayed, and each other
player's choice gets the heuristic's softmax at that temperature, mixed with a small chance
of any legal card (``EPSILON``: nobody plays by the book). Dealings are drawn once
(``CANDIDATES`` of them, uniformly among those that fit the view, as ``sample_state``
deals) and then picked by weight, each time with the pile shuffled afresh: the pile is luck,
not something the plays tell.

This is the specification; the compiled search (``bots/_zwickern_search.c``, ``infer_hands``)
does the same with more candidates, and tests/bots/test_zwickern_infer.py checks that both
give every dealing the same weight.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Callable, Mapping
from itertools import accumulate
from typing import Any

from stammtisch.core.rng import Rng
from stammtisch.games.zwickern.actions import PLAYS
from stammtisch.games.zwickern.state import ZwickernState

CANDIDATES = 256  # dealings drawn per search (the compiled search draws 2048)
EPSILON = 0.05  # the model's share of a uniform choice among the legal cards


def softmax(values: list[float], temperature: float) -> list[float]:
    t = max(temperature, 1e-9)
    top = max(values)
    exps = [math.exp((v - top) / t) for v in values]
    total = sum(exps)
    return [e / total for e in exps]


def log_likelihood(state: ZwickernState, me: int, temperature: float, heuristic: Any) -> float:
    """log P(the other seats' plays since the deal | the hands ``state`` deals them), with
    ``heuristic.state_values`` as the model of their choices; ``-inf`` when a play was not
    legal with those hands."""
    plays = state.plays
    hands = [list(h) for h in state.hands]
    table = list(state.table)
    captured = [list(p) for p in state.captured]
    captures = False
    for seat, card, taken in reversed(plays):  # wind back to the deal
        hands[seat].append(card)
        if taken:
            captures = True
            for c in (card, *taken):
                captured[seat].remove(c)
            table.extend(taken)
        else:
            if card not in table:
                return -math.inf
            del table[len(table) - 1 - table[::-1].index(card)]
    q = ZwickernState(state.game)
    q.dealer, q.round, q.deck = state.dealer, state.round, state.deck
    q.hands, q.table, q.captured = hands, table, [tuple(p) for p in captured]
    q.match_points, q.round_results = state.match_points, state.round_results
    q.last_capturer = None if captures else state.last_capturer  # before the deal: unknown
    total = 0.0
    for seat, card, _ in plays:
        q.current = seat
        q._legal = None
        legal = q.legal_actions()
        if seat != me:
            cards = [a.card for a in legal]
            if card not in cards:
                return -math.inf
            if len(cards) > 1:
                p = softmax(heuristic.state_values(q, seat, legal), temperature)[cards.index(card)]
                total += math.log((1.0 - EPSILON) * p + EPSILON / len(cards))
        q._apply_in_place(PLAYS[card])
    return total


def worth_weighing(view: Mapping[str, Any]) -> bool:
    """Whether another seat played since the deal and still holds cards."""
    seat = view.get("seat")
    sizes = view["hand_sizes"]
    return any(p["seat"] != seat and sizes[p["seat"]] > 0 for p in view.get("plays") or ())


def weighted_sampler(
    view: Mapping[str, Any],
    sample: Callable[[random.Random], ZwickernState],
    temperature: float,
    heuristic: Any,
) -> Callable[[random.Random], ZwickernState]:
    """``sample`` (uniform dealings that fit the view), weighed by the plays since the deal."""
    me = int(view["seat"])
    pool: list[ZwickernState] = []
    cum: list[float] = []
    drawn = False

    def weighted(rng: random.Random) -> ZwickernState:
        nonlocal drawn, pool, cum
        if not drawn:
            drawn = True
            pool = [sample(rng) for _ in range(CANDIDATES)]
            logw = [log_likelihood(s, me, temperature, heuristic) for s in pool]
            top = max(logw)
            if top == -math.inf:  # no dealing explains the plays: weigh none
                pool = []
            else:
                cum = list(accumulate(math.exp(w - top) for w in logw))
        if not pool:
            return sample(rng)
        s = pool[bisect.bisect_right(cum, rng.random() * cum[-1])].clone()
        deck = s.deck[:]
        rng.shuffle(deck)
        s.deck = deck
        s.rng = Rng(rng.getrandbits(64))
        return s

    return weighted
