"""The game screen's keys, help rows, smallest size and style sheet (kept apart from the
screen's behaviour in ``game.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from stammtisch.core.game import State
from stammtisch.core.i18n import has
from stammtisch.tui.i18n import PREFIX, seat_name, tr
from stammtisch.tui.moves import Choice, PrefixPicker
from stammtisch.tui.present import Presenter, result_text
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
    ("q  Ctrl+C", "help_quit"),
]


def help_keys(game: str, other_moves: bool = True) -> list[tuple[str, str]]:
    """:data:`HELP_KEYS` for ``game``: the "0" line in its words (``help_other_<game>``
    where the catalogue has it), or none where every move plays a hand card
    (``other_moves`` False: the game's presenter says so)."""
    out: list[tuple[str, str]] = []
    for key, text in HELP_KEYS:
        if text == "help_other":
            if not other_moves:
                continue
            own = f"{text}_{game}"
            text = own if has(f"{PREFIX}{own}") else text
        out.append((key, text))
    return out


#: The smallest terminal the game screen is drawn in (else a notice says what it needs).
MIN_SIZE = (80, 24)


#: The game screen's layout: the wide board beside the hand, or (``-compact``) the board
#: strip on top; a notice instead of both when the terminal is too small.
GAME_CSS = """
GameScreen #main { height: 1fr; }
GameScreen #left { width: 3fr; }
GameScreen #right { width: 2fr; min-width: 34; }
GameScreen #status { height: 1; padding: 0 1; background: $boost; text-style: bold; }
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
GameScreen #moves { height: 1fr; min-height: 5; scrollbar-gutter: stable; }
GameScreen #move-full { height: auto; max-height: 4; padding: 0 1; color: $text-muted; }
GameScreen #log { height: auto; padding: 0 1; }
GameScreen #side-log-title { display: none; padding: 0 1; text-style: bold; }
GameScreen #side-log-box { display: none; height: 1fr; min-height: 4; }
GameScreen #side-log { height: auto; padding: 0 1; }
GameScreen.-side-log #side-log-title, GameScreen.-side-log #side-log-box { display: block; }
GameScreen.-side-log #log-title, GameScreen.-side-log #log { display: none; }
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
        text = Text(
            "★ " + tr("over", lang, result=result_text(session.state, lang, session.names)),
            style="bold green",
        )
    elif my_turn:
        text = Text(
            tr("your_turn", lang, name=seat_name(session.to_move, lang, session.names)), style="bold yellow"
        )
    else:
        text = Text(tr("waiting", lang, name=seat_name(session.to_move, lang, session.names)))
    if message:
        text.append("   " + message, style="italic")
    text.no_wrap = True
    text.overflow = "ellipsis"
    return text


#: The mark of the hinted move (or of the group that holds it) at the end of its entry.
STAR = "  ★"


def move_labels(
    choices: Sequence[Choice],
    picker: PrefixPicker,
    presenter: Presenter,
    state: State[Any],
    hinted: str | None,
    lang: str,
) -> list[Text]:
    """The words of each entry of the move list: back, a move, or a group of moves still to
    narrow down; ★ on the hint, or on the group that holds it."""
    labels: list[Text] = []
    for c in choices:
        if c.count == 0:
            labels.append(Text(c.label, style="dim"))
            continue
        if c.complete:
            label = Text(presenter.move_words(state, c.value, lang, short=True))
        else:
            members = [n for n in picker.notations if n.startswith(c.value)]
            text = presenter.prefix_words(state, members, lang, short=True)
            label = Text(tr("steps_more", lang, text=text, n=c.count))
        if holds_hint(c, picker, hinted):
            label.append(STAR, style="bold yellow")
        labels.append(label)
    return labels


def holds_hint(choice: Choice, picker: PrefixPicker, hinted: str | None) -> bool:
    """Whether ``choice`` is the hinted move, or a group to narrow down that holds it (the
    entry Enter takes towards the hint)."""
    if hinted is None or choice.count == 0:
        return False
    if choice.complete:
        return choice.value == hinted
    return hinted.startswith(choice.value) and hinted in picker.notations


#: The shortest common beginning of moves that do not fit which is left out for "… ".
MIN_COMMON = 12


def without_common_parts(labels: Sequence[Text], width: int = 0, separator: str = "; ") -> list[Text]:
    """Moves that begin with the same parts (a split 7 narrowed to its first part) show "…"
    for them, so that what tells them apart is what the list shows. Where a move does not
    fit ``width``, a common beginning is cut at its last ", " or, failing that, at its last
    word ("markierten Stapel A nehmen (1 Karte), neue Zielkarte 8" -> "… neue Zielkarte 8"),
    always before a word ("… Stein 2: 14 → 21", never "… 2: 14 → 21")."""
    plain = [label.plain for label in labels]
    if len(plain) < 2:
        return list(labels)
    common = plain[0]
    for text in plain[1:]:
        while not text.startswith(common):
            common = common[:-1]

    def named(at: int) -> bool:
        # What is left must begin with a word: never "… 3: 26 → 27", where the cut took
        # away what the number is (the Joker's value or "Stein"/"peg").
        return all(text[at : at + 1].isalpha() for text in plain)

    cut = common.rfind(separator)
    skip = cut + len(separator) if cut > 0 and named(cut + len(separator)) else 0
    if not skip and width > 2 and any(label.cell_len > width for label in labels):
        for mark in (", ", " "):
            at = common.rfind(mark)
            while at > 0 and not named(at + len(mark)):
                at = common.rfind(mark, 0, at)
            if at > 0:
                skip = at + len(mark)
                break
        if skip < MIN_COMMON:  # a word or two ("Stein "): they say more than "… " would
            skip = 0
    if skip <= 2:  # nothing worth the "… "
        return list(labels)
    return [Text("… ") + label[skip:] for label in labels]


def fitted(label: Text, width: int) -> Text:
    """``label`` on one line of ``width`` cells: cut with "…" when longer (the whole words are
    shown under the list while the entry is highlighted), so that no entry wraps. The hint's
    ★ stays at the end of a cut entry."""
    if width < 2 or label.cell_len <= width:
        return label
    star = len(STAR) if label.plain.endswith(STAR) and width > 2 * len(STAR) else 0
    cut = label[: len(label.plain) - star]
    cut.truncate(width - star, overflow="ellipsis")
    return cut + label[len(label.plain) - star :] if star else cut


def move_entries(labels: Sequence[Text], back: int, width: int) -> tuple[list[Text], list[str]]:
    """The move list's entries, one line of ``width`` cells each, and for every entry that
    does not say all of its move the whole words (shown under the list while highlighted; ""
    where the entry says it all). The first ``back`` labels ("step back") are kept as they are."""
    shown = list(labels[:back]) + without_common_parts(labels[back:], width)
    entries = [fitted(label, width) for label in shown]
    full = [a.plain if a.plain != b.plain else "" for a, b in zip(labels, entries, strict=True)]
    return entries, full
