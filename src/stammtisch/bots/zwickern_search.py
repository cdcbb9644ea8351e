"""The Zwickern search at compiled speed: :class:`~stammtisch.bots.ismcts.ISMCTS` in C.

The extension ``_zwickern`` (plain C, built at install where a C compiler is available) is
a port of three pure-Python specifications: the rules of a round
(:mod:`stammtisch.games.zwickern.state`), the heuristic
(:mod:`stammtisch.bots.heuristics.zwickern`) and the search (:mod:`stammtisch.bots.ismcts`).
It reads only the seat's view, so it can know no more than the pure search. One difference:
a round's end is a leaf of its tree (the next round is a fresh shuffle), where the pure
search would keep descending into a guessed next deal along a path visited often enough.

:func:`search` is used by ``ISMCTS.search`` for Zwickern when the extension is built and
``STAMMTISCH_PURE`` is unset (or ``0``); otherwise, and for any position the extension
refuses, the pure search runs. tests/bots/test_zwickern_compiled.py checks the port.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.core.compiled import forced_pure
from stammtisch.games.zwickern.cards import parse_card
from stammtisch.games.zwickern.position import parse_lacks

API = 2

try:  # imported by name so that this module does not import its own package
    _ext: Any = importlib.import_module("stammtisch.bots._zwickern")
except ImportError:  # not built: the pure search runs
    _ext = None
if _ext is not None and getattr(_ext, "API", 0) != API:
    _ext = None  # an older build left in place: not used


def compiled() -> Any:
    """The extension module, or ``None`` when it is not built (or built from older code)."""
    return _ext


def in_use() -> bool:
    """Whether searches use the extension now (built, and ``STAMMTISCH_PURE`` not set)."""
    return _ext is not None and not forced_pure()


def describe() -> str:
    """One line for ``stammtisch info``."""
    if _ext is None:
        return "pure Python (compiled search not built)"
    if not in_use():
        return "pure Python (STAMMTISCH_PURE is set; compiled search available)"
    return "compiled (the hard bot's rules, heuristic and ISMCTS in C)"


def position(
    view: Mapping[str, Any], hands: Sequence[Sequence[int]], deck: Sequence[int], options: Any
) -> tuple[Any, ...]:
    """The extension's position tuple from a view (``hands``/``deck``: what is known)."""
    n = len(view["hand_sizes"])
    last = view.get("last_capturer")
    current = view.get("current_player")
    return (
        n,
        int(view["dealer"]),
        -1 if current is None else int(current),
        1 if options.forced_capture else 0,
        [list(h) for h in hands],
        [parse_card(c) for c in view["table"]],
        list(deck),
        [[parse_card(c) for c in pile] for pile in view["captured"]],
        -1 if last is None else int(last),
        list(parse_lacks(view.get("lacks", [[]] * n), n)),
    )


def match(
    view: Mapping[str, Any], seat: int, options: Any, score_weight: float, score_scale: float
) -> tuple[Any, ...]:
    """The extension's match tuple: whose values count, and how far the match is."""
    return (
        seat,
        [float(p) for p in view["match_points"]],
        int(view["round"]),
        int(view["rounds"]),
        len(view["round_results"]),
        1 if options.extra_rounds else 0,
        float(score_weight),
        float(score_scale),
    )


def search(
    game: Any,
    view: Mapping[str, Any],
    seat: int,
    settings: Any,
    temperature: float,
    horizon: int | None,
    iterations: int | None,
    seconds: float | None,
    rng: random.Random,
    score_weight: float,
    score_scale: float,
    known: Sequence[Sequence[int]] | None = None,
) -> tuple[int, dict[int, tuple[int, float, float, float]]] | None:
    """Run the search; ``(iterations done, {card: (visits, value sum, points sum, prior)})``
    for the root's cards, or ``None`` when the extension is not in use, the settings are
    ones it does not know, or it refuses the position (the pure search then runs).
    ``known``: per seat, cards known to be in its hand, which every determinization keeps
    (a bot knows none; ``benchmarks/tune_search.py --see-hands`` gives the true hands)."""
    if not in_use() or settings.rollout != "heuristic":
        return None
    n = len(view["hand_sizes"])
    hands: list[list[int]] = [list(known[s]) if known else [] for s in range(n)]
    hands[seat] = [parse_card(c) for c in view.get("hand", [])]
    try:
        done, rows = _ext.search(
            position(view, hands, [], game),
            [int(x) for x in view["hand_sizes"]],
            int(view["deck_size"]),
            match(view, seat, game, score_weight, score_scale),
            (
                float(settings.exploration),
                float(temperature),
                float(settings.epsilon),
                -1 if horizon is None else horizon,
                1 if settings.split_hands else 0,
            ),
            -1 if iterations is None else int(iterations),
            0.0 if seconds is None else float(seconds),
            rng.getrandbits(64),
        )
    except (ValueError, LookupError):
        return None  # a position the port refuses: the pure search says why, or copes
    return int(done), {int(card): (int(v), float(t), float(p), float(pr)) for card, v, t, p, pr in rows}
