"""The ``stammtisch`` command: one entry point for playing, simulating and replaying.

Sub-commands live next to what they drive; this module only wires them together.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

import stammtisch
from stammtisch.arena.cli import arena
from stammtisch.core.errors import StammtischError
from stammtisch.records.record import GameRecord
from stammtisch.server.cli import serve

app = typer.Typer(
    help="stammtisch: Dog, Himmel A… und Zwirn and Zwickern.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()
err_console = Console(stderr=True)


def parse_options(items: list[str] | None, players: int | None = None) -> dict[str, Any]:
    """``["k=v", ...]`` to a dict (values are converted by the game's option specs)."""
    out: dict[str, Any] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise typer.BadParameter(f"expected key=value, got {item!r}")
        out[key.strip()] = value.strip()
    if players is not None:
        out["players"] = players
    return out


def _fail(exc: StammtischError, lang: str = "en") -> typer.Exit:
    err_console.print(f"[red]{exc.message(lang)}[/red]")
    return typer.Exit(code=2)


@app.command()
def games() -> None:
    """List the games and their options."""
    for name in stammtisch.games():
        info = stammtisch.info(name)
        console.print(
            f"[bold]{name}[/bold] - {info.title['en']} ({info.min_players}-{info.max_players} players)"
        )
        for opt in info.options:
            console.print(f"    {opt.name}={opt.default!r}  [{opt.allowed_text()}]  {opt.doc}")


@app.command()
def sim(
    game: Annotated[str, typer.Argument(help="Game name, see `stammtisch games`.")],
    games_: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed+i.")] = 0,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option k=v.")] = None,
    records: Annotated[Path | None, typer.Option(help="Write a record of every game here.")] = None,
) -> None:
    """Play random games; print average scores, win shares and speed."""
    try:
        g = stammtisch.load(game, **parse_options(option, players))
    except StammtischError as exc:
        raise _fail(exc) from None
    n = g.num_players
    score_sum = [0.0] * n
    win_sum = [0.0] * n
    steps = 0
    t0 = time.perf_counter()
    with Progress(
        TextColumn(f"{game}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
    ) as progress:
        task = progress.add_task("sim", total=games_)
        for i in range(games_):
            rng = random.Random(seed + i)
            state = g.new_game(seed + i)
            rec = GameRecord.start(game, g.options, seed + i, ["random"] * n) if records else None
            while not state.is_terminal:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                state = state.apply_unchecked(action)
                if rec is not None:
                    rec.add(action)
                steps += 1
            for s, (sc, r) in enumerate(zip(state.scores(), state.returns(), strict=True)):
                score_sum[s] += sc
                win_sum[s] += r
            if rec is not None and records is not None:
                rec.finish(state)
                rec.save(records / f"{game}-{seed + i}.json")
            progress.advance(task)
    elapsed = time.perf_counter() - t0
    table = Table(title=f"{games_} random games of {game} {g.options}")
    table.add_column("seat", justify="right")
    table.add_column("avg score", justify="right")
    table.add_column("avg return", justify="right")
    for s in range(n):
        table.add_row(str(s), f"{score_sum[s] / games_:.2f}", f"{win_sum[s] / games_:.3f}")
    console.print(table)
    console.print(f"{steps} steps in {elapsed:.2f} s: {steps / elapsed:,.0f} steps/s")


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    show: Annotated[bool, typer.Option(help="Print the final position.")] = False,
    lang: Annotated[str, typer.Option(help="Language: en or de.")] = "en",
    ui: Annotated[bool, typer.Option("--ui", help="Step through the game in the terminal UI.")] = False,
) -> None:
    """Replay a game record and check that it ends with the recorded result."""
    try:
        record = GameRecord.load(file)
        final = record.replay(check=True)
    except StammtischError as exc:
        raise _fail(exc, lang) from None
    if ui:
        from stammtisch.tui.app import StammtischApp

        StammtischApp(record.game, record=record, lang=lang).run()
        return
    if show:
        console.print(final.render(None, lang))
    console.print(
        f"OK: {record.game}, {len(record.actions)} moves, scores {final.scores()}, returns {final.returns()}"
    )


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game name, see `stammtisch games`.")] = "zwickern",
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    seat: Annotated[int, typer.Option(help="Your seat (--plain).")] = 0,
    seed: Annotated[int | None, typer.Option(help="Seed (default: random).")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option k=v.")] = None,
    lang: Annotated[str, typer.Option(help="Language: en or de.")] = "en",
    save: Annotated[Path | None, typer.Option(help="Where to write the game record (--plain).")] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            help="Seats, comma-separated: you, person (hot-seat), or a bot level "
            "(easy, medium, hard, random); skips the setup screen."
        ),
    ] = None,
    plain: Annotated[
        bool, typer.Option("--plain", help="Plain text prompt instead of the full-screen UI.")
    ] = False,
) -> None:
    """Play in the terminal UI (seats: you, bots, people at the same keyboard)."""
    try:
        opts = parse_options(option, players)
        g = stammtisch.load(game, **opts)
    except StammtischError as exc:
        raise _fail(exc, lang) from None
    if plain:
        from stammtisch.plain_play import play_plain

        play_plain(g, seat=seat, seed=seed, lang=lang, save=save, console=console)
        return
    from stammtisch.tui.app import StammtischApp

    seat_list = [k.strip() for k in seats.split(",")] if seats else None
    if seat_list is not None:
        opts["players"] = len(seat_list)
    StammtischApp(
        game, options=opts, seats=seat_list, seed=seed, lang=lang, start=seat_list is not None
    ).run()


app.command()(serve)


@app.command("info")
def info_cmd(game: str) -> None:
    """Print a game's info as JSON."""
    try:
        data = stammtisch.info(game).to_json()
    except StammtischError as exc:
        raise _fail(exc) from None
    if data.get("name") == "dog":
        from stammtisch.games.dog.backend import describe

        data["engine"] = describe()  # compiled core or pure Python
    console.print_json(json.dumps(data))


app.command()(arena)


@app.command()
def check(
    game: Annotated[str, typer.Argument(help="Game name, see `stammtisch games`.")],
    games_: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the run.")] = 0,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option k=v.")] = None,
    deep_every: Annotated[
        int, typer.Option(min=1, help="Run the JSON and leak checks on every n-th step.")
    ] = 1,
) -> None:
    """Run the conformance checks (invariants, notation, JSON, leaks, determinism) on random games."""
    from stammtisch.core.conformance import ConformanceError, check_game

    try:
        opts = parse_options(option, players)
        stammtisch.load(game, **opts)
    except StammtischError as exc:
        raise _fail(exc) from None
    t0 = time.perf_counter()
    with Progress(
        TextColumn(f"check {game}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=console
    ) as progress:
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
            err_console.print(f"[red]FAILED: {exc}[/red]")
            raise typer.Exit(code=1) from None
    console.print(
        f"OK: {report.games} games of {game} {report.options}, {report.steps} steps, "
        f"{time.perf_counter() - t0:.1f} s"
    )


def main() -> None:
    app()


if __name__ == "__main__":
    main()
