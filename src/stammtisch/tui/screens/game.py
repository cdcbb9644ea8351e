"""The game screen: board, seats, hand, the moves of the selected card, log and keys.

Everything shown is read from the view of the seat at the keyboard; a move is sent as
notation. Bots think in a worker thread, so the screen stays live; their answer is used
only if the game has not moved on meanwhile (undo, load).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from stammtisch.core.errors import StammtischError
from stammtisch.tui.cards import chip
from stammtisch.tui.hints import Hint
from stammtisch.tui.i18n import tr
from stammtisch.tui.moves import Choice, MoveGroup, PrefixPicker, group_moves
from stammtisch.tui.present import numbered_log, result_text
from stammtisch.tui.presenters import presenter_for
from stammtisch.tui.screens.dialogs import ConfirmScreen, HandoverScreen, HelpScreen
from stammtisch.tui.screens.game_files import RecordFiles, words
from stammtisch.tui.screens.game_layout import (
    GAME_CSS,
    GAME_KEYS,
    MIN_SIZE,
    help_keys,
    holds_hint,
    layout_for,
    move_entries,
    move_labels,
    status_line,
)
from stammtisch.tui.session import Session
from stammtisch.tui.widgets import CardButton, KeyBar

#: Fewer rows than this for the log under the wide board: the log goes beside it.
SIDE_LOG_BELOW = 8


class GameScreen(RecordFiles):
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(i), f"pick_card({i - 1})", show=False) for i in range(1, 10)),
        Binding("0", "pick_other", show=False),
        Binding("backspace", "step_back", show=False),
        Binding("escape", "step_back", show=False),
        Binding("h", "hint", show=False),
        Binding("u", "undo", show=False),
        Binding("n", "new_game", show=False),
        Binding("s", "save", show=False),
        Binding("o", "load", show=False),
        Binding("question_mark,f1", "help", show=False),
    ]

    DEFAULT_CSS = GAME_CSS

    def __init__(self, session: Session, hint: Hint | None, bot_delay: float = 0.0) -> None:
        super().__init__()
        self.session = session
        self.presenter = presenter_for(session.game, session.names)
        self.hint_fn = hint
        self.bot_delay = bot_delay
        self.groups: list[MoveGroup] = []
        self.hand: list[str] = []
        self.selected: int | None = None
        self.picker: PrefixPicker | None = None
        self.choices: list[Choice] = []
        self.full_words: list[str] = []  # the whole words of a move cut to fit the list
        self.confirmed: int | None = None  # hot-seat: the person who confirmed the handover
        #: The latest message, in words of the language on screen (kept as a function of
        #: the language, so that switching the language switches it too).
        self.said: Callable[[str], str] | None = None
        self.hinted: str | None = None
        self._handover_open = False
        self.right_width = 34
        self.overflow = ""  # a message too long for the status line (shown under the moves)

    @property
    def message(self) -> str:
        """The latest message in the language on screen ("" if none)."""
        return self.said(self.lang) if self.said is not None else ""

    # --- layout --------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="too-small")
        yield Static(id="board-top")
        with Horizontal(id="main"):
            with VerticalScroll(id="left"):
                yield Static(id="board")
                yield Static(id="seats")
                yield Static(id="log-title")
                yield Static(id="log")
            with Vertical(id="right"):
                yield Static(id="hand-title")
                yield Container(id="hand")
                yield Static(id="moves-title")
                yield OptionList(id="moves")
                yield Static(id="move-full")
                # The log beside the board where the wide board leaves it no room below.
                yield Static(id="side-log-title")
                with VerticalScroll(id="side-log-box"):
                    yield Static(id="side-log")
        yield KeyBar(GAME_KEYS, self.lang)

    def on_mount(self) -> None:
        self.fit(self.app.size.width, self.app.size.height)
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        if self.fit(event.size.width, event.size.height):
            self.redraw()

    def fit(self, width: int, height: int) -> bool:
        """Choose the layout for a terminal of ``width`` × ``height``: the wide board beside
        the hand where it fits, else the compact board on top, else a notice with the size
        needed. True if the layout changed."""
        view = self.session.state.observe(self.display_seat())
        compact, too_small = layout_for(self.presenter.wide_size(view), view, width, height)
        before = (self.has_class("-compact"), self.has_class("-too-small"), self.has_class("-side-log"))
        self.set_class(compact, "-compact")
        self.set_class(self.presenter.strip_shows_seats, "-strip-seats")
        self.set_class(too_small, "-too-small")
        # Rows left for the log under the wide board and the seat table (status and key
        # bar, the board's and the table's borders, the table's head, the log's title).
        below = height - self.presenter.wide_size(view)[1] - int(view.get("players", 4)) - 8
        side_log = not compact and below < SIDE_LOG_BELOW
        self.set_class(side_log, "-side-log")
        self.right_width = max(34, width * 2 // 5)
        if too_small:
            need = tr("too_small", self.lang, w=MIN_SIZE[0], h=MIN_SIZE[1], now=f"{width}×{height}")
            self.query_one("#too-small", Static).update(need)
        return before != (compact, too_small, side_log)

    # --- what is shown ---------------------------------------------------------------------
    def display_seat(self) -> int | None:
        """The seat whose private view is on screen (hot-seat: only after the handover)."""
        if self.session.hot_seat:
            return self.confirmed
        return self.session.viewer()

    def my_turn(self) -> bool:
        seat = self.display_seat()
        return seat is not None and seat == self.session.to_move and not self.session.over

    def advance(self) -> None:
        """Bring the screen up to the session: handover, redraw, start a bot if one moves."""
        s = self.session
        cur = s.to_move
        if s.hot_seat and s.is_human(cur) and cur != self.confirmed:
            self.confirmed = None
            self.redraw()
            if not self._handover_open:
                self._handover_open = True
                assert cur is not None
                self.app.push_screen(HandoverScreen(cur, self.lang), self._handed_over)
            return
        self.redraw()
        if cur is not None and not s.is_human(cur):
            self.think()

    def _handed_over(self, seat: int | None) -> None:
        self._handover_open = False
        self.confirmed = seat
        self.advance()

    def redraw(self) -> None:
        try:
            self.query_one("#status", Static)
        except NoMatches:
            return  # the screen is being closed (a bot's answer arrived at exit)
        s = self.session
        seat = self.display_seat()
        view = s.state.observe(seat)
        lang = self.lang
        hand = self.presenter.hand(view)
        self.hand = hand
        legal = s.legal() if self.my_turn() else []
        old = self.groups[self.selected].card if self.selected is not None and self.groups else None
        self.groups = group_moves(legal, hand, self.presenter.card_of)
        keys = [g.card for g in self.groups]
        if self.selected is not None and old in keys and self.groups[keys.index(old)].playable:
            self.selected = keys.index(old)
        else:
            self.selected = None
            self.picker = None
        if self.selected is None and legal:
            playable = [i for i, g in enumerate(self.groups) if g.playable]
            if len(playable) == 1 and self.groups[playable[0]].card is None:
                self._select(playable[0])
        status = self.status_text()
        self.query_one("#status", Static).update(status)
        if self.has_class("-compact"):
            self.query_one("#board-top", Static).update(self.presenter.board(view, lang, compact=True))
        else:
            self.query_one("#board", Static).update(self.presenter.board(view, lang))
        self.query_one("#seats", Static).update(self.presenter.seats(view, lang))
        title = (
            tr("hand", lang) if seat is None else tr("hand_of", lang, name=self.presenter.name(seat, lang))
        )
        self.query_one("#hand-title", Static).update(title)
        self._draw_hand()
        self._draw_moves()
        # The status line is one line (the layout never jumps): a message cut there is
        # shown whole under the move list, unless a move's own words are shown there.
        width = self.app.size.width - 2
        self.overflow = self.message if status.cell_len > width and self.message else ""
        if self.overflow:
            self.query_one("#move-full", Static).update(Text(self.overflow, style="italic"))
        self._draw_log()
        self.query_one(KeyBar).relabel(lang)

    def status_text(self) -> Text:
        return status_line(self.session, self.my_turn(), self.message, self.lang)

    def group_of(self, card: str) -> int | None:
        for i, group in enumerate(self.groups):
            if group.card == card:
                return i
        return None

    def _draw_hand(self) -> None:
        box = self.query_one("#hand", Container)
        # As many cards a row as fit: every cell as wide as the widest "n:card" label.
        widest = max((len(f"{i + 1}:{chip(c, self.lang).plain}") for i, c in enumerate(self.hand)), default=4)
        fit = (self.right_width - 3) // (widest + 3)  # a label, its padding and the gutter
        box.styles.grid_size_columns = max(1, min(len(self.hand) or 1, fit))
        box.remove_children()
        buttons = []
        for i, card in enumerate(self.hand):
            g = self.group_of(card)
            playable = g is not None and self.groups[g].playable
            buttons.append(CardButton(card, i, playable, g is not None and g == self.selected, self.lang))
        if buttons:
            box.mount(*buttons)

    def _draw_moves(self) -> None:
        lang = self.lang
        options = self.query_one("#moves", OptionList)
        options.clear_options()
        options.display = not self.session.over  # an empty box says nothing at the end
        self.choices = []
        self.full_words = []
        self.query_one("#move-full", Static).update("")
        if self.session.over:
            # The status line is one row and clips the result at 80 columns: the panel that
            # held the moves says it whole.
            result = result_text(self.session.state, lang, self.session.names)
            self.query_one("#moves-title", Static).update(tr("over_panel", lang, result=result))
            return
        if not self.my_turn():
            # Only bots at the table: say so where a person's moves would be.
            watching = not self.session.humans
            self.query_one("#moves-title", Static).update(tr("need_human" if watching else "moves", lang))
            return
        if self.picker is None:
            others = [i for i, g in enumerate(self.groups) if g.card is None and g.playable]
            # The keys that pick a card: one per hand card, 1 to 9 at most.
            last = min(len(self.hand), 9)
            hint = tr("pick_card", lang, keys="1" if last <= 1 else f"1-{last}")
            if others:
                hint += "\n0: " + tr("other_moves", lang)
            self.query_one("#moves-title", Static).update(hint)
            return
        group = self.groups[self.selected] if self.selected is not None else None
        title = tr("moves", lang)
        if group is not None and group.card is None:
            title = tr("other_moves", lang)
        elif group is not None and group.card is not None:
            title = f"{tr('moves', lang)}: {chip(group.card, lang).plain}"
        self.query_one("#moves-title", Static).update(title)
        if self.picker.stack:
            self.choices.append(Choice(tr("step_back", lang), "", False, 0))
        self.choices.extend(self.picker.choices())
        width = options.scrollable_content_region.width or self.right_width - 6
        labels = move_labels(self.choices, self.picker, self.presenter, self.session.state, self.hinted, lang)
        entries, self.full_words = move_entries(labels, 1 if self.picker.stack else 0, width)
        items = [Option(entry) for entry in entries]
        options.add_options(items)
        if items:
            first = 1 if self.picker.stack and len(items) > 1 else 0
            if self.hinted is not None:  # the hint, or the group that holds it
                picker, hinted = self.picker, self.hinted
                first = next((i for i, c in enumerate(self.choices) if holds_hint(c, picker, hinted)), first)
            options.highlighted = first
            options.focus()
        if not self.groups or self.selected is None or not self.groups[self.selected].playable:
            options.add_option(Option(tr("no_moves", lang), disabled=True))

    def _draw_log(self) -> None:
        lang = self.lang
        self.query_one("#log-title", Static).update(tr("log", lang))
        self.query_one("#side-log-title", Static).update(tr("log", lang))
        # Newest first, so the latest moves are never scrolled away.
        # Only the moves as the seat at the keyboard saw them (never the full game).
        seen = self.session.seen(self.display_seat())
        entries = [(i + 1, self.presenter.log_line(m, lang)) for i, m in reversed(list(enumerate(seen)))][:30]
        log = numbered_log(entries) if entries else Text(tr("log_none", lang), style="dim")
        self.query_one("#log", Static).update(log)
        self.query_one("#side-log", Static).update(log)

    # --- choosing a move -------------------------------------------------------------------
    def _select(self, index: int) -> None:
        self.selected = index
        self.picker = PrefixPicker(self.groups[index].notations)

    def action_pick_card(self, index: int) -> None:
        """Select the ``index``-th hand card (keys 1-9, or a click) and list its moves."""
        if index >= len(self.hand):
            return
        if not self.my_turn():
            self.say(None if self.session.over else words("not_your_turn"))
            return
        card = self.hand[index]
        g = self.group_of(card)
        if g is None or not self.groups[g].playable:
            view, presenter = self.session.view(self.display_seat()), self.presenter
            self.say(lambda lang: presenter.refusal(view, card, lang))
            return
        self._select(g)
        self.said = None
        self.redraw()

    def action_pick_other(self) -> None:
        others = [i for i, g in enumerate(self.groups) if g.card is None]
        if self.my_turn() and others:
            self._select(others[0])
            self.redraw()

    def action_step_back(self) -> None:
        if self.picker is not None and not self.picker.back():
            self.picker = None
            self.selected = None
        self.redraw()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button
        if isinstance(button, CardButton):
            event.stop()
            self.action_pick_card(button.index)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        # A move cut to fit the list is shown whole under it while highlighted.
        full = self.full_words[event.option_index] if event.option_index < len(self.full_words) else ""
        full = full or self.overflow
        self.query_one("#move-full", Static).update(Text(full, style="italic"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index >= len(self.choices) or self.picker is None:
            return
        choice = self.choices[event.option_index]
        if choice.count == 0:
            self.action_step_back()
        elif choice.complete:
            self.play(choice.value)
        else:
            self.picker.descend(choice.value)
            self.redraw()

    def play(self, notation: str) -> None:
        """Send a human move in notation; errors are shown, never hidden."""
        try:
            self.session.play(notation)
        except StammtischError as exc:
            self.said = exc.message
            self.redraw()
            return
        self.selected = None
        self.picker = None
        self.hinted = None
        self.said = None
        self.advance()

    # --- bots ------------------------------------------------------------------------------
    def think(self) -> None:
        request = self.session.bot_request()
        if request is None:
            return
        bot, view, legal, stamp = request
        self._think(bot, view, legal, stamp)

    @work(thread=True, exclusive=True, group="bot")
    def _think(self, bot: Any, view: dict[str, Any], legal: list[Any], stamp: int) -> None:
        if self.bot_delay:
            time.sleep(self.bot_delay)
        action = bot.choose(view, legal)
        self.app.call_from_thread(self._bot_moved, str(action), stamp)

    def _bot_moved(self, notation: str, stamp: int) -> None:
        s = self.session
        if not self.is_attached:
            return  # the screen was closed while the bot was thinking
        if stamp != len(s.moves) or s.over or s.is_human(s.to_move):
            return  # the game moved on while the bot was thinking (undo, load)
        s.play(notation)
        self.advance()

    # --- keys ------------------------------------------------------------------------------
    def action_hint(self) -> None:
        if self.hint_fn is None:
            self.say(words("hint_unavailable"))
            return
        if not self.my_turn():
            # After the game the status line says so already (and how to go on).
            self.say(None if self.session.over else words("hint_not_now"))
            return
        seat = self.session.to_move
        assert seat is not None
        self.say(words("hint_thinking"))
        self._hint(seat, self.session.state.observe(seat), list(self.session.state.legal_actions()))

    @work(thread=True, exclusive=True, group="hint")
    def _hint(self, seat: int, view: dict[str, Any], legal: list[Any]) -> None:
        assert self.hint_fn is not None
        stamp = len(self.session.moves)
        notation = self.hint_fn(self.session.game, seat, view, legal, self.session.seed + stamp)
        self.app.call_from_thread(self._hinted, notation, stamp)

    def _hinted(self, notation: str | None, stamp: int) -> None:
        if not self.is_attached or stamp != len(self.session.moves):
            return
        if notation is None:
            self.say(words("hint_unavailable"))
            return
        self.hinted = notation
        for i, g in enumerate(self.groups):
            if notation in g.notations:
                self._select(i)
                break
        state, presenter = self.session.state, self.presenter
        self.say(lambda lang: tr("hint", lang, move=presenter.move_words(state, notation, lang)))

    def action_undo(self) -> None:
        s = self.session
        if (why := s.undo_refusal()) is not None:
            self.say(words(why))
            return
        n = s.undo()
        self.selected = self.picker = self.hinted = None
        self.said = words("undo_done_1" if n == 1 else "undo_done", n=n)
        self.advance()

    def action_new_game(self) -> None:
        """The same seats again, dealt from the next seed; during a game only after a yes
        (so that no game is thrown away by a stray key)."""
        s = self.session
        if s.over or not s.moves:
            self._new_game(True)
            return
        self.app.push_screen(ConfirmScreen(tr("confirm_new", self.lang), self.lang), self._new_game)

    def _new_game(self, yes: bool | None) -> None:
        if not yes:
            return
        s = self.session
        new = s.next_game()
        new.autosave = s.autosave
        self._switch_to(new, words("new_game_started", seed=s.seed + 1))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(*self.help_parts(self.lang), rebuild=self.help_parts))

    def help_parts(self, lang: str) -> tuple[str, list[tuple[str, str]], str, str, str]:
        """The help overlay's title, keys, rules, language and board legend in ``lang``."""
        game = self.session.game
        title = tr("help_title", lang, game=game.info.title.get(lang, game.name))
        keys = [(k, tr(t, lang)) for k, t in help_keys(game.name, self.presenter.other_moves)]
        return title, keys, self.presenter.rules(lang), lang, self.presenter.legend(lang)

    def unfinished(self) -> bool:
        """A game is running that quitting would leave (it is autosaved either way)."""
        return not self.session.over and bool(self.session.moves)

    def _switch_to(self, session: Session, message: Callable[[str], str]) -> None:
        """Show another session (a new game or a loaded record) from its start of play."""
        self.session = session
        self.presenter = presenter_for(session.game, session.names)
        self.fit(self.app.size.width, self.app.size.height)
        self.selected = self.picker = self.hinted = self.confirmed = None
        self.said = message
        self.advance()

    def say(self, message: Callable[[str], str] | None) -> None:
        """Show ``message`` (a text in the language given) in the status line; None: none."""
        self.said = message
        self.redraw()

    def relabel(self) -> None:
        self.redraw()
