"""Research environments: PettingZoo, Gymnasium and OpenSpiel adapters (no rules inside).

* :mod:`stammtisch.rl.aec` — PettingZoo AEC environment over any registered game;
  per game: ``stammtisch.rl.<game>.env()`` (the observation table is in that module).
* :mod:`stammtisch.rl.gym_env` — Gymnasium single-agent environment against bots; also
  registered with Gymnasium as ``stammtisch/<Game>-v0`` by :func:`register_gymnasium`.
* :mod:`stammtisch.rl.openspiel` — the games as OpenSpiel Python games (needs
  ``open-spiel``).
* Codecs (fixed integer actions, observation tensors) live beside each game:
  ``stammtisch.games.<game>.codec``; :mod:`stammtisch.rl.codec` states their shape.
"""

from __future__ import annotations


def register_gymnasium() -> list[str]:
    """Register ``stammtisch/<Game>-v0`` with Gymnasium for every registered game."""
    import gymnasium

    from stammtisch.core.registry import games

    ids = []
    for name in games():
        env_id = f"stammtisch/{name.capitalize()}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                env_id, entry_point="stammtisch.rl.gym_env:StammtischGymEnv", kwargs={"game": name}
            )
        ids.append(env_id)
    return ids
