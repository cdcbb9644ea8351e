"""The game screen at 80×24 and 120×40 for every game (Dog with 4 and 6 seats): board, hand,
seats and the move list are on screen and nothing of them wraps; key labels in both
languages; Tab never reaches the key bar; help, quit and new game ask; autosave resumes.
"""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.measure import Measurement
from textual.widget import Widget
from textual.widgets import OptionList, Static
from tui_helpers import game_screen, screen_text, settle, snapshot

import stammtisch
from stammtisch.plain_play import play_plain
from stammtisch.tui import autosave
from stammtisch.tui.app import StammtischApp
from stammtisch.tui.i18n import tr
from stammtisch.tui.screens.dialogs import ConfirmScreen, HelpScreen
from stammtisch.tui.screens.game import GameScreen
from stammtisch.tui.screens.game_layout import GAME_KEYS, HELP_KEYS, help_keys
from stammtisch.tui.screens.setup import SetupScreen
from stammtisch.tui.session import Session
from stammtisch.tui.widgets import CardButton, KeyBar

GAMES = [
    ("zwickern", ["you", "random"]),
    ("zwickern", ["you", "random", "random", "random"]),
    ("himmel", ["you", "random", "random", "random"]),
    ("himmel", ["you", "random", "random", "random", "random", "random"]),
    ("dog", ["you", "random", "random", "random"]),
    ("dog", ["you", "random", "random", "random", "random", "random"]),
    ("dog", ["you", "random", "random"]),  # DOG-21: three alone
    ("dog", ["you", "random"]),  # two alone: 32 fields each, two strip lines a seat
]
SIZES = [(80, 24), (120, 40)]


def _on_screen(widget: Widget, size: tuple[int, int]) -> bool:
    region = widget.region
    return (
        widget.display
        and region.height > 0
        and region.width > 0
        and region.x >= 0
        and region.y >= 0
        and region.right <= size[0]
        and region.bottom <= size[1] - 1  # above the key bar
    )


def _fits(app: StammtischApp, renderable: Any, width: int) -> bool:
    console = Console(width=width, file=io.StringIO())
    return Measurement.get(console, console.options, renderable).maximum <= width


async def _start(game: str, seats: list[str], size: tuple[int, int], lang: str = "en") -> Any:
    app = StammtischApp(game, seats=seats, seed=5, start=True, bot_delay=0, hint=None, lang=lang)
    return app


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize(("game", "seats"), GAMES, ids=[f"{g}-{len(s)}" for g, s in GAMES])
async def test_board_hand_seats_and_moves_fit_without_wrapping(
    game: str, seats: list[str], size: tuple[int, int]
) -> None:
    app = StammtischApp(game, seats=seats, seed=5, start=True, bot_delay=0, hint=None)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        # Pick the first card with moves (or the other moves), so that the move list is full.
        keys = [str(i + 1) for i, c in enumerate(screen.hand[:9]) if _playable(screen, c)] or ["0"]
        await pilot.press(keys[0])
        await pilot.pause()
        snapshot(app, f"layout-{game}-{len(seats)}-{size[0]}x{size[1]}")
        assert not screen.has_class("-too-small")
        compact = screen.has_class("-compact")
        view = screen.session.view(0)
        board = screen.query_one("#board-top" if compact else "#board", Static)
        assert _on_screen(board, size), (board.region, size)
        assert _fits(app, screen.presenter.board(view, "en", compact=compact), board.content_region.width)
        seats_box = screen.query_one("#seats", Static)
        if compact and screen.presenter.strip_shows_seats:
            text = screen_text(app)
            assert all(f"{16 * s + 1:>3}│" in text for s in range(len(seats)))  # one strip line a seat
        else:
            assert _on_screen(seats_box, size)
            assert _fits(app, screen.presenter.seats(view, "en"), seats_box.content_region.width)
        cards = list(screen.query(CardButton))
        assert cards and all(_on_screen(c, size) for c in cards)
        assert all(len(str(c.label)) <= c.content_region.width for c in cards), "a hand card is cut"
        assert all(c.region.height == 1 for c in cards), "a hand card wraps"
        moves = screen.query_one("#moves", OptionList)
        assert _on_screen(moves, size) and moves.region.height >= 5
        assert moves.option_count > 0
        width = moves.scrollable_content_region.width
        for i in range(moves.option_count):
            prompt = moves.get_option_at_index(i).prompt
            assert len(str(getattr(prompt, "plain", prompt))) <= width, prompt
        bar = screen.query_one(KeyBar)
        assert _on_screen_bar(bar, size)


def _on_screen_bar(bar: KeyBar, size: tuple[int, int]) -> bool:
    return bar.region.bottom == size[1] and bar.region.width == size[0]


def _playable(screen: GameScreen, card: str) -> bool:
    g = screen.group_of(card)
    return g is not None and screen.groups[g].playable


async def test_too_small_a_terminal_says_the_size_it_needs() -> None:
    app = StammtischApp("dog", seats=["you", "random", "random", "random"], seed=5, start=True, bot_delay=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot, app)
        assert "needs 80×24 (now 60×20)" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "needs 80×24" not in screen_text(app)


@pytest.mark.parametrize("width", [80, 120])
async def test_every_key_label_in_both_languages_after_switching(width: int) -> None:
    """The key bar names every key in the current language, whole, at 80 columns too; after
    `l` every label is the other language's (never the first language's width)."""
    app = StammtischApp(
        "himmel", seats=["you", "random", "random"], seed=3, start=True, bot_delay=0, hint=None
    )
    async with app.run_test(size=(width, 24)) as pilot:
        await settle(pilot, app)
        for lang in ("en", "de", "en"):
            bar_line = screen_text(app).splitlines()[-1]
            for key, text_key, _ in GAME_KEYS:
                assert tr(text_key, lang) and f"{key} {tr(text_key, lang)}" in bar_line, (lang, bar_line)
            await pilot.press("l")
            await pilot.pause()


async def test_tab_never_reaches_the_key_bar_or_the_cards() -> None:
    app = StammtischApp("zwickern", seats=["you", "random"], seed=3, start=True, bot_delay=0, hint=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        chain = app.screen.focus_chain
        assert not any(isinstance(w, KeyBar | CardButton) for w in chain)
        for _ in range(4):
            await pilot.press("tab")
            assert not isinstance(app.focused, KeyBar | CardButton)
        assert app.lang == "en"


async def test_clicking_a_key_label_runs_its_key() -> None:
    app = StammtischApp("zwickern", seats=["you", "random"], seed=3, start=True, bot_delay=0, hint=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        bar_line = screen_text(app).splitlines()[-1]
        x = bar_line.index("l Deutsch")
        await pilot.click(KeyBar, offset=(x - 1 + 2, 0))
        await pilot.pause()
        assert app.lang == "de"


async def test_help_overlay_explains_every_key_in_both_languages() -> None:
    app = StammtischApp("dog", seats=["you", "random", "random", "random"], seed=3, start=True, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for lang in ("en", "de"):
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            text = screen_text(app)
            for _, text_key in help_keys("dog")[:6]:  # the first rows; the rest scroll
                assert tr(text_key, lang)[:20] in text, text_key
            help_screen = app.screen
            rows = " ".join(str(words) for _, words in help_screen.keys)
            for key, text_key in help_keys("dog"):
                assert tr(text_key, lang) in rows and key
            assert tr("help_other_dog", lang) in rows  # "0": Dog's move without a card
            for key, _, _ in GAME_KEYS:  # every key of the bar is explained
                assert any(key in k for k, _ in help_screen.keys), key
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            await pilot.press("l")
        # l with the help open switches the language, the help too (l did nothing there)
        await pilot.press("question_mark")
        await pilot.pause()
        assert tr("help_hint", "en") in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and tr("help_hint", "de") in screen_text(app)
        assert "Tasten und Regeln" in screen_text(app)


async def test_quit_asks_during_a_game_and_the_game_resumes_from_autosave(tmp_path: Path) -> None:
    app = StammtischApp("zwickern", seats=["you", "random"], seed=9, start=True, bot_delay=0, hint=None)
    exits: list[bool] = []
    app.exit = lambda *a, **k: exits.append(True)  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        await pilot.press(next(str(i + 1) for i, c in enumerate(screen.hand) if _playable(screen, c)))
        await pilot.press("enter")
        await settle(pilot, app)
        played = [m.notation for m in screen.session.moves]
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "Quit?" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert not exits and app.screen is screen
        # Ctrl+C and Ctrl+Q ask as q does, in the player's words (Textual's own Ctrl+C note
        # was English and pointed at Ctrl+Q, which quit without asking).
        await pilot.press("ctrl+p")  # no English command palette
        await pilot.pause()
        assert app.screen is screen and "Search for commands" not in screen_text(app)
        for key in ("ctrl+c", "ctrl+q"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen) and "Quit?" in screen_text(app), key
            assert "ctrl+q" not in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            assert not exits and app.screen is screen
        await pilot.press("q", "y")
        await pilot.pause()
        assert exits == [True]
    saved = autosave.latest("zwickern")
    assert saved is not None and autosave.load(saved).actions == played
    # The setup screen offers to resume it, and resuming replays every move.
    again = StammtischApp("zwickern", bot_delay=0, hint=None)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, SetupScreen)
        assert f"Resume the unfinished game ({len(played)} moves)" in screen_text(again)
        await pilot.click("#resume")
        await settle(pilot, again)
        resumed = game_screen(again).session
        assert [m.notation for m in resumed.moves][: len(played)] == played and resumed.seed == 9


def test_cli_resume_goes_on_with_the_autosaved_game_at_the_plain_prompt() -> None:
    from typer.testing import CliRunner

    from stammtisch.cli import app as cli

    session = Session(stammtisch.load("zwickern"), 4, ["you", "random"])
    session.autosave = True
    for _ in range(3):
        session.play(session.legal()[0])
    result = CliRunner().invoke(cli, ["play", "--resume", "--plain"], input="q\n")
    assert result.exit_code == 0, result.output
    # How to go on at the plain prompt again (without --plain it opened full-screen).
    said = " ".join(result.output.split())
    assert "Game abandoned." in said and "go on with: stammtisch play --resume --plain)" in said
    saved = autosave.latest("zwickern")
    assert saved is not None and autosave.load(saved).actions[:3] == [m.notation for m in session.moves]


def test_a_finished_game_leaves_no_autosave() -> None:
    session = Session(stammtisch.load("zwickern"), 4, ["you", "random"])
    session.autosave = True
    rng = random.Random(1)
    session.play(session.legal()[0])
    assert autosave.latest("zwickern") is not None
    while not session.over:
        legal = session.legal()
        session.play(legal[rng.randrange(len(legal))])
    assert autosave.latest("zwickern") is None


def test_zw5_refused_card_gets_a_reason_at_the_plain_prompt() -> None:
    """ZW-5: a card that captures nothing while a capture is forced is refused with the reason."""
    game = stammtisch.load("zwickern")
    for seed in range(40):
        session = Session(game, seed, ["you", "random"])
        while not session.over and session.to_move != 0:
            session.play(session.legal()[0])
        view = session.view(0)
        legal = set(session.legal())
        blocked = [c for c in view["hand"] if c not in legal]
        if blocked and legal:
            break
    else:
        pytest.fail("no forced capture found")
    buf = io.StringIO()
    answers = iter([blocked[0], "q"])
    play_plain(game, console=Console(file=buf, width=200), read=lambda p: next(answers), session=session)
    out = buf.getvalue()
    assert "forced capture" in out or "must be played" in out, out


async def test_zw5_refused_card_gets_a_reason_in_the_terminal_ui() -> None:
    game = stammtisch.load("zwickern")
    for seed in range(40):
        session = Session(game, seed, ["you", "random"])
        while not session.over and session.to_move != 0:
            session.play(session.legal()[0])
        legal = set(session.legal())
        hand = session.view(0)["hand"]
        blocked = [i for i, c in enumerate(hand) if c not in legal]
        if blocked and legal:
            break
    else:
        pytest.fail("no forced capture found")
    app = StammtischApp("zwickern", session=session, bot_delay=0, hint=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press(str(blocked[0] + 1))
        await pilot.pause()
        assert "forced capture" in game_screen(app).message
        # The status line is one line (the layout never jumps): a longer message is also
        # shown whole under the move list (wrapped there).
        shown = screen_text(app)
        assert "forced capture" in shown or (
            game_screen(app).overflow == game_screen(app).message and "capture)." in shown
        )


async def test_setup_speaks_the_new_language_and_offers_the_game_options() -> None:
    """After `l` the chosen seats read in the new language (no "Du" left in English); the
    game's options are offered in words and reach the game."""
    app = StammtischApp("dog", lang="de", bot_delay=0, hint=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Du" in text and "Fangzwang" not in text
        assert tr("opt_seven_with_partner", "de") in text and "Nein" in text
        await pilot.press("l")
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "Du " not in text and "You" in text and "Bot: medium" in text
        assert tr("opt_seven_with_partner", "en") in text and "No" in text
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.options["seven_with_partner"] = True
        await pilot.press("ctrl+s")
        await settle(pilot, app)
        assert game_screen(app).session.game.options["seven_with_partner"] is True


def test_moves_that_do_not_fit_show_what_tells_them_apart() -> None:
    # At 80 columns the move list is about 32 cells wide: Himmel's takes and raises, cut at
    # the end, all read "markierten Stapel A nehmen …". Their common beginning goes instead.
    from rich.text import Text

    from stammtisch.tui.screens.game_layout import move_entries

    takes = [Text(f"markierten Stapel A nehmen (1 Karte), neue Zielkarte {c}") for c in (8, 24, 36)]
    entries, full = move_entries(takes, 0, 32)
    assert [e.plain for e in entries] == ["… neue Zielkarte 8", "… neue Zielkarte 24", "… neue Zielkarte 36"]
    assert full[0] == takes[0].plain  # the whole words, shown under the list
    raises = [
        Text(f"Zielkarte von Stapel {p} von {o} auf {c} erhöhen")
        for p, o, c in (("A", 33, 36), ("B", 11, 24))
    ]
    assert [e.plain for e in move_entries(raises, 0, 32)[0]] == [
        "… A von 33 auf 36 erhöhen",
        "… B von 11 auf 24 erhöhen",
    ]
    # What fits stays whole; a split 7 narrowed to its first part still drops that part.
    short = [Text("8 auf Stapel A"), Text("8 auf Stapel B")]
    assert [e.plain for e in move_entries(short, 0, 32)[0]] == ["8 auf Stapel A", "8 auf Stapel B"]
    pegs = [Text("Stein 3: 1 → 8"), Text("Stein 2: 25 → 26; Stein 3: 1 → 7 and further")]
    assert move_entries(pegs, 0, 32)[0][0].plain == "Stein 3: 1 → 8"  # "Stein " is kept
    seven = [
        Text("Stein 1 von 4 auf 7; Stein 2 von 9 auf 13"),
        Text("Stein 1 von 4 auf 7; Stein 3 von 20 auf 24"),
    ]
    assert [e.plain for e in move_entries(seven, 0, 60)[0]] == [
        "… Stein 2 von 9 auf 13",
        "… Stein 3 von 20 auf 24",
    ]


def test_help_names_the_moves_without_a_card_in_each_games_words() -> None:
    # "0" lists the moves that play no hand card: Dog's fold, Himmel's takes and steals;
    # in Zwickern every move plays a card, so its help has no "0" line.
    from stammtisch.tui.presenters import presenter_for

    zwickern = presenter_for(stammtisch.load("zwickern"))
    assert not zwickern.other_moves and presenter_for(stammtisch.load("dog")).other_moves
    assert [k for k, _ in help_keys("zwickern", zwickern.other_moves)] == [
        k for k, _ in HELP_KEYS if k != "0"
    ]
    assert dict(help_keys("dog"))["0"] == "help_other_dog"
    assert dict(help_keys("himmel"))["0"] == "help_other_himmel"
    assert dict(help_keys("hoch"))["0"] == "help_other"  # a game without words of its own
    for lang in ("en", "de"):
        assert "Stapel" in tr("help_other_himmel", "de") and "pile" in tr("help_other_himmel", "en")
        assert tr("help_other_dog", lang) != tr("help_other", lang)


def test_the_plain_prompt_gives_a_hint_from_the_seats_view() -> None:
    """'h' (or 'tipp') at the plain prompt: the hint function gets the seat's own view and the
    legal actions (as the terminal UI's 'h' key), and its move is named with its number and
    in words; '?' (as in the terminal UI) says what can be typed. The prompt then asks again
    without listing the moves twice."""
    game = stammtisch.load("zwickern")
    session = Session(game, 4, ["you", "random"])
    while session.to_move != 0:
        session.play(session.legal()[0])
    asked: list[tuple[int, Any]] = []

    def hint(g: Any, seat: int, view: Any, legal: Any, seed: int) -> str:
        asked.append((seat, view))
        return str(legal[-1])

    last = len(session.legal())
    buf = io.StringIO()
    answers = iter(["h", "?", "Tipp", "hilfe", "q"])
    play_plain(
        game,
        console=Console(file=buf, width=200),
        read=lambda p: next(answers),
        session=session,
        lang="de",
        hint=hint,
    )
    out = buf.getvalue()
    assert [seat for seat, _ in asked] == [0, 0] and all(v["seat"] == 0 and "hand" in v for _, v in asked)
    assert out.count(f"Tipp: {last}  ") == 2
    assert out.count("Tippe die Nummer eines Zugs") == 2
    assert "'?' Hilfe" in tr("plain_prompt", "de", last=3) and "'?' help" in tr("plain_prompt_one", "en")
    assert out.count(f"  {last:>2}  ") == 1  # the moves were listed once


def test_a_long_log_line_wraps_under_its_own_text_and_brackets_stay_words() -> None:
    import io

    from rich.console import Console

    from stammtisch.tui.present import numbered_log

    out = io.StringIO()
    text = "Erika kann nicht spielen und steigt aus: Bube und Bube. [Partei 1] beginnt."
    Console(file=out, width=40, color_system=None).print(numbered_log([(12, text), (9, "Walti gibt.")]))
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("12. Erika")
    assert len(lines) > 3 and all(line.startswith("    ") for line in lines[1:-1]), lines
    assert "[Partei 1]" in out.getvalue()
    assert lines[-1].startswith(" 9. Walti")
