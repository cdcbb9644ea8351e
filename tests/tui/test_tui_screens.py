"""Each screen driven by keys: setup, undo, language switch, hot-seat, hints, records, replay.

Every test leaves an SVG of its screen in test-artifacts/tui (gitignored) and checks the
key content as text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from textual.widgets import OptionList
from tui_helpers import SIZE, first_playable_key, game_screen, screen_text, settle, snapshot

from stammtisch.bots.names import name_bots
from stammtisch.records.record import GameRecord
from stammtisch.tui.app import StammtischApp
from stammtisch.tui.hints import hint_provider
from stammtisch.tui.screens.dialogs import ConfirmScreen, HandoverScreen, PathScreen
from stammtisch.tui.screens.game import GameScreen
from stammtisch.tui.screens.replay import ReplayScreen
from stammtisch.tui.screens.setup import SetupScreen
from stammtisch.tui.session import new_session


async def _play_one(pilot: object, app: StammtischApp) -> str:
    screen = game_screen(app)
    await pilot.press(first_playable_key(screen))  # type: ignore[attr-defined]
    wanted = screen.choices[0].value
    await pilot.press("enter")  # type: ignore[attr-defined]
    return wanted


async def test_setup_screen_seats_and_start() -> None:
    app = StammtischApp("zwickern", seed=7, bot_delay=0, hint=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        text = screen_text(app)
        bot = name_bots([False, True], 7)[1]  # the bot's name at the table, from the seed
        assert bot is not None
        assert (
            "New game: Zwickern" in text
            and "Player 1" in text
            and bot in text
            and "Player 2" not in text
            and "Player 0" not in text
        )
        assert "You" in text and "Bot: medium" in text
        snapshot(app, "setup")
        await pilot.press("l")
        assert "Neues Spiel: Zwickern" in screen_text(app)
        await pilot.press("ctrl+s")
        await settle(pilot, app)
        screen = game_screen(app)
        assert screen.session.seed == 7
        assert screen.session.seats == ["you", "medium"]
        assert screen.session.names == [None, bot]
        assert "Du bist dran, Spieler 1." in screen_text(app)


async def test_enter_in_the_seed_field_starts_the_game() -> None:
    """The seed is the setup's last field: Enter there starts, as the button does."""
    app = StammtischApp("zwickern", bot_delay=0, hint=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#seed").focus()
        await pilot.press("4", "2", "enter")
        await settle(pilot, app)
        assert game_screen(app).session.seed == 42


async def test_setup_screen_names_the_bots_as_the_table_will() -> None:
    """Without a seed the screen draws one: the bot seats show the names they get at the
    table, and a seat made a person again shows its number."""
    app = StammtischApp("dog", bot_delay=0, hint=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        labels = setup.seat_labels()
        assert labels[0] == "Player 1" and all(not label.startswith("Player") for label in labels[1:])
        assert all(label in screen_text(app) for label in labels)
        setup.kinds[2] = "person"
        setup.relabel_seats()
        await pilot.pause()
        assert "Player 3" in screen_text(app)
        setup.kinds[2] = "hard"  # a bot again (two people would share the keyboard)
        setup.relabel_seats()
        shown = setup.seat_labels()
        assert "Player 3" not in shown
        await pilot.press("ctrl+s")
        await settle(pilot, app)
        session = game_screen(app).session
        assert session.seed == setup.drawn_seed
        assert [name or f"Player {s + 1}" for s, name in enumerate(session.names)] == shown


async def test_undo_key_rebuilds_the_position_before_the_last_own_move() -> None:
    app = StammtischApp(
        "zwickern", seats=["you", "random", "random"], seed=8, start=True, bot_delay=0, hint=None
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        position = screen.session.state.to_json()
        moves = [m.notation for m in screen.session.moves]
        await _play_one(pilot, app)
        await settle(pilot, app)
        assert len(screen.session.moves) >= len(moves) + 3
        await pilot.press("u")
        await settle(pilot, app)
        assert [m.notation for m in screen.session.moves] == moves
        assert screen.session.state.to_json() == position
        assert "Took back 3 moves." in screen_text(app)
        snapshot(app, "undo")


async def test_undo_key_after_new_cards_says_it_is_too_late() -> None:
    """Once cards were dealt after the player's last move, u takes nothing back and says why."""
    app = StammtischApp("zwickern", seats=["you", "random"], seed=3, start=True, bot_delay=0, hint=None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        for _ in range(40):
            if screen.session.undo_refusal() == "undo_hidden":
                break
            await _play_one(pilot, app)
            await settle(pilot, app)
        assert screen.session.undo_refusal() == "undo_hidden"
        moves = len(screen.session.moves)
        await pilot.press("u")
        await settle(pilot, app)
        assert len(screen.session.moves) == moves
        assert "Too late to take back: new cards have come into play" in screen_text(app)


async def test_language_switch_relabels_everything() -> None:
    app = StammtischApp("zwickern", seats=["you", "random"], seed=3, start=True, bot_delay=0, hint=None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        english = screen_text(app)
        assert "Your turn" in english and "Draw pile" in english and "l Deutsch" in english
        await pilot.press("l")
        german = screen_text(app)
        assert "Du bist dran" in german and "Nachziehstapel" in german and "Punkte" in german
        assert "l English" in german and "Your turn" not in german
        snapshot(app, "german")
        await pilot.press("l")
        assert "Your turn" in screen_text(app)


async def test_hot_seat_hides_the_hand_until_the_next_person_confirms() -> None:
    app = StammtischApp("zwickern", seats=["you", "person"], seed=5, start=True, bot_delay=0, hint=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        first = app.screen.seat
        text = screen_text(app)
        assert f"Player {first + 1}'s turn" in text  # seats are counted from 1 on screen
        behind = game_screen_behind(app)
        assert behind.display_seat() is None and behind.hand == []  # nobody's hand is drawn
        snapshot(app, "handover")
        await pilot.press("enter")
        await pilot.pause()
        screen = game_screen(app)
        assert screen.display_seat() == first
        await _play_one(pilot, app)
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert app.screen.seat == 1 - first
        assert game_screen_behind(app).display_seat() is None
        await pilot.press("u")  # no undo for two people: the handover stays
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("l")  # the handover speaks the language switched to
        await pilot.pause()
        assert f"Spieler {2 - first} ist dran" in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("q")  # asks, as over the table (it quit at once)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen) and app.is_running


def game_screen_behind(app: StammtischApp) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


async def test_hint_key_without_suggest_says_so() -> None:
    app = StammtischApp("zwickern", seats=["you", "random"], seed=3, start=True, bot_delay=0, hint=None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("h")
        assert "Hints are not available." in screen_text(app)
        assert game_screen(app).hinted is None


async def test_hint_key_marks_the_suggested_move() -> None:
    def best(
        game: object, view: Mapping[str, object], legal: Sequence[object], budget: object, seed: int
    ) -> tuple[object, float]:
        return (legal[-1], 1.0)

    app = StammtischApp(
        "zwickern", seats=["you", "random"], seed=3, start=True, bot_delay=0, hint=hint_provider(best)
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        wanted = screen.session.legal()[-1]
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.hinted == wanted
        assert f"Hint: {screen.presenter.move_words(screen.session.state, wanted, 'en')}" in screen_text(app)
        await pilot.press("enter")
        assert any(m.notation == wanted and m.seat == 0 for m in screen.session.moves)


async def test_save_and_load_a_record(tmp_path: Path) -> None:
    app = StammtischApp("zwickern", seats=["you", "random"], seed=12, start=True, bot_delay=0, hint=None)
    target = tmp_path / "game.json"
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await _play_one(pilot, app)
        await settle(pilot, app)
        screen = game_screen(app)
        moves = [m.notation for m in screen.session.moves]
        await pilot.press("s")
        assert isinstance(app.screen, PathScreen)
        app.screen.query_one("#path").value = str(target)  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert GameRecord.load(target).actions == moves
        await _play_one(pilot, app)
        await settle(pilot, app)
        assert len(screen.session.moves) > len(moves)
        await pilot.press("o")
        app.screen.query_one("#path").value = str(target)  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot, app)
        screen = game_screen(app)
        assert [m.notation for m in screen.session.moves] == moves
        assert "Loaded" in screen_text(app)


async def test_bots_alone_at_the_table_are_said_to_play_alone() -> None:
    """Only bots at the table: where a person's moves would be, the screen says that the bots
    play alone (it showed "Moves" over an empty box)."""
    app = StammtischApp("zwickern", seats=["random", "random"], seed=3, start=True, bot_delay=0.2, hint=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = str(game_screen(app).query_one("#moves-title").render())
        assert title == "Nobody sits at the table: the bots play alone.", title


async def test_replay_steps_through_a_record() -> None:
    session = new_session("zwickern", ["random", "random"], seed=6)
    while not session.over:
        request = session.bot_request()
        assert request is not None
        bot, view, legal, _ = request
        session.play(str(bot.choose(view, legal)))
    record = session.record()
    app = StammtischApp("zwickern", record=record)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        n = len(record.actions)
        assert f"Move 0 of {n}" in screen_text(app)
        await pilot.press("right", "right")
        assert screen.index == 2
        assert f"Move 2 of {n}" in screen_text(app)
        await pilot.press("left")
        assert screen.index == 1
        await pilot.press("v")
        assert f"Seen by: {session.names[0]}" in screen_text(app)  # the bots' names, from the record
        await pilot.press("end")
        text = screen_text(app)
        assert f"Move {n} of {n}" in text and "Replay finished" in text and "wins" in text
        snapshot(app, "replay")
        await pilot.press("l")
        assert f"Zug {n} von {n}" in screen_text(app)


async def test_new_game_key_deals_the_next_seed_once_the_game_is_over() -> None:
    app = StammtischApp("zwickern", seats=["you", "random"], seed=21, start=True, bot_delay=0, hint=None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        # During a game the key asks first: "no" throws nothing away.
        await _play_one(pilot, app)
        await settle(pilot, app)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Abandon this game" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and screen.session.seed == 21 and not screen.session.over
        while not screen.session.over:
            await _play_one(pilot, app)
            await settle(pilot, app)
        finished = screen.session
        assert "n: new game" in screen_text(app)
        await pilot.press("n")
        await settle(pilot, app)
        assert screen.session is not finished
        assert screen.session.seed == 22 and screen.session.seats == ["you", "random"]
        assert not screen.session.over and screen.my_turn()
        assert "New game (seed 22)." in screen_text(app)
        snapshot(app, "new-game")


async def test_replay_of_dog_at_80x24_shows_the_compact_board_and_wraps_moves_under_their_words() -> None:
    """The replay screen had no compact board: at 80 columns the Dog ring wrapped line by
    line, and a long move wrapped under its number. Now it is the game screen's compact
    board on top, each move's words wrapped under themselves at the list's width, wrapped
    anew when the terminal is resized."""
    session = new_session("dog", ["random"] * 4, seed=5)
    while len(session.moves) < 40:
        request = session.bot_request()
        assert request is not None
        bot, view, legal, _ = request
        session.play(str(bot.choose(view, legal)))
    app = StammtischApp("dog", record=session.record())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.has_class("-compact")
        await pilot.press(*["right"] * 12)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        strip = [line for line in lines if re.search(r"^ .{3} *\d+│", line)]
        assert len(strip) == 4 and all("Kn:" in line for line in strip), lines
        snapshot(app, "replay-dog-80x24")
        for size in ((130, 42), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            moves = screen.query_one("#movelist", OptionList)
            width = moves.scrollable_content_region.width - 2
            prompts = [moves.get_option_at_index(i).prompt for i in range(moves.option_count)]
            texts = [str(getattr(p, "plain", p)) for p in prompts]
            assert all(len(line) <= width for text in texts for line in text.split("\n")), size
            wrapped = [text for text in texts if "\n" in text]
            assert wrapped, "some moves take more than a line"
            assert all(line.startswith("    ") for text in wrapped for line in text.split("\n")[1:])
            assert moves.highlighted == screen.index - 1
