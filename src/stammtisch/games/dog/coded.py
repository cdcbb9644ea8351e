"""Legal plays from the compiled core, as a list whose actions are made when looked at.

The core (see :mod:`.backend`) returns one packed move code per legal play (see
``_core.c``: card, value, kind, pegs and fields) and the 7s packed in one bytes object.
:class:`CodedActions` is a ``list`` holding those codes in place of the actions: reading
an item (``acts[i]``) turns that code into its :class:`DogAction` (same text, body and
result as the pure engine's), and anything that walks, compares, copies or serializes
the list turns all of them first. A random playout or a search that picks one move by
index thus builds one action, not hundreds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, SupportsIndex, overload

from stammtisch.games.dog.actions import PLAY, SPLIT, DogAction
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


def code_body(code: int, sevens: bytes, npeg: int, core: ModuleType) -> tuple[Any, ...]:
    """The body tuple (see :mod:`.actions`) of a move code."""
    kind = code >> 8 & 3
    canon = bool(code >> 30 & 1)
    if kind == SPLIT:
        body: tuple[Any, ...] = core.seven(sevens, code >> 10 & 4095, npeg, canon)
        return body
    return (kind, code >> 10 & 63, (code >> 16 & 127) - 1, (code >> 23 & 127) - 1, canon)


class CodedActions(list[DogAction]):
    """The legal plays of one position, made from their codes on first access."""

    __slots__ = ("_base", "_core", "_sevens", "_todo", "_track")

    def __init__(
        self, codes: list[int], sevens: bytes, base: tuple[list[int], int], track: int, core: ModuleType
    ) -> None:
        super().__init__(codes)  # type: ignore[arg-type]  # codes stand in for the actions
        self._sevens = sevens
        self._base = base
        self._track = track
        self._core = core
        self._todo = len(codes)  # codes not yet turned into actions

    def _make(self, code: int) -> DogAction:
        body = code_body(code, self._sevens, len(self._base[0]), self._core)
        return DogAction(None, PLAY, code & 15, None, CODE_HEADS[code & 255], body, self._base, self._track)

    def _fill(self) -> None:
        if self._todo:
            get = list.__getitem__
            put = list.__setitem__
            for i in range(len(self)):
                item: Any = get(self, i)
                if type(item) is int:
                    put(self, i, self._make(item))
            self._todo = 0

    @overload
    def __getitem__(self, i: SupportsIndex) -> DogAction: ...
    @overload
    def __getitem__(self, i: slice) -> list[DogAction]: ...
    def __getitem__(self, i: SupportsIndex | slice) -> DogAction | list[DogAction]:
        if isinstance(i, slice):
            self._fill()
            return list(list.__getitem__(self, i))
        item: Any = list.__getitem__(self, i)
        if type(item) is int:
            item = self._make(item)
            list.__setitem__(self, i, item)
            self._todo -= 1
        result: DogAction = item
        return result

    def codes(self) -> list[int]:
        """The move codes (plays already made into actions are skipped: call before
        looking at the actions, or keep the list from the core)."""
        items: list[Any] = list(list.__iter__(self))
        return [x for x in items if type(x) is int]

    def __contains__(self, x: object) -> bool:
        """Identity first, without making any action; then by text like a list."""
        for item in list.__iter__(self):
            if item is x:
                return True
        self._fill()
        return list.__contains__(self, x)

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
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


CodedActions.__radd__ = _radd  # type: ignore[attr-defined]
