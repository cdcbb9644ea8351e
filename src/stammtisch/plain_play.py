"""Play a game at a plain text prompt against bots (no full-screen UI).

The prompt is a client of views like the full-screen UI: it prints the picture of the
human seat's view and each other seat's move as that seat saw it (a Dog exchange card or a
Himmel steal it did not witness stays hidden), never the full game.
"""

from __future__ import annotations

import re
import secrets
import textwrap
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape

from stammtisch.core.errors import GameOverError, IllegalActionError, StammtischError
from stammtisch.core.game import Game
from stammtisch.records.record import GameRecord
from stammtisch.tui.hints import Hint, hint_provider
from stammtisch.tui.i18n import tr
from stammtisch.tui.present import Presenter, result_text
from stammtisch.tui.presenters import presenter_for
from stammtisch.tui.session import YOU, Session

#: What ends the game at the prompt.
QUIT = ("q", "quit", "exit")
#: What asks for a hint (the bots' best move, as the terminal UI's 'h' key).
HINT = ("h", "hint", "tipp")
#: What asks what can be typed ('?' is help in the terminal UI too).
HELP = ("?", "help", "hilfe")
#: Moves listed at a time, each with its number ('+' lists the next ones).
LIST_LIMIT = 40
#: Events that say who won the whole game: the closing line says it once, after the last
#: picture, so the last move's log line leaves them out.
GAME_END = frozenset({"match_end", "win"})


def play_plain(
    game: Game[Any],
    *,
    seat: int = 0,
    seed: int | None = None,
    lang: str = "en",
    save: Path | None = None,
    console: Console | None = None,
    read: Callable[[str], Any] | None = None,
    bot: str = "random",
    session: Session | None = None,
    hint: Hint | None = None,
) -> GameRecord:
    """Run one game; ``read`` (default: ``console.input``) supplies the human's lines;
    ``hint`` answers 'h' (default: the bots' best move, as in the terminal UI)."""
    hint = hint or hint_provider()
    out = console or Console(highlight=False)
    ask = read or out.input
    if session is None:
        if seed is None:
            seed = secrets.randbelow(2**31)
        seats = [YOU if s == seat else bot for s in range(game.num_players)]
        session = Session(game, seed, seats)
    else:
        seat = session.humans[0]
    session.autosave = True
    presenter = presenter_for(session.game, session.names)
    path = save or session.record_path()
    shown = len(session.seen(seat))
    while not session.over:
        seen = session.seen(seat)
        for move in seen[shown:]:
            say(out, presenter.log_line(move, lang))
        shown = len(seen)
        if session.to_move != seat:
            request = session.bot_request()
            assert request is not None
            brain, view, legal, _ = request
            session.play(str(brain.choose(view, legal)))
            continue
        out.print()
        say(out, picture(session, seat, lang))
        line = _choose(session, presenter, out, ask, lang, hint)
        if line.lower() in QUIT:
            saved = session.store()
            out.print(tr("plain_bye", lang))
            if saved is not None:
                out.print(escape(tr("plain_unfinished", lang, p=saved)))
            return session.record()
        try:
            session.play(line)
        except StammtischError as exc:
            out.print(f"[red]{escape(_refusal(session, presenter, seat, line, exc, lang))}[/red]")
            continue
    rest = session.seen(seat)[shown:]
    for i, move in enumerate(rest):
        if i == len(rest) - 1:  # the closing line below says who won
            move = replace(move, events=tuple(e for e in move.events if e.get("type") not in GAME_END))
        say(out, presenter.log_line(move, lang))
    out.print()
    say(out, picture(session, seat, lang, final=True))
    say(out, tr("plain_over", lang, result=result_text(session.state, lang, session.names)))
    record = session.record()
    saved = _save(session, path)
    if saved is not None:
        out.print(escape(tr("plain_saved", lang, p=saved)))
    return record


def _choose(
    session: Session, presenter: Presenter, out: Console, ask: Callable[[str], Any], lang: str, hint: Hint
) -> str:
    """The human's move: the legal moves numbered and in words, :data:`LIST_LIMIT` at a time
    ('+' lists the next ones); a number plays that move, 'h' asks for a hint, '?' says what
    can be typed, 'q' quits (a move's notation, as a record writes it, is taken too)."""
    legal = session.legal()
    start = 0
    listed = False  # a hint asks again without listing the moves again
    while True:
        rest = len(legal) - start - LIST_LIMIT
        if not listed:
            for i in range(start, min(start + LIST_LIMIT, len(legal))):
                listed_move(out, i + 1, presenter.move_words(session.state, legal[i], lang))
            if rest > 0:
                out.print(escape("  " + tr("plain_more", lang, n=rest)))
        listed = False
        only = len(legal) == 1  # a single move: Enter plays it
        try:
            line = str(
                ask(tr("plain_prompt_one" if only else "plain_prompt", lang, last=len(legal)) + ": ")
            ).strip()
        except (EOFError, KeyboardInterrupt):
            out.print()  # the goodbye on a line of its own, not after the prompt
            return "q"
        if line == "+":
            start = start + LIST_LIMIT if rest > 0 else 0
            continue
        if line.lower() in HINT:
            out.print(escape(_hint_text(session, presenter, hint, lang)))
            listed = True
            continue
        if line.lower() in HELP:
            out.print(escape(tr("plain_help", lang)))
            listed = True
            continue
        if only and not line:
            return legal[0]
        if line.isdigit() and 1 <= int(line) <= len(legal):
            return legal[int(line) - 1]
        if line.lower() in QUIT or (line and not line.isdigit() and _typed_move(session, presenter, line)):
            return line
        out.print(
            f"[red]{escape(tr('plain_pick_one' if only else 'plain_pick', lang, last=len(legal)))}[/red]"
        )


def listed_move(out: Console, number: int, words: str) -> None:
    """``  12  <the move in words>``: a long move wraps under its words, not at the left
    edge under the numbers (a split 7 takes two lines at 80 columns)."""
    head = f"  {number:>2}  "
    width = max(out.width, len(head) + 20)
    lines = textwrap.wrap(
        words, width, initial_indent=head, subsequent_indent=" " * len(head), break_on_hyphens=False
    )
    for line in lines or [head]:
        out.print(escape(line), soft_wrap=True)


def _hint_text(session: Session, presenter: Presenter, hint: Hint, lang: str) -> str:
    """'Tip: 2  <the move in words>' for the seat to move, from its view and legal moves."""
    seat = session.to_move
    assert seat is not None
    legal = session.legal()
    actions = list(session.state.legal_actions())
    notation = hint(session.game, seat, session.view(seat), actions, session.seed + len(session.moves))
    if notation is None or notation not in legal:
        return tr("hint_unavailable", lang)
    i = legal.index(notation)
    return tr("hint", lang, move=f"{i + 1}  {presenter.move_words(session.state, legal[i], lang)}")


def _typed_move(session: Session, presenter: Presenter, line: str) -> bool:
    """Whether ``line`` names a move as a record writes it, or a card of the hand (whose
    refusal then says why it cannot be played): anything else is answered with the numbers."""
    if line in {str(a) for a in session.legal()}:
        return True
    return presenter.card_of(line, presenter.hand(session.view(session.to_move))) is not None


def _refusal(
    session: Session, presenter: Presenter, seat: int, line: str, exc: StammtischError, lang: str
) -> str:
    """Why a move was refused: for a hand card that has no legal move, the presenter's
    reason (e.g. a capture is forced); else the game's own message."""
    if isinstance(exc, IllegalActionError) and not isinstance(exc, GameOverError):
        view = session.view(seat)
        card = presenter.card_of(line, presenter.hand(view))
        if card is not None:
            return f"{exc.message(lang)} {presenter.refusal(view, card, lang)}"
    return exc.message(lang)


def picture(session: Session, seat: int, lang: str, final: bool = False) -> str:
    """The picture of the human seat's view without its latest-move line: every move, the
    human's own included, was just printed in the log. The last picture of a finished game
    (``final``) leaves out an empty hand and its own game-over line (its last line: the
    closing line after it names each seat beside its points)."""
    view = dict(session.state.observe(seat))
    view.pop("events", None)
    if final and not view.get("hand"):
        view.pop("hand", None)
    text = session.game.render(view, lang, session.names)
    if not final:
        return text
    lines = text.split("\n")
    return "\n".join(lines[:-1] if len(lines) > 1 else lines)


#: Where a long line is best broken: after a ";", "," or "." (between a label and its value
#: never: "match points 160" stays on one line).
_BREAK = re.compile(r"(?<=[;,.:])\s+")


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells, broken after punctuation where a line
    is too long (continued lines indented), between words only where a part is longer still."""
    out: list[str] = []
    for line in text.split("\n"):
        if width < 20 or cell_len(line) <= width:
            out.append(line)
            continue
        first = line[: len(line) - len(line.lstrip())]
        indent = first + "  "
        current = ""
        for part in _BREAK.split(line.strip()):
            trial = f"{current} {part}" if current else first + part
            if cell_len(trial) <= width:
                current = trial
                continue
            if current:
                out.append(current)
                trial = indent + part
            if cell_len(trial) > width:  # longer than a line by itself: between words
                pieces = textwrap.wrap(
                    trial, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
                )
                out.extend(pieces[:-1])
                trial = pieces[-1] if pieces else ""
            current = trial
        if current:
            out.append(current)
    return out


def say(out: Console, text: str) -> None:
    """Print ``text`` as it is (no markup), wrapped by :func:`wrap` to the console's width."""
    for line in wrap(text, out.width):
        out.print(escape(line), soft_wrap=True)


def _save(session: Session, path: Path) -> Path | None:
    if not session.moves:
        return None
    try:
        return Path(session.record().save(path))
    except (OSError, StammtischError):
        return None
