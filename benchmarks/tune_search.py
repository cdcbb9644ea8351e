"""Tune the ``hard`` search's settings against OpenSpiel's ``ISMCTSBot`` on the same deals.

    PYTHONPATH=src nice -n 19 python benchmarks/tune_search.py --game himmel --deals 12 \\
        --seconds-per-move 0.02 --candidates "profile=;flat=prior_temperature=100,rollout_depth=0" \\
        --out benchmarks/tune_himmel.md

Each candidate is a set of search settings (``name=key=value,key=value``; an empty set is the
profile's own). Every candidate plays the match of ``vs_openspiel.py`` (same deals, every
seating, OpenSpiel's simulations matched to our CPU per move and rebalanced after each deal)
with its own calibration: a setting that makes an iteration dearer gets fewer iterations, so
the candidates are compared at equal CPU per move, not at equal iterations. The deals are the
same for every candidate, so the differences between candidates are paired. The output is
rewritten after every candidate; ``--resume`` skips candidates already in the JSON beside it.

``--see-all`` is a diagnostic, not a bot: every determinization of our search is the true
state (every hand and the order of the draw pile), so the search knows the future deals.
What it scores bounds what better guessing of the hidden cards could give at that CPU.
``--see-hands`` is the milder diagnostic: the other hands are the true ones, but the draw pile
(and every later shuffle) is guessed as usual, so it bounds what reading the opponents' hands
from their play could give. Zwickern's compiled search is given the hands as known cards
(``zwickern_search.search(known=...)``); elsewhere, and with ``--python-search``, the
Python search runs with the true hands in every determinization (``--see-all`` always runs
the Python search). ``--cpu-factor F`` gives our search F times OpenSpiel's CPU per
move (the rebalancing keeps the ratio): how much more search alone would buy.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent))

import vs_openspiel as vs
from stammtisch.arena.stats import mean_interval
from stammtisch.bots import zwickern_search
from stammtisch.bots.profile import profile_for
from stammtisch.core.rng import Rng


def python_search(*args: Any, **kwargs: Any) -> None:
    """A game's compiled search deals its own determinizations, which ``sampler`` does not
    replace: the diagnostics run the Python search (``None``) unless the compiled one is
    given what they show (``--see-hands`` on Zwickern)."""
    return None


def compiled_sees_hands(table: vs.Table) -> bool:
    """Whether ``--see-hands`` can give the true hands to the game's compiled search."""
    return table.name == "zwickern" and zwickern_search.in_use() and not PYTHON_SEARCH[0]


PYTHON_SEARCH = [False]  # --python-search


def see_all_move(table: vs.Table, state: Any, seat: int, seed: int) -> float:
    """``vs.our_move`` with the true state as every determinization (``--see-all``)."""
    truth = state.inner
    heuristic = profile_for(table.name).heuristic
    with (
        mock.patch.object(heuristic, "sampler", lambda game, view: lambda rng: truth.clone()),
        mock.patch.object(heuristic, "compiled_search", python_search),
    ):
        return see_all_move.inner(table, state, seat, seed)  # type: ignore[attr-defined, no-any-return]


def see_hands_move(table: vs.Table, state: Any, seat: int, seed: int) -> float:
    """``vs.our_move`` with the true hands but a guessed draw pile (``--see-hands``)."""
    truth = state.inner
    heuristic = profile_for(table.name).heuristic

    def sample(rng: Any) -> Any:
        s = truth.clone()
        s.deck = rng.sample(truth.deck, len(truth.deck))
        s.rng = Rng(rng.getrandbits(64))
        return s

    if compiled_sees_hands(table):
        # Every determinization of the compiled search keeps the other hands as they are.
        known = [list(h) for h in truth.hands]
        with mock.patch.object(zwickern_search, "search", partial(zwickern_search.search, known=known)):
            return see_all_move.inner(table, state, seat, seed)  # type: ignore[attr-defined, no-any-return]
    with (
        mock.patch.object(heuristic, "sampler", lambda game, view: sample),
        mock.patch.object(heuristic, "compiled_search", python_search),
    ):
        return see_all_move.inner(table, state, seat, seed)  # type: ignore[attr-defined, no-any-return]


def game_options(items: list[str]) -> dict[str, Any]:
    """``["rounds=8", "forced_capture=false"]`` -> ``{"rounds": 8, "forced_capture": False}``."""
    out: dict[str, Any] = {}
    for item in items:
        key, _, value = item.partition("=")
        low = value.strip().lower()
        out[key.strip()] = (
            int(low) if low.lstrip("-").isdigit() else {"true": True, "false": False}.get(low, value)
        )
    return out


def run_candidate(name: str, spec: str, args: argparse.Namespace) -> dict[str, Any]:
    wrapper = see_all_move if args.see_all else see_hands_move if args.see_hands else None
    if wrapper is not None and vs.our_move is not wrapper:
        see_all_move.inner = vs.our_move  # type: ignore[attr-defined]
        vs.our_move = wrapper
    table = vs.make_table(args.game, args.uct_c, game_options(args.option))
    # ``h.name=value`` items set an attribute of the game's heuristic (a number) for this
    # candidate, e.g. ``h.score_weight=0``; the rest are search settings.
    items = [i.strip() for i in spec.split(",") if i.strip()]
    heuristic = profile_for(args.game).heuristic
    patches = [i[2:].partition("=") for i in items if i.startswith("h.")]
    saved_attrs = {attr: getattr(heuristic, attr) for attr, _, _ in patches}
    for attr, _, value in patches:
        object.__setattr__(heuristic, attr, float(value))
    try:
        result = _play_candidate(name, ",".join(i for i in items if not i.startswith("h.")), args, table)
    finally:
        for attr, old in saved_attrs.items():
            object.__setattr__(heuristic, attr, old)
    result["spec"] = spec
    return result


def _play_candidate(name: str, spec: str, args: argparse.Namespace, table: vs.Table) -> dict[str, Any]:
    table.settings = vs.parse_settings(spec, profile_for(args.game).search)
    vs.calibrate(table, args.seconds_per_move, args.calibration, args.seed)
    table.ours.count = max(1, round(table.ours.count * args.cpu_factor))
    t0 = time.perf_counter()
    for deal in range(args.deals):
        vs.play_next_deal(table, args.seed, deal, ratio=args.cpu_factor)
        share = table.share()
        print(f"{name} deal {deal + 1}/{args.deals}: share {share}, {(time.perf_counter() - t0) / 60:.1f} min",
              flush=True)  # fmt: skip
    return {
        "name": name,
        "spec": spec,
        "settings": str(table.settings),
        "iterations": table.ours.count,
        "sims": table.theirs.count,
        "cpu": [statistics.mean(table.ours.cpu), statistics.mean(table.theirs.cpu)],
        "deal_shares": table.deal_shares,
        "games": table.games,
        "minutes": (time.perf_counter() - t0) / 60,
    }


def report(results: list[dict[str, Any]], args: argparse.Namespace, command: str) -> str:
    base = results[0]["deal_shares"] if results else []
    lines = [
        f"# Search settings for {args.game} against OpenSpiel's ISMCTSBot",
        "",
        "Written by `benchmarks/tune_search.py` (its docstring says how); rewritten after every candidate.",
        "",
        f"`{command}`",
        "",
        f"Commit {vs.git_commit()}; seed {args.seed}; {args.deals} deals per candidate (every seating);"
        f" {args.seconds_per_move:g} CPU s per move; {os.cpu_count()} cores shared with other work."
        + (f" Game options: {', '.join(args.option)}." if args.option else "")
        + (" **Diagnostic (--see-all): our search sees the true state.**" if args.see_all else "")
        + (
            " **Diagnostic (--see-hands): our search sees the other hands"
            + (" (the Python search).**" if args.python_search or args.game != "zwickern" else ".**")
            if args.see_hands
            else ""
        )
        + (
            f" **Diagnostic (--cpu-factor {args.cpu_factor:g}): our search gets that many times"
            " OpenSpiel's CPU per move.**"
            if args.cpu_factor != 1
            else ""
        ),
        "",
        "Win share: ours, 95% interval over deals. Paired difference: the candidate's share minus the"
        " first candidate's, deal by deal, with its 95% interval.",
        "",
        "| candidate | settings | iterations / OpenSpiel sims | CPU s/move (ours / theirs) | games |"
        " win share [95%] | paired difference [95%] | minutes |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        share = mean_interval(r["deal_shares"])
        diff = "–"
        if r is not results[0] and len(r["deal_shares"]) == len(base):
            diff = str(mean_interval([a - b for a, b in zip(r["deal_shares"], base, strict=True)]))
        lines.append(
            f"| {r['name']} | `{r['spec'] or '(profile)'}` | {r['iterations']} / {r['sims']} |"
            f" {r['cpu'][0]:.3f} / {r['cpu'][1]:.3f} | {r['games']} | {share} | {diff} | {r['minutes']:.1f} |"
        )
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=sorted(vs.PLAYERS), required=True)
    ap.add_argument("--candidates", required=True, help="name=settings;name=settings (settings as --search)")
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--seconds-per-move", type=float, default=0.02)
    ap.add_argument("--calibration", type=int, default=10)
    ap.add_argument("--uct-c", type=float, default=2.0)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--see-all", action="store_true", help="diagnostic: our search sees the true state")
    ap.add_argument("--see-hands", action="store_true", help="diagnostic: our search sees the other hands")
    ap.add_argument(
        "--python-search",
        action="store_true",
        help="with --see-hands: the Python search even where a compiled one could",
    )
    ap.add_argument("--cpu-factor", type=float, default=1.0, help="diagnostic: our CPU per move over theirs")
    ap.add_argument(
        "--option",
        action="append",
        default=[],
        help="a game option for both sides (name=value), e.g. rounds=8",
    )
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    PYTHON_SEARCH[0] = args.python_search
    vs.git_commit()  # the commit the run starts from
    command = "PYTHONPATH=src nice -n 19 python benchmarks/tune_search.py " + " ".join(sys.argv[1:])
    saved = args.out.with_suffix(".json")
    results: list[dict[str, Any]] = []
    if args.resume and saved.exists():
        results = json.loads(saved.read_text(encoding="utf-8"))
    done = {r["name"] for r in results}
    for item in filter(None, args.candidates.split(";")):
        name, _, spec = item.partition("=")
        if name in done:
            continue
        results.append(run_candidate(name.strip(), spec.strip(), args))
        saved.write_text(json.dumps(results, indent=1), encoding="utf-8")
        args.out.write_text(report(results, args, command), encoding="utf-8")


if __name__ == "__main__":
    main()
