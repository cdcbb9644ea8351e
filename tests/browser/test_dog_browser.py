"""Dog in a real browser: the SVG board for 4 and 6 seats, the exchange, moves by clicking."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .browserkit import create_table, version, wait_turn

pytestmark = pytest.mark.browser

MY_MOVE = "#hand button.card.playable, #dog-fold"


def _click_svg(page: Any, selector: str) -> None:
    """A real mouse click in the middle of an SVG element (a peg may lie on top of it)."""
    box = page.locator(selector).first.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def _move(page: Any, used: set[str]) -> None:
    """One turn by clicking: give, fold, or a card (7 and Joker first) and its fields."""
    before = version(page)
    if page.locator("#dog-fold").count():
        page.click("#dog-fold")
        used.add("fold")
    else:
        cards = page.locator("#hand button.card.playable")
        texts = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
        choice = next((c for c in ("7", "Jo") if c in texts), texts[0])
        if page.locator("#dog-choice").inner_text().startswith(("Choose the card", "Wähle die Karte")):
            used.add("give")
        page.locator(f'#hand button.card.playable[data-card="{choice}"]').first.click()
        clicked_field = False
        for _ in range(12):
            if version(page) > before:
                break
            if page.locator("button.joker-value").count():
                page.locator("button.joker-value").first.click()
                used.add("joker")
            elif page.locator("#dog-seven-parts").count():
                used.add("seven")
            if page.locator("#dog-board circle.dest").count() and not clicked_field:
                _click_svg(page, "#dog-board circle.dest")
                clicked_field = True
            elif page.locator("button.dog-option").count():
                # Several moves end on that field (e.g. two own pegs could swap there).
                page.locator("button.dog-option").first.click()
                clicked_field = False
            page.wait_for_timeout(150)
    page.wait_for_function(
        f"() => Number(document.querySelector('#table-page').dataset.version) > {before}", timeout=60000
    )


def test_dog_four_seats_exchange_and_moves_by_clicking(
    new_page: Any, games: list[str], artifacts: Path
) -> None:
    if "dog" not in games:
        pytest.skip("this server has no Dog yet")
    page = new_page("en")
    create_table(page, "dog", ["me", "bot:easy", "bot:easy", "bot:easy"], nickname="Ruedi")
    page.wait_for_selector("#dog-board")
    assert page.locator("#dog-board circle.field").count() == 64 + 4 * 4 + 4 * 4
    assert page.locator("#dog-board .peg").count() == 16
    used: set[str] = set()
    for turn in range(14):
        if wait_turn(page, MY_MOVE) == "over":
            break
        if turn == 1:
            page.screenshot(path=str(artifacts / "dog-4-exchange-done.png"), full_page=True)
        _move(page, used)
        if "seven" in used and not (artifacts / "dog-4-seven.png").exists():
            page.screenshot(path=str(artifacts / "dog-4-seven.png"), full_page=True)
    assert "give" in used
    assert page.locator("#log li").count() >= 14
    page.screenshot(path=str(artifacts / "dog-4-board.png"), full_page=True)
    assert page.js_errors == []


def test_dog_six_seats_board_and_phone(new_page: Any, games: list[str], artifacts: Path) -> None:
    if "dog" not in games:
        pytest.skip("this server has no Dog yet")
    page = new_page("de", width=390, height=844)
    create_table(page, "dog", ["me"] + ["bot:easy"] * 5, nickname="Trudi", players=6)
    page.wait_for_selector("#dog-board")
    assert page.locator("#dog-board circle.field").count() == 96 + 6 * 4 + 6 * 4
    assert page.locator("#dog-board .peg").count() == 24
    used: set[str] = set()
    for _ in range(4):
        if wait_turn(page, MY_MOVE) == "over":
            break
        _move(page, used)
    page.screenshot(path=str(artifacts / "dog-6-phone.png"), full_page=True)
    watcher = new_page("en")
    watcher.goto(page.url + "?watch=1")
    watcher.wait_for_selector("#dog-board")
    assert watcher.locator("#hand").count() == 0
    watcher.screenshot(path=str(artifacts / "dog-6-spectator.png"), full_page=True)
    assert page.js_errors == [] and watcher.js_errors == []


def test_dog_variants_name_the_receiver_and_hide_teams_when_alone(new_page: Any, games: list[str]) -> None:
    """DOG-22: with two teams of three the exchange names the next teammate who gets the
    card (not "your partner"), and the teams are listed as lists of names; DOG-21: playing
    alone there is no exchange and no team line."""
    if "dog" not in games:
        pytest.skip("this server has no Dog yet")
    page = new_page("de", width=390, height=844)
    create_table(page, "dog", ["me"] + ["bot:easy"] * 5, nickname="Trudi", players=6, teams=2)
    page.wait_for_selector("#dog-choice[data-kind=give]", timeout=60000)
    teams = page.locator(".dog-info .team").all_inner_texts()
    assert len(teams) == 2 and teams[0].startswith("Partei 1: Trudi, ") and " und " in teams[0], teams
    mate = re.split(", | und ", teams[0].split(": ", 1)[1])[1]  # seats 0, 2, 4: the next is seat 2
    assert page.locator("#dog-choice").inner_text() == f"Wähle die Karte für {mate}."
    alone = new_page("en")
    create_table(alone, "dog", ["me", "bot:easy", "bot:easy"], nickname="Anna", players=3)
    alone.wait_for_selector("#dog-board")
    assert alone.locator(".dog-info .team").count() == 0
    assert alone.locator("#dog-choice[data-kind=give]").count() == 0
    assert page.js_errors == [] and alone.js_errors == []
