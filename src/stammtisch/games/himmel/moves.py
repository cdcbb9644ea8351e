"""Himmel's legal moves (HAZ-3 … HAZ-8): what the seat to move may do, from the public
piles and its own hand. A pure function of those; the state caches its result.

:func:`legal_actions` is the specification. A game uses :func:`legal_function`: the same
function compiled (``_moves.c``) where it was built, about a fifth of a random-play step.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, cast

from stammtisch.core.compiled import forced_pure
from stammtisch.games.himmel.actions import PLAYS, RAISES, STEALS, TAKE_BARE, TAKES, TURN_ACTION, Action
from stammtisch.games.himmel.cards import NUM_NUMBERS, RAISE, STEAL, TURN

PLAY_A = tuple(p[0] for p in PLAYS)  # PLAY_A[c]: play c on pile A
PLAY_B = tuple(p[1] for p in PLAYS)
RAISE_A, RAISE_B = RAISES

Pair = tuple[tuple[int, ...], tuple[int, ...]]  # one tuple of cards per pile (A, B)


def legal_actions(
    hands: Sequence[tuple[int, ...]], seat: int | None, targets: Pair, piles: Pair, deck_size: int
) -> list[Action]:
    """The legal actions of ``seat`` (none when the match is over); hands are sorted."""
    if seat is None:
        return []
    hand = hands[seat]
    if not hand:
        return [TAKE_BARE]  # HAZ-8
    ta, tb = targets
    t0 = ta[-1]
    t1 = tb[-1]
    p0, p1 = piles
    lo0 = p0[-1] if p0 else 0  # HAZ-3: an empty pile has no lower bound
    lo1 = p1[-1] if p1 else 0
    # Plain loops: they beat map(), bisect and comprehensions on five cards; ``a < c and
    # c < b`` runs fewer bytecodes than ``a < c < b``.
    acts: list[Action] = []
    if hand[-1] <= NUM_NUMBERS:  # numbers only (two hands in three)
        for c in hand:
            if lo0 < c and c < t0:
                acts.append(PLAY_A[c])
            if lo1 < c and c < t1:
                acts.append(PLAY_B[c])
        if deck_size:
            for c in hand:
                acts.append(TAKES[c])
        else:
            acts.append(TAKE_BARE)
        return acts
    takes: list[Action] = []
    for c in hand:
        if c > NUM_NUMBERS:
            break  # hands are sorted: the special cards come last
        if lo0 < c and c < t0:
            acts.append(PLAY_A[c])
        if lo1 < c and c < t1:
            acts.append(PLAY_B[c])
        takes.append(TAKES[c])
    if TURN in hand:
        acts.append(TURN_ACTION)
    if STEAL in hand:
        # HAZ-5: only an opponent with at least one hand card can be robbed.
        for v in range(len(hands)):
            if v != seat and hands[v]:
                acts.append(STEALS[v])
    if hand[-1] == RAISE:  # the highest card
        for c in hand:
            if c > t0 and c <= NUM_NUMBERS:
                acts.append(RAISE_A[c])
        for c in hand:
            if c > t1 and c <= NUM_NUMBERS:
                acts.append(RAISE_B[c])
    # HAZ-4/HAZ-7: taking is always allowed; the taker names the new target from hand
    # unless the draw pile is empty (the game ends) or the hand has no number card.
    if takes and deck_size:
        acts += takes
    else:
        acts.append(TAKE_BARE)
    return acts


# The compiled move generator (_moves.c), a port of legal_actions above: optional (not
# built without a C compiler), and off when STAMMTISCH_PURE is set as a game is created.
try:  # imported by name so that this module does not import its own package
    _ext: Any = importlib.import_module("stammtisch.games.himmel._moves")
except ImportError:
    _ext = None
if _ext is not None and getattr(_ext, "API", 0) != 2:  # an older build left in place
    _ext = None
if _ext is not None:
    _ext.bind(PLAY_A, PLAY_B, TAKES, RAISE_A, RAISE_B, STEALS, TURN_ACTION, TAKE_BARE, legal_actions)

LegalFunction = Callable[[Sequence[tuple[int, ...]], int | None, Pair, Pair, int], list[Action]]


def compiled_module() -> Any:
    """The compiled module (``_moves.c``: move generator and shuffle), ``None`` if not built."""
    return _ext


def compiled_available() -> bool:
    """Whether the compiled move generator was built and imports."""
    return _ext is not None


def legal_function() -> LegalFunction:
    """The move generator a game created now uses: the compiled one unless it is not built
    or ``STAMMTISCH_PURE`` is set; both give the same actions in the same order."""
    if _ext is None or forced_pure():
        return legal_actions
    return cast(LegalFunction, _ext.legal)


def describe() -> str:
    """One line for ``stammtisch info himmel``: the move generator in use."""
    if _ext is None:
        return "pure Python (compiled move generator not built, or built from an older _moves.c)"
    if forced_pure():
        return "pure Python (STAMMTISCH_PURE is set; compiled move generator available)"
    return "pure Python rules with the compiled move generator and shuffle (games/himmel/_moves.c)"
