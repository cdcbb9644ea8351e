"""Events and legal moves in words, in the players' terms (German and English).

Each game phrases its own events in the ``words`` module of its package
(``stammtisch/games/<game>/words.py``; a game registered from outside stammtisch has it
beside its ``Game`` class) with two functions,
``event_text(event, lang, names) -> str`` and ``move_text(description, lang, names) -> str``;
the templates are in the message catalogue (``locale/<lang>/LC_MESSAGES/<game>.po``). This
module finds them and turns the events of one applied action into one log line.

``names`` are the seats' names as the players see them (nicknames, bot names); a seat
without a name is "Player 2" / "Spieler 2" (seats counted from 1, as at the table).

>>> from stammtisch.core.words import seat_name, join
>>> seat_name(None, 1, "de"), join(["9♥", "9♦", "9♠"], "de")
('Spieler 2', '9♥, 9♦ und 9♠')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import islice
from types import ModuleType
from typing import Any, Protocol, TypeVar

import orjson

from stammtisch.core.errors import UnknownGameError
from stammtisch.core.game import Names as Names  # re-exported: the words take them
from stammtisch.core.i18n import LANGUAGES, t
from stammtisch.core.registry import module_beside

JSON = dict[str, Any]


class GameWords(Protocol):
    def event_text(self, event: JSON, lang: str, names: Names) -> str: ...

    def move_text(self, description: JSON, lang: str, names: Names) -> str: ...


def seat_name(names: Names, seat: int | None, lang: str) -> str:
    """The name of ``seat`` (its nickname if known, else "Player n" / "Spieler n" counted from 1)."""
    if seat is None:
        return t("words.nobody", lang)
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return t("words.seat", lang, n=seat + 1)


_LETTERS = "A-Za-zÀ-ÖØ-öø-ÿ"
# A person's name: words of letters, joined by spaces or hyphens ("Anna Maria", "Hans-Peter").
_PERSON = re.compile(rf"^[{_LETTERS}]+(?:[ -][{_LETTERS}]+)*$")
# Duden: a name ending in an s sound (-s, -ss, -ß, -x, -z, -tz, -ce) takes only an apostrophe.
_S_SOUND = ("s", "ß", "x", "z", "ce")


def german_genitive(name: str) -> str | None:
    """The name in the German genitive placed before a noun, or None when the name does not
    take one (a seat word with a number, a name with brackets): use "von" then.

    The ending goes on the last word of the name ("Anna Marias Stein"); a name ending in an
    s sound takes only the apostrophe ("Hans' Stein", "Max' Stein", "Fritz' Stein").

    >>> german_genitive("Ben"), german_genitive("Anna Maria"), german_genitive("Hans")
    ('Bens', 'Anna Marias', "Hans'")
    >>> german_genitive("Spieler 2") is None, german_genitive("Bot (schwer)") is None
    (True, True)
    """
    if not _PERSON.match(name):
        return None
    return name + ("'" if name.lower().endswith(_S_SOUND) else "s")


def per_seat(key: str, values: Sequence[Any], lang: str, names: Names) -> str:
    """One ``key`` text per seat (``name`` and its value ``n``), comma-separated, seats in order."""
    return ", ".join(t(key, lang, name=seat_name(names, s, lang), n=v) for s, v in enumerate(values))


def winners_text(
    key: str, winners: Sequence[int], seat_key: str, values: Sequence[Any], lang: str, names: Names
) -> str:
    """The end of a match: ``key`` with the winners (``n``, ``names``) and every seat's
    ``points`` (one ``seat_key`` text per seat, see :func:`per_seat`)."""
    who = [seat_name(names, s, lang) for s in winners]
    return t(key, lang, n=len(who), names=join(who, lang), points=per_seat(seat_key, values, lang, names))


def join(items: Sequence[str], lang: str) -> str:
    """``a``, ``a und b``, ``a, b und c`` (``and`` in English)."""
    items = [str(i) for i in items]
    if not items:
        return t("words.nothing", lang)
    if len(items) == 1:
        return items[0]
    return t("words.list", lang, items=", ".join(items[:-1]), last=items[-1])


def _module(game: str) -> ModuleType | None:
    """The game's ``words`` module, beside the module of its ``Game`` class as the registry
    names it (``stammtisch.games.dog.words``; a game registered from elsewhere brings its
    own); None for a game without one or a name nobody registered. Remembered by the
    registry (:func:`~stammtisch.core.registry.module_beside`): asked for on every move."""
    try:
        return module_beside(game, "words")
    except UnknownGameError:
        return None


def event_text(game: str, event: JSON, lang: str, names: Names = None) -> str:
    """One event in words ("" for an event the game folds into its neighbour)."""
    mod = _module(game)
    if mod is not None:
        text: str = mod.event_text(event, lang, names)
        return text
    return t("words.acted", lang, name=seat_name(names, event.get("seat"), lang))


def move_text(game: str, description: JSON, lang: str, names: Names = None, short: bool = False) -> str:
    """A legal move (``State.describe``) in words, as a button or list would show it;
    ``short``: in few words for a narrow list, where the game has them (``move_short``)."""
    mod = _module(game)
    if mod is None:
        return str(description.get("type", ""))
    if short and hasattr(mod, "move_short"):
        text: str = mod.move_short(description, lang, names)
    else:
        text = mod.move_text(description, lang, names)
    # A move stands alone in a list or on a button: it begins with a capital letter
    # ("Markierten Stapel A nehmen", "Give the 6 to Ben"), whatever the game's words begin with.
    return text[:1].upper() + text[1:]


def entry_text(game: str, events: Sequence[JSON], lang: str, names: Names = None) -> str:
    """The log line of one applied action: its events' sentences in order."""
    parts = [event_text(game, ev, lang, names) for ev in events]
    return " ".join(p for p in parts if p)


_T = TypeVar("_T")
_K = TypeVar("_K")
#: Words already made: (kind, game, names, the event list or move as JSON) -> the texts in
#: every language. A server words each move for the log and each legal move for the seat
#: to move, in both languages, and the same ones come again and again (the same card laid,
#: the same peg moved by the same player): looking them up costs a fraction of making
#: them. The texts depend on nothing else (the catalogue is fixed once loaded), so an
#: entry never goes stale. At :data:`_MEMO_SIZE` entries (up to about 1 KiB each: 4 MiB per
#: process at most, measured) the older half is dropped, not all: the words of the moves
#: that recur most stay through the stream of log lines that never come again.
_MEMO: dict[tuple[str, str, tuple[str | None, ...] | None, bytes], Any] = {}
_MEMO_SIZE = 4_096


def remember(memo: dict[_K, _T], size: int, key: _K, make: Callable[[], _T]) -> _T:
    """``memo[key]``, made by ``make()`` when missing; at ``size`` entries the older half of
    ``memo`` is dropped first (see :data:`_MEMO`)."""
    found = memo.get(key)
    if found is None:
        if len(memo) >= size:
            for stale in list(islice(memo, len(memo) - size // 2)):  # oldest first
                del memo[stale]
        found = memo[key] = make()
    return found


def _remembered(kind: str, game: str, names: Names, item: Any, make: Callable[[], _T]) -> _T:
    try:
        # orjson's bytes sit in a buffer of at least 4 KiB: the key keeps a copy of just the text.
        key = (kind, game, None if names is None else tuple(names), bytes(memoryview(orjson.dumps(item))))
    except TypeError:  # not JSON (a game's own event object): made every time
        return make()
    found: _T = remember(_MEMO, _MEMO_SIZE, key, make)
    return found


def entry_words(game: str, events: Sequence[JSON], names: Names = None) -> dict[str, str]:
    """The log line in every language: ``{"de": ..., "en": ...}`` (what the server sends)."""

    def make() -> dict[str, str]:
        return {lang: entry_text(game, events, lang, names) for lang in LANGUAGES}

    return dict(_remembered("entry", game, names, events, make))


def moves_words(game: str, descriptions: Sequence[JSON], names: Names = None) -> dict[str, list[str]]:
    """Legal moves in words in every language, in the order of ``descriptions``."""
    out: dict[str, list[str]] = {lang: [] for lang in LANGUAGES}
    for d in descriptions:

        def make(d: JSON = d) -> tuple[str, ...]:
            return tuple(move_text(game, d, lang, names) for lang in LANGUAGES)

        for lang, text in zip(LANGUAGES, _remembered("move", game, names, d, make), strict=True):
            out[lang].append(text)
    return out
