"""Stepping through a game record: every position, seen by a spectator or by one seat."""

from __future__ import annotations

import textwrap
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from stammtisch.core.game import State
from stammtisch.core.registry import load
from stammtisch.records.record import GameRecord
from stammtisch.tui.cards import chips
from stammtisch.tui.i18n import tr
from stammtisch.tui.present import result_text
from stammtisch.tui.presenters import presenter_for
from stammtisch.tui.screens.base import HostedScreen
from stammtisch.tui.screens.game_layout import layout_for
from stammtisch.tui.session import Seen, record_names
from stammtisch.tui.widgets import KeyBar

REPLAY_KEYS = [
    ("←", "b_prev", "prev"),
    ("→", "b_next", "next"),
    ("home", "b_first", "first"),
    ("end", "b_last", "last"),
    ("v", "b_seat", "cycle_view"),
    ("l", "b_lang", "app.switch_language"),
    ("q", "b_quit", "app.quit"),
]


def log_entry(number: int, text: str, digits: int, width: int) -> Text:
    """A move of the replay's list in ``width`` cells: its number right-aligned in ``digits``
    places, and its words wrapped under themselves, not under the number (read as plain
    text, never markup). Wrapped here, once per width: the list keeps each entry's lines."""
    head = f"{number}.".rjust(digits + 1) + " "
    lines = textwrap.wrap(text, max(width - len(head), 12)) or [""]
    entry = Text(head, style="dim", no_wrap=True, overflow="ellipsis")
    entry.append(lines[0], style="")
    for line in lines[1:]:
        entry.append("\n" + " " * len(head) + line, style="")
    return entry


class ReplayScreen(HostedScreen):
    """Replays a record move by move (the record is replayed and checked on open)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space,n", "next", show=False),
        Binding("left,p", "prev", show=False),
        Binding("home", "first", show=False),
        Binding("end", "last", show=False),
        Binding("v", "cycle_view", show=False),
    ]

    # As the game screen: the wide board beside the moves where it fits, else (``-compact``)
    # the compact board across the top (the Dog ring wrapped line by line at 80 columns).
    DEFAULT_CSS = """
    ReplayScreen #status { height: auto; padding: 0 1; background: $boost; text-style: bold; }
    ReplayScreen #board-top { display: none; height: auto; padding: 0 1; background: $boost 30%; }
    ReplayScreen #main { height: 1fr; }
    ReplayScreen #left { width: 3fr; }
    ReplayScreen #board { height: auto; padding: 0 1; border: round $primary; }
    ReplayScreen #replay-hand { height: auto; padding: 0 1; }
    ReplayScreen #seats { height: auto; padding: 0 1; border: round $primary-darken-2; }
    ReplayScreen #movelist { width: 2fr; min-width: 28; scrollbar-gutter: stable; }
    ReplayScreen.-compact #board { display: none; }
    ReplayScreen.-compact #board-top { display: block; }
    ReplayScreen.-compact.-strip-seats #seats { display: none; }
    ReplayScreen.-compact #seats { border: none; }
    """

    def __init__(self, record: GameRecord) -> None:
        super().__init__()
        self.record = record
        self.states: list[State[Any]] = list(record.states())
        self.game = load(record.game, **record.options)
        self.presenter = presenter_for(self.game, record_names(record))
        self.index = 0
        self.seat: int | None = None
        self.movers = [st.current_player for st in self.states[:-1]]
        self.listed: tuple[str, int | None] | None = None  # the move list's language and view

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="board-top")
        with Horizontal(id="main"):
            with VerticalScroll(id="left"):
                yield Static(id="board")
                yield Static(id="replay-hand")
                yield Static(id="seats")
            yield OptionList(id="movelist")
        yield KeyBar(REPLAY_KEYS, self.lang)

    def on_mount(self) -> None:
        self.fit(self.app.size.width, self.app.size.height)
        self.redraw()
        self.call_after_refresh(self.relist)  # the list's width is known once laid out

    def on_resize(self, event: events.Resize) -> None:
        if self.fit(event.size.width, event.size.height):
            self.redraw()
        self.call_after_refresh(self.relist)

    def relist(self) -> None:
        """Wrap the moves anew for the list's width (after a resize, once laid out)."""
        self.listed = None
        self.redraw()

    def fit(self, width: int, height: int) -> bool:
        """The wide board where it fits beside the move list, else the compact one on top;
        True if that changed."""
        view = self.states[self.index].observe(self.seat)
        compact, _ = layout_for(self.presenter.wide_size(view), view, width, height)
        before = self.has_class("-compact")
        self.set_class(compact, "-compact")
        self.set_class(self.presenter.strip_shows_seats, "-strip-seats")
        return before != compact

    def redraw(self) -> None:
        lang = self.lang
        state = self.states[self.index]
        view = state.observe(self.seat)
        who = tr("spectator", lang) if self.seat is None else self.presenter.name(self.seat, lang)
        title = tr(
            "replay_title", lang, game=self.game.info.title.get(lang, self.game.name), seed=self.record.seed
        )
        status = Text(title, style="bold")
        status.append("   " + tr("replay_pos", lang, i=self.index, n=len(self.states) - 1))
        status.append("   " + tr("replay_view", lang, who=who))
        if self.index == len(self.states) - 1 and state.is_terminal:
            result = result_text(state, lang, self.presenter.seat_names)
            status.append("   " + tr("replay_done", lang, result=result), style="green")
        self.query_one("#status", Static).update(status)
        compact = self.has_class("-compact")
        self.query_one("#board-top" if compact else "#board", Static).update(
            self.presenter.board(view, lang, compact=compact)
        )
        self.query_one("#replay-hand", Static).update(self.hand_line(view, lang))
        self.query_one("#seats", Static).update(self.presenter.seats(view, lang))
        moves = self.query_one("#movelist", OptionList)
        if self.listed != (lang, self.seat):  # a step only moves the highlight
            self.listed = (lang, self.seat)
            moves.clear_options()
            # Each move in words, as the chosen view read it (its events for that seat), a
            # long one wrapped under its own words, not under its number.
            digits = len(str(len(self.movers)))
            width = moves.scrollable_content_region.width - 2  # less the entries' padding
            width = width if width > 20 else 28
            moves.add_options(
                [
                    Option(
                        log_entry(i + 1, self.presenter.log_line(self._seen(i, seat), lang), digits, width)
                    )
                    for i, seat in enumerate(self.movers)
                ]
            )
        moves.highlighted = self.index - 1 if self.index > 0 else None
        self.query_one(KeyBar).relabel(lang)

    def hand_line(self, view: dict[str, Any], lang: str) -> Text:
        """What the chosen seat held at this point (its hand), or that a spectator sees no
        hand: the view switch ('v') shows the game as that seat saw it."""
        if self.seat is None:
            return Text(tr("replay_no_hand", lang), style="dim")
        line = Text(tr("hand_of", lang, name=self.presenter.name(self.seat, lang)) + ": ", style="bold")
        line.append_text(chips(self.presenter.hand(view), tr("empty", lang), lang))
        return line

    def _seen(self, i: int, seat: int | None) -> Seen:
        """Move ``i`` as the chosen view read it (the events of the state after it)."""
        events_of = getattr(self.states[i + 1], "events", None)
        events = tuple(events_of(self.seat)) if callable(events_of) else ()
        return Seen(-1 if seat is None else seat, None, events)

    def go(self, index: int) -> None:
        self.index = max(0, min(index, len(self.states) - 1))
        self.redraw()

    def action_next(self) -> None:
        self.go(self.index + 1)

    def action_prev(self) -> None:
        self.go(self.index - 1)

    def action_first(self) -> None:
        self.go(0)

    def action_last(self) -> None:
        self.go(len(self.states) - 1)

    def action_cycle_view(self) -> None:
        order: list[int | None] = [None, *range(self.game.num_players)]
        self.seat = order[(order.index(self.seat) + 1) % len(order)]
        self.redraw()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.go(event.option_index + 1)

    def relabel(self) -> None:
        self.redraw()
