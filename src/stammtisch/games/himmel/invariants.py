"""Himmel's invariants (``HimmelState.check_invariants``): the 85 cards all in one place,
hands sorted and refilled, piles rising below their targets, results and knowledge true."""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from stammtisch.games.himmel import knowledge as kn
from stammtisch.games.himmel.cards import FULL_DECK, HAND_SIZE, NUM_CARDS, NUM_NUMBERS

if TYPE_CHECKING:
    from stammtisch.games.himmel.state import HimmelState

SORTED_DECK = sorted(FULL_DECK)


def check(state: HimmelState) -> None:
    """Raise ``AssertionError`` if ``state`` breaks one of the invariants."""
    cards = list(state.deck)
    for group in (*state.hands, *state.targets, *state.piles, *state.penalty):
        cards.extend(group)
    assert len(cards) == NUM_CARDS, f"{len(cards)} cards instead of {NUM_CARDS}"
    assert sorted(cards) == SORTED_DECK, "the cards are not the 85 of the pack"
    for h in state.hands:
        assert len(h) <= HAND_SIZE, f"a hand holds {len(h)} cards"
        assert list(h) == sorted(h), "a hand is not kept sorted"
    for p in range(2):
        stack = state.targets[p] + state.piles[p]
        assert all(c <= NUM_NUMBERS for c in stack), "a special card lies on a pile"
        ts, pile = state.targets[p], state.piles[p]
        assert all(a < b for a, b in pairwise(ts)), "targets not rising"
        assert all(a < b for a, b in pairwise(pile)), "pile not rising"
        if pile:
            assert ts and pile[-1] < ts[-1], "a pile card is not below its target"
    assert state.marker in (0, 1) and state.direction in (1, -1)
    assert len(state.results) == state.game_no + (state.current is None)
    for row in state.results:
        assert len(row) == state.n and sum(row) <= NUM_CARDS
    if state.current is None:
        assert state.results, "a finished match has results"
        assert list(state.results[-1]) == [len(p) for p in state.penalty], (
            "penalty points differ from the penalty piles"
        )
    else:
        assert 0 <= state.current < state.n
        assert state.targets[0] and state.targets[1], "a pile has no target"
        if state.deck:
            assert all(len(h) == HAND_SIZE for h in state.hands), "hands not refilled"
    kn.check_facts(state.known, state.hands, state.deck)
