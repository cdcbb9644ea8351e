"""Perft-style counts: legal actions in fixed positions (``perft.json``).

The small positions were counted by hand (the ``why`` of each entry says how); every
position is also counted by an independent, naive generator (``dog_bruteforce.py``), and
both the counts and the positions reached per card must agree with the engine.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from dog_bruteforce import Brute
from dog_testing import position

import stammtisch
from stammtisch.games.dog.state import DogState

CASES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "perft.json").read_text())


HOUSE_RULES = ("two_steals", "no_jack_reswap", "last_peg_no_joker")


def _state(case: dict[str, Any]) -> DogState:
    options = {"players": case["players"], **case.get("options", {})}
    s = stammtisch.load("dog", **options).from_json(case["position"])
    assert isinstance(s, DogState)
    return s


def _brute(case: dict[str, Any]) -> Brute:
    options = case.get("options", {})
    teams = options.get("teams", 0)
    size = case["players"] // teams if teams else 0
    return Brute(case["players"], size, bool(options.get("seven_with_partner")))


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_perft_count(case: dict[str, Any]) -> None:
    assert len(_state(case).legal_actions()) == case["count"]


# The brute-force generator knows the boards and teams (DOG-21, DOG-22) and DOG-23; the
# house rules DOG-24 … DOG-26 change which plays are legal and are counted by hand.
BRUTE_CASES = [c for c in CASES if not any(c.get("options", {}).get(rule) for rule in HOUSE_RULES)]


@pytest.mark.parametrize("case", BRUTE_CASES, ids=[c["name"] for c in BRUTE_CASES])
def test_perft_agrees_with_the_brute_force_generator(case: dict[str, Any]) -> None:
    s = _state(case)
    brute = _brute(case)
    count, per_card = brute.count(s.to_json())
    assert count == case["count"]
    if s.phase != "play" or s.legal_actions()[0].text == "fold":
        return
    engine: dict[str, set[Any]] = {}
    for a in s.legal_actions():
        card = a.text.split(":")[0].split("=")[0]
        after = s.apply_unchecked(a).to_json()["pegs"]
        engine.setdefault(card, set()).add(brute.key(*brute.read(after)))
    assert engine == {card: outs for card, outs in per_card.items() if outs}


def test_perft_file_covers_the_worst_cases() -> None:
    names = {c["name"] for c in CASES}
    assert {"four_on_track_7_joker", "crowded_six_cards", "six_players_crowded"} <= names
    assert max(c["count"] for c in CASES) >= 400


def test_same_places_with_pegs_renamed_is_one_action() -> None:
    # A 1 lands p0 on p1 (home), an 11 lands p0 on p2 (home): both leave pegs on 11 and
    # 21 and one in the kennel, which is one position, so one action.
    s = position([[10, 11, 21]], ["A"])
    texts = [a.text for a in s.legal_actions()]
    assert len(texts) == 6
    assert s.parse_action("A:p0 10-21") == s.parse_action("A:p0 10-11")
    assert s.parse_action("A:p0 10-21") in s.legal_actions()
