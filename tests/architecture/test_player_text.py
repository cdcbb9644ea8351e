"""Player-facing text lives only in the message catalogue (issue 17): a scan of the browser's
modules and of the Python modules that talk to players for words written in the code.

A string literal counts as player text when it reads like words for people: two or more
words with a capital letter or sentence punctuation, an umlaut, or exactly a text of the
catalogue ("Joker", "Optionen"). Code strings (CSS classes, selectors, keys, notation, format
skeletons) do not look like that; the few that do are listed in ``ALLOWED`` with the reason.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from stammtisch.core import i18n

SRC = Path(__file__).resolve().parents[2] / "src" / "stammtisch"
STATIC = SRC / "server" / "static"
#: The Python modules that put text in front of players (terminal, plain prompt, command
#: line, the games' names, cards, boards and words).
PLAYER_MODULES = sorted(
    [
        *(SRC / "tui").rglob("*.py"),
        SRC / "plain_play.py",
        SRC / "cli.py",
        SRC / "cli_support.py",
        *(
            SRC / "games" / g / f"{m}.py"
            for g in ("dog", "himmel", "zwickern")
            for m in ("game", "cards", "render", "words")
        ),
    ]
)

WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{2,}")
SENTENCE = re.compile(r"[A-Za-zÄÖÜäöüß]{2,}[.!?:;,…]( |$)|^[A-ZÄÖÜ][a-zäöüß]+ [A-Za-zÄÖÜäöüß]{2,}")
UMLAUT = re.compile(r"[ÄÖÜäöüß]")

CSS = re.compile(r"\{[^}]*:[^}]*;")

#: (file name, literal) pairs that look like words but are not player text.
ALLOWED = {
    ("motion.js", "(prefers-reduced-motion: reduce)"),  # a CSS media query
    ("replay.js", "Home"),  # KeyboardEvent.key of the Home key (the terminal's words say "Home")
    ("cli_support.py", "No such command '(.+)'"),  # reads Click's own message to translate it
    # The reason a position file (a developer's input, docs/positions.md) is refused.
    ("games/himmel/cards.py", " is not a card (1-70, turn, steal, raise)"),
}


def _catalogue_texts() -> set[str]:
    out: set[str] = set()
    for lang in i18n.LANGUAGES:
        for key in i18n.keys(lang):
            value = i18n.template(key, lang)
            for form in value if isinstance(value, tuple) else (value or "",):
                if len(WORD.findall(form)) >= 1 and re.search(r"[A-ZÄÖÜ]", form) and len(form) >= 4:
                    out.add(form)
    return out


CATALOGUE = _catalogue_texts()


def looks_like_player_text(literal: str) -> bool:
    text = literal.strip()
    if not text or not WORD.search(text) or CSS.search(text):
        return False
    if text in CATALOGUE:
        return True
    if UMLAUT.search(text):
        return True
    return " " in text and len(WORD.findall(text)) >= 2 and bool(SENTENCE.search(text))


# --- JavaScript -------------------------------------------------------------------------------

JS_STRING = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|`(?:\\.|[^`\\])*`')


def _js_code(text: str) -> str:
    """The module without comments (a comment may quote text as an example)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(re.sub(r"(^|\s)//.*$", "", line) for line in text.splitlines())


def js_literals(code: str) -> Iterator[str]:
    for m in JS_STRING.finditer(_js_code(code)):
        body = m.group(0)[1:-1]
        if m.group(0).startswith("`"):
            yield from (part for part in re.split(r"\$\{[^}]*\}", body) if part.strip())
        else:
            yield body


def js_findings() -> list[tuple[str, str]]:
    found = []
    for path in sorted(STATIC.rglob("*.js")):
        name = str(path.relative_to(STATIC))
        for literal in js_literals(path.read_text(encoding="utf-8")):
            if looks_like_player_text(literal) and (name, literal) not in ALLOWED:
                found.append((name, literal))
    return found


# --- Python -----------------------------------------------------------------------------------


def _docstrings(tree: ast.AST) -> set[int]:
    """Every string that stands alone as a statement: docstrings and attribute docs."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }


def _skipped(tree: ast.AST) -> set[int]:
    """Strings that are not shown to players: docstrings, an option's documentation for
    developers (``OptionSpec``'s fourth argument, sent as ``doc`` by the API), help texts of
    command-line options (``help=``, ``*_HELP``: Typer's --help is English), and the text of
    exceptions for programmers."""
    ids = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id.endswith("_HELP") for t in node.targets
        ):
            ids.update(id(n) for n in ast.walk(node.value))
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name == "OptionSpec" and len(node.args) >= 4:
            ids.update(id(n) for n in ast.walk(node.args[3]))
        if name in ("ValueError", "TypeError", "KeyError", "AssertionError", "RuntimeError"):
            ids.update(id(n) for a in node.args for n in ast.walk(a))
        for kw in node.keywords:
            if kw.arg == "help":
                ids.update(id(n) for n in ast.walk(kw.value))
    return ids


def python_literals(code: str) -> Iterator[str]:
    tree = ast.parse(code)
    skipped = _skipped(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped:
            yield node.value


def python_findings() -> list[tuple[str, str]]:
    found = []
    for path in PLAYER_MODULES:
        name = str(path.relative_to(SRC))
        for literal in python_literals(path.read_text(encoding="utf-8")):
            if looks_like_player_text(literal) and (name, literal) not in ALLOWED:
                found.append((name, literal))
    return found


def test_browser_modules_hold_no_player_text() -> None:
    assert js_findings() == []


def test_python_front_ends_hold_no_player_text() -> None:
    assert python_findings() == []


def test_the_scan_catches_planted_text() -> None:
    """A sentence, a German word and a catalogue text written into code are all found; code
    strings are not."""
    js = 'el.append(h("p", {}, "Your turn now.")); x = `Zug ${n} für dich`; b = "Joker";'
    js += ' h("div", { class: "card-row tight" }); q = "#help-page h1";'
    assert [s for s in js_literals(js) if looks_like_player_text(s)] == [
        "Your turn now.",
        " für dich",
        "Joker",
    ]
    py = 'def f():\n    """Docs are fine."""\n    print("Bitte warten, the bots think.")\n    return "-o name=value"\n'
    assert [s for s in python_literals(py) if looks_like_player_text(s)] == ["Bitte warten, the bots think."]
