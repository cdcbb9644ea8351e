"""What a player review found at the terminal: every unfinished game keeps its own
autosave, messages switch language with everything else, the Dog strip names the dealer,
the end of a game is said once, results name the seats, moves name what a number is."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from tui_helpers import game_screen, screen_text, settle

import stammtisch
from stammtisch.plain_play import play_plain, wrap
from stammtisch.tui import autosave
from stammtisch.tui.app import StammtischApp
from stammtisch.tui.present_dog import DogPresenter
from stammtisch.tui.screens.dialogs import HelpScreen
from stammtisch.tui.screens.game_layout import move_entries
from stammtisch.tui.session import Session


def _session(game: str, seed: int, seats: list[str], moves: int) -> Session:
    session = Session(stammtisch.load(game, players=len(seats)), seed, seats)
    session.autosave = True
    for _ in range(moves):
        session.play(session.legal()[0])
    return session


def _finish(session: Session) -> None:
    rng = random.Random(3)
    while not session.over:
        legal = session.legal()
        session.play(legal[rng.randrange(len(legal))])


def test_another_game_never_overwrites_or_deletes_an_unfinished_one() -> None:
    first = _session("dog", 5, ["you", "random", "random", "random"], 6)
    kept = autosave.latest("dog")
    assert kept is not None and autosave.load(kept).actions == [m.notation for m in first.moves]
    # Another Dog game (as `play dog --plain --seed 11`) saves beside it.
    second = _session("dog", 11, ["you", "random", "random", "random"], 3)
    newest = autosave.latest("dog")
    assert newest is not None and newest != kept and kept.is_file()
    assert autosave.load(newest).seed == 11 and autosave.load(kept).seed == 5
    # A game resumed from its autosave goes on saving there (not into a new file).
    resumed = Session.from_record(autosave.load(kept))
    resumed.autosave = True
    resumed.play(resumed.legal()[0])
    assert autosave.latest("dog") == kept and len(autosave.unfinished("dog")) == 2
    # A finished Zwickern game removes only its own autosave.
    open_zw = _session("zwickern", 4, ["you", "random"], 3)
    done_zw = _session("zwickern", 7, ["you", "random"], 1)
    assert len(autosave.unfinished("zwickern")) == 2
    _finish(done_zw)
    left = autosave.unfinished("zwickern")
    assert len(left) == 1 and autosave.load(left[0]).seed == open_zw.seed
    assert second.autosave_key != first.autosave_key


def test_old_unfinished_games_are_kept_up_to_a_bound(monkeypatch: object) -> None:
    for seed in range(autosave.KEEP + 3):
        _session("zwickern", seed, ["you", "random"], 1)
    files = autosave.unfinished("zwickern")
    assert len(files) == autosave.KEEP
    assert autosave.load(files[0]).seed == autosave.KEEP + 2  # the newest is kept


def test_a_single_autosave_of_an_earlier_version_is_still_resumed(tmp_path: Path) -> None:
    session = _session("zwickern", 4, ["you", "random"], 2)
    old = autosave.folder() / "zwickern.json"
    session.record().save(old)
    for f in autosave.unfinished("zwickern"):
        if f != old:
            f.unlink()
    assert autosave.latest("zwickern") == old and autosave.latest() == old
    resumed = Session.from_record(autosave.load(old))
    resumed.autosave = True
    resumed.play(resumed.legal()[0])
    assert autosave.unfinished("zwickern") == [old]


async def test_the_language_key_switches_the_status_message_too() -> None:
    app = StammtischApp("zwickern", seats=["you", "random"], seed=9, start=True, bot_delay=0, hint=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        await pilot.press("h")  # hints are not available here: a message in English
        await pilot.pause()
        assert "Hints are not available." in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        text = screen_text(app)
        assert "Tipps sind nicht verfügbar." in text and "Hints are not" not in text
        assert screen.message == "Tipps sind nicht verfügbar."


async def test_the_dog_strip_names_the_dealer() -> None:
    app = StammtischApp(
        "dog", seats=["you", "random", "random", "random"], seed=3, start=True, bot_delay=0, hint=None
    )
    app.lang = "de"
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        view = screen.session.view(0)
        dealer = screen.presenter.name(int(view["dealer"]), "de")
        assert not dealer.startswith("Spieler") or int(view["dealer"]) == 0
        assert f"Geber: {dealer}" in screen_text(app)


async def test_after_the_game_a_key_does_not_say_again_that_it_is_over() -> None:
    session = Session(stammtisch.load("zwickern"), 4, ["you", "random"])
    _finish(session)
    app = StammtischApp("zwickern", session=session, bot_delay=0, hint=lambda *a: None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ("h", "1"):
            await pilot.press(key)
            await pilot.pause()
            status = screen_text(app).splitlines()[0]
            assert status.count("Game over") == 1 and "The game is over" not in status, status


def _plain_zwickern(choices: int) -> str:
    """The plain prompt's whole output of a Zwickern game (seed 5) played to the end, the
    human picking move 1 or 2 from ``random.Random(choices)``."""
    out = io.StringIO()
    rng = random.Random(choices)
    record = play_plain(
        stammtisch.load("zwickern"),
        seed=5,
        console=Console(file=out, width=80, highlight=False),
        read=lambda _: str(rng.randint(1, 2)),
        hint=lambda *a: None,
    )
    assert record.result is not None
    return out.getvalue()


def test_results_name_each_seat_beside_its_points_and_the_plain_end_says_it_once() -> None:
    text = _plain_zwickern(0)
    assert text.count("Game over. ") == 1, text[-800:]
    assert "Your hand: \n" not in text and not text.rstrip().splitlines()[-3].startswith("Your hand")
    over = next(line for line in text.splitlines() if line.startswith("Game over. "))
    assert "(Player 1)" in over and over.count("(") == 2, over


def test_the_plain_log_tells_every_move_once_the_players_own_and_its_round_end_included() -> None:
    """Each move is told once, in the log: the player's own move too (a round it ends is
    said, not only seen in the next picture), and the picture after it repeats no
    'Last move'; who won is said once, in the closing line."""
    text = _plain_zwickern(3)
    assert "Last move" not in text
    assert text.count("Player 1 ") > text.count("Player 1 (you)")  # own moves are told
    rounds = int(stammtisch.load("zwickern").new_game(5).observe(None)["rounds"])
    for n in range(1, rounds + 1):
        assert text.count(f"Round {n} is over") == 1, n
    winner = text.rsplit("Game over. ", 1)[1].split(" wins", 1)[0]
    assert text.count(f"{winner} wins") == 1, text[-900:]


def test_plain_lines_break_between_parts_never_between_a_label_and_its_value() -> None:
    line = "  Player 1 (you): 0 cards in hand; captured 21 cards, 67 points; match points 103"
    lines = wrap(line, 80)
    assert lines == [
        "  Player 1 (you): 0 cards in hand; captured 21 cards, 67 points;",
        "    match points 103",
    ]
    assert all(len(x) <= 40 for x in wrap(line, 40))


def test_joker_levels_say_what_each_number_is() -> None:
    # "the Joker as 7" one level up, "peg 2" one level down: never a bare "… 2: …".
    labels = [
        Text("the Joker as 7: peg 2: 14 → 21"),
        Text("the Joker as 7: peg 1: 33 → 34; peg 2: 14 → 20"),
    ]
    entries, _ = move_entries(labels, 0, 30)
    assert entries[0].plain == "… peg 2: 14 → 21"
    assert entries[1].plain.startswith("… peg 1: 33 → 34")


def test_the_dog_help_explains_the_board_and_the_kennel_is_not_k_in_english() -> None:
    presenter = DogPresenter(stammtisch.load("dog"))
    for lang in ("en", "de"):
        legend = presenter.legend(lang)
        for mark in ("▶", "•", "◆", "H[", "0 4 8 12"):
            assert mark in legend, (lang, mark)
    assert "Kn:3" in presenter.legend("en") and "L:3" in presenter.legend("de")
    view = stammtisch.load("dog").new_game(1).observe(0)
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(presenter.board(view, "en", compact=True))
    assert "Kn:4" in console.export_text() and " K:4" not in console.export_text()
    assert HelpScreen  # shown by '?' with the legend (see the screen test below)


async def test_the_help_screen_of_dog_has_the_legend() -> None:
    app = StammtischApp(
        "dog", seats=["you", "random", "random", "random"], seed=3, start=True, bot_delay=0, hint=None
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.legend
        assert "start field" in app.screen.legend


@pytest.mark.parametrize(("lang", "points"), [("en", "Ace 11, Ten 10"), ("de", "Ass 11, Zehn 10")])
async def test_the_help_screen_has_the_whole_rules_page(lang: str, points: str) -> None:
    """The terminal's help shows the same rules as the browser's rules page (what the cards
    count, the bonus, the options), not a summary of its own."""
    app = StammtischApp("zwickern", seats=["you", "random"], seed=3, start=True, bot_delay=0, hint=None)
    app.lang = lang
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert points in app.screen.rules and "+10" not in app.screen.rules
        assert {"en": "Forced capture", "de": "Fangzwang"}[lang] in app.screen.rules


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_terminal_and_the_browser_name_each_option_alike(lang: str) -> None:
    """An option has one name: the terminal's setup may add a hint in brackets (how to type a
    number), nothing else; the browser's lobby and the rules page use the same words."""
    from stammtisch.core import i18n, registry
    from stammtisch.tui.i18n import tr, ui_keys

    checked = 0
    for game in registry.games():
        for spec in registry.info(game).options:
            if f"opt_{spec.name}" not in ui_keys():
                continue
            web = i18n.t(f"web.opt_{spec.name}", lang)
            terminal = tr(f"opt_{spec.name}", lang)
            assert terminal.partition(" (")[0] == web, (game, spec.name, terminal, web)
            checked += 1
    assert checked >= 8


def test_an_empty_dog_discard_pile_is_said_empty() -> None:
    """At the first card of a game the discard pile reads "empty", not "0, top -"."""
    from stammtisch.tui.present_dog import discards_text

    assert discards_text([], "de") == "Ablage: leer" and discards_text([], "en") == "Discards: none"
    assert discards_text(["7H", "KS"], "en").startswith("Discards: 2, top ")


async def test_the_end_is_said_whole_where_the_moves_were() -> None:
    """At 80x24 the one-row status line clips the result; the panel that listed the moves
    says it whole, with the keys for a new game and quitting, and no empty list is left."""
    from textual.widgets import OptionList, Static

    session = Session(stammtisch.load("zwickern"), 4, ["you", "random"])
    rng = random.Random(4)
    while not session.over:
        legal = session.legal()
        session.play(legal[rng.randrange(len(legal))])
    app = StammtischApp("zwickern", session=session, lang="de", bot_delay=0, hint=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        title = str(screen.query_one("#moves-title", Static).render())
        assert title.startswith("Spiel vorbei.\n") and ("gewinnt" in title or "Unentschieden" in title)
        assert "n: neues Spiel" in title and "Punkte:" in title
        assert not screen.query_one("#moves", OptionList).display


@pytest.mark.parametrize(("players", "per_team"), [(4, True), (3, False)])
def test_the_dog_result_counts_pegs_per_team_or_per_player_alone(players: int, per_team: bool) -> None:
    """With partners the pegs in the Himmel are the team's: said once per team, not once per
    seat as if each seat had them all; alone (DOG-21) each player's own."""
    from stammtisch.tui.present import result_text

    game = stammtisch.load("dog", players=players)
    state = game.new_game(7)
    rng = random.Random(7)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    text = result_text(state, "en", ["Anna", "Ueli", "Trudi", "Sepp"][:players])
    counts = text.split("Pegs in the Himmel: ", 1)[1]
    if per_team:
        assert text.startswith("Team ") and " wins: " in text, text
        assert counts.count("(Team ") == 2 and "(Anna)" not in counts, text
        assert "8 (Team " in counts
    else:
        assert counts.count("(") == players and "Team" not in text, text
