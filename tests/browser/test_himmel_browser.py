"""Himmel, A… und Zwirn in a real browser: a whole game by clicking, screenshots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .browserkit import create_table, version, wait_turn

pytestmark = pytest.mark.browser

MY_MOVE = "#hand button.card.playable, #haz-take"


def _choose(page: Any) -> None:
    """One move by clicking: a card (then its pile, victim or raise), else take a pile."""
    before = version(page)
    cards = page.locator("#hand button.card.playable")
    if cards.count():
        cards.first.click()
    else:
        page.click("#haz-take")
    # A card or the take may need a second click: a victim or raise (buttons), a pile, or
    # (after "take") the hand card that becomes the new target.
    for _ in range(3):
        if version(page) > before:
            return
        for selector in ("#haz-choice button", "button.haz-pile.target-choice"):
            if page.locator(selector).count():
                page.locator(selector).first.click()
                break
        else:
            if page.locator("#haz-take.primary").count() and cards.count():
                cards.first.click()
        page.wait_for_timeout(100)
    page.wait_for_function(
        f"() => Number(document.querySelector('#table-page').dataset.version) > {before}", timeout=60000
    )


_SPILLING_CARDS = """() => [...document.querySelectorAll('#hand button.card')].filter((card) => {
  if (getComputedStyle(card).overflow === 'hidden') return false;  // clipped: nothing spills
  const box = card.getBoundingClientRect();
  return [...card.querySelectorAll('*')].some((part) => {
    const r = part.getBoundingClientRect();
    return r.left < box.left - 1 || r.right > box.right + 1;
  });
}).map((card) => card.dataset.card)"""


def test_himmel_game_played_by_clicking(new_page: Any, games: list[str], artifacts: Path) -> None:
    if "himmel" not in games:
        pytest.skip("this server has no Himmel yet")
    page = new_page("de")
    create_table(page, "himmel", ["me", "bot:easy", "bot:easy"], nickname="Vreni", players=3)
    page.wait_for_selector("#haz-table")
    moves = 0
    while wait_turn(page, MY_MOVE) == "turn":
        if moves == 2:
            page.screenshot(path=str(artifacts / "himmel-table.png"), full_page=True)
        # No card's label spills out of the card (the long special-card name "Richtungswechsel"
        # once ran over the next card in the hand and swallowed its clicks).
        assert page.evaluate(_SPILLING_CARDS) == []
        _choose(page)
        moves += 1
        assert moves < 300, "the game did not end"
    assert moves > 0
    assert page.locator("#banner.over").count() == 1
    page.screenshot(path=str(artifacts / "himmel-over.png"), full_page=True)
    phone = new_page("en", width=390, height=844)
    phone.goto(page.url + "?watch=1")
    phone.wait_for_selector("#haz-table")
    assert phone.locator("#hand").count() == 0
    phone.screenshot(path=str(artifacts / "himmel-spectator-phone.png"), full_page=True)
    assert page.js_errors == [] and phone.js_errors == []


END_TITLE_IN_VIEW = """() => {
  const title = document.querySelector('#end-title');
  if (!title) return false;
  const r = title.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight;
}"""


def test_the_result_comes_into_view_on_a_phone(new_page: Any, games: list[str]) -> None:
    # On a phone the hand lies below the first screen: the player scrolled down to play
    # their last card and the result appeared above, out of sight, with nothing to say so.
    if "himmel" not in games:
        pytest.skip("this server has no Himmel yet")
    page = new_page("de", width=390, height=844)
    create_table(page, "himmel", ["me"] + ["bot:easy"] * 3, nickname="Vreni", players=4)
    scrolled = 0
    moves = 0
    while wait_turn(page, MY_MOVE) == "turn":
        _choose(page)
        scrolled = max(scrolled, page.evaluate("() => window.scrollY"))
        moves += 1
        assert moves < 300, "the game did not end"
    assert scrolled > 0
    page.wait_for_function(END_TITLE_IN_VIEW, timeout=5000)
    assert page.js_errors == []


SCROLL = """() => { const l = document.querySelector('#log');
  if (!l) return {top: 0, toEnd: 0};
  return {top: l.scrollTop, toEnd: l.scrollHeight - l.scrollTop - l.clientHeight}; }"""


def _play_and_let_the_bots_move(page: Any) -> None:
    """One move of the player's, then the table's news until it is their turn again or the
    game is over (a fixed count of moves can outlast the game, or wait on the player's own
    next choice, as after taking a pile)."""
    before = version(page)
    _choose(page)
    page.wait_for_function(
        f"() => Number(document.querySelector('#table-page').dataset.version) > {before}", timeout=60000
    )
    wait_turn(page, MY_MOVE)


def test_the_log_stays_where_the_player_reads(new_page: Any, games: list[str]) -> None:
    # Every move redrew the log and scrolled it to its end: somebody reading earlier moves
    # while five bots played was thrown back to the bottom twice a second.
    if "himmel" not in games:
        pytest.skip("this server has no Himmel yet")
    page = new_page("en", width=1200, height=700)
    create_table(page, "himmel", ["me"] + ["bot:easy"] * 5, players=6, start=0)
    for _ in range(30):
        assert wait_turn(page, MY_MOVE) == "turn"
        if page.evaluate(SCROLL)["top"] > 100:
            break
        _choose(page)
    page.evaluate("() => { document.querySelector('#log').scrollTop = 40; }")
    _play_and_let_the_bots_move(page)
    assert abs(page.evaluate(SCROLL)["top"] - 40) <= 2
    # Back at the end, the log follows the game again.
    page.evaluate("() => { const l = document.querySelector('#log'); l.scrollTop = l.scrollHeight; }")
    if wait_turn(page, MY_MOVE) == "turn":
        _play_and_let_the_bots_move(page)
        assert page.evaluate(SCROLL)["toEnd"] <= 4
    assert page.js_errors == []
