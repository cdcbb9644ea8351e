"""Play a game at a plain text prompt against random bots (no full-screen UI)."""

from __future__ import annotations

import random
import secrets
from pathlib import Path
from typing import Any

from rich.console import Console

from stammtisch.core.errors import StammtischError
from stammtisch.core.game import Game
from stammtisch.core.i18n import t
from stammtisch.records.record import GameRecord


def play_plain(
    game: Game[Any],
    *,
    seat: int = 0,
    seed: int | None = None,
    lang: str = "en",
    save: Path | None = None,
    console: Console | None = None,
    read: Any = None,
) -> GameRecord:
    """Run one game; ``read`` (default: ``console.input``) supplies the human's lines."""
    out = console or Console()
    ask = read or out.input
    if seed is None:
        seed = secrets.randbelow(2**31)
    bot_rng = random.Random(seed ^ 0x5EED)
    state = game.new_game(seed)
    n = game.num_players
    record = GameRecord.start(
        game.name, game.options, seed, ["human" if s == seat else "random" for s in range(n)]
    )
    while not state.is_terminal:
        player = state.current_player
        if player == seat:
            out.print()
            out.print(state.render(seat, lang))
            moves = " ".join(state.legal_notations())
            line = str(ask(t("plain.prompt", lang, moves=moves) + ": ")).strip()
            if line.lower() in ("q", "quit", "exit"):
                out.print(t("plain.bye", lang))
                return record
            try:
                action = state.parse_action(line)
                state = state.apply(action)
            except StammtischError as exc:
                out.print(f"[red]{exc.message(lang)}[/red]")
                continue
            record.add(action)
        else:
            legal = state.legal_actions()
            action = legal[bot_rng.randrange(len(legal))]
            out.print(t("plain.bot", lang, s=player, a=action))
            state = state.apply_unchecked(action)
            record.add(action)
    out.print(state.render(seat, lang))
    out.print(t("plain.over", lang, sc=", ".join(f"{x:g}" for x in state.scores())))
    record.finish(state)
    path = save or Path("records") / f"{game.name}-{seed}.json"
    record.save(path)
    out.print(t("plain.saved", lang, p=path))
    return record
