"""The toy game Hoch (registered only in this folder) through every layer (issue 24).

Adding it took its folder and one registration line: no table elsewhere names it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import stammtisch
from stammtisch.arena.match import play_game
from stammtisch.arena.tournament import config_from, run_tournament
from stammtisch.bots import BOT_KINDS, LEVELS, make_bot
from stammtisch.bots.profile import GenericHeuristic, profile_for
from stammtisch.core import i18n
from stammtisch.core.conformance import check_game
from stammtisch.core.words import entry_words, moves_words
from stammtisch.tui.session import Session

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the server harness
from server.live import live_server, settings


def test_hoch_passes_the_conformance_checks() -> None:
    for players in (2, 3):
        report = check_game("hoch", games=40, seed=1, options={"players": players})
        assert report.games == 40


@pytest.mark.parametrize("kind", [*sorted(BOT_KINDS), *LEVELS, "ismcts:30"])
def test_every_bot_and_level_plays_hoch(kind: str) -> None:
    """Without a heuristic of its own the game gets the generic profile, so every level works."""
    game = stammtisch.load("hoch")
    assert isinstance(profile_for(game).heuristic, GenericHeuristic)
    bots = [make_bot(kind, game, 0, 1), make_bot("random", game, 1, 2)]
    out = play_game(game, bots, seed=3)
    assert not out.truncated and sorted(out.returns) in ([0.0, 1.0], [0.5, 0.5])


def test_generic_heuristic_takes_the_point() -> None:
    """One move ahead: from a view whose pile shows a 3, a 5 scores and a 2 does not."""
    game = stammtisch.load("hoch")
    state = game.from_json(
        {
            "hands": [[2, 5, 1], [4, 6, 6]],
            "stock": [1, 2, 3, 4, 5],
            "pile": [3],
            "points": [0, 1],
            "current": 0,
        }
    )
    values = GenericHeuristic(game).action_values(state.observe(0), [1, 2, 5])
    assert values[2] > values[0] and values[2] > values[1]


def test_hoch_arena_tournament() -> None:
    run = run_tournament(config_from("hoch", ["medium", "random"], games=4, seed=5), workers=1)
    assert len(run.results) == 4


def test_hoch_research_environments() -> None:
    pytest.importorskip("gymnasium")
    from stammtisch.rl.aec import env as aec_env
    from stammtisch.rl.gym_env import StammtischGymEnv

    gym = StammtischGymEnv("hoch", opponents="easy")
    obs, _ = gym.reset(seed=1)
    done, rng = False, random.Random(0)
    while not done:
        legal = [i for i, ok in enumerate(obs["action_mask"]) if ok]
        obs, _reward, done, _trunc, _ = gym.step(rng.choice(legal))
    aec = aec_env("hoch")
    aec.reset(seed=2)
    for _agent in aec.agent_iter():
        observation, _r, term, trunc, _ = aec.last()
        mask = observation["action_mask"]
        aec.step(None if term or trunc else next(i for i, ok in enumerate(mask) if ok))
    aec.close()


def test_hoch_speaks_its_own_words_in_both_languages() -> None:
    """Its ``words.py`` and ``locale/`` beside its game are found from the registration alone."""
    game = stammtisch.load("hoch")
    state = game.from_json(
        {
            "hands": [[2, 5, 1], [4, 6, 6]],
            "stock": [1, 2, 3, 4, 5],
            "pile": [3],
            "points": [0, 1],
            "current": 0,
        }
    )
    said = moves_words("hoch", [state.describe(a) for a in state.legal_actions()], ["Anna", "Ben"])
    assert said == {
        "en": ["Play the 1", "Play the 2", "Play the 5 for a point"],
        "de": ["Die 1 spielen", "Die 2 spielen", "Die 5 spielen, für einen Punkt"],
    }
    after = state.apply(5)
    assert entry_words("hoch", after.events(1), ["Anna", "Ben"]) == {
        "en": "Anna plays a 5 and scores a point.",
        "de": "Anna spielt eine 5 und bekommt einen Punkt.",
    }
    # Its catalogue has every key in both languages, with the same placeholders.
    en, de = set(i18n.keys("en", "hoch.")), set(i18n.keys("de", "hoch."))
    assert en == de and len(en) == 5
    for key in en:
        assert i18n.placeholders(str(i18n.template(key, "en"))) == i18n.placeholders(
            str(i18n.template(key, "de"))
        )


def test_hoch_terminal_session() -> None:
    session = Session(stammtisch.load("hoch"), 4, ["person", "easy"])
    while not session.over:
        request = session.bot_request()
        if request is None:
            session.play(session.legal()[0])
        else:
            bot, view, legal, _stamp = request
            assert "hand" in view and view["seat"] == 1
            session.play(str(bot.choose(view, legal)))
    assert session.state.is_terminal


async def test_hoch_on_the_server_with_a_bot(tmp_path: Path) -> None:
    """REST creates the table, WebSocket plays it: the host leaves, a bot stands in, the game ends."""
    async with live_server(settings(f"sqlite:///{tmp_path / 'db.sqlite3'}")) as live:
        created = await live.create(game="hoch", seats=[{"type": "open"}, {"type": "bot", "level": "easy"}])
        tid = created["table"]["id"]
        player = await live.player(tid, created["token"])
        first = await player.wait_for(lambda m: m["type"] == "state")
        assert first["view"]["seat"] == 0 and len(first["view"]["hand"]) == 3
        watcher = await live.player(tid)
        await live.http.post(f"/api/tables/{tid}/leave", json={"token": created["token"]})
        final = await watcher.wait_for(lambda m: m["type"] == "state" and m["result"] is not None)
        assert final["version"] > 0
        await watcher.close()
        await player.close()
