"""The browser's game modules read no move notation (issue 17): they act on the server's
``moves`` descriptions (``docs/protocol.md``, "Move descriptions") and send back only the
``action`` string they were given. A static check over ``static/games/*.js``."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "src" / "stammtisch" / "server" / "static"
GAMES = sorted((STATIC / "games").glob("*.js"))

# Every regular expression a game module may contain: the board's own place tokens and
# drawn field keys (Dog: "H2" in a view, "H1-3" on the board) and module names, none of
# which is move notation.
ALLOWED_REGEXES = {
    r"/^H(\d)$/i",
    r"/^H(\d+)-(\d)$/",
    r"/^[a-z][a-z0-9_]*$/",
}
REGEX_LITERAL = re.compile(r"(?<![\w)\]])/(?![/*\s])(?:\\.|\[(?:\\.|[^\]])*\]|[^/\\\n\[])+/[dgimsuy]*")


def _code(path: Path) -> str:
    """The module without comments (so that a comment may quote notation as an example)."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(re.sub(r"(^|\s)//.*$", "", line) for line in text.splitlines())


def test_there_are_game_modules() -> None:
    assert {p.stem for p in GAMES} >= {"dog", "himmel", "zwickern"}


def test_game_modules_contain_no_notation_regex() -> None:
    found = {p.name: set(REGEX_LITERAL.findall(_code(p))) - ALLOWED_REGEXES for p in GAMES}
    assert {name: sorted(rx) for name, rx in found.items() if rx} == {}
    for p in GAMES:
        assert "RegExp(" not in _code(p), p.name


def test_game_modules_do_not_read_the_legal_notations() -> None:
    """The notation list (``ctx.legal``) and a ``last.action`` are never looked into; the old
    readers (``parseMove``, ``groupLegal``, ``cardOfAction``) are gone."""
    for p in GAMES:
        code = _code(p)
        for name in ("ctx.legal", ".action).", "last.action", "parseMove", "groupLegal", "cardOfAction"):
            assert name not in code, f"{p.name}: {name}"


def test_the_check_finds_a_notation_regex() -> None:
    """The scanner itself: the regex the Dog module used to read a 7's parts is caught."""
    sample = "const PART = /^p(\\d+) (\\w+)-(\\w+)$/;\nlet m = a.match(/^steal (\\d+)$/);"
    assert set(REGEX_LITERAL.findall(sample)) == {r"/^p(\d+) (\w+)-(\w+)$/", r"/^steal (\d+)$/"}
