"""The Textual application: setup, play and replay screens over one language switch."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual.binding import Binding, BindingType

from stammtisch.records.record import GameRecord
from stammtisch.tui.hints import Hint, hint_provider
from stammtisch.tui.i18n import other_language, tr
from stammtisch.tui.screens.base import Host
from stammtisch.tui.screens.dialogs import ConfirmScreen, HandoverScreen
from stammtisch.tui.screens.game import GameScreen
from stammtisch.tui.screens.replay import ReplayScreen
from stammtisch.tui.screens.setup import SetupScreen
from stammtisch.tui.session import Session, new_session

_NO_HINT: Any = object()


class StammtischApp(Host):
    """``stammtisch play`` and ``stammtisch replay --ui``.

    Give ``record`` to replay it, ``session`` to play it, ``seats`` to start at once, or
    nothing to choose the seats on the setup screen first.
    """

    TITLE = "stammtisch"
    # Textual's command palette (Ctrl+P) is English only and quits without asking: the
    # keys of the key bar and the help are the players' way to everything.
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("l", "switch_language", show=False),
        Binding("q", "request_quit", show=False),
        # Ctrl+Q quits as q does (asking first during a game), not at once; Ctrl+C too, where
        # Textual only showed an English note to press Ctrl+Q (see action_help_quit).
        Binding("ctrl+q", "request_quit", show=False, priority=True),
    ]

    def __init__(
        self,
        game: str = "zwickern",
        *,
        options: dict[str, Any] | None = None,
        seats: Sequence[str] | None = None,
        seed: int | None = None,
        lang: str = "en",
        record: GameRecord | None = None,
        session: Session | None = None,
        hint: Hint | None = _NO_HINT,
        bot_delay: float = 0.4,
        start: bool = False,
        autosave: bool = True,
    ) -> None:
        super().__init__()
        self.game_name = game
        self.options = dict(options or {})
        self.seats = list(seats) if seats else None
        self.seed = seed
        self.lang = lang
        self.record = record
        self.session = session
        self.hint: Hint | None = hint_provider() if hint is _NO_HINT else hint
        self.bot_delay = bot_delay
        self.start_now = start
        self.autosave = autosave

    def on_mount(self) -> None:
        if self.record is not None:
            self.push_screen(ReplayScreen(self.record))
        elif self.session is not None:
            self.start_session(self.session)
        elif self.start_now and self.seats:
            self.start_session(new_session(self.game_name, self.seats, self.seed, self.options))
        else:
            self.push_screen(
                SetupScreen(self.game_name, self.options, self.seats, self.seed, self.start_session)
            )

    def start_session(self, session: Session) -> None:
        session.autosave = self.autosave
        self.session = session
        screen = GameScreen(session, self.hint, self.bot_delay)
        if len(self.screen_stack) > 1:  # the setup screen gives way to the game
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def game_screen(self) -> GameScreen | None:
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                return screen
        return None

    def action_request_quit(self) -> None:
        """Quit; during a game only after a yes (the game is autosaved either way)."""
        screen = self.game_screen()
        # Over the game only the handover asks too (a stray q between two people at the
        # keyboard); from a question or a dialog a second q quits.
        here = self.screen is screen or isinstance(self.screen, HandoverScreen)
        if screen is None or not screen.unfinished() or not here:
            self.exit()
            return
        if screen.session.autosave:
            screen.session.store()
        self.push_screen(ConfirmScreen(tr("confirm_quit", self.lang), self.lang), self._quit_answer)

    def action_help_quit(self) -> None:
        """Ctrl+C (outside a text field, where it copies): quit as q does."""
        self.action_request_quit()

    def _quit_answer(self, yes: bool | None) -> None:
        if yes:
            self.exit()

    def action_switch_language(self) -> None:
        self.lang = other_language(self.lang)
        self.sub_title = tr("app_title", self.lang)
        for screen in self.screen_stack:
            relabel = getattr(screen, "relabel", None)
            if callable(relabel):
                relabel()
