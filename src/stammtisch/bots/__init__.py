"""Bots: they see a seat's view and the legal actions, never the state.

Kinds:

* ``random``: a uniformly random legal action;
* ``heuristic``: the game's hand-written strategy (:mod:`stammtisch.bots.heuristics`);
* ``casual``: the heuristic with softmax noise (plays sensibly, errs like a relaxed player);
* ``ismcts``: information-set Monte Carlo tree search (:mod:`stammtisch.bots.ismcts`).

A kind may carry a budget: ``ismcts:300`` (300 iterations per move) or ``ismcts:1.5s``
(seconds per move; not reproducible, the clock decides). Levels for people: ``easy``
(casual), ``medium`` (heuristic) and ``hard`` (ISMCTS with the game's iteration budget from
the game's bot profile (:mod:`stammtisch.bots.profile`), about a second per move on one core).

``make_bot(kind, game, seat, seed)`` builds any of them.
"""

from __future__ import annotations

import random
from typing import Any

from stammtisch.bots.base import Bot, Budget
from stammtisch.bots.heuristic_bot import CasualBot, HeuristicBot
from stammtisch.bots.ismcts import ISMCTSBot
from stammtisch.bots.profile import profile_for
from stammtisch.bots.random_bot import RandomBot
from stammtisch.core.errors import StammtischError
from stammtisch.core.game import Game

BOT_KINDS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "casual": CasualBot,
    "heuristic": HeuristicBot,
    "ismcts": ISMCTSBot,
}
LEVELS: dict[str, str] = {"easy": "casual", "medium": "heuristic", "hard": "ismcts"}


def bot_names() -> list[str]:
    return sorted(BOT_KINDS) + list(LEVELS)


def parse_budget(kind: str, text: str) -> Budget:
    """``"300"`` -> 300 iterations, ``"1.5s"`` -> 1.5 seconds."""
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if seconds > 0:
                return Budget(seconds=seconds)
        else:
            iterations = int(text)
            if iterations > 0:
                return Budget(iterations=iterations)
    except ValueError:
        pass
    raise StammtischError("bad_bot_budget", kind=kind, budget=text)


def resolve(kind: str, game: Game[Any], budget: Budget | None = None) -> tuple[type[Bot], Budget | None]:
    """The bot class and budget that ``kind`` (a kind, ``kind:budget`` or a level) stands for."""
    name, sep, budget_text = kind.partition(":")
    resolved = LEVELS.get(name, name)
    cls = BOT_KINDS.get(resolved)
    if cls is None:
        raise StammtischError("unknown_bot", kind=kind, available=", ".join(bot_names()))
    if sep:
        budget = parse_budget(name, budget_text)
    elif budget is None and name == "hard":
        budget = Budget(iterations=profile_for(game).hard())
    return cls, budget


def make_bot(kind: str, game: Game[Any], seat: int, seed: int, budget: Budget | None = None) -> Bot:
    """A bot of ``kind`` (or level) for ``seat``, with its own ``random.Random(seed)``."""
    cls, resolved_budget = resolve(kind, game, budget)
    return cls(game, seat, random.Random(seed), resolved_budget)


__all__ = [
    "BOT_KINDS",
    "LEVELS",
    "Bot",
    "Budget",
    "CasualBot",
    "HeuristicBot",
    "ISMCTSBot",
    "RandomBot",
    "bot_names",
    "make_bot",
    "parse_budget",
    "resolve",
]
