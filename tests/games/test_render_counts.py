"""The text picture (``Game.render``, the plain prompt's board) counts in words that agree:
"1 card", "1 Karte", never "1 cards" or "1 Karten" (hand sizes, the draw pile, captures)."""

from __future__ import annotations

import random
import re

import pytest

import stammtisch

WRONG = re.compile(r"(?<![\d.])1 (cards|Karten)\b")


# Dog writes "cards: 1" beside a seat; its draw pile rarely holds a single card.
@pytest.mark.parametrize(("game", "seen"), [("zwickern", True), ("himmel", True), ("dog", False)])
def test_one_card_is_one_card_in_both_languages(game: str, seen: bool) -> None:
    singular = {"en": 0, "de": 0}
    for seed in range(3):
        rng = random.Random(seed)
        state = stammtisch.load(game).new_game(seed)
        for _ in range(600):
            if state.is_terminal:
                break
            for lang in ("en", "de"):
                text = state.render(0, lang)
                assert not WRONG.search(text), (lang, text)
                singular[lang] += len(re.findall(r"(?<![\d.])1 (?:card|Karte)\b", text))
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    if seen:
        assert singular["en"] and singular["de"], "no position with a single card was drawn"
