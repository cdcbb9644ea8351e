"""The state messages' parts put together from remembered pieces (``tableinfo.legal_and_moves``,
``history.log_entry``) are, byte for byte, the plain encodings they replace: for every game,
every recipient, with and without names, made afresh and found in the memo."""

from __future__ import annotations

import random
from typing import Any

import pytest

import stammtisch
from stammtisch.core.words import entry_words, moves_words
from stammtisch.server import history, tableinfo, wire

NAMES: list[list[str | None] | None] = [["Anna", None, "Hans", "Bot (schwer)"], None]


def _states(game: str, seed: int, steps: int) -> list[Any]:
    rng = random.Random(seed)
    state = stammtisch.load(game).new_game(seed)
    out = [state]
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
        out.append(state)
    return out


def _plain_moves(game: str, state: Any, names: Any) -> bytes:
    legal = state.legal_actions()
    moves = [state.describe(a) for a in legal]
    texts = moves_words(game, moves, names)
    return wire.dumpb(
        [
            {"action": str(a), "move": m, "text": {lang: texts[lang][i] for lang in texts}}
            for i, (a, m) in enumerate(zip(legal, moves, strict=True))
        ]
    )


@pytest.mark.parametrize("game", ["dog", "himmel", "zwickern"])
def test_legal_and_moves_are_the_plain_encodings(game: str) -> None:
    tableinfo._MOVES.clear()
    for names in NAMES:
        for state in _states(game, 3, 120):
            if state.is_terminal:
                continue
            for _ in range(2):  # made, then remembered
                legal, moves = tableinfo.legal_and_moves(game, state, names)
                assert legal == wire.dumpb(state.legal_notations())
                assert moves == _plain_moves(game, state, names)
                assert moves == tableinfo.moves_json(game, state, names)
    assert tableinfo._MOVES


@pytest.mark.parametrize("game", ["dog", "himmel", "zwickern"])
def test_log_entries_are_the_plain_encodings(game: str) -> None:
    history._TEXTS.clear()
    for names in NAMES:
        for move, state in enumerate(_states(game, 5, 120)):
            for recipient in [*range(state.num_players), None]:
                view = state.observe(recipient)
                plain = wire.dumpb_kept(
                    {
                        "move": move,
                        "seat": 1,
                        "last": view.get("last"),
                        "events": view.get("events", []),
                        "text": entry_words(game, view.get("events", []), names),
                    }
                )
                for _ in range(2):  # made, then remembered
                    assert history.log_entry(move, 1, view, game, names) == plain
    assert history._TEXTS
