"""Quick phrases in the table chat travel with their key, so each reader sees them in their
own language (``server/chat.py``); anything else is sent as it was written."""

from __future__ import annotations

from stammtisch.core.i18n import t
from stammtisch.server.chat import QUICK, message


def test_a_quick_phrase_in_either_language_carries_its_key() -> None:
    for key in QUICK:
        for lang in ("de", "en"):
            said = message(1, t(f"web.{key}", lang), "2026-12-07T19:00:00+00:00")
            assert said["quick"] == key and said["text"] == t(f"web.{key}", lang)


def test_other_text_is_sent_as_written() -> None:
    for text in ("Schöner Zug", "nice move!", "Gut gespielt! :)", "<b>Hoi zäme!</b>"):
        assert message(0, text, "x") == {"seat": 0, "text": text, "at": "x"}


def test_the_server_knows_the_browsers_quick_phrases() -> None:
    """The buttons (``table/chat.js``) and the server's list name the same phrases."""
    import re
    from pathlib import Path

    import stammtisch.server

    js = (Path(stammtisch.server.__file__).parent / "static" / "table" / "chat.js").read_text(
        encoding="utf-8"
    )
    listed = re.search(r"const QUICK = \[([^\]]*)\]", js)
    assert listed is not None
    assert tuple(re.findall(r'"([a-z_]+)"', listed.group(1))) == QUICK
