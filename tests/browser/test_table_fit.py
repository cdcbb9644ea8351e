"""The table page on a phone and a desktop, as a player review found it: nothing wider
than the screen, every seat in view, the scores shown once, penalty points as penalty
points, the exchange of cards said as it happens, words that read naturally, and no serious
accessibility violation during play or at the end, with the chat in use."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .browserkit import axe_serious, create_table, finished_game, version, wait_turn

pytestmark = pytest.mark.browser

PHONE = (390, 844)
DESKTOP = (1366, 768)
WIDTH = "() => [document.documentElement.scrollWidth, window.innerWidth]"
# Seat chips that do not lie wholly inside the viewport's width.
SEATS_OUT = """() => [...document.querySelectorAll('#seats .seat-chip')].filter((chip) => {
  const r = chip.getBoundingClientRect();
  return r.left < -1 || r.right > window.innerWidth + 1;
}).map((chip) => chip.dataset.seat)"""
MOVES = {
    "zwickern": "#hand button.card.playable",
    "himmel": "#hand button.card.playable, #haz-take",
    "dog": "#hand button.card.playable, #dog-fold",
}


def _say(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-send")
    page.wait_for_selector("#chat-list li")


def _fits(page: Any) -> None:
    scroll, inner = page.evaluate(WIDTH)
    assert scroll <= inner, f"the page is {scroll} px wide on a {inner} px screen"
    assert page.evaluate(SEATS_OUT) == []


@pytest.mark.parametrize(("lang", "size", "players"), [("de", PHONE, 4), ("en", DESKTOP, 2)])
def test_zwickern_game_over_fits_and_shows_the_scores_once(
    new_page: Any, artifacts: Path, lang: str, size: tuple[int, int], players: int
) -> None:
    page = new_page(lang, width=size[0], height=size[1])
    create_table(page, "zwickern", ["me"] + ["bot:easy"] * (players - 1), players=players)
    page.wait_for_selector("#hand .card")
    assert page.locator("#hand").get_attribute("role") == "group"
    dealer = page.locator("#zw-dealer").inner_text()
    assert dealer.startswith("Dealer: " if lang == "en" else "Geber: ")
    moves = 0
    while wait_turn(page, MOVES["zwickern"]) == "turn":
        before = version(page)
        page.locator(MOVES["zwickern"]).first.click()
        page.wait_for_function(
            f"() => Number(document.querySelector('#table-page').dataset.version) > {before}", timeout=60000
        )
        moves += 1
        assert moves < 200, "the game did not end"
    page.wait_for_selector("#end-panel")
    _say(page, "Hallo zäme, ein etwas längerer Text zum Testen des Umbruchs im Chatfenster")
    _fits(page)
    # The scores by round once: in the end panel, not again under the table.
    assert page.locator("#breakdown-rounds").count() == 1
    assert page.locator("#board table.scores").count() == 0
    assert axe_serious(page) == []
    page.screenshot(path=str(artifacts / f"fit-zwickern-{players}-{size[0]}-over.png"), full_page=True)
    assert page.js_errors == []


@pytest.mark.parametrize("size", [PHONE, DESKTOP])
@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("zwickern", ["me", "bot:easy", "bot:easy", "bot:easy"]),
        ("himmel", ["me"] + ["bot:easy"] * 5),
        ("dog", ["me", "bot:easy", "bot:easy", "bot:easy"]),
    ],
)
def test_during_play_every_seat_shows_and_axe_is_content(
    new_page: Any, artifacts: Path, game: str, seats: list[str], size: tuple[int, int]
) -> None:
    page = new_page("en", width=size[0], height=size[1])
    create_table(page, game, seats, players=len(seats))
    assert wait_turn(page, MOVES[game]) == "turn"
    _say(page, "Hello table, a somewhat longer line to see how the chat wraps")
    page.evaluate("() => window.scrollTo(0, 0)")
    _fits(page)
    # The chat is a log around a list (its lines stay list items).
    assert page.locator("#chat-list[role=log] > ol > li").count() == 1
    # Buttons beside each other are equally tall (link-style ones centre their text).
    heights = page.locator(".title-row .actions > *:not(.menu), .title-row .menu > summary").evaluate_all(
        "els => els.map(e => Math.round(e.getBoundingClientRect().height))"
    )
    assert len(set(heights)) == 1, heights
    # The placeholder fits its field.
    assert page.evaluate(
        """() => { const i = document.querySelector('#chat-input');
        const c = document.createElement('canvas').getContext('2d');
        c.font = getComputedStyle(i).font;
        const pad = parseFloat(getComputedStyle(i).paddingLeft) + parseFloat(getComputedStyle(i).paddingRight);
        return c.measureText(i.placeholder).width <= i.clientWidth - pad; }"""
    )
    assert axe_serious(page) == []
    page.screenshot(path=str(artifacts / f"fit-{game}-{size[0]}-play.png"))
    assert page.js_errors == []


@pytest.mark.parametrize("size", [PHONE, DESKTOP])
@pytest.mark.parametrize(("game", "bots", "options"), [("himmel", 2, {"players": 3}), ("dog", 3, {})])
def test_game_over_fits_and_axe_is_content(
    server: str,
    new_page: Any,
    artifacts: Path,
    game: str,
    bots: int,
    options: dict[str, Any],
    size: tuple[int, int],
) -> None:
    tid = finished_game(server, game, bots, **options)
    page = new_page("en", width=size[0], height=size[1])
    page.goto(f"/t/{tid}")
    page.wait_for_selector("#end-panel")
    _fits(page)
    assert axe_serious(page) == []
    page.screenshot(path=str(artifacts / f"fit-{game}-{size[0]}-over.png"), full_page=True)
    assert page.js_errors == []


def test_himmel_shows_penalty_points_as_penalty_points(server: str, new_page: Any) -> None:
    tid = finished_game(server, "himmel", 2, players=3)
    page = new_page("en")
    page.goto(f"/t/{tid}")
    page.wait_for_selector("#end-panel")
    chips = page.locator("#seats .seat-chip .score").all_inner_texts()
    table = page.locator("#breakdown-penalties tbody tr").first.locator("td").all_inner_texts()
    assert chips == table and all(not x.startswith(("-", "−")) for x in chips)
    assert "penalty points" in (
        page.locator("#seats .seat-chip .score").first.get_attribute("aria-label") or ""
    )
    banner = page.locator("#banner").inner_text()
    assert "Penalty points (fewer is better)" in banner and "-" not in banner.split("fewer is better")[1]


def test_dog_exchange_is_said_for_everybody(new_page: Any, artifacts: Path) -> None:
    page = new_page("de", width=PHONE[0], height=PHONE[1])
    create_table(page, "dog", ["me", "bot:easy", "bot:easy", "bot:easy"])
    page.wait_for_selector("#dog-choice[data-kind=give]")
    assert (
        page.locator("#banner")
        .inner_text()
        .startswith("Alle wählen eine Karte zum Weitergeben. Wähle deine.")
    )
    # Every 8th track field carries its number; every field names itself.
    assert page.locator("#dog-board .field-num").all_text_contents() == [
        "1",
        "9",
        "17",
        "25",
        "33",
        "41",
        "49",
        "57",
    ]
    assert page.locator('#dog-board circle[data-field="T44"] title').text_content() == "Feld 45"
    page.locator("#hand button.card.playable").first.click()
    page.wait_for_function("() => !document.querySelector('#dog-choice[data-kind=give]')")
    banner = page.locator("#banner").inner_text()
    assert "Deine ist gegeben" in banner or "am Zug" in banner
    page.screenshot(path=str(artifacts / "fit-dog-exchange-390.png"))
    assert page.js_errors == []


LAST_ENTRY = """() => {
  const list = document.querySelector('#log');
  const last = list.lastElementChild;
  return {tall: last.offsetHeight > list.clientHeight,
          top: last.getBoundingClientRect().top - list.getBoundingClientRect().top};
}"""


def test_the_log_shows_a_long_last_entry_from_its_start(server: str, new_page: Any) -> None:
    # At the end the log is a short box under the end panel and the game's summary is taller
    # than it: scrolled to the bottom, it showed a half-cut line from the middle of the summary.
    tid = finished_game(server, "himmel", 3, players=4)
    page = new_page("de", width=DESKTOP[0], height=DESKTOP[1])
    page.goto(f"/t/{tid}")
    page.wait_for_selector("#end-panel")
    page.wait_for_selector("#log li")
    page.wait_for_timeout(100)  # the log scrolls in the next frame
    last = page.evaluate(LAST_ENTRY)
    if not last["tall"]:
        pytest.skip("the last entry fits the log box on this screen")
    assert abs(last["top"]) <= 1, last
    assert page.locator("#log li").last.locator(".num").is_visible()
    assert page.js_errors == []


HOUSE_RULE_LINES = """() => [...document.querySelectorAll('.option.check')].map((row) => {
  const label = row.querySelector('label');
  const line = parseFloat(getComputedStyle(label).lineHeight) || 20;
  return [label.textContent, Math.round(label.getBoundingClientRect().height / line)];
})"""


def test_house_rules_read_on_one_line_on_a_desktop(new_page: Any) -> None:
    # Each switch's name wrapped in the narrow column of the select fields' labels
    # ("7 auch mit / Partnersteinen") with the rest of the row empty.
    page = new_page("de", width=DESKTOP[0], height=DESKTOP[1])
    page.goto("/")
    page.select_option("#game", "dog")
    lines = page.evaluate(HOUSE_RULE_LINES)
    assert len(lines) >= 4 and all(n == 1 for _, n in lines), lines
    _fits(page)


STATUS_ROW = """() => ({
  chips: [...document.querySelectorAll('#seats .seat-chip')].map((c) => c.getBoundingClientRect().height),
  banner: document.querySelector('#banner').getBoundingClientRect().height,
  line: parseFloat(getComputedStyle(document.querySelector('#banner')).lineHeight) || 20,
})"""


def test_six_seats_on_a_laptop_leave_the_banner_a_line_of_its_own(new_page: Any) -> None:
    # Beside six chips the banner kept as little as 14rem: "Alle wählen eine Karte zum
    # Weitergeben. Wähle deine." ran over four lines and stretched every chip into a tall
    # pill. The screen is made just wide enough to leave 15rem beside the chips (the bots'
    # names decide how wide they are).
    page = new_page("de", width=DESKTOP[0], height=DESKTOP[1])
    create_table(page, "dog", ["me"] + ["bot:easy"] * 5, players=6)
    page.wait_for_selector("#dog-choice[data-kind=give]")
    chips = page.evaluate("() => document.querySelector('#seats').getBoundingClientRect().width")
    width = int(chips + 0.4 * 16 + 15 * 16 + 2 * 12 + 20)
    page.set_viewport_size({"width": width, "height": DESKTOP[1]})
    page.wait_for_timeout(200)
    row = page.evaluate(STATUS_ROW)
    assert max(row["chips"]) < 2 * row["line"], row
    assert row["banner"] < 2.5 * row["line"], row
    _fits(page)
    assert page.js_errors == []


OWN_CHIP = """() => {
  const name = document.querySelector('#seats .seat-chip.me .name');
  const you = name.querySelector('.you').getBoundingClientRect();
  return {cut: name.scrollWidth > name.clientWidth + 1, youShown: you.right > 0};
}"""


def test_six_seats_on_a_phone_show_the_own_name_whole(new_page: Any) -> None:
    # "Anna (du)" did not fit the chip and read "Anna …"; with five or six chips on a phone
    # the "(du)" gives way (the own chip is bold and ringed), the name stays whole.
    page = new_page("de", width=PHONE[0], height=PHONE[1])
    create_table(page, "himmel", ["me"] + ["bot:easy"] * 5, players=6)
    page.wait_for_selector("#seats .seat-chip.me")
    assert page.evaluate(OWN_CHIP) == {"cut": False, "youShown": False}
    _fits(page)
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})  # room: "(du)" shows
    page.wait_for_function(
        "() => document.querySelector('#seats .seat-chip.me .you').getBoundingClientRect().right > 0"
    )
    assert page.evaluate(OWN_CHIP) == {"cut": False, "youShown": True}


BOARD_BOX = """() => {
  const b = document.querySelector('#dog-board').getBoundingClientRect();
  const c = document.querySelector('.dog-controls').getBoundingClientRect();
  return {width: b.width, height: b.height, top: b.top, controlsTop: c.top};
}"""


@pytest.mark.parametrize("size", [(820, 1180), (768, 1024), (1024, 768), DESKTOP])
def test_the_dog_board_box_is_square_and_starts_beside_the_controls(
    new_page: Any, size: tuple[int, int]
) -> None:
    # On a tablet held upright the board's box was as high as the screen below it but only
    # as wide as its column: the square board sat in its middle with empty bands of about
    # 200 px above and below, and the log and chat were pushed off the screen.
    page = new_page("en", width=size[0], height=size[1])
    create_table(page, "dog", ["me"] + ["bot:easy"] * 3)
    page.wait_for_selector("#dog-choice[data-kind=give]")
    box = page.evaluate(BOARD_BOX)
    assert box["height"] <= box["width"] + 2, box
    assert abs(box["top"] - box["controlsTop"]) <= 2, box
    _fits(page)
    assert page.js_errors == []


HAND_IN_VIEW = """() => [...document.querySelectorAll('#hand .card')].every((card) => {
  const r = card.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight + 1;
})"""


@pytest.mark.parametrize("game", ["zwickern", "himmel"])
def test_a_phone_held_sideways_keeps_the_hand_in_view(new_page: Any, game: str) -> None:
    # At 844x390 the seats, the banner and the other players took the whole screen: the own
    # cards were below it, and every turn began with scrolling down to them.
    page = new_page("en", width=844, height=390)
    create_table(page, game, ["me"] + ["bot:easy"] * (1 if game == "zwickern" else 3))
    page.wait_for_selector("#hand .card")
    page.evaluate("() => window.scrollTo(0, 0)")
    assert page.evaluate(HAND_IN_VIEW)
    _fits(page)
    assert page.js_errors == []
