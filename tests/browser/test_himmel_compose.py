"""Himmel's choices in the browser against real engine positions: steal (choose a victim),
raise (choose target and card), a number card that fits both piles, taking with a new target.

The page gets the mover's view and legal notations exactly as the server sends them and must
answer with one of those notations.
"""

from __future__ import annotations

from typing import Any

import pytest

from .browserkit import engine_position, mount_game, sent

pytestmark = pytest.mark.browser


def _mounted(new_page: Any, want: Any) -> tuple[Any, list[str], str]:
    view, legal, target, moves = engine_position("himmel", want, players=4)
    page = new_page("en")
    mount_game(page, "himmel", view, legal, moves)
    page.wait_for_selector("#haz-table")
    return page, legal, target


def test_haz5_steal_asks_for_the_victim(new_page: Any) -> None:
    page, legal, target = _mounted(
        new_page, lambda legal: next((a for a in legal if a.startswith("steal ")), None)
    )
    page.locator('#hand button.card.playable[data-card="steal"]').first.click()
    victims = page.locator("#haz-choice button.victim").evaluate_all("els => els.map(e => e.dataset.seat)")
    assert sorted(f"steal {v}" for v in victims) == sorted(a for a in legal if a.startswith("steal "))
    page.locator(f'#haz-choice button.victim[data-seat="{target.split()[1]}"]').click()
    assert sent(page) == [target]


def test_haz5_raise_offers_exactly_the_legal_raises(new_page: Any) -> None:
    page, legal, target = _mounted(
        new_page, lambda legal: next((a for a in legal if a.startswith("raise ")), None)
    )
    page.locator('#hand button.card.playable[data-card="raise"]').first.click()
    offered = page.locator("#haz-choice button.raise").evaluate_all("els => els.map(e => e.dataset.action)")
    assert sorted(offered) == sorted(a for a in legal if a.startswith("raise "))
    page.locator(f'#haz-choice button.raise[data-action="{target}"]').click()
    assert sent(page) == [target]


def test_haz3_card_that_fits_both_piles_asks_which(new_page: Any) -> None:
    def want(legal: list[str]) -> str | None:
        for a in legal:
            if a.endswith(">A") and a[:-1] + "B" in legal:
                return a[:-1] + "B"
        return None

    page, _, target = _mounted(new_page, want)
    card = target.split(">")[0]
    page.locator(f'#hand button.card.playable[data-card="{card}"]').click()
    assert sent(page) == []
    page.click("#pile-B")
    assert sent(page) == [target]


def test_haz7_take_then_choose_the_new_target(new_page: Any) -> None:
    def want(legal: list[str]) -> str | None:
        takes = [a for a in legal if a.startswith("take ")]
        return takes[-1] if len(takes) >= 2 else None

    page, _, target = _mounted(new_page, want)
    page.click("#haz-take")
    assert sent(page) == []
    # The choice is a hand card: the words say so (they ended in a colon, as if a list of
    # buttons followed, and none did).
    assert page.locator("#haz-choice").inner_text() == (
        "Choose a card from your hand as the new target of the emptied pile."
    )
    page.locator(f'#hand button.card.playable[data-card="{target.split()[1]}"]').click()
    assert sent(page) == [target]
