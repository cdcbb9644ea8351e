"""The game screen's keys, help rows, smallest size and style sheet (kept apart from the
screen's behaviour in ``game.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from stammtisch.tui.i18n import seat_name, tr
from stammtisch.tui.present import result_text
from stammtisch.tui.session import Session

GAME_KEYS = [
    ("h", "b_hint", "hint"),
    ("u", "b_undo", "undo"),
    ("n", "b_new", "new_game"),
    ("s", "b_save", "save"),
    ("o", "b_load", "load"),
    ("l", "b_lang", "app.switch_language"),
    ("?", "b_help", "help"),
    ("q", "b_quit", "app.request_quit"),
]

#: Every key of the game screen with its explanation (the help overlay lists them all).
HELP_KEYS = [
    ("1 … 9", "help_cards"),
    ("0", "help_other"),
    ("↑ ↓  Enter", "help_choose"),
    ("Esc  Backspace", "help_back"),
    ("h", "help_hint"),
    ("u", "help_undo"),
    ("n", "help_new"),
    ("s", "help_save"),
    ("o", "help_load"),
    ("l", "help_lang"),
    ("?  F1", "help_help"),
    ("q", "help_quit"),
]

#: The smallest terminal the game screen is drawn in (else a notice says what it needs).
MIN_SIZE = (80, 24)


#: The game screen's layout: the wide board beside the hand, or (``-compact``) the board
#: strip on top; a notice instead of both when the terminal is too small.
GAME_CSS = """
GameScreen #main { height: 1fr; }
GameScreen #left { width: 3fr; }
GameScreen #right { width: 2fr; min-width: 34; }
GameScreen #status { height: auto; padding: 0 1; background: $boost; text-style: bold; }
GameScreen #board { height: auto; padding: 0 1; border: round $primary; }
GameScreen #board-top { display: none; height: auto; padding: 0 1; background: $boost 30%; }
GameScreen.-compact #board { display: none; }
GameScreen.-compact #board-top { display: block; }
GameScreen.-compact.-strip-seats #seats { display: none; }
GameScreen #too-small { display: none; height: 1fr; content-align: center middle; text-style: bold; }
GameScreen.-too-small #too-small { display: block; }
GameScreen.-too-small #main, GameScreen.-too-small #board-top { display: none; }
GameScreen #seats { height: auto; padding: 0 1; border: round $primary-darken-2; }
GameScreen.-compact #seats { border: none; }
GameScreen #hand-title, GameScreen #moves-title, GameScreen #log-title { padding: 0 1; text-style: bold; }
GameScreen #hand { layout: grid; grid-size: 4; grid-gutter: 0 1; height: auto; min-height: 1;
    padding: 0 1; }
GameScreen #hand Button.card { width: 100%; min-width: 5; }
GameScreen #hand Button.selected { background: $accent; }
GameScreen #hand Button.unplayable { text-style: dim strike; color: $text-muted; }
GameScreen #moves { height: 1fr; min-height: 5; }
GameScreen #log { height: auto; padding: 0 1; }
"""


def layout_for(wide: tuple[int, int], view: Mapping[str, Any], width: int, height: int) -> tuple[bool, bool]:
    """(compact, too small) for a terminal of ``width`` × ``height``: the wide board (``wide``
    columns and rows) beside the hand where it fits with the seat table, else the compact
    board on top; too small below :data:`MIN_SIZE`."""
    wide_w, wide_h = wide
    left = width - max(34, width * 2 // 5)
    seat_rows = int(view.get("players", 4)) + 3
    compact = width < 100 or wide_w > left or wide_h + seat_rows + 2 > height
    return compact, width < MIN_SIZE[0] or height < MIN_SIZE[1]


def status_line(session: Session, my_turn: bool, message: str, lang: str) -> Text:
    """The status line: the result, whose turn it is, and the latest message."""
    if session.over:
        text = Text("★ " + tr("over", lang, result=result_text(session.state, lang)), style="bold green")
    elif my_turn:
        text = Text(tr("your_turn", lang, name=seat_name(session.to_move, lang)), style="bold yellow")
    else:
        text = Text(tr("waiting", lang, name=seat_name(session.to_move, lang)))
    if message:
        text.append("   " + message, style="italic")
    return text
