"""Helpers for the terminal UI tests: drive a game screen with key presses only."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from stammtisch.tui.app import StammtischApp
from stammtisch.tui.screens.game import GameScreen

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "tui"
SIZE = (120, 36)


def game_screen(app: StammtischApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), f"expected the game screen, got {screen!r}"
    return screen


async def settle(pilot: Pilot[None], app: StammtischApp, limit: int = 400) -> None:
    """Let the bots play until a person is to move, a handover is shown, or the game ends."""
    for _ in range(limit):
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, GameScreen):
            return
        s = screen.session
        if s.over or (s.is_human(s.to_move) and screen.my_turn()):
            return
        try:
            await app.workers.wait_for_complete()
        except WorkerCancelled:
            # A bot's search superseded by a newer one (exclusive workers) is cancelled on
            # purpose; the loop looks at the screen again.
            continue
    raise AssertionError("the bots did not hand the move back")


def first_playable_key(screen: GameScreen) -> str:
    """The number key of the first hand card that has a legal move (read from the screen)."""
    for i, card in enumerate(screen.hand[:9]):
        g = screen.group_of(card)
        if g is not None and screen.groups[g].playable:
            return str(i + 1)
    return "0"


def snapshot(app: StammtischApp, name: str) -> Path:
    """Save an SVG of the screen under test-artifacts/tui (gitignored) and return it."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    app.save_screenshot(f"{name}.svg", str(ARTIFACTS))
    return ARTIFACTS / f"{name}.svg"


def screen_text(app: StammtischApp) -> str:
    """The characters on the screen, line by line (for text snapshot assertions)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())
