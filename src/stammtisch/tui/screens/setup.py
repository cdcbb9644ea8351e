"""The setup screen: number of players, who sits on each seat, and the seed."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, Select, Static

from stammtisch.bots.names import name_bots
from stammtisch.core.errors import StammtischError
from stammtisch.core.game import OptionSpec
from stammtisch.core.registry import info
from stammtisch.records.record import GameRecord
from stammtisch.tui import autosave
from stammtisch.tui.i18n import seat_name, tr, ui_keys
from stammtisch.tui.screens.base import HostedScreen
from stammtisch.tui.session import PERSON, YOU, Session, bot_kinds, default_seats, is_human, new_session
from stammtisch.tui.widgets import KeyBar

SETUP_KEYS = [("l", "b_lang", "app.switch_language"), ("q", "b_quit", "app.quit")]


def kind_label(kind: str, lang: str) -> str:
    if kind == YOU:
        return tr("kind_you", lang)
    if kind == PERSON:
        return tr("kind_person", lang)
    return tr("kind_bot", lang, level=tr(f"level_{kind}", lang))


class SetupScreen(HostedScreen):
    """Pick players and seats; Start builds the session and hands it to ``on_start``."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "start", show=False)]

    DEFAULT_CSS = """
    SetupScreen { align: center top; }
    SetupScreen #setup { width: 72; max-width: 100%; height: auto; max-height: 100%; padding: 0 1;
        border: round $primary; }
    SetupScreen #setup-title { text-style: bold; margin-bottom: 1; }
    SetupScreen .row { height: auto; }
    SetupScreen .row Label { width: 34; padding: 0 1 0 0; }
    SetupScreen .row Select, SetupScreen .row Input { width: 1fr; }
    SetupScreen #seats, SetupScreen #opts { height: auto; }
    SetupScreen #buttons { height: 1; dock: bottom; margin-bottom: 1; padding: 0 2; }
    SetupScreen #buttons Button { margin-right: 2; }
    SetupScreen #setup-error { color: $error; height: auto; }
    """

    def __init__(
        self,
        game: str,
        options: dict[str, Any],
        seats: Sequence[str] | None,
        seed: int | None,
        on_start: Callable[[Session], None],
    ) -> None:
        super().__init__()
        self.game = game
        self.options = dict(options)
        self.game_info = info(game)
        players = int(self.options.get("players", len(seats) if seats else self.game_info.min_players))
        spec = self.game_info.option("players")
        if spec is not None and "players" not in self.options and not seats:
            players = int(spec.default)
        self.players = players
        self.kinds = list(seats) if seats and len(seats) == players else default_seats(players)
        self.seed = seed
        # The seed the game gets when none is typed, drawn now so that the bot seats can
        # show the names they will have at the table (the names come from the seed).
        self.drawn_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self.on_start = on_start
        self.saved = self._unfinished()
        self.error: StammtischError | None = None  # said again in the other language on 'l'

    def show_error(self, exc: StammtischError) -> None:
        self.error = exc
        self.query_one("#setup-error", Static).update(exc.message(self.lang))

    def _unfinished(self) -> GameRecord | None:
        """The autosaved unfinished game of this game, if there is one to resume."""
        path = autosave.latest(self.game)
        if path is None:
            return None
        try:
            return autosave.load(path)
        except StammtischError:
            return None

    def resume_label(self, lang: str) -> str:
        n = len(self.saved.actions) if self.saved is not None else 0
        return tr("resume", lang, n=n)

    def player_counts(self) -> list[int]:
        spec = self.game_info.option("players")
        if spec is not None and spec.allowed is not None:
            return [int(x) for x in spec.allowed]
        return list(range(self.game_info.min_players, self.game_info.max_players + 1))

    def compose(self) -> ComposeResult:
        lang = self.lang
        with VerticalScroll(id="setup"):
            yield Static(id="setup-title")
            with Horizontal(classes="row"):
                yield Label(id="players-label")
                yield Select(
                    [(str(n), n) for n in self.player_counts()],
                    value=self.players,
                    allow_blank=False,
                    id="players",
                    compact=True,
                )
            yield Vertical(id="seats")
            yield Vertical(id="opts")
            with Horizontal(classes="row"):
                yield Label(id="seed-label")
                yield Input(
                    "" if self.seed is None else str(self.seed), id="seed", type="integer", compact=True
                )
            yield Static(id="setup-error")
        with Horizontal(id="buttons"):
            yield Button(tr("start", lang), id="start", variant="primary", compact=True)
            if self.saved is not None:
                yield Button(self.resume_label(lang), id="resume", compact=True)
        yield KeyBar(SETUP_KEYS, lang)

    def choices(self) -> list[OptionSpec]:
        """The game's options offered here (the player count has its own row; the seat
        that deals or starts is drawn)."""
        return [
            spec
            for spec in self.game_info.options
            if spec.name not in ("players", "dealer", "start")
            and (spec.type is bool or spec.allowed is not None or spec.maximum is not None)
            and f"opt_{spec.name}" in ui_keys()
        ]

    def option_value(self, spec: OptionSpec) -> Any:
        value = self.options.get(spec.name, spec.default)
        return spec.coerce(self.game, value) if isinstance(value, str) else value

    def option_values(self, spec: OptionSpec, lang: str) -> list[tuple[str, Any]]:
        if spec.type is bool:
            return [(tr("yes", lang), True), (tr("no", lang), False)]
        values = list(spec.allowed) if spec.allowed is not None else []
        if not values and spec.minimum is not None and spec.maximum is not None:
            values = list(range(spec.minimum, min(spec.maximum, spec.minimum + 20) + 1))
        return [
            (tr(f"opt_{spec.name}_{v}", lang) if f"opt_{spec.name}_{v}" in ui_keys() else str(v), v)
            for v in values
        ]

    def on_mount(self) -> None:
        self.relabel()
        self.query_one("#start", Button).focus()

    def seat_options(self) -> list[tuple[str, str]]:
        lang = self.lang
        return [(kind_label(k, lang), k) for k in (YOU, PERSON, *bot_kinds())]

    def game_seed(self) -> int:
        """The seed typed in, or the one drawn for this screen when none is."""
        inputs = self.query("#seed").results(Input)
        text = next(iter(inputs)).value.strip() if inputs else ""
        return int(text) if text.lstrip("-").isdigit() else self.drawn_seed

    def seat_labels(self) -> list[str]:
        """Each seat as the table will call it: a bot seat by its name (from the seed)."""
        names = name_bots([not is_human(kind) for kind in self.kinds], self.game_seed())
        return [seat_name(s, self.lang, names) for s in range(self.players)]

    def relabel_seats(self) -> None:
        for label, text in zip(self.query(".seat-label").results(Label), self.seat_labels(), strict=False):
            label.update(text)

    def build_seats(self) -> None:
        box = self.query_one("#seats", Vertical)
        box.remove_children()
        rows = []
        labels = self.seat_labels()
        for s in range(self.players):
            row = Horizontal(
                Label(labels[s], classes="seat-label"),
                Select(
                    self.seat_options(),
                    value=self.kinds[s],
                    allow_blank=False,
                    name=f"seat-{s}",
                    classes="seat-select",
                    compact=True,
                ),
                classes="row",
            )
            rows.append(row)
        box.mount(*rows)

    def build_options(self) -> None:
        box = self.query_one("#opts", Vertical)
        box.remove_children()
        lang = self.lang
        rows = [
            Horizontal(
                Label(tr(f"opt_{spec.name}", lang)),
                Select(
                    self.option_values(spec, lang),
                    value=self.option_value(spec),
                    allow_blank=False,
                    name=f"opt-{spec.name}",
                    compact=True,
                ),
                classes="row",
            )
            for spec in self.choices()
        ]
        if rows:
            box.mount(*rows)

    def relabel(self) -> None:
        lang = self.lang
        title = self.game_info.title.get(lang, self.game)
        self.query_one("#setup-title", Static).update(tr("setup_title", lang, game=title))
        self.query_one("#players-label", Label).update(tr("players", lang))
        self.query_one("#seed-label", Label).update(tr("seed", lang))
        self.query_one("#start", Button).label = tr("start", lang)
        for button in self.query("#resume").results(Button):
            button.label = self.resume_label(lang)
        self.query_one(KeyBar).relabel(lang)
        self.query_one("#setup-error", Static).update(self.error.message(lang) if self.error else "")
        self.build_seats()  # a Select keeps its shown label: new ones speak the new language
        self.build_options()

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        sid = event.select.id or event.select.name or ""
        if sid == "players" and isinstance(event.value, int) and event.value != self.players:
            self.players = event.value
            self.kinds = (self.kinds + default_seats(self.players)[len(self.kinds) :])[: self.players]
            self.build_seats()
        elif sid.startswith("seat-") and isinstance(event.value, str):
            self.kinds[int(sid[5:])] = event.value
            self.relabel_seats()
        elif sid.startswith("opt-") and event.value is not Select.BLANK:
            self.options[sid[4:]] = event.value

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "resume" and self.saved is not None:
            try:
                session = Session.from_record(self.saved)
            except StammtischError as exc:
                self.show_error(exc)
                return
            self.on_start(session)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "seed":
            event.stop()
            self.relabel_seats()  # another seed, other names

    def on_input_submitted(self, event: Input.Submitted) -> None:
        # Enter in the seed field (the last field) starts the game, as the button does.
        if event.input.id == "seed":
            event.stop()
            self.action_start()

    def action_start(self) -> None:
        try:
            session = new_session(
                self.game, self.kinds, self.game_seed(), {**self.options, "players": self.players}
            )
        except StammtischError as exc:
            self.show_error(exc)
            return
        self.on_start(session)
