"""The toy game Hoch in the terminal UI, played with key presses to the end (issue 24).

Hoch has no presenter of its own: the screen draws its text render and its seat data, and
lists its moves in the words of its own ``words.py``.
"""

from __future__ import annotations

from textual.widgets import OptionList

from stammtisch.tui.app import StammtischApp
from stammtisch.tui.screens.game import GameScreen


def _moves(screen: GameScreen) -> list[str]:
    options = screen.query_one("#moves", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def test_hoch_is_played_by_keys_in_its_own_words() -> None:
    app = StammtischApp(
        "hoch", seats=["you", "random"], seed=4, start=True, bot_delay=0, hint=None, autosave=False
    )
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        played = 0
        while not screen.session.over:
            await app.workers.wait_for_complete()
            await pilot.pause()
            if screen.session.over:
                break
            assert screen.my_turn()
            await pilot.press("1")
            moves = _moves(screen)
            assert len(moves) == 1 and moves[0].startswith("Play the "), moves
            if played == 0:
                await pilot.press("l")  # the same move in German
                assert _moves(screen)[0].startswith("Die ") and "spielen" in _moves(screen)[0]
                await pilot.press("l")
            await pilot.press("enter")
            played += 1
        await pilot.pause()
        assert played == 3
        assert screen.session.state.is_terminal
