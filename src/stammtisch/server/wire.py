"""JSON on the wire: one fast encoder and decoder for everything the server sends and reads.

Encoding views and log entries is the largest part of the server's work per move, so it
uses orjson (about ten times the standard library's speed). Keys that are not strings are
written as strings, as ``json.dumps`` does, so that any JSON-ready view encodes the same.
orjson also refuses nesting deeper than 1024 levels with an ordinary ``ValueError``, where
the standard library would raise ``RecursionError`` on a hostile frame.
"""

from __future__ import annotations

from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumpb(obj: Any) -> bytes:
    """Compact JSON as UTF-8 bytes.

    Views and log entries have string keys only (the conformance suite checks that they
    survive a JSON round trip), and orjson encodes those a third faster without
    ``OPT_NON_STR_KEYS``; other keys take the second try, with the same result.
    """
    try:
        return orjson.dumps(obj)
    except orjson.JSONEncodeError:
        return orjson.dumps(obj, option=_OPTIONS)


def dumpb_kept(obj: Any) -> bytes:
    """:func:`dumpb` for bytes that are kept for long (move log entries).

    orjson returns its output in a buffer of at least 4 KiB, however short the text; a move
    log entry is about 100 bytes, so a long game's log held forty times its size (5.6 MiB
    for a Dog game of 1,400 moves). The copy holds just the bytes.
    """
    return bytes(memoryview(dumpb(obj)))


def dumps(obj: Any) -> str:
    """Compact JSON as text."""
    return dumpb(obj).decode()


def loads(text: str | bytes) -> Any:
    """Parse JSON; raises ``ValueError`` on anything that is not (also on deep nesting)."""
    return orjson.loads(text)
