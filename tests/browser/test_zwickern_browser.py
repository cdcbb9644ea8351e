"""Zwickern in a real browser: lobby, a whole game by clicking, reload, spectator, invite."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .browserkit import click_and_wait, create_table, version, wait_turn

pytestmark = pytest.mark.browser

PLAYABLE = "#hand button.card.playable"


def test_lobby_lists_games_and_switches_language(new_page: Any, artifacts: Path) -> None:
    page = new_page("en")
    page.goto("/")
    # The lobby fills the list from /api/games after the page loaded: wait for it (reading
    # it at once raced that request).
    page.locator("#game option", has_text="Zwickern").wait_for(state="attached")
    options = page.locator("#game option").all_inner_texts()
    assert "Zwickern" in options
    assert page.locator("#create-table").inner_text() == "Create table"
    page.click("button.lang[data-lang=de]")
    assert page.locator("#create-table").inner_text() == "Tisch eröffnen"
    page.screenshot(path=str(artifacts / "lobby-de.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / "lobby-phone.png"), full_page=True)
    assert page.js_errors == []


def test_zwickern_game_played_to_the_end_by_clicking(new_page: Any, artifacts: Path) -> None:
    page = new_page("en")
    table = create_table(page, "zwickern", ["me", "bot:easy"])
    page.wait_for_selector("#hand .card")
    assert page.get_attribute("#table-page", "data-seat") == "0"
    moves = 0
    reloaded = False
    while wait_turn(page, PLAYABLE) == "turn":
        if moves == 3 and not reloaded:
            # Reload mid-game: the saved seat token reconnects to the same seat and hand.
            page.screenshot(path=str(artifacts / "zwickern-table.png"), full_page=True)
            before = version(page)
            page.reload()
            page.wait_for_selector("#hand .card")
            assert version(page) == before
            assert page.get_attribute("#table-page", "data-seat") == "0"
            reloaded = True
            continue
        click_and_wait(page, PLAYABLE)
        moves += 1
        assert moves < 200, "the game did not end"
    assert moves > 10
    banner = page.locator("#banner").inner_text()
    assert "Result" in banner
    assert page.locator("#log li").count() >= moves
    assert page.locator("#rematch").is_visible()
    page.screenshot(path=str(artifacts / "zwickern-over.png"), full_page=True)

    # After the end a reload shows the result again, and the replay viewer opens.
    page.reload()
    page.wait_for_selector("#table-page[data-status=over][data-version]:not([data-version=''])")
    assert "Result" in page.locator("#banner").inner_text()
    page.click("#replay-link")
    page.wait_for_selector("#replay-page #log li")
    assert page.locator("#replay-page #log li").count() == moves_total(page)
    page.screenshot(path=str(artifacts / "zwickern-replay.png"), full_page=True)

    # Rematch: same players (the seat token carries over), a new table that starts at once.
    page.goto(f"/t/{table}")
    page.wait_for_selector("#rematch")
    page.click("#rematch")
    page.wait_for_function(f"() => !location.pathname.endsWith('/{table}')")
    page.wait_for_selector("#hand .card")
    assert page.get_attribute("#table-page", "data-seat") == "0"
    assert page.get_attribute("#table-page", "data-status") == "playing"
    page.goto(f"/t/{table}")
    page.wait_for_selector("#to-rematch")
    # One way to the rematch: the "Rematch" button beside it did the same.
    assert page.locator("#rematch").count() == 0
    assert page.locator("#end-panel .actions .primary").count() == 1
    assert page.js_errors == []


def moves_total(page: Any) -> int:
    return int(
        page.evaluate(
            "() => fetch(location.pathname.replace('/t/', '/api/tables/')).then(r => r.json()).then(t => t.version)"
        )
    )


def test_spectator_sees_no_hand_and_invited_player_joins(new_page: Any, artifacts: Path) -> None:
    anna = new_page("en")
    table = create_table(anna, "zwickern", ["me", "open"])
    invite = anna.input_value("#invite-url")
    spectator_url = anna.input_value("#spectator-url")
    assert invite.endswith(f"/t/{table}")
    assert spectator_url.endswith(f"/t/{table}?watch=1")

    ben = new_page("de")
    ben.goto("/")
    ben.wait_for_selector(f"#open-tables li[data-table='{table}']")
    ben.goto(invite)
    ben.wait_for_selector("#join-nickname")
    ben.screenshot(path=str(artifacts / "join-form.png"), full_page=True)
    ben.fill("#join-nickname", "Ben")
    ben.click("#join")
    ben.wait_for_selector("#hand .card")
    anna.wait_for_selector("#hand .card")
    assert ben.get_attribute("#table-page", "data-seat") == "1"

    watcher = new_page("en", width=390, height=844)
    watcher.goto(spectator_url)
    watcher.wait_for_selector("#zw-table")
    assert watcher.locator("#hand").count() == 0
    assert watcher.get_attribute("#table-page", "data-seat") == ""
    # One way of saying it: "You are watching · Anna's turn" (it read "You are watching. Anna's turn").
    assert re.match(r"You are watching · \S", watcher.locator("#banner .turn-text").inner_text()), (
        watcher.locator("#banner").inner_text()
    )
    watcher.screenshot(path=str(artifacts / "zwickern-spectator-phone.png"), full_page=True)

    # The language switch redraws the table at once (and tells the server, for its errors).
    assert "am Zug" in ben.locator("#banner").inner_text()
    ben.click("button.lang[data-lang=en]")
    assert (
        "to move" in ben.locator("#banner").inner_text() or "Your turn" in ben.locator("#banner").inner_text()
    )

    # The hint button answers (with a ranking, or saying that no hint engine is installed).
    mover = anna if anna.locator(PLAYABLE).count() else ben
    mover.click("#hint")
    mover.wait_for_selector("#toast:not([hidden])")
    assert mover.locator("#toast").inner_text()

    # A few moves by clicking on both sides; the spectator follows along.
    for _ in range(4):
        for page in (anna, ben):
            if page.locator(PLAYABLE).count():
                click_and_wait(page, PLAYABLE)
    watcher.wait_for_function(
        f"() => Number(document.querySelector('#table-page').dataset.version) >= {version(anna)}"
    )
    assert watcher.locator("#hand").count() == 0
    assert watcher.locator("#log li").count() == version(anna)
    for page in (anna, ben, watcher):
        assert page.js_errors == []


def test_unknown_table_says_so(new_page: Any) -> None:
    page = new_page("de")
    page.goto("/t/doesnotexist")
    page.wait_for_selector("text=Diesen Tisch gibt es nicht.")
    page.click("text=Zurück zur Lobby")
    page.wait_for_selector("#create-table")


def test_a_nickname_being_typed_survives_news_from_the_table(new_page: Any) -> None:
    # The join form is drawn again whenever the table changes (here: someone else takes a
    # seat); what the visitor has typed so far must stay, or the click on "join" finds an
    # empty field.
    anna = new_page("en")
    create_table(anna, "zwickern", ["me", "open", "open"], players=3)
    ben = new_page("de")
    ben.goto(anna.url)
    ben.wait_for_selector("#join-nickname")
    ben.fill("#join-nickname", "Ben")
    carl = new_page("en")
    carl.goto(anna.url)
    carl.fill("#join-nickname", "Carl")
    carl.click("#join")
    ben.wait_for_function("() => document.querySelector('#seats').innerText.includes('Carl')")
    assert ben.input_value("#join-nickname") == "Ben"
    assert ben.evaluate("() => document.activeElement && document.activeElement.id") == "join-nickname"
    ben.click("#join")
    ben.wait_for_selector("#hand .card")
    assert ben.get_attribute("#table-page", "data-seat") == "2"
    assert ben.js_errors == [] and carl.js_errors == []


def test_a_players_corner_adds_up_to_the_number_on_the_seat_chip(new_page: Any) -> None:
    # The seat chip showed the running score (finished rounds and this round's captures) while
    # the corner said "Match points: 0": two numbers that seemed to contradict each other.
    from .browserkit import engine_position, mount_game

    view, legal, _, moves = engine_position("zwickern", lambda legal: legal[0], players=3)
    view = dict(view, round=1, match_points=[14, 68, 38], scores=[28.0, 68.0, 70.0])
    view["round_results"] = [[14, 68, 38]]
    page = new_page("en")
    # The last move under the table, in the present as in German and the log ("played").
    mount_game(page, "zwickern", dict(view, last={"seat": 1, "card": "7H", "captured": []}), legal, moves)
    assert page.locator(".last-move").inner_text() == "Seat 2 lays 7♥"
    last = {"seat": 1, "card": "7H", "captured": ["7S"]}
    mount_game(page, "zwickern", dict(view, last=last), legal, moves)
    assert page.locator(".last-move").inner_text() == "Seat 2 plays 7♥ and takes 7♠"
    mount_game(page, "zwickern", view, legal, moves)
    corner = page.locator('.player-box[data-seat="2"]').inner_text()
    assert "This round: 32 points" in corner and "Match points" not in corner, corner
    # The finished rounds' points stand in the table by round: 38 + 32 make the chip's 70.
    assert page.locator("#zw-rounds tr.total").inner_text().split()[-1] == "38"
    # In the first round there are no earlier points; at the end the match points stand alone.
    mount_game(page, "zwickern", dict(view, round=0, round_results=[], match_points=[0, 0, 0]), legal, moves)
    first = page.locator('.player-box[data-seat="2"]').inner_text()
    assert "This round: 70 points" in first, first
    mount_game(page, "zwickern", dict(view, terminal=True, current_player=None, scores=[14, 68, 38]), [], [])
    over = page.locator('.player-box[data-seat="2"]').inner_text()
    assert "Match points: 38" in over and "This round" not in over, over
    # On a phone each capture pile's line stays one line in the half-wide corners.
    phone = new_page("de", width=390, height=844)
    mount_game(phone, "zwickern", view, legal, moves)
    heights = phone.locator(".player-box summary").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight))"
    )
    assert heights and all(round(x) == 1 for x in heights), heights
    assert page.js_errors == [] and phone.js_errors == []


OPEN = """() => ({
  menu: document.querySelector('#table-menu').open,
  links: document.querySelector('#table-page details.links').open,
  pile: document.querySelector('.my-area .player-box details.captured').open,
  sound: document.querySelector('#sound-toggle').textContent,
})"""


def test_what_a_player_opened_stays_open_while_the_others_move(new_page: Any) -> None:
    # Every state from the server redrew the head and the board: the menu "Sound & alerts"
    # shut when its own switch was clicked or a bot moved, and so did the links and a capture
    # pile the player had opened to look at.
    page = new_page("en")
    create_table(page, "zwickern", ["me", "bot:easy", "bot:easy"], players=3)
    assert wait_turn(page, PLAYABLE) == "turn"
    page.click("#links-summary")
    page.click(".my-area .player-box details.captured summary")
    page.click("#table-menu-summary")
    page.click("#sound-toggle")
    assert page.evaluate(OPEN) == {"menu": True, "links": True, "pile": True, "sound": "Sound: on"}
    assert page.evaluate("() => document.activeElement.id") == "sound-toggle"
    before = version(page)
    # Played from the keyboard: a click beside the menu closes it (below).
    page.locator(PLAYABLE).first.focus()
    page.keyboard.press("Enter")
    # The two bots move, one state after the other.
    page.wait_for_function(
        f"() => Number(document.querySelector('#table-page').dataset.version) >= {before + 3}", timeout=60000
    )
    assert page.evaluate(OPEN) == {"menu": True, "links": True, "pile": True, "sound": "Sound: on"}
    # A click elsewhere closes the menu (it no longer shuts by itself), and so does Escape.
    page.click("#banner")
    assert page.evaluate(OPEN)["menu"] is False
    page.click("#table-menu-summary")
    page.keyboard.press("Escape")
    assert page.evaluate(OPEN)["menu"] is False
    assert page.js_errors == []
