from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from stammtisch.cli import app
from stammtisch.records import GameRecord

runner = CliRunner()


def test_games_lists_every_game():
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "zwickern" in result.output and "forced_capture" in result.output


def test_sim_prints_scores_and_speed_and_writes_records(tmp_path: Path):
    result = runner.invoke(
        app, ["sim", "zwickern", "--games", "5", "--seed", "3", "--players", "3", "--records", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert "steps/s" in result.output and "avg score" in result.output and "win share" in result.output
    assert "{" not in result.output  # no dict reprs in the title
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 5
    GameRecord.load(files[0]).replay()


def test_sim_bad_option_is_a_clear_error():
    result = runner.invoke(app, ["sim", "zwickern", "--players", "9"])
    assert result.exit_code == 2
    assert "players" in result.output


def test_replay_checks_a_record(tmp_path: Path):
    runner.invoke(app, ["sim", "zwickern", "--games", "1", "--records", str(tmp_path)])
    path = next(tmp_path.glob("*.json"))
    ok = runner.invoke(app, ["replay", str(path)])
    assert ok.exit_code == 0 and "OK" in ok.output
    data = json.loads(path.read_text())
    data["result"]["scores"][0] += 5
    path.write_text(json.dumps(data))
    bad = runner.invoke(app, ["replay", str(path), "--lang", "de"])
    assert bad.exit_code == 1 and "Protokoll" in bad.output  # a failure, not a usage error


def test_plain_play_to_the_end(tmp_path: Path):
    # Always answer with the first listed move (by its number); the prompt says the range
    # (or, for a single move, that Enter or 1 plays it).
    import stammtisch
    from stammtisch.plain_play import play_plain

    g = stammtisch.load("zwickern")
    lines: list[str] = []

    def read(prompt: str) -> str:
        assert ("1 to " in prompt or "Enter or 1" in prompt) and "'q'" in prompt, prompt
        lines.append(prompt)
        return "zz" if len(lines) == 1 else "1"  # one bad input first: it changes nothing

    rec = play_plain(
        g, seat=0, seed=4, save=tmp_path / "r.json", read=read, console=Console(file=io.StringIO())
    )
    assert rec.result is not None and rec.result["terminal"]
    assert GameRecord.load(tmp_path / "r.json").replay().is_terminal


def test_check_runs_the_conformance_suite():
    result = runner.invoke(app, ["check", "zwickern", "--games", "3", "--players", "3"])
    assert result.exit_code == 0, result.output
    assert "OK: 3 games of zwickern" in result.output


# --- every bad input: one line of error in the chosen language, the right status -----------

BAD_INPUTS = [
    # (arguments, exit status, a word of the message)
    (["play", "zwickern", "--seats", "you,grandmaster"], 2, "grandmaster"),
    (["play", "zwickern", "--seats", "you"], 2, "2-4"),
    (["play", "zwickern", "--seats", "you,easy,easy,easy,easy"], 2, "5"),
    (["play", "zwickern", "--plain", "--seat", "5"], 2, "5"),
    (["play", "zwickern", "--seats", "you,easy", "--players", "3"], 2, "player count is 3"),
    (["play", "dog", "--seats", "you,easy,easy,easy", "-o", "players=9"], 2, "player count is 9"),
    (["play", "dog", "--seats", "you,easy,easy,easy", "-o", "players=6", "--lang", "de"], 2, "Spielerzahl"),
    (["play", "dog", "--seats", "you,easy,easy,easy", "-o", "seven_with_partner=maybe"], 2, "true or false"),
    (["play", "dog", "-o", "seven_with_partner=vielleicht", "--lang", "de"], 2, "ja oder nein"),
    (["sim", "dog", "-o", "dealer=7"], 2, "0 to 5, or -1 to draw"),
    (["sim", "zwickern", "-o", "rounds=two"], 2, "0 to 100"),
    (["play", "zwickern", "--seat", "x"], 2, "--seat"),
    # A number option says what it expects, not the validator's English.
    (["play", "zwickern", "--seed", "abc"], 2, "--seed: expected a whole number."),
    (["play", "zwickern", "--seed", "abc", "--lang", "de"], 2, "erwartet wird eine ganze Zahl."),
    (["serve", "--port", "99999"], 2, "expected a whole number from 1 to 65535."),
    (["sim", "zwickern", "--games", "0"], 2, "a whole number, at least 1."),
    (["serve", "--bot-delay", "soon"], 2, "expected a number (such as 2.5)."),
    (["play", "nosuchgame"], 2, "nosuchgame"),
    (["play", "zwickern", "--lang", "fr"], 2, "fr"),
    (["games", "--lang", "fr"], 2, "fr"),
    (["replay", "no-such-record.json"], 2, "no-such-record.json"),
    (["replay", "no-such-record.json", "--lang", "de"], 2, "Datei"),
    (["arena", "zwickern", "--plot", "r.txt"], 2, "--plot"),
    (["arena", "zwickern", "--bots", "heuristic"], 2, "heuristic"),
    (["arena", "zwickern", "--out", "no-such-folder/r.json"], 2, "no-such-folder"),
    (["arena", "zwickern", "--out", "a-file/r.json"], 2, "a-file is a file, not a folder"),
    (["arena", "zwickern", "--out", "runs.json"], 2, "runs.json is a folder; name a file in it"),
    (["arena", "zwickern", "--bots", "random,nobot", "-n", "1"], 2, "nobot"),
    (["arena", "zwickern", "--bots", "nobot"], 2, "Unknown bot 'nobot'"),
    (["sim", "zwickern", "--records", "no-such-folder"], 2, "no-such-folder"),
    (["sim", "zwickern", "--records", "a-file"], 2, "a-file is a file, not a folder"),
    (["sim", "zwickern", "--players", "9"], 2, "players"),
    (["sim", "zwickern", "-o", "rounds"], 2, "rounds"),
    (["sim", "zwickern", "--frob"], 2, "--frob"),
    (["sim"], 2, "GAME"),
    # Click's own words were English whatever the language; an argument kept its English name.
    (["replay", "--lang", "de"], 2, "Es fehlt: DATEI."),
    (["play", "zwickern", "-o"], 2, "-o needs a value."),
    (["play", "zwickern", "--lang", "de", "-o"], 2, "-o braucht einen Wert."),
    (["play", "zwickern", "--plain=yes"], 2, "--plain is a switch and takes no value."),
    (["play", "zwickern", "--lang", "de", "--plain=ja"], 2, "--plain ist ein Schalter"),
    (["games", "extra", "more"], 2, "more arguments than the command takes: extra more"),
    (["replay", "a.json", "b.json", "--lang", "de"], 2, "Mehr Argumente, als der Befehl nimmt: b.json"),
    (["check", "zwickern", "-o", "nosuch=1"], 2, "nosuch"),
    (["info", "nosuchgame"], 2, "nosuchgame"),
    (["frob"], 2, "frob"),
    (["play", "--resume"], 1, "resume"),
]


@pytest.mark.parametrize(("args", "status", "word"), BAD_INPUTS, ids=[" ".join(a) for a, _, _ in BAD_INPUTS])
def test_bad_input_is_one_line_of_error_never_a_traceback(
    args: list[str], status: int, word: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("STAMMTISCH_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("LANG", "C.UTF-8")
    (tmp_path / "a-file").write_text("not a folder")
    (tmp_path / "runs.json").mkdir()
    result = runner.invoke(app, args)
    text = result.output.strip()
    assert result.exit_code == status, text
    assert ("Traceback" not in text and result.exception is None) or isinstance(result.exception, SystemExit)
    assert len(text.splitlines()) == 1, text
    assert word.casefold() in text.casefold()
    lang = "de" if "de" in args else "en"
    assert text.startswith("Fehler: " if lang == "de" else "Error: "), text
    assert "[Errno" not in text


def test_bad_input_speaks_german_with_lang_de_and_with_a_german_locale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    result = runner.invoke(app, ["play", "zwickern", "--seats", "you", "--lang", "de"])
    assert result.exit_code == 2 and result.output.startswith("Fehler: zwickern spielen 2-4 Personen")
    monkeypatch.setenv("LANG", "de_CH.UTF-8")
    result = runner.invoke(app, ["sim", "zwickern", "--frob"])
    assert result.exit_code == 2 and result.output.strip() == "Fehler: Diese Option gibt es nicht: --frob"
    result = runner.invoke(app, ["sim"])  # the argument as the German help names it
    assert result.exit_code == 2 and result.output.strip() == "Fehler: Es fehlt: SPIEL."


def test_replay_of_an_unfinished_record_is_a_failure_not_ok(tmp_path: Path) -> None:
    import stammtisch

    g = stammtisch.load("zwickern")
    state = g.new_game(1)
    rec = GameRecord.start("zwickern", g.options, 1, ["random", "random"])
    for _ in range(5):
        action = state.legal_actions()[0]
        state = state.apply(action)
        rec.add(action)
    path = rec.save(tmp_path / "mid.json")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "OK" not in result.output and "unfinished" in result.output


def test_ctrl_c_says_interrupted_in_the_chosen_language(monkeypatch: pytest.MonkeyPatch) -> None:
    import stammtisch

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(stammtisch, "load", interrupted)
    for command in (["sim", "zwickern"], ["check", "zwickern"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 130 and result.output.strip() == "Interrupted.", result.output
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    result = runner.invoke(app, ["sim", "zwickern"])
    assert result.output.strip() == "Abgebrochen."


def test_version_and_completion_and_sorted_commands() -> None:
    result = runner.invoke(app, ["--version"])
    assert (
        result.exit_code == 0
        and result.output.strip() == f"stammtisch {__import__('stammtisch').__version__}"
    )
    help_text = runner.invoke(app, ["--help"]).output
    assert "--install-completion" in help_text
    commands = re.findall(r"^│ ([a-z]+) {2,}[A-Z]", help_text, flags=re.MULTILINE)
    assert commands == sorted(commands) and {"arena", "games", "info", "play", "sim"} <= set(commands)


def test_the_command_alone_shows_the_help_and_no_error() -> None:
    """``stammtisch`` without a command: the help, not an "Error: (see --help)" after it."""
    result = runner.invoke(app, [])
    assert result.exit_code == 0, result.output
    assert "Usage: " in result.output and "Error" not in result.output and "play" in result.output


def test_games_speaks_the_players_words_in_both_languages() -> None:
    for lang, word in (("en", "players"), ("de", "Spieler")):
        out = runner.invoke(app, ["games", "--lang", lang]).output
        assert word in out
        assert "True" not in out and "False" not in out
        assert not re.search(r"\b(DOG|HAZ|ZW)-\d", out), out
        # Dog's teams take 0, 2, 3 or 5: the words say these are numbers of teams.
        assert {"en": "number of teams", "de": "Anzahl Parteien"}[lang] in " ".join(out.split())
    from stammtisch.tui.i18n import tr

    assert tr("opt_teams_5", "en") == "5 players, each alone"  # the setup's choice, not a bare "5"


def test_plain_prompt_numbers_the_moves_in_words(tmp_path: Path) -> None:
    """The prompt lists the legal moves with a number, in words; typing the number plays it
    (here a whole Dog game, the exchange told as "give the … to Player 3", DOG-7)."""
    import stammtisch
    from stammtisch.plain_play import play_plain

    buf = io.StringIO()
    rec = play_plain(
        stammtisch.load("dog"),
        seed=2,
        save=tmp_path / "r.json",
        read=lambda prompt: "1",
        console=Console(file=buf, width=200),
    )
    out = buf.getvalue()
    assert rec.result is not None and rec.result["terminal"]
    partner = rec.meta["names"][2]  # the bots have names (the same for the same seed)
    assert partner and "   1  Give the " in out and f"to {partner}" in out


def test_plain_prompt_wraps_a_long_move_under_its_words(tmp_path: Path) -> None:
    """At 80 columns a split 7 takes two lines: the second starts under the move's words,
    not at the left edge under the numbers."""
    import stammtisch
    from stammtisch.plain_play import play_plain

    buf = io.StringIO()
    play_plain(
        stammtisch.load("dog"),
        seed=3,
        lang="de",
        save=tmp_path / "r.json",
        read=lambda prompt: "1",
        console=Console(file=buf, width=80),
    )
    lines = buf.getvalue().splitlines()
    listed = 0
    continued = 0
    for at, line in enumerate(lines):
        if not line.startswith("Am Zug: "):
            continue
        for entry in lines[at + 1 :]:
            if not entry.startswith(" "):
                break  # the log of the moves after the choice
            assert len(entry) <= 80, entry
            if re.match(r"^  [ \d]\d  \S", entry):
                listed += 1
            elif re.match(r"^ {6}\S", entry):
                continued += 1
            else:
                assert entry.startswith("  … "), entry
    assert listed > 50 and continued > 5


@pytest.mark.parametrize("stop", [EOFError, KeyboardInterrupt])
def test_plain_prompt_says_goodbye_on_a_line_of_its_own_after_ctrl_d_or_ctrl_c(
    stop: type[BaseException], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-D or Ctrl-C at the prompt: "Game abandoned." stood after the prompt's words."""
    import stammtisch
    from stammtisch.plain_play import play_plain

    monkeypatch.setenv("STAMMTISCH_HOME", str(tmp_path / "home"))

    def ended(*_: object) -> str:
        raise stop

    monkeypatch.setattr("builtins.input", ended)
    buf = io.StringIO()
    play_plain(stammtisch.load("zwickern"), seed=5, console=Console(file=buf, width=200))
    lines = buf.getvalue().splitlines()
    assert "Game abandoned." in lines, lines[-4:]


def _plain_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *seating: str) -> tuple[str, GameRecord]:
    """A whole seeded Zwickern game at the plain prompt (the person always plays card 1),
    saved: what the CLI printed, and the record."""
    monkeypatch.setenv("STAMMTISCH_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("LANG", "C.UTF-8")
    record = tmp_path / "r.json"
    args = ["play", "zwickern", "--plain", *seating, "--seed", "4", "--save", str(record)]
    result = runner.invoke(app, args, input="1\n" * 200)
    assert result.exit_code == 0, result.output
    return result.output, GameRecord.load(record)


def test_plain_prompt_seats_the_bots_that_seats_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--plain --seats easy,you`` played against the prompt's random bot in seat 2 and put
    the person in seat 1; now the person sits where "you" is and the bots are those named.
    The prompt has one person: --seats with none or two is refused in one line."""
    printed, saved = _plain_game(tmp_path, monkeypatch, "--seats", "easy,you")
    assert saved.players == ["easy", "you"] and saved.seed == 4 and saved.result is not None
    assert "(you)" in printed
    for seats, n in (("easy,easy", 0), ("you,person", 2)):
        result = runner.invoke(app, ["play", "zwickern", "--plain", "--seats", seats])
        assert result.exit_code == 2 and result.output.strip() == (
            f"Error: The plain prompt has one person at the table; --seats names {n}."
        ), result.output


def test_plain_prompt_without_seats_plays_the_setups_default_bots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``play --plain`` without --seats: the other seats are the full-screen setup's default
    bots ("medium"), not random players."""
    _, saved = _plain_game(tmp_path, monkeypatch, "--seat", "2")
    assert saved.players == ["medium", "you"]


def test_replay_show_ends_with_the_result_in_words_once(tmp_path: Path) -> None:
    """``replay --show``: the final picture's closing line ("Game over. Points: …") is left
    out; the closing OK line names each seat beside its points."""
    import stammtisch
    from stammtisch.tui.session import Session

    session = Session(stammtisch.load("zwickern"), 3, ["random", "random"])
    rng = __import__("random").Random(3)
    while not session.over:
        legal = session.legal()
        session.play(legal[rng.randrange(len(legal))])
    path = session.record().save(tmp_path / "z.json")
    result = runner.invoke(app, ["replay", str(path), "--show", "--no-moves"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "Game over. Points:" not in text and "OK: zwickern" in text
    assert re.search(r"Points: \d+ \(\w+\), \d+ \(\w+\)\.$", text), text


def test_plain_prompt_lists_more_moves_page_by_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Beyond a page of moves the prompt says how many more there are; '+' lists them,
    numbered on, and their number plays them (no notation to type)."""
    import stammtisch
    import stammtisch.plain_play as plain

    monkeypatch.setattr(plain, "LIST_LIMIT", 1)
    monkeypatch.setenv("STAMMTISCH_HOME", str(tmp_path))  # the autosave on 'q'
    answers = iter(["+", "2", "q"])
    buf = io.StringIO()
    rec = plain.play_plain(
        stammtisch.load("zwickern"),
        seed=4,
        save=tmp_path / "r.json",
        read=lambda prompt: next(answers),
        console=Console(file=buf, width=200),
    )
    out = buf.getvalue()
    assert "… and 1 more: '+' lists them" in out
    assert "\n   2  " in out
    _assert_first_move_of_seat_0(4, rec.actions, listed=1)  # the second listed


def _assert_first_move_of_seat_0(seed: int, actions: list[str], *, listed: int) -> None:
    """Seat 0's first move in a Zwickern game of ``seed`` was the ``listed``-th legal move."""
    import stammtisch

    state = stammtisch.load("zwickern").new_game(seed)
    for action in actions:
        if state.current_player == 0:
            assert action == str(state.legal_actions()[listed])
            return
        state = state.apply(state.parse_action(action))
    raise AssertionError("the person never moved")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_plain_prompt_answers_a_wrong_number_or_word_with_the_numbers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """A number outside the list, an empty line or a word that is no move gets "type a number
    from 1 to n" in the player's language (no card notation, no traceback) and changes nothing;
    the right number then plays."""
    import stammtisch
    from stammtisch.plain_play import play_plain

    monkeypatch.setenv("STAMMTISCH_HOME", str(tmp_path))
    answers = iter(["99", "0", "", "xyz", "7C", "1", "q"])
    buf = io.StringIO()
    rec = play_plain(
        stammtisch.load("zwickern"),
        seed=3,
        lang=lang,
        save=tmp_path / "r.json",
        read=lambda prompt: next(answers),
        console=Console(file=buf, width=200),
    )
    out = buf.getvalue()
    pick = {"en": "Please type a number from 1 to 4.", "de": "Bitte eine Nummer von 1 bis 4 eingeben."}[lang]
    assert out.count(pick) == 5, out
    assert "7C" not in out and "10H" not in out and "Traceback" not in out
    _assert_first_move_of_seat_0(3, rec.actions, listed=0)  # the first listed


def test_help_speaks_the_players_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--help`` in the language of the command line: the commands, the options players
    use and Typer's panels from the catalogue (``cli.help.*``), in English again afterwards."""
    english = runner.invoke(app, ["play", "--help"]).output
    assert "Your seat, counted from 1" in english and "Options" in english
    assert "Usage: " in english and " play [OPTIONS] " in english
    assert "Show this message and exit." in english
    german = runner.invoke(app, ["play", "--help", "--lang", "de"]).output
    assert "Welcher Spieler du bist" in german and "Optionen" in german and "Argumente" in german
    assert "Diese Hilfe zeigen und beenden." in german and "[Vorgabe: 1]" in german
    assert "Aufruf: " in german and " play [OPTIONEN] " in german and "Usage:" not in german
    assert "Your seat" not in german and "Show this message" not in german
    monkeypatch.setenv("LANG", "de_CH.UTF-8")
    listing = runner.invoke(app, ["--help"]).output
    assert "Im Terminal spielen" in listing and "Befehle" in listing and "BEFEHL [ARGUMENTE]" in listing
    monkeypatch.delenv("LANG")
    assert "Play in the terminal" in runner.invoke(app, ["--help"]).output


@pytest.mark.parametrize("lang", ["en", "de"])
def test_help_names_values_in_words_not_python_types(lang: str) -> None:
    """Beside each option ``--help`` says what value it takes (``N``/``ZAHL``, ``PATH``/``PFAD``,
    ``NAME=VALUE``/``NAME=WERT``, ``en|de``) and nothing beside a switch, never Python's type
    names (``<int>``, ``<list[str]>``, ``<bool>``), in every command."""
    import typer.main

    env = {"LANG": f"{lang}_CH.UTF-8", "COLUMNS": "80"}
    for command in ["", *typer.main.get_command(app).commands]:  # type: ignore[attr-defined]
        out = runner.invoke(app, [*([command] if command else []), "--help"], env=env).output
        assert not re.search(r"<(int|str|bool|float|path|list)", out), (command, out)
    play = runner.invoke(app, ["play", "--help"], env=env).output
    words = {"en": ("N ", "NAME=VALUE", "PATH", "GAME"), "de": ("ZAHL", "NAME=WERT", "PFAD", "SPIEL")}[lang]
    for word in (*words, "en|de"):
        assert word in play, (word, play)
    assert re.search(r"--plain +(Plain|Einfache)", play), play  # a switch: no value named
    # A required argument is written plain in the usage line (Typer wrote "{FILE}").
    replay = runner.invoke(app, ["replay", "--help"], env=env).output
    usage = {"en": "replay [OPTIONS] FILE", "de": "replay [OPTIONEN] DATEI"}[lang]
    assert usage in replay and "{" not in replay, replay


def test_every_command_and_every_players_option_has_help_in_both_languages() -> None:
    import typer.main
    from typer.core import TyperGroup

    from stammtisch.cli_support import localize_help
    from stammtisch.core.i18n import has

    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)
    for lang in ("en", "de"):
        localize_help(group, lang)
        for name, command in group.commands.items():
            assert has(f"cli.help.{name}", lang), (name, lang)
            if name in ("play", "replay", "games", "info"):
                for param in command.params:
                    assert getattr(param, "help", None), (name, param.name, lang)
    localize_help(group, "en")


def test_plain_prompt_with_a_single_move_takes_enter(tmp_path: Path) -> None:
    """With one legal move the prompt says so ('Enter or 1'), and an empty line plays it;
    with several, an empty line is answered with the numbers and plays nothing."""
    import stammtisch
    from stammtisch.plain_play import play_plain

    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return "" if len(prompts) < 400 else "q"

    buf = io.StringIO()
    rec = play_plain(
        stammtisch.load("zwickern"),
        seed=5,
        save=tmp_path / "r.json",
        read=read,
        console=Console(file=buf, width=200),
        lang="de",
    )
    out = buf.getvalue()
    singles = [p for p in prompts if p.startswith("Dein Zug (Enter oder 1;")]
    assert singles and len(rec.actions) >= len(singles)  # each of them played its move
    if len(singles) < len(prompts):
        assert "Bitte eine Nummer von 1 bis" in out  # an empty line where there was a choice


def test_serve_refuses_what_it_cannot_listen_on_before_it_starts(tmp_path: Path):
    """A port in use, an address this machine does not have, a port out of range or an
    unknown log level: one line that says which option, exit code 2, no traceback and no
    server start-up lines."""
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        cases = {
            ("--port", str(port)): ("--port", "another program uses it"),
            ("--host", "nohost.invalid"): ("--host", "not an address of this machine"),
            ("--port", "70000"): ("--port", "65535"),
            ("--log-level", "loud"): ("--log-level", "critical, error, warning, info, debug, trace"),
        }
        for args, (option, words) in cases.items():
            result = runner.invoke(app, ["serve", "--data-dir", str(tmp_path), *args])
            assert result.exit_code == 2, (args, result.output)
            text = " ".join(result.output.split())
            assert option in text and words in text, (args, text)
            assert "Traceback" not in text and "stammtisch on http" not in text


@pytest.mark.parametrize("game", ["dog", "himmel", "zwickern"])
def test_info_says_which_engine_runs(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game says whether compiled parts or pure Python run; STAMMTISCH_PURE shows."""
    result = runner.invoke(app, ["info", game])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["engine"]
    monkeypatch.setenv("STAMMTISCH_PURE", "1")
    result = runner.invoke(app, ["info", game])
    assert "pure Python" in json.loads(result.output)["engine"]


def test_resume_passes_over_a_damaged_autosave_and_names_it_if_none_is_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A damaged autosave (the newest) stopped every ``play --resume`` with a bare "not
    JSON" error that named no file: it is passed over for the next unfinished game, and
    named when it is the only one."""
    import os

    import stammtisch
    from stammtisch.tui import autosave
    from stammtisch.tui.session import Session

    monkeypatch.setenv("STAMMTISCH_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("LANG", "C.UTF-8")
    session = Session(stammtisch.load("zwickern"), 4, ["you", "random"])
    session.autosave = True
    for _ in range(3):
        session.play(session.legal()[0])
    good = autosave.latest("zwickern")
    assert good is not None
    broken = autosave.folder() / "dog" / "broken.json"
    broken.parent.mkdir(parents=True)
    broken.write_text("{not json")
    os.utime(good, (1, 1))  # the damaged one is the most recent
    result = runner.invoke(app, ["play", "--resume", "--plain"], input="q\n")
    assert result.exit_code == 0 and "Game abandoned." in result.output, result.output
    assert autosave.load(good).actions[:3] == [m.notation for m in session.moves]
    good.unlink()
    result = runner.invoke(app, ["play", "--resume", "--plain"])
    text = " ".join(result.output.split())
    assert result.exit_code == 1 and text.startswith("Error: The unfinished game "), text
    assert str(broken) in text and "not JSON" in text
