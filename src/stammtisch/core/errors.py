"""The exceptions of stammtisch.

Every error a player can cause carries a machine-readable ``code`` and ``params`` so that
each front end (CLI, terminal UI, web client) says it in the player's language:
``err.message("de")``. ``str(err)`` is the English text.
"""

from __future__ import annotations

import errno
from typing import Any

from stammtisch.core.i18n import translate


class StammtischError(Exception):
    """Base class: a coded, translatable error."""

    default_code = "error"

    def __init__(self, code: str | None = None, **params: Any) -> None:
        self.code = code or self.default_code
        self.params: dict[str, Any] = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        return translate(self.code, _said(self.params, lang), lang)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "code": self.code,
            "params": {k: _jsonable(v) for k, v in self.params.items()},
            "message": self.message(lang),
        }


class Words:
    """A part of a message that is a catalogue text of its own (``key`` with ``params``): a
    parameter of a :class:`StammtischError` (or of another ``Words``) that is said in the
    message's language, as a nested error is."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params

    def message(self, lang: str = "en") -> str:
        return translate(self.key, _said(self.params, lang), lang)

    def __str__(self) -> str:
        return self.message("en")


def _said(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """``params`` with every :class:`Words` and nested error in ``lang``."""
    if not any(isinstance(v, Words | StammtischError) for v in params.values()):
        return params
    return {k: v.message(lang) if isinstance(v, Words | StammtischError) else v for k, v in params.items()}


def _jsonable(value: Any) -> Any:
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return str(value)


class UnknownGameError(StammtischError, KeyError):
    default_code = "unknown_game"

    def __str__(self) -> str:  # KeyError would quote the message
        return self.message("en")


class OptionError(StammtischError, ValueError):
    """An option that does not exist, or a value it cannot take.

    ``allowed`` (in ``params``) is the allowed values as data ("2, 3, 4", "true, false",
    "1..8"); ``allowed_words``, when given, is a catalogue key (with ``allowed_params``) for
    the same in the player's words ("ja oder nein"), which the message uses instead."""

    default_code = "bad_option_value"

    def __init__(
        self,
        code: str | None = None,
        *,
        allowed_words: str | None = None,
        allowed_params: dict[str, Any] | None = None,
        **params: Any,
    ) -> None:
        self.allowed_words = allowed_words
        self.allowed_params = allowed_params or {}
        super().__init__(code, **params)

    def message(self, lang: str = "en") -> str:
        if self.allowed_words is None:
            return super().message(lang)
        words = translate(self.allowed_words, self.allowed_params, lang)
        return translate(self.code, {**self.params, "allowed": words}, lang)


class ActionSyntaxError(StammtischError, ValueError):
    """Text that is not a move in this game's notation at all."""

    default_code = "syntax"


class IllegalActionError(StammtischError, ValueError):
    """A well-formed move that is not legal in this position."""

    default_code = "illegal"


class GameOverError(IllegalActionError):
    default_code = "game_over"


class PositionError(StammtischError, ValueError):
    """A JSON position or view that is malformed or breaks the game's invariants."""

    default_code = "bad_position"


class RecordError(StammtischError, ValueError):
    """A game record that cannot be read or replayed: "Invalid game record: {reason}", the
    reason a :class:`Words` (or the error the record ran into) in the player's language."""

    default_code = "bad_record"


class FileProblem(StammtischError, OSError):
    """A file that cannot be read or written, said in the player's words (not the system's
    ``[Errno 21] Is a directory``): :meth:`of` picks the words from the ``OSError``."""

    default_code = "file_other"

    @classmethod
    def of(cls, exc: OSError, path: object, writing: bool = False) -> FileProblem:
        """``writing``: the file was to be written, so a missing one is not the problem
        (the place refuses new files, as ``/proc`` does)."""
        codes = {
            errno.ENOENT: "file_cannot_create" if writing else "file_missing",
            errno.EISDIR: "file_is_folder",
            errno.ENOTDIR: "file_in_a_file",
            errno.EEXIST: "file_in_a_file",  # a folder to create is a file already
            errno.EACCES: "file_no_permission",
            errno.EPERM: "file_no_permission",
            errno.EROFS: "file_no_permission",
            errno.ENOSPC: "file_no_space",
        }
        reason = (exc.strerror or str(exc)).lower()
        return cls(codes.get(exc.errno or 0, "file_other"), path=str(path), reason=reason)
