"""Helpers every game's position reader and ``sample_state`` share.

A position reader (``games/<g>/position.py``) reads JSON inside :func:`reading`, so a
missing key or a wrong type becomes one :class:`PositionError` that names the game, and
returns :func:`checked` (the state's invariants, broken ones reported as a
:class:`PositionError` too). ``sample_state`` (``games/<g>/sample.py``) counts the cards a
seat cannot see with :func:`rest_of_pack` and deals them from :func:`shuffled_rest`.

>>> sorted(rest_of_pack([1, 1, 2, 3], [[1], [3]]).elements())
[1, 2]
>>> rest_of_pack([1, 2], [[2, 2]])
Traceback (most recent call last):
...
stammtisch.core.errors.PositionError: Invalid position: a card appears more often than the pack has it
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, TypeVar

from stammtisch.core.errors import PositionError, StammtischError
from stammtisch.core.game import State

S = TypeVar("S", bound=State[Any])

OVERFULL = "a card appears more often than the pack has it"


@contextmanager
def reading(what: str) -> Iterator[None]:
    """Turn a malformed input's ``KeyError``/``TypeError``/… into ``not a <what>: …``."""
    try:
        yield
    except PositionError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, StammtischError) as exc:
        raise PositionError(reason=f"not a {what}: {exc!r}") from exc


def checked(state: S) -> S:
    """``state`` after its invariants hold; a broken one is a :class:`PositionError`."""
    try:
        state.check_invariants()
    except AssertionError as exc:
        raise PositionError(reason=str(exc)) from exc
    return state


def rest_of_pack(
    pack: Iterable[int], groups: Iterable[Iterable[int]], overfull: str = OVERFULL
) -> Counter[int]:
    """The pack's cards less every card in ``groups``; a card named too often is an error."""
    rest = Counter(pack)
    for group in groups:
        rest.subtract(group)
    if any(v < 0 for v in rest.values()):
        raise PositionError(reason=overfull)
    return rest


def shuffled_rest(
    pack: Iterable[int],
    groups: Iterable[Iterable[int]],
    rng: random.Random,
    overfull: str = "view shows a card more often than the pack has it",
) -> list[int]:
    """The cards a seat cannot see, shuffled by ``rng``: deal them with ``pop()``."""
    pool = sorted(rest_of_pack(pack, groups, overfull).elements())
    rng.shuffle(pool)
    return pool


def check_size(pile: list[int], expected: object, what: str = "draw pile") -> None:
    """After dealing, the rest must be exactly the pile the view announced."""
    if len(pile) != int(expected):  # type: ignore[call-overload]
        raise PositionError(reason=f"hand sizes and {what} do not add up to the pack")


def view_seat(view: Mapping[str, Any], players: int) -> int | None:
    """The seat a view belongs to (``None``: a spectator), after checking it is for a game
    with ``players`` seats (call inside :func:`reading`)."""
    if int(view["players"]) != players:
        raise PositionError(reason="view is for another number of players")
    seat = view["seat"]
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < players):
        raise PositionError(reason=f"view seat {seat!r} is not a seat")
    return seat
