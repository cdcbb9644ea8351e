"""Stepping through a game record: every position, seen by a spectator or by one seat."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
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


class ReplayScreen(HostedScreen):
    """Replays a record move by move (the record is replayed and checked on open)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space,n", "next", show=False),
        Binding("left,p", "prev", show=False),
        Binding("home", "first", show=False),
        Binding("end", "last", show=False),
        Binding("v", "cycle_view", show=False),
    ]

    DEFAULT_CSS = """
    ReplayScreen #status { height: auto; padding: 0 1; background: $boost; text-style: bold; }
    ReplayScreen #main { height: 1fr; }
    ReplayScreen #left { width: 3fr; }
    ReplayScreen #board { height: auto; padding: 0 1; border: round $primary; }
    ReplayScreen #replay-hand { height: auto; padding: 0 1; }
    ReplayScreen #seats { height: auto; padding: 0 1; border: round $primary-darken-2; }
    ReplayScreen #movelist { width: 2fr; min-width: 28; }
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

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with VerticalScroll(id="left"):
                yield Static(id="board")
                yield Static(id="replay-hand")
                yield Static(id="seats")
            yield OptionList(id="movelist")
        yield KeyBar(REPLAY_KEYS, self.lang)

    def on_mount(self) -> None:
        self.redraw()

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
        self.query_one("#board", Static).update(self.presenter.board(view, lang))
        self.query_one("#replay-hand", Static).update(self.hand_line(view, lang))
        self.query_one("#seats", Static).update(self.presenter.seats(view, lang))
        moves = self.query_one("#movelist", OptionList)
        moves.clear_options()
        # Each move in words, as the chosen view read it (its events for that seat).
        moves.add_options(
            [
                Option(f"{i + 1:>3}. " + self.presenter.log_line(self._seen(i, seat), lang))
                for i, seat in enumerate(self.movers)
            ]
        )
        if self.index > 0:
            moves.highlighted = self.index - 1
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
