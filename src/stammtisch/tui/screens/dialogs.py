"""Small modal screens: the hot-seat handover, the file path prompt, yes/no, and help."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, Static

from stammtisch.tui.i18n import seat_name, tr


class HandoverScreen(Screen[int]):
    """Hides the table until the next person at the keyboard confirms (hot-seat).

    A full, opaque screen (not a modal over the game) so that nothing of the previous
    player's hand shows through while the keyboard changes hands.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", show=False),
        Binding("space", "ready", show=False),
    ]

    DEFAULT_CSS = """
    HandoverScreen { align: center middle; }
    HandoverScreen > Vertical { width: 64; height: auto; border: thick $accent; padding: 1 2; }
    HandoverScreen #handover-title { text-style: bold; margin-bottom: 1; }
    HandoverScreen Button { margin-top: 1; }
    """

    def __init__(self, seat: int, lang: str) -> None:
        super().__init__()
        self.seat = seat
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="handover-title")
            yield Static(id="handover-text")
            yield Button(id="ready", variant="primary")

    def on_mount(self) -> None:
        self.relabel()

    def relabel(self) -> None:
        """The words in the app's language (the l key switches it here too)."""
        lang = getattr(self.app, "lang", self.lang)
        self.lang = lang
        name = seat_name(self.seat, lang)
        self.query_one("#handover-title", Static).update(tr("handover_title", lang, name=name))
        self.query_one("#handover-text", Static).update(tr("handover_text", lang, name=name))
        self.query_one("#ready", Button).label = tr("ready", lang, name=name)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_ready()

    def action_ready(self) -> None:
        self.dismiss(self.seat)


class PathScreen(ModalScreen[str | None]):
    """Ask for a file path (saving or loading a game record)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", show=False)]

    DEFAULT_CSS = """
    PathScreen { align: center middle; }
    PathScreen > Vertical { width: 70; height: auto; border: thick $accent; padding: 1 2; background: $surface; }
    PathScreen Horizontal { height: auto; margin-top: 1; }
    PathScreen Button { margin-right: 2; }
    """

    def __init__(self, title_key: str, default: str, lang: str) -> None:
        super().__init__()
        self.title_key = title_key
        self.default = default
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(tr(self.title_key, self.lang))
            yield Input(self.default, id="path")
            with Horizontal():
                yield Button(tr("ok", self.lang), id="ok", variant="primary")
                yield Button(tr("cancel", self.lang), id="cancel")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "ok":
            self.dismiss(self.query_one("#path", Input).value.strip() or None)
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question (quit, abandon the game for a new one): y/Enter yes, n/Esc no."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,j,enter", "answer(True)", show=False),
        Binding("n,escape", "answer(False)", show=False),
    ]

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical { width: 60; max-width: 100%; height: auto; border: thick $accent;
        padding: 1 2; background: $surface; }
    ConfirmScreen Horizontal { height: auto; margin-top: 1; }
    ConfirmScreen Button { margin-right: 2; }
    """

    def __init__(self, question: str, lang: str) -> None:
        super().__init__()
        self.question = question
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, id="question")
            with Horizontal():
                yield Button(tr("yes", self.lang), id="yes", variant="error")
                yield Button(tr("no", self.lang), id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class HelpScreen(ModalScreen[None]):
    """What every key of the screen below does, and the game's rules in brief (?/F1)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,f1,q,enter", "close", show=False),
        Binding("l", "app.switch_language", show=False),  # as under it: the help follows
    ]

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; padding: 0 1; background: $surface; }
    HelpScreen #help-title { text-style: bold; }
    HelpScreen #help-rules, HelpScreen #help-legend { margin-top: 1; }
    """

    def __init__(
        self,
        title: str,
        keys: list[tuple[str, str]],
        rules: str,
        lang: str,
        legend: str = "",
        rebuild: Callable[[str], tuple[str, list[tuple[str, str]], str, str, str]] | None = None,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.keys = keys
        self.rules = rules
        self.lang = lang
        self.legend = legend  # what the board's marks mean
        self.rebuild = rebuild  # the same parts in another language (the l key)

    def relabel(self) -> None:
        """The help in the app's language, after the l key switched it."""
        lang = getattr(self.app, "lang", self.lang)
        if self.rebuild is not None and lang != self.lang:
            self.title_text, self.keys, self.rules, self.lang, self.legend = self.rebuild(lang)
            self.refresh(recompose=True)

    def compose(self) -> ComposeResult:
        table = Table(box=None, show_header=False, pad_edge=False)
        table.add_column(style="bold yellow", no_wrap=True)
        table.add_column()
        for key, words in self.keys:
            table.add_row(key, words)
        with VerticalScroll():
            yield Static(self.title_text, id="help-title")
            yield Static(table, id="help-keys")
            if self.legend:
                yield Static(Text(self.legend), id="help-legend")
            if self.rules:
                yield Static(Text(self.rules), id="help-rules")  # words, not markup
            yield Static(Text(tr("help_close", self.lang), style="dim"), id="help-close")

    def action_close(self) -> None:
        self.dismiss(None)
