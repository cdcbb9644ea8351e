"""``stammtisch arena``: a seeded tournament between bots, with intervals and ratings."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

import stammtisch
from stammtisch.arena.report import Report
from stammtisch.arena.tournament import config_from, run_tournament
from stammtisch.bots import resolve
from stammtisch.cli_support import (
    FAILURE,
    GameArgument,
    GameOptions,
    PlayersOption,
    default_lang,
    fail,
    out_path,
    parse_options,
    progress_bar,
)
from stammtisch.core.errors import StammtischError

console = Console(highlight=False)


def arena(
    game: GameArgument,
    bots: Annotated[
        str,
        typer.Option(help="Bots, comma separated: random, casual, heuristic, ismcts[:ITER|:SECs], easy…"),
    ] = "random,heuristic",
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, help="Games (rounded up to whole duplicate deals).")
    ] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the first deal; deal i uses seed+i.")] = 0,
    workers: Annotated[int, typer.Option(min=1, help="Local worker processes.")] = 2,
    players: PlayersOption = None,
    option: GameOptions = None,
    out: Annotated[
        Path | None,
        typer.Option(help="Write the results: .json (all) or .csv (per game); the folder must exist."),
    ] = None,
    plot: Annotated[
        Path | None, typer.Option(help="Write a plot of win shares and margins (.png, .svg or .pdf).")
    ] = None,
    ray: Annotated[str | None, typer.Option("--ray", help="Run on the Ray cluster at this address.")] = None,
    max_steps: Annotated[
        int, typer.Option(help="Cap on actions per game (capped games are reported).")
    ] = 20_000,
) -> None:
    """Play bots against each other: duplicate deals, rotated seats, 95% intervals, ratings."""
    lang = default_lang()
    lineup = [b.strip() for b in bots.split(",") if b.strip()]
    out_path(out, lang, "--out", (".json", ".csv"))
    out_path(plot, lang, "--plot", (".png", ".svg", ".pdf"))
    options = parse_options(option, players, lang)
    try:
        config = config_from(game, lineup, games=games, seed=seed, options=options, max_steps=max_steps)
        probe = stammtisch.load(game, **options)
        for kind in lineup:  # every bot name and budget is checked before any game is played
            resolve(kind, probe)
        if len(set(lineup)) < 2:  # (an unknown name is said first: it is the likelier slip)
            raise StammtischError("cli_one_bot", bots=bots)
        with progress_bar(game, console) as progress:
            task = progress.add_task("arena", total=None)

            def advance(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            run = run_tournament(config, workers=workers, ray_address=ray, progress=advance)
    except StammtischError as exc:
        fail(exc, lang)
    report = Report(run)
    console.print(_summary_table(game, run.resolved_options, len(run.results), report))
    if report.truncated:
        console.print(f"[yellow]{report.truncated} games hit the cap of {max_steps} actions[/yellow]")
    try:
        if out is not None:
            report.write(out)
            console.print(f"results: {out}")
        if plot is not None:
            report.plot(plot)
            console.print(f"plot: {plot}")
    except (OSError, ValueError) as exc:
        fail(f"{exc}", lang, FAILURE)


def _summary_table(game: str, options: Mapping[str, object], played: int, report: Report) -> Table:
    """Per bot: games, win share and score margin with 95% intervals, and the rating."""
    opts = ", ".join(f"{k}={v}" for k, v in options.items())
    table = Table(title=f"{game} ({opts}): {played} games")
    table.add_column("bot")
    table.add_column("games", justify="right")
    table.add_column("win share [95%]", justify="right")
    table.add_column("score margin [95%]", justify="right")
    table.add_column("OpenSkill mu ± sigma", justify="right")
    for s, r in zip(report.summaries, report.ratings, strict=True):
        table.add_row(
            s.label,
            str(s.games),
            str(s.win_share),
            f"{s.score_margin.mean:+.2f} [{s.score_margin.low:+.2f}, {s.score_margin.high:+.2f}]",
            f"{r.mu:.1f} ± {r.sigma:.1f}",
        )
    return table
