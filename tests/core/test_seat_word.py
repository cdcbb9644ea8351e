"""One word for a seat across the catalogue (issue 19): "Spieler n" / "Player n", counted
from 1, from the one msgid ``words.seat`` — the terminal, the plain prompt, the game words
and the browser (which reads the same key from ``/api/i18n/{lang}``) never say "Sitz n",
"Platz n" or "Seat n".

``server.po`` is left out: its protocol errors name a seat by its index on the wire (from 0,
"seats 0-3"), for API clients.
"""

from __future__ import annotations

import re
from pathlib import Path

from stammtisch.core import i18n
from stammtisch.core.words import seat_name

SEAT_KEY = "words.seat"
STATIC = Path(i18n.__file__).resolve().parents[1] / "server" / "static"
#: A seat named with a number: "Spieler {n}", "Sitz 2", "seat {s}" … in either language.
NUMBERED = re.compile(r"(?<![-\w])(Spieler|Sitz|Platz|Player|Seat)\s*(\{\w+\}|\d)", re.IGNORECASE)
#: German words for a seat other than "Spieler" (the terminal said "Sitz", the browser "Platz n";
#: "freie Plätze", a free place at the table, stays).
OTHER_GERMAN = re.compile(r"\bSitz(e|en|es)?\b|\bPlatz \{")


def _forms(key: str, lang: str) -> tuple[str, ...]:
    value = i18n.template(key, lang)
    return value if isinstance(value, tuple) else (value,)


def _player_facing(lang: str) -> list[str]:
    return [k for k in i18n.keys(lang) if i18n.area(k, lang) != "server"]


def test_the_seat_word_is_player_n_counted_from_one() -> None:
    assert seat_name(None, 0, "de") == "Spieler 1" and seat_name(None, 3, "en") == "Player 4"
    assert i18n.web_messages("de")[SEAT_KEY] == "Spieler {n}"  # the browser reads the same key
    assert i18n.web_messages("en")[SEAT_KEY] == "Player {n}"


def test_no_other_msgid_names_a_seat() -> None:
    keys = _player_facing("de")
    assert SEAT_KEY in keys and len(keys) > 100
    for lang in ("de", "en"):
        for key in _player_facing(lang):
            if key == SEAT_KEY:
                continue
            for form in _forms(key, lang):
                assert not NUMBERED.search(form), (lang, key, form)
                if lang == "de":
                    assert not OTHER_GERMAN.search(form), (key, form)


def test_the_browser_names_a_seat_only_by_the_shared_key() -> None:
    sources = {p: p.read_text(encoding="utf-8") for p in STATIC.rglob("*.js") if "help" not in p.parts}
    assert sources
    calls = {p.name for p, text in sources.items() if 't("words.seat"' in text}
    assert {"log.js", "dog.js", "lobby.js"} <= calls
    for path, text in sources.items():
        assert not re.search(r't\("(player_n|seat_n)"', text), path
