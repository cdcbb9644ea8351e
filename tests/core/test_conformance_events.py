"""The shipped conformance check catches events that tell a seat what it may not know."""

from __future__ import annotations

import pytest

from stammtisch.core.conformance import ConformanceError, check_game
from stammtisch.games.dog import events as dog_events
from stammtisch.games.himmel import events as himmel_events


def _without_privacy(real):
    def leaky(before, action, after):
        out = []
        for ev in real(before, action, after):
            ev = dict(ev)
            ev.pop("private_to", None)
            out.append(ev)
        return out

    return leaky


@pytest.mark.parametrize(
    ("name", "module", "options"),
    [("dog", dog_events, {}), ("himmel", himmel_events, {"players": 3})],
)
def test_an_event_naming_a_hidden_card_to_everybody_fails_the_check(monkeypatch, name, module, options):
    """DOG-7 (the exchange card) and HAZ-5/HAZ-6 (stolen and drawn cards): the same events
    without their ``private_to`` tell the others hidden cards, and the check says so."""
    monkeypatch.setattr(module, "events_of", _without_privacy(module.events_of))
    with pytest.raises(ConformanceError, match="cannot know"):
        check_game(name, games=3, options=options, seed=3)


@pytest.mark.parametrize(
    ("name", "options"),
    [("dog", {}), ("himmel", {"players": 5}), ("zwickern", {"players": 4})],
)
def test_the_games_pass_the_event_checks(name, options):
    report = check_game(name, games=1, options=options, seed=17, deep_every=2)
    assert report.games == 1 and report.steps > 0
