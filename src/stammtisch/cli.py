"""The ``stammtisch`` command: one entry point for playing, simulating and replaying.

Sub-commands live next to what they drive; this module only wires them together.
"""

from __future__ import annotations

import json
import random
import re
import textwrap
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table

import stammtisch
from stammtisch.arena.cli import arena
from stammtisch.cli_support import (
    FAILURE,
    Command,
    GameArgument,
    GameOptions,
    Group,
    PlayersOption,
    check_lang,
    default_lang,
    fail,
    need_file,
    out_folder,
    out_path,
    parse_options,
    progress_bar,
)
from stammtisch.core.errors import StammtischError
from stammtisch.core.game import Game, GameInfo, OptionSpec
from stammtisch.core.i18n import t
from stammtisch.records.record import GameRecord
from stammtisch.server.cli import serve

if TYPE_CHECKING:
    from stammtisch.tui.session import Session

# The help texts of the commands and of the options players use are in the catalogue
# (``cli.help.*`` in terminal.po), in the language of the command line: see
# ``cli_support.localize_help``. The operators' options (serve, arena, check, sim) keep
# their English help here.
app = typer.Typer(
    cls=Group,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
console = Console(highlight=False)

LangOption = Annotated[str, typer.Option(show_default=False)]


def _version(value: bool) -> None:
    if value:
        console.print(f"stammtisch {stammtisch.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True),
    ] = False,
) -> None:
    """stammtisch: Dog, Himmel A… und Zwirn and Zwickern."""


def _load(game: str, options: dict[str, Any], lang: str) -> Game[Any]:
    try:
        return stammtisch.load(game, **options)
    except StammtischError as exc:
        fail(exc, lang)


def _value_text(value: Any, lang: str) -> str:
    if isinstance(value, bool):
        return t("cli.yes" if value else "cli.no", lang)
    return str(value)


def _allowed_text(opt: OptionSpec, lang: str) -> str:
    if opt.allowed is not None:
        values = [_value_text(a, lang) for a in opt.allowed]
        return (
            ", ".join(values[:-1]) + f" {t('cli.or', lang)} " + values[-1] if len(values) > 1 else values[0]
        )
    if opt.type is bool:
        return f"{t('cli.yes', lang)} / {t('cli.no', lang)}"
    if opt.minimum is not None and opt.maximum is not None:
        return f"{opt.minimum} {t('cli.to', lang)} {opt.maximum}"
    return ""


def option_words(opt: OptionSpec, lang: str) -> str:
    """An option's meaning in players' words (no ruling codes)."""
    key = f"cli.opt.{opt.name}"
    words = t(key, lang)
    if words != key:
        return words
    return re.sub(r"^[A-Z]+-\d+(, [A-Z]+-\d+)*:\s*", "", opt.doc)


@app.command(cls=Command)
def games(lang: LangOption = "") -> None:
    """List the games and their options (-o name=value)."""
    lang = check_lang(lang or default_lang())
    for name in stammtisch.games():
        info = stammtisch.info(name)
        title = info.title.get(lang, info.title["en"])
        players = t("cli.players", lang, lo=info.min_players, hi=info.max_players)
        console.print(f"[bold]{escape(name)}[/bold]: {escape(title)} ({players})")
        description = info.description.get(lang) or info.description.get("en")
        if description:
            console.print(Padding(escape(description), (0, 0, 0, 2)))
        # Two columns: the option, then what it does with its values and default on a line
        # of their own, so the words get the width at 80 columns.
        table = Table(box=None, show_header=False, padding=(0, 1, 0, 2))
        table.add_column(style="cyan", no_wrap=True)
        table.add_column(overflow="fold")
        for opt in info.options:
            allowed = _allowed_text(opt, lang)
            default = f"{t('cli.default', lang)} {_value_text(opt.default, lang)}"
            values = f"{allowed}{'; ' if allowed else ''}{default}"
            table.add_row(
                f"-o {opt.name}=…", f"{escape(option_words(opt, lang))}\n[dim]{escape(values)}[/dim]"
            )
        console.print(table)


def _options_text(options: dict[str, Any], lang: str) -> str:
    return ", ".join(f"{k}={_value_text(v, lang)}" for k, v in options.items())


@app.command(cls=Command)
def sim(
    game: GameArgument,
    games_: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed+i.")] = 0,
    players: PlayersOption = None,
    option: GameOptions = None,
    records: Annotated[
        Path | None, typer.Option(help="Write a record of every game into this (existing) folder.")
    ] = None,
) -> None:
    """Play games between random bots; print average scores, win shares and speed.

    A seat's win share is its average return: 1 for a win, 0 for a loss, shared on a tie.
    """
    lang = default_lang()
    g = _load(game, parse_options(option, players, lang), lang)
    out_folder(records, lang)
    n = g.num_players
    score_sum = [0.0] * n
    win_sum = [0.0] * n
    steps = 0
    t0 = time.perf_counter()
    with progress_bar(game, console) as progress:
        task = progress.add_task("sim", total=games_)
        for i in range(games_):
            rng = random.Random(seed + i)
            state = g.new_game(seed + i)
            rec = GameRecord.start(game, g.options, seed + i, ["random"] * n) if records else None
            while not state.is_terminal:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                state = state.apply_unchecked(action, events=False)
                if rec is not None:
                    rec.add(action)
                steps += 1
            for s, (sc, r) in enumerate(zip(state.scores(), state.returns(), strict=True)):
                score_sum[s] += sc
                win_sum[s] += r
            if rec is not None and records is not None:
                rec.finish(state)
                _write(rec.save, records / f"{game}-{seed + i}.json", lang)
            progress.advance(task)
    elapsed = time.perf_counter() - t0
    console.print(f"[bold]{games_} random games of {game}[/bold] ({_options_text(g.options, 'en')})")
    table = Table()
    table.add_column("seat", justify="right")
    table.add_column("avg score", justify="right")
    table.add_column("win share (avg return)", justify="right")
    for s in range(n):
        table.add_row(str(s + 1), f"{score_sum[s] / games_:.2f}", f"{win_sum[s] / games_:.3f}")
    console.print(table)
    console.print(f"{steps} steps in {elapsed:.2f} s: {steps / elapsed:,.0f} steps/s")


def _write(save: Any, path: Path, lang: str) -> Any:
    try:
        return save(path)
    except OSError as exc:
        fail(
            StammtischError("cli_cannot_write", path=str(path), reason=exc.strerror or str(exc)),
            lang,
            FAILURE,
        )


@app.command(cls=Command)
def replay(
    file: Annotated[Path, typer.Argument()],
    show: Annotated[bool, typer.Option("--show")] = False,
    lang: LangOption = "",
    ui: Annotated[bool, typer.Option("--ui")] = False,
    moves: bool = True,
) -> None:
    """Replay a game record, tell its moves and check that it ends with the recorded result."""
    lang = check_lang(lang or default_lang())
    need_file(file, lang)
    try:
        record = GameRecord.load(file)
        final = record.replay(check=True)
    except StammtischError as exc:
        fail(exc, lang, FAILURE)
    if ui:
        from stammtisch.tui.app import StammtischApp

        StammtischApp(record.game, record=record, lang=lang).run()
        return
    from stammtisch.tui.present import result_text
    from stammtisch.tui.session import record_names

    names = record_names(record)  # the bots' names of a game played in the terminal
    if moves:
        from stammtisch.core.words import entry_text

        for i, state in enumerate(record.states()):
            if i:  # a long move wraps under its own words, not under the numbers
                head = f"{i}. "
                text = entry_text(record.game, state.events(None), lang, names)
                lines = textwrap.wrap(
                    text, console.width, initial_indent=head, subsequent_indent=" " * len(head)
                )
                console.print(escape("\n".join(lines)), soft_wrap=True)
    if show:
        picture = final.render(None, lang, names)
        if final.is_terminal and record.result is not None:
            # The picture's own closing line says the result, which the OK line below says
            # again, each seat beside its points: said once.
            picture = "\n".join(picture.split("\n")[:-1])
        console.print(escape(picture))
    if record.result is None or not final.is_terminal:
        fail(StammtischError("cli_unfinished", path=str(file), n=len(record.actions)), lang, FAILURE)
    result = result_text(final, lang, names)
    console.print(escape(t("cli.replay_ok", lang, game=record.game, n=len(record.actions), result=result)))


@app.command(cls=Command)
def play(
    game: Annotated[str | None, typer.Argument()] = None,
    players: PlayersOption = None,
    seat: int = 1,
    seed: int | None = None,
    option: GameOptions = None,
    lang: LangOption = "",
    save: Path | None = None,
    seats: str | None = None,
    plain: Annotated[bool, typer.Option("--plain")] = False,
    resume: Annotated[bool, typer.Option("--resume")] = False,
) -> None:
    """Play in the terminal (seats: you, bots, people at the same keyboard)."""
    from stammtisch.tui.session import is_human, known_bot, seat_kinds

    lang = check_lang(lang or default_lang())
    if resume:
        session = _resumed(game, lang)
        session.autosave = True
        if plain:
            from stammtisch.plain_play import play_plain

            play_plain(session.game, lang=lang, save=save, console=console, session=session)
            return
        from stammtisch.tui.app import StammtischApp

        StammtischApp(session.game.name, session=session, lang=lang).run()
        return
    game = game or "zwickern"
    seat_list = [k.strip() for k in seats.split(",")] if seats else None
    opts = parse_options(option, players, lang)
    if seat_list is not None:
        given = opts.get("players")  # --players N or -o players=N: must match the seats
        if given is not None and str(given).strip() != str(len(seat_list)):
            fail(StammtischError("cli_seats_players", n=len(seat_list), players=given), lang)
        for kind in seat_list:
            if not is_human(kind) and not known_bot(kind):
                fail(StammtischError("unknown_bot", kind=kind, available=", ".join(seat_kinds())), lang)
        info = _info(game, lang)
        if not info.min_players <= len(seat_list) <= info.max_players:
            allowed = f"{info.min_players}-{info.max_players}"
            fail(StammtischError("cli_seats_count", game=game, allowed=allowed, n=len(seat_list)), lang)
        opts["players"] = len(seat_list)
    g = _load(game, opts, lang)
    if plain:
        from stammtisch.plain_play import play_plain

        if not 1 <= seat <= g.num_players:
            fail(StammtischError("cli_bad_seat", seat=seat, last=g.num_players), lang)
        out_path(save, lang, "--save", (".json",))
        if seat_list is not None:  # the bots as --seats names them
            from stammtisch.tui.session import Session

            people = sum(1 for kind in seat_list if is_human(kind))
            if people != 1:
                fail(StammtischError("cli_plain_one_person", n=people), lang)
            dealt = seed if seed is not None else random.SystemRandom().randrange(2**31)
            play_plain(g, lang=lang, save=save, console=console, session=Session(g, dealt, seat_list))
            return
        # The other seats get the full-screen setup's default bots (the heuristic, "medium").
        play_plain(g, seat=seat - 1, seed=seed, lang=lang, save=save, console=console, bot="medium")
        return
    from stammtisch.tui.app import StammtischApp

    StammtischApp(
        game, options=opts, seats=seat_list, seed=seed, lang=lang, start=seat_list is not None
    ).run()


def _resumed(game: str | None, lang: str) -> Session:
    """The most recently played unfinished game (of ``game`` if given) that can be resumed;
    an autosave that cannot (a damaged file) is passed over, and named if none can."""
    from stammtisch.tui import autosave
    from stammtisch.tui.session import Session

    problem: StammtischError = StammtischError("no_autosave")
    for path in autosave.unfinished(game):
        try:
            return Session.from_record(autosave.load(path))
        except StammtischError as exc:
            if problem.code == "no_autosave":  # the newest one is named
                problem = StammtischError("cli_resume_broken", path=str(path), reason=exc)
    fail(problem, lang, FAILURE)


def _info(game: str, lang: str) -> GameInfo:
    try:
        return stammtisch.info(game)
    except StammtischError as exc:
        fail(exc, lang)


app.command(cls=Command)(serve)


@app.command("info", cls=Command)
def info_cmd(game: GameArgument) -> None:
    """Print a game's info as JSON for programs: title, players, options, what runs.

    Every game: which engine runs (compiled parts or pure Python); Zwickern also the hard
    bot's search.
    """
    data = _info(game, default_lang()).to_json()
    if data.get("name") == "dog":
        from stammtisch.games.dog.backend import describe

        data["engine"] = describe()
    if data.get("name") == "zwickern":
        from stammtisch.bots.zwickern_search import describe as search
        from stammtisch.games.zwickern.table import describe as engine

        data["engine"] = engine()
        data["search"] = search()
    if data.get("name") == "himmel":
        from stammtisch.games.himmel.moves import describe as himmel_engine

        data["engine"] = himmel_engine()
    console.print_json(json.dumps(data))


app.command(cls=Command)(arena)


@app.command(cls=Command)
def check(
    game: GameArgument,
    games_: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the run.")] = 0,
    players: PlayersOption = None,
    option: GameOptions = None,
    deep_every: Annotated[
        int, typer.Option(min=1, help="Run the JSON and leak checks on every n-th step.")
    ] = 1,
) -> None:
    """Run the conformance checks (invariants, notation, JSON, leaks, determinism) on random games."""
    from stammtisch.core.conformance import ConformanceError, check_game

    lang = default_lang()
    opts = parse_options(option, players, lang)
    g = _load(game, opts, lang)
    t0 = time.perf_counter()
    with progress_bar(f"check {game}", console) as progress:
        task = progress.add_task("check", total=games_)
        try:
            report = check_game(
                game,
                games=games_,
                seed=seed,
                options=opts,
                deep_every=deep_every,
                progress=lambda k: progress.advance(task, k),
            )
        except ConformanceError as exc:
            fail(f"FAILED: {exc}", lang, FAILURE)
    console.print(
        f"OK: {report.games} games of {game} ({_options_text(g.options, 'en')}), {report.steps} steps, "
        f"{time.perf_counter() - t0:.1f} s"
    )


def main() -> None:
    app()


if __name__ == "__main__":
    main()
