"""The compiled core's table state against the pure-Python engine, its specification.

A game on the core (every table, DOG-21 and DOG-22, the 7 with the partner, DOG-23, the
swap lock, DOG-25, and no Joker for the last peg, DOG-26; not with the thefts of DOG-24)
keeps its position in a ``_core.Table``
(``games/dog/coretable.py``): play, give, fold, the advance, the deal and the reshuffle of
the discards (DOG-5 … DOG-9) run in C. Here both engines play the same seeded games move
for move: after every move the whole position (``to_json``: pegs, hands, pile, discards,
exchange, RNG), the legal moves and the events are equal; every legal move applied to
sampled positions gives the pure engine's position; and a state whose pure fields are
read becomes a pure state that plays on correctly (the tested fallback).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import stammtisch
from stammtisch.core.game import JSON, Game
from stammtisch.games.dog import backend, coretable
from stammtisch.games.dog.coretable import TableState, on_table
from stammtisch.games.dog.state import DogState

needs_core = pytest.mark.skipif(
    not backend.compiled_available() or backend.forced_pure(),
    reason="compiled Dog core not built, or STAMMTISCH_PURE forces the pure engine",
)


# The tables the core holds: the base rules and the variants without house rules.
TABLES: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 6},
    {"players": 2},  # DOG-21: alone, no exchange, the 64-field board
    {"players": 3},
    {"players": 5},
    {"players": 6, "teams": 2},  # DOG-22: teams of three, the exchange to the next teammate
    {"players": 4, "seven_with_partner": True},  # DOG-23
    {"players": 6, "teams": 2, "seven_with_partner": True},
    {"players": 4, "no_jack_reswap": True, "last_peg_no_joker": True},  # DOG-25, DOG-26
    {"players": 6, "teams": 2, "seven_with_partner": True, "no_jack_reswap": True, "last_peg_no_joker": True},
    {"players": 3, "no_jack_reswap": True, "last_peg_no_joker": True},
]
TABLE_IDS = ["-".join(f"{k}={v}" for k, v in o.items()) for o in TABLES]


def games(options: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> tuple[Game[Any], Game[Any]]:
    """The same game on the core and on the pure engine."""
    fast = stammtisch.load("dog", **options)
    with monkeypatch.context() as m:
        m.setenv("STAMMTISCH_PURE", "1")
        pure = stammtisch.load("dog", **options)
    assert fast.core is not None and pure.core is None
    return fast, pure


def on_core(s: Any) -> bool:
    return isinstance(s, TableState) and s.compiled is not None


def snapshot(s: DogState) -> JSON:
    """The whole position of ``s``, read from a clone (reading makes a state pure)."""
    return s.clone().to_json()


def events(before: DogState, action: Any, after: DogState) -> list[JSON]:
    """The raw events of ``action``, worked out on clones of both states."""
    return after.clone()._events_of(before.clone(), action)


def play_both(
    options: dict[str, Any], seed: int, monkeypatch: pytest.MonkeyPatch, check_every: int = 1
) -> int:
    fast_game, pure_game = games(options, monkeypatch)
    fast = fast_game.new_game(seed)
    pure = pure_game.new_game(seed)
    assert on_core(fast) and type(pure) is DogState
    rng = random.Random(seed)
    steps = 0
    while not pure.is_terminal:
        assert not fast.is_terminal
        assert fast.current_player == pure.current_player
        fl = fast.legal_actions()
        pl = pure.legal_actions()
        k = rng.randrange(len(pl))
        if steps % check_every == 0:
            assert snapshot(fast) == pure.to_json(), steps
            assert [a.text for a in fl] == [a.text for a in pl], steps
        fa, pa = fl[k], pl[k]
        nf = fast.apply_unchecked(fa, events=False)
        np_ = pure.apply_unchecked(pa)
        if steps % check_every == 0:
            assert events(fast, fa, nf) == np_.raw_events(), (steps, pa.text)
        fast, pure = nf, np_
        assert on_core(fast), "the fast path left the table"
        steps += 1
    assert fast.is_terminal
    assert fast.returns() == pure.returns()
    assert snapshot(fast) == pure.to_json()
    return steps


@needs_core
@pytest.mark.parametrize("options", TABLES, ids=TABLE_IDS)
def test_seeded_games_are_equal_move_for_move(
    options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Positions, legal moves and events after every move (DOG-5 … DOG-9), through
    several deals, reshuffles (DOG-6) and the end of the game (DOG-9, DOG-21, DOG-22)."""
    total = 0
    for seed in range(3):
        total += play_both(options, seed, monkeypatch)
    assert total > 300  # whole games: many rounds, so the discards were shuffled in


@needs_core
@pytest.mark.parametrize("options", TABLES, ids=TABLE_IDS)
def test_more_seeded_games_end_equal(options: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in range(10, 22):
        play_both(options, seed, monkeypatch, check_every=37)


@needs_core
@pytest.mark.parametrize("options", TABLES, ids=TABLE_IDS)
def test_every_legal_move_applies_as_in_the_pure_engine(
    options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On positions from random games, every legal action (starts, moves, the 4
    backward, swaps, 7s, folds, gives) leads to the pure engine's position."""
    fast_game, _ = games(options, monkeypatch)
    rng = random.Random(options["players"])
    kinds: set[str] = set()
    for seed in range(4):
        s = fast_game.new_game(100 + seed)
        step = 0
        while not s.is_terminal:
            legal = s.legal_actions()
            if step % 7 == 0:
                pure = s.clone()
                pure._unpack()  # the same position, pure
                assert not on_core(pure)
                for a, b in zip(legal, pure.legal_actions(), strict=True):
                    kinds.add(a.text.split(":")[0] if ":" in a.text else a.text.split()[0])
                    got = s.apply_unchecked(a, events=False)
                    assert on_core(got)
                    assert snapshot(got) == pure.apply_unchecked(b, events=False).to_json(), a.text
            s = s.apply_unchecked(legal[rng.randrange(len(legal))], events=False)
            step += 1
    alone = fast_game.board.alone  # DOG-21: no exchange
    assert {"7", "J", "4", "fold"} | (set() if alone else {"give"}) <= kinds


@needs_core
def test_reading_a_field_makes_the_state_pure_and_it_plays_on(monkeypatch: pytest.MonkeyPatch) -> None:
    fast_game, pure_game = games({"players": 4}, monkeypatch)
    fast = fast_game.new_game(5)
    pure = pure_game.new_game(5)
    rng = random.Random(0)
    for step in range(300):
        if step == 120:
            assert fast.hands == pure.hands  # a pure field read: the table is dropped
            assert not on_core(fast)
        k = rng.randrange(len(pure.legal_actions()))
        fast = fast.apply_unchecked(fast.legal_actions()[k])
        pure = pure.apply_unchecked(pure.legal_actions()[k])
        assert on_core(fast) == (step < 120)
    assert fast.to_json() == pure.to_json()


@needs_core
def test_actions_by_text_and_checked_apply_on_the_table() -> None:
    game = stammtisch.load("dog", players=4)
    s = game.new_game(3)
    rng = random.Random(3)
    for _ in range(150):
        legal = s.legal_actions()
        text = legal[rng.randrange(len(legal))].text
        t = s.clone()
        s = s.apply(text)
        assert on_core(t)
        texts = [a.text for a in t.legal_actions()]
        assert snapshot(t.apply(t.legal_actions()[texts.index(text)])) == s.to_json()
        s = on_table(s)  # to_json above made s pure: back onto a table
        assert on_core(s)


def test_games_the_core_cannot_hold_stay_pure() -> None:
    """The thefts of DOG-24 keep the pure engine's state (their moves still come from the
    core's generator, test_dog_core.py)."""
    for options in (
        {"players": 4, "two_steals": True},
        {"players": 4, "two_steals": True, "no_jack_reswap": True},
        {"players": 6, "teams": 2, "seven_with_partner": True, "two_steals": True},
    ):
        s = stammtisch.load("dog", **options).new_game(1)
        assert type(s) is DogState, options


def test_forced_pure_engine_has_no_table(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STAMMTISCH_PURE", "1")
    s = stammtisch.load("dog", players=4).new_game(1)
    assert type(s) is DogState
    assert on_table(s) is s


@needs_core
def test_the_c_shuffle_is_the_pure_engines_shuffle() -> None:
    """DOG-6: the core shuffles the discards into the pile in C only where that gives
    exactly ``Rng.shuffle`` (which follows ``random.shuffle``); on this Python it does,
    so seeded games reshuffle in C (and stay equal, see the games above)."""
    from stammtisch.core.rng import Rng

    core = backend.compiled()
    assert coretable._c_shuffle_agrees(core)
    rng = random.Random(5)
    for _ in range(200):
        seed = rng.getrandbits(64)
        items = list(range(rng.randrange(111)))
        Rng(seed).shuffle(items)
        assert core.shuffle_test(Rng(seed).next64(), len(items)) == items
