"""A whole Zwickern match against bots, played with key presses only."""

from __future__ import annotations

from tui_helpers import SIZE, first_playable_key, game_screen, screen_text, settle, snapshot

from stammtisch.records.record import GameRecord
from stammtisch.tui.app import StammtischApp
from stammtisch.tui.widgets import CardButton


async def test_full_zwickern_game_by_keys_to_the_end() -> None:
    app = StammtischApp(
        "zwickern", seats=["you", "easy", "medium"], seed=11, start=True, bot_delay=0, hint=None
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        assert "Your turn, Player 1." in screen_text(app)
        snapshot(app, "zwickern-play")
        presses = 0
        while not screen.session.over:
            assert screen.my_turn()
            await pilot.press(first_playable_key(screen))
            # The move list now shows the moves of that card; Enter plays the highlighted one.
            assert screen.choices and all(c.complete for c in screen.choices)
            before = len(screen.session.moves)
            await pilot.press("enter")
            assert len(screen.session.moves) > before
            presses += 1
            await settle(pilot, app)
        text = screen_text(app)
        snapshot(app, "zwickern-over")
    assert presses > 10
    final = screen.session.state
    assert "Game over" in text
    assert all(f"{int(p)}" in text for p in final.scores())
    # Only seat 0 was played by keys; the whole game replays from seed + moves.
    rec = screen.session.record()
    assert GameRecord.from_json(rec.to_json()).replay(check=True).to_json() == final.to_json()


async def test_clicking_a_card_and_a_move_plays_it() -> None:
    app = StammtischApp("zwickern", seats=["you", "random"], seed=5, start=True, bot_delay=0, hint=None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        key = int(first_playable_key(screen))
        button = list(screen.query(CardButton))[key - 1]
        await pilot.click(button)
        await pilot.pause()
        assert screen.selected is not None
        wanted = screen.choices[0].value
        before = len(screen.session.moves)
        await pilot.click("#moves", offset=(2, 1))
        await pilot.pause()
        assert screen.session.moves[before].notation == wanted
        assert screen.session.moves[before].seat == 0
