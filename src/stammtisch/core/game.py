"""The game protocol that every stammtisch game implements.

Modelled on OpenSpiel's ``pyspiel.Game``/``State``: one :class:`Game` object per rules
variant (name + options) creates :class:`State` objects. States are immutable from the
outside: :meth:`State.apply` returns a new state and leaves the old one unchanged.

Conventions
-----------
* Seats are ``0 .. num_players-1``. ``current_player`` is a seat, or ``None`` once the
  game is over (there are no explicit chance nodes: shuffles use the state's own
  :class:`~stammtisch.core.rng.Rng`, which is part of the hidden state).
* ``legal_actions()`` comes from one generator per game, in a deterministic order.
* ``apply`` validates (illegal moves raise :class:`IllegalActionError` and change
  nothing); ``apply_unchecked`` trusts its input and is for callers that took the action
  from ``legal_actions()`` themselves (bots, search, simulations).
* ``observe(seat)`` is the only way hidden information leaves the engine: a JSON-ready dict
  with exactly what that seat may know; ``observe(None)`` is the spectator's view.
* ``events(seat)`` tells what the last applied action did, filtered for that seat the same
  way (:mod:`stammtisch.core.events`; views carry them as ``"events"``); ``describe(action)``
  gives a legal action as structured JSON in the same terms, so no front end reads notation.
* ``to_json()`` holds everything (hidden cards, RNG state) so that ``Game.from_json``
  resumes the game exactly.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from stammtisch.core.errors import GameOverError, IllegalActionError, OptionError, PositionError
from stammtisch.core.events import filter_events
from stammtisch.core.rng import Rng

JSON = dict[str, Any]
#: The seats' names as the players see them (nicknames, bot names; None for a seat without
#: one, which is then "Player 2"): see :mod:`stammtisch.core.words`.
Names = Sequence[str | None] | None


def _data_text(value: Any) -> str:
    """An option value as written in data and on the command line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True)
class OptionSpec:
    """One documented option of a game (the rulings' house-rule switches)."""

    name: str
    type: type
    default: Any
    doc: str
    allowed: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    #: A seat number (``-1``: drawn from the seed); checked against ``players`` by
    #: :class:`Game` and read with :meth:`Game.seat_option`.
    seat: bool = False

    def allowed_text(self) -> str:
        """The allowed values as data, the same in every language ("2, 3, 4", "true, false",
        "1..8"); :meth:`error` words them for players."""
        if self.allowed is not None:
            return ", ".join(_data_text(a) for a in self.allowed)
        if self.type is bool:
            return "true, false"
        if self.minimum is not None or self.maximum is not None:
            lo = "" if self.minimum is None else str(self.minimum)
            hi = "" if self.maximum is None else str(self.maximum)
            return f"{lo}..{hi}"
        return {int: "a whole number", float: "a number", str: "text"}.get(self.type, self.type.__name__)

    def error(self, game: str, value: Any) -> OptionError:
        """The error for a value this option cannot take, the allowed values in the
        player's words where the catalogue has them."""
        words: str | None = None
        params: dict[str, Any] = {}
        if self.allowed is None:  # a list of values is its own words
            if self.seat and self.maximum is not None:
                words, params = "option_allowed_seat", {"hi": self.maximum}
            elif self.type is bool:
                words = "option_allowed_bool"
            elif self.minimum is not None and self.maximum is not None:
                words, params = "option_allowed_range", {"lo": self.minimum, "hi": self.maximum}
            elif self.type in (int, float, str):
                words = f"option_allowed_{self.type.__name__}"
        return OptionError(
            "bad_option_value",
            allowed_words=words,
            allowed_params=params,
            game=game,
            option=self.name,
            value=value,
            allowed=self.allowed_text(),
        )

    def coerce(self, game: str, value: Any) -> Any:
        """Check (and, for text from a command line, convert) one option value."""
        v = value
        if isinstance(v, str) and self.type is not str:
            if self.type is bool:
                low = v.strip().lower()
                if low in ("true", "1", "yes", "on", "ja"):
                    v = True
                elif low in ("false", "0", "no", "off", "nein"):
                    v = False
            elif self.type is int:
                try:
                    v = int(v)
                except ValueError:
                    pass
        ok = isinstance(v, self.type) and not (self.type is int and isinstance(v, bool))
        if ok and self.allowed is not None and v not in self.allowed:
            ok = False
        if ok and self.minimum is not None and v < self.minimum:
            ok = False
        if ok and self.maximum is not None and v > self.maximum:
            ok = False
        if not ok:
            raise self.error(game, value)
        return v


@dataclass(frozen=True)
class GameInfo:
    """What a front end needs to know about a game before creating one."""

    name: str
    title: Mapping[str, str]  # language -> display name
    version: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = ()
    description: Mapping[str, str] = field(default_factory=dict)

    def option(self, name: str) -> OptionSpec | None:
        for spec in self.options:
            if spec.name == name:
                return spec
        return None

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults filled in, unknown names and bad values rejected with a clear error."""
        names = [o.name for o in self.options]
        for key in given:
            if key not in names:
                raise OptionError(
                    "unknown_option",
                    game=self.name,
                    option=key,
                    available=", ".join(names) or "-",
                )
        out: dict[str, Any] = {}
        for spec in self.options:
            out[spec.name] = spec.coerce(self.name, given[spec.name]) if spec.name in given else spec.default
        return out

    def to_json(self) -> JSON:
        return {
            "name": self.name,
            "title": dict(self.title),
            "version": self.version,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "description": dict(self.description),
            "options": [
                {
                    "name": o.name,
                    "type": o.type.__name__,
                    "default": o.default,
                    "doc": o.doc,
                    "allowed": list(o.allowed) if o.allowed is not None else None,
                    "minimum": o.minimum,
                    "maximum": o.maximum,
                }
                for o in self.options
            ],
        }


A = TypeVar("A")
S = TypeVar("S", bound="State[Any]")


class State(ABC, Generic[A]):
    """One position of a game. Subclasses implement the abstract methods."""

    game: Game[Any]

    # What the last applied action did (see ``events``). Class-level defaults: a state made
    # any other way (new game, clone, from JSON) has no events. ``_origin`` is the state
    # before the action (a clone of it, so that no chain of earlier states is kept alive)
    # and the action; the raw events are worked out from it only when somebody asks.
    _origin: tuple[State[Any], Any] | None = None
    _events_raw: list[JSON] | None = None

    # --- to implement -----------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[A]:
        """All legal actions of the current player, in a deterministic order."""

    @abstractmethod
    def _apply_in_place(self, action: A) -> None:
        """Play ``action`` on this (freshly cloned) state. Trusts its input."""

    @abstractmethod
    def clone(self: S) -> S:
        """A deep copy that shares nothing mutable with this state."""

    @abstractmethod
    def returns(self) -> list[float]:
        """One reward per seat (0 for every seat while the game runs)."""

    @abstractmethod
    def scores(self) -> list[float]:
        """The game's own points per seat, as a score sheet would show them."""

    @abstractmethod
    def observe(self, seat: int | None) -> JSON:
        """What ``seat`` may know (``None``: a spectator), JSON-ready."""

    @abstractmethod
    def to_json(self) -> JSON:
        """Everything, hidden information and RNG state included."""

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """Read an action from its notation; raise :class:`ActionSyntaxError` on bad text."""

    # --- events and descriptions (games override the two hooks) ---------------------------
    def _events_of(self, before: State[A], action: A) -> list[JSON]:
        """The raw events of ``action`` played in ``before``, which led to this state.

        Raw events may hold hidden details, marked ``private_to`` (see
        :mod:`stammtisch.core.events`); they leave the engine only through :meth:`events`.
        The default says only who acted.
        """
        return [{"type": "action", "seat": before.current_player}]

    def describe(self, action: A) -> JSON:
        """A legal action of the seat to move as structured JSON (card, pegs, fields, pile,
        victim …), in the vocabulary of the events. The default names only the kind."""
        return {"type": "action"}

    def card_census(self, seat: int | None) -> tuple[list[str], list[str]] | None:
        """For the conformance leak check: every card of the game (card codes, as events
        name them) and those whose place ``seat`` cannot know here (other hands, the draw
        pile, cards on their way); ``None`` when the game has no hidden cards to check."""
        return None

    def raw_events(self) -> list[JSON]:
        """All events of the last applied action, hidden details included: never send
        these to anybody; :meth:`events` filters them per recipient."""
        raw = self._events_raw
        if raw is None:
            origin = self._origin
            raw = [] if origin is None else self._events_of(origin[0], origin[1])
            self._events_raw = raw
            self._origin = None  # worked out: the earlier state is no longer needed
        return raw

    def events(self, seat: int | None) -> list[JSON]:
        """The events of the last applied action as ``seat`` (``None``: a spectator) may
        know them; empty for a state no action led to (a new game, a clone, JSON)."""
        return filter_events(self.raw_events(), seat)

    def keep_events(self, events: Sequence[JSON]) -> None:
        """Set the events (``sample_state`` keeps those of the view it starts from)."""
        self._events_raw = [dict(e) for e in events]
        self._origin = None

    # --- provided -----------------------------------------------------------------------
    def observe_all(self, seats: Sequence[int | None]) -> list[JSON]:
        """``[self.observe(s) for s in seats]``, equal to it in every value.

        A server sends every seat its view after every move; games override this to build
        the public part once for all of them. The views may share the nested public values
        (lists of cards, scores): treat them as read-only, or copy one before changing it.
        """
        return [self.observe(s) for s in seats]

    @property
    def num_players(self) -> int:
        return self.game.num_players

    @property
    def is_terminal(self) -> bool:
        return self.current_player is None

    def apply(self: S, action: Any) -> S:
        """Return the state after ``action`` (an action or its notation); self is unchanged.

        Raises :class:`ActionSyntaxError` for unreadable text and
        :class:`IllegalActionError` (or :class:`GameOverError`) for moves not legal here.
        """
        if self.is_terminal:
            raise GameOverError()
        act = self.parse_action(action) if isinstance(action, str) else action
        legal = self.legal_actions()
        # Identity first: an action taken from legal_actions() is found without comparing
        # it to the actions before it (which may build their notation to compare). A list
        # that makes its actions when read (Dog's compiled core) does the same in its
        # own ``__contains__``, without making them.
        if type(legal) is list:
            for item in legal:
                if item is act:
                    break
            else:
                if act not in legal:
                    raise IllegalActionError(action=str(act))
        elif act not in legal:
            raise IllegalActionError(action=str(act))
        return self.apply_unchecked(act)

    def apply_unchecked(self: S, action: Any, *, events: bool = True) -> S:
        """Like :meth:`apply`, but trusts that ``action`` is legal (fast path).

        ``events=False`` skips keeping what the events need (one clone of this state) for
        callers that never ask for them (search, simulations); the new state then has none.
        """
        new = self.clone()
        new._apply_in_place(action)
        if events:
            new._origin = (self.clone(), action)
        return new

    def legal_notations(self) -> list[str]:
        return [str(a) for a in self.legal_actions()]

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if the state breaks one of the game's invariants."""

    def render(self, seat: int | None = None, lang: str = "en", names: Names = None) -> str:
        """Text picture of what ``seat`` sees (``names``: the seats' names, see ``Game.render``)."""
        return self.game.render(self.observe(seat), lang, names)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    def __hash__(self) -> int:  # states are compared by value, never hashed in rules code
        raise TypeError("State objects are not hashable; use to_json()")


class Game(ABC, Generic[S]):
    """A rules variant: the registered game with its resolved options."""

    info: ClassVar[GameInfo]

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = self.info.resolve_options(options)
        for spec in self.info.options:
            if spec.seat and self.options[spec.name] >= self.num_players:
                raise OptionError(
                    "bad_option_value",
                    allowed_words="option_allowed_seat",
                    allowed_params={"hi": self.num_players - 1},
                    game=self.name,
                    option=spec.name,
                    value=self.options[spec.name],
                    allowed=f"-1..{self.num_players - 1}",
                )

    def seat_option(self, name: str, rng: Rng) -> int:
        """The seat a seat option names, or one drawn from ``rng`` when it is ``-1``."""
        seat = int(self.options[name])
        return seat if seat >= 0 else rng.randbelow(self.num_players)

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    @abstractmethod
    def new_game(self, seed: int) -> S:
        """The opening position for ``seed`` (same seed, same game)."""

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> S:
        """Rebuild a state from ``State.to_json()`` output or a hand-written position."""

    @abstractmethod
    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> S:
        """A full state consistent with ``view`` (one seat's observation).

        The seat's knowledge is kept; every card it cannot see is dealt at random from the
        cards it cannot account for.
        """

    @abstractmethod
    def render(self, view: Mapping[str, Any], lang: str = "en", names: Names = None) -> str:
        """A text picture of a view, for terminals and logs; ``names``: the seats' names as
        the players see them (None, or None for a seat: "Player 2", see ``core.words``)."""

    def check_json_header(self, data: Mapping[str, Any]) -> None:
        """Reject a position meant for another game or other options."""
        if data.get("game", self.name) != self.name:
            raise PositionError(reason=f"position is for game {data.get('game')!r}, not {self.name!r}")
        opts = data.get("options")
        if opts is not None and dict(opts) != self.options:
            raise PositionError(reason=f"position options {dict(opts)} differ from {self.options}")

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"load({self.name!r}{', ' if opts else ''}{opts})"


def seat_list(values: Sequence[float]) -> list[float]:
    return [float(v) for v in values]
