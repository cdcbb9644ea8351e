"""The wiring of a game package, written once (issue 24, docs/architecture.md).

A game package keeps one concept per module: ``view`` (what a seat may know), ``position``
(JSON in), ``sample`` (a full state consistent with a view), ``render`` (text) and
``events`` (what an action did, and a legal action described). Its ``Game`` and ``State``
only name those modules and inherit the methods that pass a call on:

.. code-block:: python

    class DogState(PackageState[DogAction]):
        events_module = events

    class DogGame(PackageGame[DogState]):
        view_module, position_module, sample_module, render_module = view, position, sample, render

``State.observe(seat)`` goes through the game (``game.observe(state, seat)``), so that the
state module never imports its view (no cycle state -> view). What differs between games
stays in their modules; a game that keeps everything in one file (like the test suite's toy
game) uses :class:`~stammtisch.core.game.State` and :class:`~stammtisch.core.game.Game`
directly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, cast

from stammtisch.core.events import filter_events
from stammtisch.core.game import JSON, Game, Names, State

A = TypeVar("A")
S = TypeVar("S", bound=State[Any])


class ViewModule(Protocol):
    def observe_all(self, state: Any, seats: Sequence[int | None], /) -> list[JSON]: ...


class PositionModule(Protocol):
    def read_position(self, game: Any, data: Mapping[str, Any], /) -> State[Any]: ...


class SampleModule(Protocol):
    def sample_state(self, game: Any, view: Mapping[str, Any], rng: random.Random, /) -> State[Any]: ...


class RenderModule(Protocol):
    def render(self, view: Mapping[str, Any], lang: str = ..., names: Names = ..., /) -> str: ...


class EventsModule(Protocol):
    def events_of(self, before: Any, action: Any, after: Any, /) -> list[JSON]: ...

    def describe(self, state: Any, action: Any, /) -> JSON: ...

    def card_census(self, state: Any, seat: int | None, /) -> tuple[list[str], list[str]]: ...


class PackageGame(Game[S]):
    """A game whose views, positions, samples and pictures live in its package's modules."""

    view_module: ViewModule
    position_module: PositionModule
    sample_module: SampleModule
    render_module: RenderModule

    def from_json(self, data: Mapping[str, Any]) -> S:
        """A position from ``to_json`` output or written by hand (the package's ``position``)."""
        return cast(S, self.position_module.read_position(self, data))

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> S:
        return cast(S, self.sample_module.sample_state(self, view, rng))

    def observe(self, state: S, seat: int | None) -> JSON:
        """``state.observe(seat)``, built by the package's ``view`` module."""
        return self.view_module.observe_all(state, (seat,))[0]

    def observe_all(self, state: S, seats: Sequence[int | None]) -> list[JSON]:
        return self.view_module.observe_all(state, seats)

    def render(self, view: Mapping[str, Any], lang: str = "en", names: Names = None) -> str:
        return self.render_module.render(view, lang, names)


class PackageState(State[A]):
    """A state whose views go through its game, whose events live in the package's
    ``events`` module (``events_of(before, action, after)``, ``describe``, ``card_census``)
    and whose seat to act is its ``current`` attribute."""

    game: PackageGame[Any]
    events_module: EventsModule
    current: int | None  # the seat to act, None once the game is over

    @property
    def current_player(self) -> int | None:
        return self.current

    @property
    def is_terminal(self) -> bool:
        return self.current is None

    def observe(self, seat: int | None) -> JSON:
        return self.game.observe(self, seat)

    def observe_all(self, seats: Sequence[int | None]) -> list[JSON]:
        return self.game.observe_all(self, seats)

    def _events_of(self, before: State[A], action: A) -> list[JSON]:
        return self.events_module.events_of(before, action, self)

    def describe(self, action: A) -> JSON:
        return self.events_module.describe(self, action)

    def card_census(self, seat: int | None) -> tuple[list[str], list[str]]:
        return self.events_module.card_census(self, seat)


def seat_views(
    state: State[Any], public: JSON, seats: Sequence[int | None], own: Callable[[JSON, int | None], None]
) -> list[JSON]:
    """The views of ``seats`` from the ``public`` part, built once (a view module's
    ``observe_all``): each view is its own dict (nested public values are shared) with its
    ``seat``, what only that seat may know (``own(view, seat)``; ``None`` for a spectator),
    the ``returns`` once the game is over, and the events as that seat may know them."""
    returns = state.returns() if state.is_terminal else None
    raw = state.raw_events()
    views: list[JSON] = []
    for seat in seats:
        view = dict(public)
        view["seat"] = seat
        own(view, seat)
        if returns is not None:
            view["returns"] = returns
        view["events"] = filter_events(raw, seat)
        views.append(view)
    return views
