"""Take-backs, the turn timer's countdown and timeout line after a reload, and hints on the
Dog board (issue 18), in Chromium on the real server."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .browserkit import click_and_wait, create_table, version, wait_turn

pytestmark = pytest.mark.browser

ZW_CARD = "#hand button.card.playable"


def test_undo_against_a_bot(new_page: Any) -> None:
    page = new_page("en")
    create_table(page, "zwickern", ["me", "bot:easy"])
    assert wait_turn(page, ZW_CARD) == "turn"
    assert page.locator("#undo").count() == 0  # nothing of mine to take back yet
    hand_before = page.locator("#hand").inner_text()
    start = version(page)
    click_and_wait(page, ZW_CARD)
    assert wait_turn(page, ZW_CARD) == "turn"  # the bot answered
    moved = version(page)
    assert moved >= start + 2
    page.click("#undo")
    page.wait_for_function(f"() => Number(document.querySelector('#table-page').dataset.version) > {moved}")
    assert page.locator("#hand").inner_text() == hand_before
    line = page.locator("#log li.log-undo").last
    assert re.fullmatch(r"↶ Anna takes back \d+ moves\.", line.inner_text().strip())
    assert page.locator("#log li.undone").count() == moved - start
    assert page.locator("#undo").count() == 0  # back before my only move
    page.set_viewport_size({"width": 1366, "height": 768})
    page.screenshot(path="test-artifacts/undo-bot-1366.png")
    assert page.js_errors == []


def test_take_back_request_between_two_people(new_page: Any) -> None:
    anna = new_page("en")
    create_table(anna, "zwickern", ["me", "open"])
    ben = new_page("de", width=390, height=844)
    ben.goto(anna.url)
    ben.fill("#join-nickname", "Ben")
    ben.click("#join")
    ben.wait_for_selector("#table-page[data-status=playing]")
    anna.wait_for_selector("#table-page[data-status=playing]")
    # Whoever is to move plays; then asks to take it back.
    for _ in range(600):
        if anna.locator(ZW_CARD).count() or ben.locator(ZW_CARD).count():
            break
        anna.wait_for_timeout(100)
    first, second = (anna, ben) if anna.locator(ZW_CARD).count() else (ben, anna)
    click_and_wait(first, ZW_CARD)
    v = version(first)
    second.wait_for_function(f"() => document.querySelector('#table-page').dataset.version === '{v}'")

    first.click("#undo")
    second.wait_for_selector("#undo-accept")
    first.wait_for_selector("#undo-waiting")
    assert second.locator("#undo-refuse").is_visible()
    second.screenshot(path=f"test-artifacts/undo-request-{second.viewport_size['width']}.png")
    second.click("#undo-refuse")
    first.wait_for_selector("#undo-box[hidden]", state="attached")
    first.wait_for_selector("#toast:not([hidden])")
    assert version(first) == v and version(second) == v

    first.click("#undo")
    second.wait_for_selector("#undo-accept")
    second.click("#undo-accept")
    first.wait_for_function(f"() => Number(document.querySelector('#table-page').dataset.version) > {v}")
    first.wait_for_selector(ZW_CARD)  # the move is the asker's again
    assert first.locator("#log li.log-undo").count() == 1
    second.wait_for_selector("#log li.log-undo")
    assert "takes back 1 move" in anna.locator("#log li.log-undo").inner_text()
    assert "nimmt 1 Zug zurück" in ben.locator("#log li.log-undo").inner_text()
    assert anna.js_errors == [] and ben.js_errors == []


def test_countdown_and_timeout_line_survive_a_reload(new_page: Any) -> None:
    page = new_page("en")
    page.goto("/")
    page.select_option("#game", "zwickern")
    page.evaluate(
        "() => { const o = document.createElement('option'); o.value = '4'; o.textContent = '4 s';"
        " document.querySelector('#turn-timer').append(o); }"
    )
    page.select_option("#turn-timer", "4")
    page.select_option("select[name=seat-1]", "bot:easy")
    page.fill("#nickname", "Anna")
    page.click("#create-table")
    page.wait_for_selector("#table-page[data-status=playing]")
    assert wait_turn(page, ZW_CARD) == "turn"
    page.wait_for_function("() => Number(document.querySelector('#countdown')?.dataset.left) <= 3")
    v = version(page)
    page.reload()
    page.wait_for_selector("#countdown[data-left]")
    if version(page) == v:  # the same turn: the countdown goes on where it stood
        assert int(page.get_attribute("#countdown", "data-left") or 9) <= 3
    page.wait_for_selector("#log li.log-timeout", timeout=30000)
    page.reload()
    page.wait_for_selector("#log li.log-timeout")
    text = page.locator("#log li.log-timeout").first.inner_text()
    assert "Time ran out" in text and "Anna" in text
    assert page.js_errors == []


def test_a_hint_marks_the_peg_and_the_field_on_the_dog_board(new_page: Any) -> None:
    page = new_page("en", width=1366, height=768)
    create_table(page, "dog", ["me", "bot:easy", "bot:easy", "bot:easy"])
    for _ in range(40):
        if wait_turn(page, "#hint") == "over":
            pytest.skip("the game ended before a hint with a peg")
        page.click("#hint")
        page.wait_for_selector("#toast:not([hidden])")
        # The board draws the marks after the toast; on a loaded machine that takes a while.
        marked = "() => document.querySelector('.hint-peg') && document.querySelector('.hint-field')"
        try:
            page.wait_for_function(marked, timeout=2000)
        except PlaywrightTimeoutError:
            pass  # this hint marks no peg and field (a give, a fold): play on
        if page.locator(".hint-peg").count() and page.locator(".hint-field").count():
            page.screenshot(path="test-artifacts/dog-hint-1366.png")
            assert page.locator("#hand .card.hint").count() >= 1  # the card too (twins: both)
            return
        _play_some_dog_move(page)
    raise AssertionError("no hint with a peg move came up")


def _play_some_dog_move(page: Any) -> None:
    """Fold, give, or play a card through its choices (a split 7 takes several)."""
    before = version(page)
    cards = page.locator("#hand button.card.playable, #dog-fold")
    for i in range(cards.count()):
        cards.nth(i).click()
        for _ in range(8):
            if version(page) > before:
                return
            if page.locator("button.joker-value").count():
                page.locator("button.joker-value").first.click()
            elif page.locator("button.dog-option").count():
                page.locator("button.dog-option").first.click()
            page.wait_for_timeout(250)
        if version(page) > before:
            return
        page.keyboard.press("Escape")
    page.wait_for_function(
        f"() => Number(document.querySelector('#table-page').dataset.version) > {before}", timeout=60000
    )
