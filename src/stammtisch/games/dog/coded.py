"""Legal plays from the compiled core, as a list whose actions are made when looked at.

The core (see :mod:`.backend`) packs the legal plays of a position in one ``MoveSet``
(``_core.c``: one code per play, card, value, kind, pegs and fields, and the 7s'
records). :class:`CodedActions` is a ``list`` holding the move codes in place of the
actions: reading an item (``acts[i]``, in C) turns it into its :class:`CodedAction`,
and anything that walks, compares, copies or serializes the list turns all of them
first. A random playout or a search that picks one move by index thus builds one
action, not hundreds.

A :class:`CodedAction` is a :class:`DogAction` made with only its kind, card and move
(``code``); its text, body and resulting position are made the first time one of them
is read, with the same values as the pure engine's action. A table-backed state
(:mod:`.coretable`) applies it by its code, without reading any of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from stammtisch.games.dog.actions import SPLIT, DogAction
from stammtisch.games.dog.backend import compiled
from stammtisch.games.dog.cards import JOKER, card_text


def _code_head(low: int) -> str:
    card, value = low & 15, low >> 4
    if card < JOKER:
        return card_text(card)
    if card > JOKER:
        return ""
    if value == JOKER:
        return "Jo"  # the Joker's start
    return f"Jo={card_text(value)}" if value < JOKER else ""


# The head of a play's notation by the low byte of its code (card | value << 4).
CODE_HEADS: tuple[str, ...] = tuple(_code_head(i) for i in range(256))
# The DogAction fields a CodedAction makes when one of them is first read.
_LAZY = frozenset({"body", "base", "head", "track", "_text", "_result"})
_SLOTS: dict[str, Any] = {name: DogAction.__dict__[name] for name in _LAZY}

_core = compiled()


class _NoMoveList:
    """Stands in for the core's MoveList where the core is not built (never used then)."""

    __slots__ = ()


if TYPE_CHECKING or _core is None:
    _MoveList: Any = _NoMoveList
else:
    _MoveList = _core.MoveList


class CodedAction(DogAction):
    """A play made by the core: kind, card, its move code (``_code``) and the ``MoveSet``
    it belongs to (``_ms``, which holds the 7s); the other DogAction fields are made when
    first read (see module)."""

    __slots__ = ("_code", "_ms")
    _ms: Any
    _code: int

    def _make(self) -> None:
        """Make the fields that are made when first read (see module)."""
        ms = self._ms
        code = self._code
        _SLOTS["body"].__set__(self, ms.body(code))
        _SLOTS["base"].__set__(self, ms.base())
        _SLOTS["head"].__set__(self, CODE_HEADS[code & 255])
        _SLOTS["track"].__set__(self, ms.track)
        _SLOTS["_text"].__set__(self, None)
        _SLOTS["_result"].__set__(self, None)

    @property
    def code(self) -> int:
        """The packed move code (see ``_core.c``)."""
        return self._code

    def __reduce__(self) -> tuple[Any, ...]:
        # A plain DogAction with the same fields (the MoveSet stays behind).
        return (
            DogAction,
            (self.text, self.kind, self.card, self.result, self.head, self.body, self.base, self.track),
        )


def code_body(code: int, sevens: Any, npeg: int, core: Any) -> tuple[Any, ...]:
    """The body tuple (see :mod:`.actions`) of a move code; ``sevens``: the list's
    ``move_set`` (its ``MoveSet``), or the bytes of the core's ``legal()``."""
    kind = code >> 8 & 3
    if kind == SPLIT:
        if isinstance(sevens, bytes):
            body: tuple[Any, ...] = core.seven(sevens, code >> 10 & 4095, npeg, bool(code >> 30 & 1))
        else:
            body = sevens.body(code)
        return body
    return (kind, code >> 10 & 63, (code >> 16 & 127) - 1, (code >> 23 & 127) - 1, bool(code >> 30 & 1))


def _lazy_field(name: str) -> property:
    """DogAction's field ``name`` on a CodedAction, made when first read. A property
    rather than ``__getattr__``, so that reading ``kind`` or ``card`` stays a plain slot
    read."""
    slot = _SLOTS[name]

    def get(self: CodedAction) -> Any:
        try:
            return slot.__get__(self, CodedAction)
        except AttributeError:
            self._make()
            return slot.__get__(self, CodedAction)

    def put(self: CodedAction, value: Any) -> None:
        slot.__set__(self, value)

    return property(get, put, doc=f"DogAction.{name}, made when first read")


for _name in _LAZY:
    setattr(CodedAction, _name, _lazy_field(_name))


class CodedActions(_MoveList, list[DogAction]):  # type: ignore[misc]
    """The legal plays of one position, made from their move codes on first access
    (indexing and ``in`` are the core's ``MoveList``: identity first, without making any
    action; then by text like a list).

    For evaluators that read the plays without making actions: ``list.__iter__(acts)``
    gives each play as it is held (its move code, or the action once made; see
    ``_core.c`` for the code's fields), ``origin`` the position they start from (peg
    places, fresh mask), ``core`` the compiled module, and :func:`code_body` turns a code
    into its body (a 7's via ``move_set``)."""

    __slots__ = ("_ms",)
    _ms: Any

    @property
    def origin(self) -> tuple[list[int], int]:
        base: tuple[list[int], int] = self._ms.base()
        return base

    @property
    def move_set(self) -> Any:
        """What :func:`code_body` needs for a 7: the ``MoveSet``."""
        return self._ms

    @property
    def core(self) -> Any:
        """The compiled core module (its code fields and helpers)."""
        return _core

    if TYPE_CHECKING:

        def _fill(self) -> None: ...
        def codes(self) -> list[int]: ...

    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
        self._fill()
        return (list, (list(list.__iter__(self)),))


def _filled(name: str) -> Callable[..., Any]:
    method = getattr(list, name)

    def run(self: CodedActions, *args: Any, **kwargs: Any) -> Any:
        self._fill()
        for other in args:
            if isinstance(other, CodedActions):
                other._fill()
        return method(self, *args, **kwargs)

    run.__name__ = name
    return run


# Everything else that reads the items: make all actions first, then behave as a list.
for _name in (
    "__iter__",
    "__reversed__",
    "__eq__",
    "__ne__",
    "__lt__",
    "__le__",
    "__gt__",
    "__ge__",
    "__add__",
    "__mul__",
    "__rmul__",
    "__iadd__",
    "__imul__",
    "__repr__",
    "__str__",
    "__setitem__",
    "__delitem__",
    "__copy__",
    "copy",
    "index",
    "count",
    "pop",
    "remove",
    "insert",
    "append",
    "extend",
    "sort",
    "reverse",
    "clear",
):
    if hasattr(list, _name):
        setattr(CodedActions, _name, _filled(_name))


def _radd(self: CodedActions, other: Sequence[DogAction]) -> list[DogAction]:
    self._fill()
    if not isinstance(other, list):
        return NotImplemented  # type: ignore[no-any-return]
    return [*other, *list.__iter__(self)]


CodedActions.__radd__ = _radd

if _core is not None:  # the core makes these classes' objects (see _core.c)
    _core.bind_actions(DogAction, CodedAction, CodedActions)
