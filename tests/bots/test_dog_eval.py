"""The Dog evaluation on integers (bots/heuristics/dog_eval.py) against the straightforward
loop over all peg pairs it replaced, and the search's fast path (state and move codes)
against the view path, on positions of random games of every table size."""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import stammtisch
from stammtisch.bots.heuristics.dog import DogHeuristic, coded_plays
from stammtisch.bots.heuristics.dog_eval import (
    BLOCK,
    HIMMEL_DEPTH,
    IN,
    KEEP,
    OUT,
    START_THREAT,
    THEFT,
    THREAT,
    DogEval,
    evaluator,
)
from stammtisch.bots.profile import heuristic_for
from stammtisch.games.dog.actions import FOLD, STEAL
from stammtisch.games.dog.board import KENNEL, Board

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games" / "dog"))  # dog_positions
from dog_positions import VARIANT_IDS as DOG_VARIANT_IDS
from dog_positions import VARIANTS as DOG_VARIANTS
from dog_positions import late

VARIANTS: list[dict[str, Any]] = [
    {},
    {"players": 6},
    {"players": 2},
    {"players": 3},
    {"players": 6, "teams": 2},
    {"two_steals": True, "seven_with_partner": True},
]
IDS = ["4p", "6p", "2p", "3p", "6p-2teams", "4p-steals-partner7"]
# The tables the core holds beyond those above (tests/games/dog/dog_positions.py).
LATE_VARIANTS = [v for v in DOG_VARIANTS if v not in VARIANTS]
LATE_IDS = [i for v, i in zip(DOG_VARIANTS, DOG_VARIANT_IDS, strict=True) if v not in VARIANTS]


def reference_peg_values(places: Sequence[int], fresh: int, board: Board) -> list[float]:
    """The evaluation as first written (every peg against every opponent peg)."""
    n = board.players
    track = board.track_len
    half = board.num_teams
    values = [0.0] * n
    kennel_pegs = [sum(1 for i in range(4 * s, 4 * s + 4) if places[i] == KENNEL) for s in range(n)]
    on_track = [(j >> 2) % half for j, other in enumerate(places) if 0 <= other < track]
    track_places = [other for other in places if 0 <= other < track]
    rivals = [[p for p, t in zip(track_places, on_track, strict=True) if t != team] for team in range(half)]
    open_starts = [
        [board.start(s) for s in range(n) if s % half != team and kennel_pegs[s]] for team in range(half)
    ]
    for i, place in enumerate(places):
        owner = i >> 2
        if place == KENNEL:
            continue
        if place >= track:
            values[owner] += OUT + track + IN + HIMMEL_DEPTH * (place - track)
            continue
        progress = OUT + (place - board.start(owner)) % track
        values[owner] += progress
        team = owner % half
        if fresh >> i & 1:
            for other in rivals[team]:
                if 0 < (place - other) % track <= 13:
                    values[owner] += BLOCK
            continue
        risk = 0.0
        for other in rivals[team]:
            if 0 < (place - other) % track <= 13:
                risk += THREAT
        for start in open_starts[team]:
            if place == start:
                risk += START_THREAT
        values[owner] -= min(0.9, risk) * progress
    return values


def reference_team_value(places: Sequence[int], fresh: int, board: Board, seat: int) -> float:
    per_seat = reference_peg_values(places, fresh, board)
    totals = [sum(per_seat[s] for s in team) for team in board.teams()]
    others = [t for k, t in enumerate(totals) if k != board.team(seat)]
    return totals[board.team(seat)] - (sum(others) / len(others) if others else 0.0)


def reference_play_values(
    places: list[int], fresh: int, board: Board, seat: int, legal: Sequence[Any]
) -> list[float]:
    now = reference_team_value(places, fresh, board, seat)
    out: list[float] = []
    for action in legal:
        if action.kind == STEAL:
            out.append(THEFT - KEEP.get(action.card, 0.0))
        elif action.kind == FOLD or action.result is None:
            out.append(0.0)
        else:
            after_places, after_fresh = action.result
            gain = reference_team_value(after_places, after_fresh, board, seat) - now
            out.append(gain - KEEP.get(action.card, 0.0))
    return out


def positions(options: dict[str, Any], seed: int, count: int) -> Iterator[Any]:
    """Every third position of random games (a fresh game when one ends)."""
    game = stammtisch.load("dog", **options)
    rng = random.Random(seed)
    state = game.new_game(seed)
    for step in range(3 * count):
        if state.is_terminal:
            state = game.new_game(rng.randrange(1 << 30))
        if step % 3 == 0:
            yield state
        legal = state.legal_actions()
        state = state.apply_unchecked(legal[rng.randrange(len(legal))], events=False)


@pytest.mark.parametrize("options", VARIANTS, ids=IDS)
def test_integer_evaluation_equals_the_reference_loop(options: dict[str, Any]) -> None:
    for state in positions(options, 3, 120):
        board = state.board
        ev = evaluator(board)
        places, fresh = state.clone().pos, state.clone().fresh
        assert ev.seat_values(places, fresh) == reference_peg_values(places, fresh, board)
        for seat in range(board.players):
            assert ev.team_value(places, fresh, seat) == reference_team_value(places, fresh, board, seat)


@pytest.mark.parametrize("options", VARIANTS, ids=IDS)
def test_fast_path_equals_the_view_path_and_the_reference(options: dict[str, Any]) -> None:
    h = heuristic_for("dog")
    assert isinstance(h, DogHeuristic)
    seen_codes = 0
    for state in positions(options, 4, 120):
        seat = state.current_player
        legal = state.legal_actions()
        raw = coded_plays(legal)
        seen_codes += raw is not None
        fast = h.state_values(state, seat, legal)
        view = state.clone().observe(seat)
        assert h.action_values(view, legal) == fast
        if view["phase"] != "exchange":
            pure = state.clone()
            assert reference_play_values(pure.pos, pure.fresh, state.board, seat, list(legal)) == fast
        assert h.evaluate_state(state) == h.evaluate(state.clone().observe(None))
    core = stammtisch.load("dog", **options).core  # type: ignore[attr-defined]
    if core is not None:
        assert seen_codes > 0  # the move-code path was exercised


def test_reading_the_fast_path_keeps_the_state_on_the_compiled_table() -> None:
    game = stammtisch.load("dog")
    if game.core is None:  # type: ignore[attr-defined]
        pytest.skip("compiled core not in use")
    h = heuristic_for("dog")
    for state in positions({}, 5, 40):
        legal = state.legal_actions()
        h.state_values(state, state.current_player, legal)
        h.evaluate_state(state)
        assert state.compiled is not None  # nothing unpacked the table the search plays on


@pytest.mark.parametrize("options", VARIANTS, ids=IDS)
def test_search_keys_are_one_per_move_whatever_makes_it(options: dict[str, Any]) -> None:
    # A play's key is the same from its move code, from the action made of it and from
    # the pure engine's action for the same position; the keys of one list are distinct.
    h = heuristic_for("dog")
    for state in positions(options, 6, 150):
        legal = state.legal_actions()
        keys = h.action_keys(legal)
        assert len(set(keys)) == len(keys)
        made = list(legal)  # makes every action of a core-made list
        assert h.action_keys(made) == keys
        pure = state.clone()
        pure.pos  # noqa: B018  # reading a field moves a compiled state to the pure engine
        by_text = dict(
            zip([a.text for a in pure.legal_actions()], h.action_keys(pure.legal_actions()), strict=True)
        )
        assert [by_text[a.text] for a in made] == keys


def test_remembered_values_are_the_computed_ones_and_stay_unchanged() -> None:
    # The evaluator remembers positions and play gains; a remembered value must be the one
    # a fresh evaluator computes, and a caller changing the list it got changes no memo.
    game = stammtisch.load("dog")
    h = heuristic_for("dog")
    for state in positions({}, 7, 60):
        legal = state.legal_actions()
        seat = state.current_player
        first = h.state_values(state, seat, legal)
        again = h.state_values(state, seat, legal)
        assert again == first
        places, fresh = state.clone().pos, state.clone().fresh
        ev = evaluator(state.board)
        got = ev.seat_values(places, fresh)
        got[0] += 100.0
        assert ev.seat_values(places, fresh) == reference_peg_values(places, fresh, state.board)
        fresh_ev = type(ev)(game.board)  # type: ignore[attr-defined]
        raw = coded_plays(legal)
        if raw is not None:
            pos, base_fresh, items, seven = raw
            assert fresh_ev.play_gains(pos, base_fresh, items, seat, seven) == first


def _compiled_eval_or_skip(board: Board) -> Any:
    ev = evaluator(board)
    if ev.fast is None:
        pytest.skip("compiled core not in use")
    return ev


@pytest.mark.parametrize("options", VARIANTS + LATE_VARIANTS, ids=IDS + LATE_IDS)
def test_compiled_evaluation_is_the_python_one_bit_for_bit(options: dict[str, Any]) -> None:
    # The core's Eval against DogEval in Python (compiled=False: the specification), on
    # random and on late positions (teammates helping, DOG-19, DOG-22): every team lead and
    # every play's gain the same double.
    rng = random.Random(11)
    checked = 0
    for state in positions(options, 8, 150):
        board = state.board
        ev = _compiled_eval_or_skip(board)
        pure_ev = DogEval(board, compiled=False)
        for s in (state, late(state.clone(), rng) if state.phase == "play" else None):
            if s is None:
                continue
            legal = s.legal_actions()
            raw = coded_plays(legal)
            places, fresh = s.clone().pos, s.clone().fresh
            assert ev.team_leads(places, fresh) == pure_ev.team_leads(places, fresh)
            if raw is None:
                continue
            pos, base_fresh, items, seven = raw
            seat = s.current_player
            want = pure_ev.play_gains(pos, base_fresh, items, seat, seven)
            got = ev.fast.gains(legal.move_set, ev.seat_team[seat])
            assert got == want
            assert [math.copysign(1.0, g) for g in got] == [math.copysign(1.0, w) for w in want]
            checked += 1
    if stammtisch.load("dog", **options).core is not None:  # type: ignore[attr-defined]
        assert checked > 50  # (with the thefts of DOG-24 the moves are filtered in Python)


def test_compiled_evaluation_refuses_what_is_not_its_board() -> None:
    ev = _compiled_eval_or_skip(Board(4, 2))
    state = stammtisch.load("dog", players=6).new_game(1)
    while state.phase != "play":
        state = state.apply_unchecked(state.legal_actions()[0], events=False)
    other = state.legal_actions()
    with pytest.raises(ValueError, match="another board"):
        ev.fast.gains(other.move_set, 0)
    with pytest.raises(TypeError, match="MoveSet"):
        ev.fast.gains([1, 2, 3], 0)
    with pytest.raises(ValueError, match="another board"):
        ev.fast.leads([0] * 24, 0)
    with pytest.raises(ValueError, match="off the board"):
        ev.fast.leads([200] * 16, 0)
    with pytest.raises(ValueError, match="not a Dog board"):
        type(ev.fast)(
            [0] * 16, [0, 16], [[0, 2], [1, 3]], 64, [1.0] * 4, [0.0] * 17, [0.0] * 17, [0.0] * 16, 12.0, 2.0
        )
