"""HAZ-5 hidden information: a stolen card is seen by thief and victim only, the victim knows
where it is until it is played, and re-sampled states keep every such fact."""

from __future__ import annotations

import random
from typing import Any

import pytest
from haz_positions import make

from stammtisch import load
from stammtisch.core.conformance import check_state
from stammtisch.games.himmel import TURN, HimmelState, card_text

VICTIM = ["turn", 44, 45, 46, 47]


def _steal(card: int, **extra: Any) -> HimmelState:
    """Seat 0 steals ``card`` from seat 1 (the RNG state is searched so that it does)."""
    for rng in range(200):
        s = make([["steal", 3, 4, 5, 6], VICTIM, ["steal", 13, 14, 15, 16]], rng=rng, **extra)
        t = s.apply("steal 1")
        if t.last is not None and t.last[2] == card:
            return t
    raise AssertionError("no RNG state steals that card")


def test_haz5_stolen_card_is_seen_by_thief_and_victim_only() -> None:
    t = _steal(44)
    assert 44 in t.hands[0]
    thief, victim, other = t.observe(0), t.observe(1), t.observe(2)
    assert thief["last"] == {"seat": 0, "action": "steal 1", "stolen": "44"}
    assert victim["last"] == thief["last"]
    assert other["last"] == {"seat": 0, "action": "steal 1"}
    assert "stolen" not in t.observe(None)["last"]
    assert victim["known"] == [{"card": "44", "seats": [0], "deck": False}]
    assert thief["known_by"] == [{"seat": 1, "card": "44"}]
    assert other["known"] == [] and other["known_by"] == []


def test_haz5_views_built_together_show_the_stolen_card_to_thief_and_victim_only() -> None:
    """A server builds all views at once (observe_all): the public part is shared, the
    stolen card still reaches only the thief and the victim (and its HAZ-5 facts theirs)."""
    t = _steal(44)
    other, spectator, victim, thief = t.observe_all([2, None, 1, 0])
    assert thief["last"] == victim["last"] == {"seat": 0, "action": "steal 1", "stolen": "44"}
    assert other["last"] == spectator["last"] == {"seat": 0, "action": "steal 1"}
    assert victim["known"] == [{"card": "44", "seats": [0], "deck": False}]
    assert thief["known_by"] == [{"seat": 1, "card": "44"}]
    assert other["known"] == [] and other["known_by"] == []
    assert "hand" not in spectator and "known" not in spectator
    assert [thief["hand"], victim["hand"], other["hand"]] == [t.observe(s)["hand"] for s in (0, 1, 2)]


def test_haz5_sampling_for_the_victim_keeps_the_stolen_card_with_the_thief() -> None:
    t = _steal(44)
    game = load("himmel", players=3)
    view = t.observe(1)
    for i in range(30):
        sampled = game.sample_state(view, random.Random(i))
        assert 44 in sampled.hands[0]
        assert sampled.observe(1) == view
        sampled.check_invariants()


def test_haz5_sampling_for_the_thief_keeps_what_the_victim_knows() -> None:
    t = _steal(44)
    game = load("himmel", players=3)
    view = t.observe(0)
    sampled = game.sample_state(view, random.Random(1))
    assert sampled.observe(0) == view
    assert (44, 1) in sampled.known[1]  # seat 1 still knows seat 0 holds 44


def test_haz5_knowledge_ends_when_the_thief_plays_the_card() -> None:
    t = _steal(44)
    u = t.apply("turn")  # the victim turns play back to the thief
    assert u.current_player == 0
    assert u.observe(1)["known"] == [{"card": "44", "seats": [0], "deck": False}]
    v = u.apply("44>A")
    assert v.observe(1)["known"] == []
    assert v.observe(0)["known_by"] == []


def _steal_twice(second_takes_44: bool) -> HimmelState:
    """Seat 0 steals 44 from seat 1; seat 1 takes; seat 2 steals from seat 0."""
    for rng in range(400):
        s = make([["steal", 3, 4, 5, 6], VICTIM, ["steal", 13, 14, 15, 16]], rng=rng)
        t = s.apply("steal 1")
        if t.last is None or t.last[2] != 44:
            continue
        w = t.apply("take 45").apply("steal 0")
        if w.last is not None and (w.last[2] == 44) == second_takes_44:
            return w
    raise AssertionError("no RNG state gives these steals")


@pytest.mark.parametrize("second_takes_44", [True, False])
def test_haz5_a_steal_from_the_thief_widens_the_victims_knowledge(second_takes_44: bool) -> None:
    w = _steal_twice(second_takes_44)
    assert w.last is not None and w.last[2] is not None
    second = card_text(w.last[2])
    # Seat 1 cannot tell whether seat 2 got the 44.
    assert w.observe(1)["known"] == [{"card": "44", "seats": [0, 2], "deck": False}]
    # Seat 0, robbed in turn, knows what seat 2 took; nobody knows for sure it holds 44.
    assert w.observe(0)["known"] == [{"card": second, "seats": [2], "deck": False}]
    assert (44 in w.hands[2]) == second_takes_44
    assert w.observe(0)["known_by"] == []
    assert w.observe(2)["known_by"] == [{"seat": 0, "card": second}]
    game = load("himmel", players=3)
    view = w.observe(1)
    for i in range(30):
        sampled = game.sample_state(view, random.Random(i))
        assert 44 in sampled.hands[0] or 44 in sampled.hands[2]
        assert sampled.observe(1) == view


def test_haz2_sampling_keeps_revealed_specials_in_the_draw_pile() -> None:
    # Seat 0 knows two direction change cards lie in the draw pile (e.g. revealed at setup).
    fact = {"card": "turn", "seats": [], "deck": True}
    s = make(known=[[fact, fact], [], []])
    game = load("himmel", players=3)
    view = s.observe(0)
    for i in range(40):
        sampled = game.sample_state(view, random.Random(i))
        assert sampled.deck.count(TURN) >= 2
        assert sampled.observe(0) == view


def test_haz5_drawing_widens_draw_pile_facts_to_the_drawer() -> None:
    fact = {"card": "turn", "seats": [], "deck": True}
    s = make([[44, 3, 4, 5, 6], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]], known=[[], [fact], []])
    t = s.apply("44>A")  # seat 0 draws a card: seat 1 cannot tell whether it was the turn
    assert t.observe(1)["known"] == [{"card": "turn", "seats": [0], "deck": True}]


def test_views_of_steal_positions_leak_nothing() -> None:
    game = load("himmel", players=3)
    t = _steal(44)
    rng = random.Random(3)
    for state in (t, t.apply("turn"), t.apply("take 45").apply("steal 0")):
        check_state(game, state, rng)
