"""The table people come back to (issue 18), in Chromium on the real server: a table that
fits the screen, calm answers to late clicks, the turn timer's countdown, the rules pages,
the end of a game with its breakdown and record, the lobby's words, motion, and an axe-core
accessibility check of lobby, table and replay of every game."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import stammtisch
from stammtisch.core.i18n import t

from .browserkit import axe_serious, click_and_wait, create_table, finished_game, in_view, version, wait_turn

pytestmark = pytest.mark.browser

DOG_MOVE = "#hand button.card.playable, #dog-fold"


def _dog_choose_card(page: Any) -> bool:
    """Play on (exchange, folds) until a card of the hand opens the move choices."""
    for _ in range(20):
        if wait_turn(page, DOG_MOVE) == "over":
            return False
        before = version(page)
        if page.locator("#dog-fold").count():
            page.click("#dog-fold")
        elif page.locator("#dog-choice[data-kind=give]").count():
            page.locator("#hand button.card.playable").first.click()
        else:
            page.locator("#hand button.card.playable").first.click()
            if page.locator("button.joker-value").count():
                page.locator("button.joker-value").first.click()
            if page.locator("button.dog-option").count():
                return True
            page.keyboard.press("Escape")
            continue
        page.wait_for_function(
            f"() => Number(document.querySelector('#table-page').dataset.version) > {before}", timeout=60000
        )
    return False


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_dog_board_hand_and_choices_fit_a_desktop_screen(
    new_page: Any, games: list[str], artifacts: Path, size: tuple[int, int]
) -> None:
    page = new_page("en", width=size[0], height=size[1])
    create_table(page, "dog", ["me", "bot:easy", "bot:easy", "bot:easy"])
    page.wait_for_selector("#dog-board")
    assert _dog_choose_card(page), "no move to choose"
    page.evaluate("() => window.scrollTo(0, 0)")
    for part in ("#dog-board", "#hand", "#dog-choice", "button.dog-option", "#banner"):
        assert in_view(page, part), f"{part} is outside the {size} viewport"
    # The chat's Send and quick-phrase buttons stay inside the side panel.
    side = page.locator(".side").first.bounding_box()
    assert page.locator("#chat-send").count() == 1
    for box in page.locator("#chat-send, .chat-quick .quick").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().right)"
    ):
        assert box <= side["x"] + side["width"], f"chat button ends at {box}, the panel at {side}"
    page.screenshot(path=str(artifacts / f"fit-dog-{size[0]}.png"))
    assert page.js_errors == []


@pytest.mark.parametrize("players", [4, 6])
def test_dog_on_a_phone_with_touch_sized_choices(
    new_page: Any, games: list[str], artifacts: Path, players: int
) -> None:
    page = new_page("de", width=390, height=844)
    create_table(page, "dog", ["me"] + ["bot:easy"] * (players - 1), players=players)
    page.wait_for_selector("#dog-board")
    assert _dog_choose_card(page), "no move to choose"
    page.locator("button.dog-option").first.scroll_into_view_if_needed()
    assert in_view(page, "button.dog-option") and in_view(page, "#hand")
    for box in page.locator("button.dog-option, #hand button.card.playable").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect()).map(r => [r.width, r.height])"
    ):
        assert min(box) >= 40, f"touch target {box} smaller than 40 px"
    page.screenshot(path=str(artifacts / f"phone-dog-{players}.png"))
    # Playing on by the list alone works (no tiny fields to hit).
    before = version(page)
    for _ in range(10):  # a 7 takes a choice per part
        if version(page) > before:
            break
        if page.locator("button.dog-option").count():
            try:
                page.locator("button.dog-option").first.click(timeout=2000)
            except Exception:  # the move went through and the choice is gone
                pass
        page.wait_for_timeout(100)
    page.wait_for_function(f"() => Number(document.querySelector('#table-page').dataset.version) > {before}")
    assert page.js_errors == []


@pytest.mark.parametrize(
    ("game", "seats", "move"),
    [
        ("himmel", ["me"] + ["bot:easy"] * 5, "#hand button.card.playable, #haz-take"),
        ("zwickern", ["me", "bot:easy", "bot:easy", "bot:easy"], "#hand button.card.playable"),
    ],
)
def test_card_games_on_a_phone_show_the_hand_at_once(
    new_page: Any, artifacts: Path, game: str, seats: list[str], move: str
) -> None:
    page = new_page("de", width=390, height=844)
    create_table(page, game, seats, players=len(seats))
    assert wait_turn(page, move) == "turn"
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(artifacts / f"phone-{game}.png"))
    assert in_view(page, "#hand") and in_view(page, "#banner")
    for w, h in page.locator("#hand button.card.playable").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect()).map(r => [r.width, r.height])"
    ):
        assert min(w, h) >= 40


def test_double_click_and_a_second_tab_stay_calm(new_page: Any) -> None:
    """A move that went through is never reported as an error; a stale click from a second
    tab on the same seat is dropped quietly and that tab catches up."""
    page = new_page("en")
    create_table(page, "zwickern", ["me", "bot:easy"])
    assert wait_turn(page, "#hand button.card.playable") == "turn"
    before = version(page)
    page.locator("#hand button.card.playable").first.dblclick()
    page.wait_for_function(f"() => Number(document.querySelector('#table-page').dataset.version) > {before}")
    page.wait_for_timeout(300)
    assert page.locator("#toast.error:not([hidden])").count() == 0

    # A second tab (same browser, same seat) whose messages are held back: its click is late.
    held: list[Any] = []
    state: dict[str, Any] = {"hold": False, "ws": None}
    second = page.context.new_page()
    errors: list[str] = []
    second.on("pageerror", lambda exc: errors.append(str(exc)))

    def route(ws: Any) -> None:
        server = ws.connect_to_server()
        state["ws"] = ws

        def to_page(message: Any) -> None:
            if state["hold"]:
                held.append(message)
            else:
                ws.send(message)

        server.on_message(to_page)

    second.route_web_socket("**/ws/tables/**", route)
    second.goto(page.url)
    assert wait_turn(page, "#hand button.card.playable") == "turn"
    second.wait_for_function(
        f"() => document.querySelector('#table-page')?.dataset.version === '{version(page)}'"
    )
    state["hold"] = True
    click_and_wait(page, "#hand button.card.playable")  # the first tab plays
    second.locator("#hand button.card.playable").first.click()  # the second one, too late
    second.wait_for_timeout(500)
    assert any('"stale_version"' in str(m) or '"not_your_turn"' in str(m) for m in held), held
    state["hold"] = False
    for message in held:
        state["ws"].send(message)
    held.clear()
    second.wait_for_function(
        f"() => Number(document.querySelector('#table-page').dataset.version) >= {version(page)}"
    )
    second.wait_for_timeout(300)
    assert second.locator("#toast.error:not([hidden])").count() == 0
    assert second.get_attribute("#table-page", "data-resynced") == "1"
    assert errors == [] and page.js_errors == []


def test_countdown_runs_on_a_table_with_a_turn_timer(new_page: Any) -> None:
    page = new_page("en")
    page.goto("/")
    create_table(page, "zwickern", ["me", "bot:easy"])  # no timer: no countdown
    assert page.locator("#countdown").count() == 0
    page.goto("/")
    page.select_option("#game", "zwickern")
    page.select_option("#turn-timer", "30")
    page.fill("#nickname", "Anna")
    page.select_option("select[name=seat-1]", "bot:easy")
    page.click("#create-table")
    page.wait_for_selector("#table-page[data-status=playing]")
    page.wait_for_selector("#countdown[data-left]")
    first = int(page.get_attribute("#countdown", "data-left") or 0)
    assert 20 <= first <= 30
    assert page.locator("#countdown").inner_text().strip().startswith("0:")
    assert page.locator("#countdown .icon-timer").count() == 1
    page.wait_for_function(f"() => Number(document.querySelector('#countdown').dataset.left) < {first}")


#: The page's clock off by ``SKEW`` ms: ``Date.now()`` and ``new Date()`` both.
SKEWED_CLOCK = """(() => {
  const skew = %d, Real = Date, realNow = Real.now.bind(Real);
  class Skewed extends Real {
    constructor(...a) { if (a.length) super(...a); else super(realNow() + skew); }
    static now() { return realNow() + skew; }
  }
  globalThis.Date = Skewed;
})();"""


@pytest.mark.parametrize("skew", [-3_600_000, 600_000], ids=["an hour behind", "ten minutes ahead"])
def test_countdown_follows_the_server_clock_not_the_players(new_page: Any, skew: int) -> None:
    """The countdown counts from the server's ``turn_started`` by the server's clock (each
    state's ``now``): a player whose clock is off still sees the seconds really left."""
    page = new_page("en")
    page.add_init_script(SKEWED_CLOCK % skew)
    page.goto("/")
    real = page.evaluate("performance.timeOrigin + performance.now()")
    assert abs(page.evaluate("Date.now()") - real - skew) < 5_000, "the page's clock is off"
    page.select_option("#game", "zwickern")
    page.select_option("#turn-timer", "30")
    page.select_option("select[name=seat-0]", "me")
    page.select_option("select[name=seat-1]", "bot:easy")
    page.fill("#nickname", "Anna")
    page.click("#create-table")
    page.wait_for_selector("#countdown[data-left]")
    first = int(page.get_attribute("#countdown", "data-left") or 0)
    assert 20 <= first <= 30, first  # not 0 (clock ahead) nor an hour more (behind)
    assert page.locator("#countdown").inner_text().strip().startswith("0:")
    assert page.locator("#countdown .icon-timer").count() == 1
    page.wait_for_function(f"() => Number(document.querySelector('#countdown').dataset.left) < {first}")
    assert page.js_errors == []


def test_rules_pages_in_both_languages_from_lobby_and_table(new_page: Any) -> None:
    page = new_page("de")
    page.goto("/")
    page.select_option("#game", "dog")
    page.click("#lobby-help")
    page.wait_for_selector("#help-page h1")
    assert page.locator("#help-page h1").inner_text() == "Dog – so wird gespielt"
    guide = page.locator(".help-section.guide").inner_text()
    for words in ("Karte", "Stein", "Feld", "7", "Bube", "Joker"):
        assert words in guide
    assert "Optionen" in page.locator("#help-page").inner_text()
    assert "DOG-" not in page.locator("#help-page").inner_text()
    # Every option the lobby offers for Dog is explained, under the lobby's own label.
    terms = page.locator("#help-page dl dt").all_inner_texts()
    assert terms == [t(f"web.opt_{o.name}", "de") for o in stammtisch.info("dog").options]
    page.click("button.lang[data-lang=en]")
    page.wait_for_selector("#help-page h1:text-is('Dog — how to play')")
    for game, title in (
        ("himmel", "Himmel, A… und Zwirn — how to play"),
        ("zwickern", "Zwickern — how to play"),
    ):
        page.click(f".help-nav a[href='/?help={game}']")
        page.wait_for_selector(f"#help-page[data-game={game}] h1")
        assert page.locator("#help-page h1").inner_text() == title
    create_table(page, "zwickern", ["me", "bot:easy"])
    table_url = page.url
    page.click("#help-link")
    page.wait_for_selector("#help-page[data-game=zwickern] h1")
    # From a table the rules lead back to it (also after reading another game's rules).
    assert page.locator("#help-back").inner_text() == "← Zurück zum Tisch"
    page.click(".help-nav a[href^='/?help=dog']")
    page.wait_for_selector("#help-page[data-game=dog] h1")
    page.click("#help-back")
    page.wait_for_url(table_url)
    page.wait_for_selector("#table-page[data-status]")
    # A "from" that is not a table of this site is not followed: back to the lobby.
    page.goto("/?help=dog&from=https%3A%2F%2Fevil.example%2Ft%2Fx")
    page.wait_for_selector("#help-page h1")
    assert page.locator("#help-back").get_attribute("href") == "/"
    assert page.js_errors == []


def test_lobby_options_in_player_words(new_page: Any) -> None:
    page = new_page("de")
    page.goto("/")
    page.select_option("#game", "himmel")
    assert page.locator("label[for=opt-players]").inner_text() == "Spielerzahl"
    assert page.locator("#opt-players").evaluate("e => e.tagName") == "SELECT"
    assert page.locator("#opt-players option").all_inner_texts() == ["3", "4", "5", "6"]
    page.select_option("#opt-players", "5")
    starts = page.locator("#opt-start option").all_inner_texts()
    assert starts == ["ausgelost", "Spieler 1", "Spieler 2", "Spieler 3", "Spieler 4", "Spieler 5"]
    assert page.locator("select[name^=seat-]").count() == 5
    text = page.locator("#create").inner_text()
    assert "HAZ-" not in text and "DOG-" not in text and "ZW-" not in text
    page.select_option("#game", "dog")
    assert "DOG-" not in page.locator("#create").inner_text()
    assert page.locator("#opt-dealer option").first.inner_text() == "ausgelost"
    # DOG-22: six players play three teams of two, or two teams of three; never a bare "0".
    page.select_option("#opt-players", "6")
    teams = page.locator("#opt-teams option").all_inner_texts()
    assert teams == ["üblich (3 Parteien zu 2)", "2 Parteien zu 3", "3 Parteien zu 2"]
    page.select_option("#opt-players", "5")  # DOG-21: five play alone
    assert page.locator("#opt-teams option").all_inner_texts() == [
        "üblich (jeder für sich)",
        "jeder für sich",
    ]
    page.click("button.lang[data-lang=en]")
    page.select_option("#opt-players", "6")
    teams = page.locator("#opt-teams option").all_inner_texts()
    assert teams == ["usual (3 teams of 2)", "2 teams of 3", "3 teams of 2"]


def test_lobby_keeps_the_typed_name_and_the_focus_when_the_form_changes(new_page: Any) -> None:
    """Choosing a seat, the player count or the game draws the form anew: the name typed
    before stays (it was emptied), and the control just used keeps the focus (keyboard)."""
    page = new_page("de")
    page.goto("/")
    page.fill("#nickname", "Anna")
    page.select_option("#game", "himmel")
    page.focus("select[name=seat-1]")
    page.select_option("select[name=seat-1]", "bot:easy")
    assert page.input_value("#nickname") == "Anna"
    assert page.evaluate("document.activeElement.name") == "seat-1"
    page.focus("#opt-players")
    page.select_option("#opt-players", "5")
    assert page.evaluate("document.activeElement.id") == "opt-players"
    page.select_option("#game", "dog")
    assert page.input_value("#nickname") == "Anna"
    page.click("button.lang[data-lang=en]")
    assert page.input_value("#nickname") == "Anna"


def test_end_panel_breakdown_and_record_download(server: str, new_page: Any, artifacts: Path) -> None:
    tid = finished_game(server, "zwickern", 2, players=3)
    page = new_page("en")
    page.goto(f"/t/{tid}")
    page.wait_for_selector("#end-panel")
    assert "won" in page.locator("#end-title").inner_text()
    rows = page.locator("#breakdown-rounds tbody tr")
    assert rows.count() == 3 + 1  # three rounds and the total
    assert rows.last.locator("th").inner_text() == "Total"  # a word, not "Σ"
    detail = page.locator("#breakdown-last-round").inner_text()
    assert "Card points" in detail and "Most cards (+10)" in detail
    assert re.search(r"Result: .+ won\. Points: \S+ \d+ · ", page.locator("#banner").inner_text())
    with page.expect_download() as info:
        page.click("#record-download")
    record = json.loads(Path(info.value.path()).read_text())
    assert record["game"] == "zwickern" and len(record["actions"]) > 10
    page.screenshot(path=str(artifacts / "end-zwickern.png"), full_page=True)
    for game, bots, options in (("himmel", 2, {"players": 3}), ("dog", 3, {})):
        tid = finished_game(server, game, bots, **options)
        page.goto(f"/t/{tid}")
        page.wait_for_selector("#end-panel")
        breakdown = "#breakdown-penalties" if game == "himmel" else "#breakdown-teams"
        assert page.locator(f"{breakdown} tbody tr").count() >= 1
        assert page.locator(f"{breakdown} thead tr > *").count() >= 3
        page.screenshot(path=str(artifacts / f"end-{game}.png"), full_page=True)
        banner = page.locator("#banner").inner_text()
        if game == "dog":  # a team's win is the team's, its pegs counted per team
            assert re.search(
                r"Result: Team [12] won \(\S+ and \S+\)\. Pegs in the Himmel: Team 1 \d · Team 2 \d", banner
            )
        else:
            assert "Penalty points (fewer is better): " in banner, banner
    assert page.js_errors == []


WATCH_ANIMATIONS = """() => { window.__anims = 0; new MutationObserver(() => {
  window.__anims = Math.max(window.__anims, document.getAnimations().length);
}).observe(document.body, {subtree: true, childList: true, attributes: true}); }"""


@pytest.mark.parametrize("motion", [True, False])
def test_cards_travel_unless_reduced_motion_is_asked(new_page: Any, motion: bool) -> None:
    page = new_page("en", motion=motion)
    create_table(page, "zwickern", ["me", "bot:easy"])
    page.evaluate(WATCH_ANIMATIONS)
    for _ in range(3):
        if wait_turn(page, "#hand button.card.playable") != "turn":
            break
        click_and_wait(page, "#hand button.card.playable")
    page.wait_for_timeout(300)
    assert (page.evaluate("() => window.__anims") > 0) is motion


GAMES = [("zwickern", 1, {}), ("himmel", 2, {"players": 3}), ("dog", 3, {})]


@pytest.mark.parametrize(("game", "bots", "options"), GAMES)
def test_axe_finds_no_serious_violation(
    server: str, new_page: Any, game: str, bots: int, options: dict[str, Any]
) -> None:
    page = new_page("en")
    page.goto("/")
    page.select_option("#game", game)
    assert axe_serious(page) == [], "lobby"
    create_table(page, game, ["me"] + ["bot:easy"] * bots, **options)
    page.wait_for_selector("#board .game")
    assert axe_serious(page) == [], "table"
    tid = finished_game(server, game, bots, **options)
    page.goto(f"/t/{tid}?replay=1")
    page.wait_for_selector("#replay-page #log li")
    page.click("#replay-next")
    assert axe_serious(page) == [], "replay"


def test_named_bots_in_seats_log_and_record(server: str, new_page: Any) -> None:
    page = new_page("en")
    # A bot starts (HAZ-1 option ``start``): with the starter drawn from the seed, the person
    # started one game in six and the log stayed empty until they moved.
    create_table(page, "himmel", ["me"] + ["bot:easy"] * 5, players=6, start=1)
    page.wait_for_selector("#log li")
    names = page.locator("#seats .seat-chip .name").all_inner_texts()
    bots = names[1:]
    assert len(set(bots)) == 5 and not any("Bot (" in n for n in bots), names
    assert page.locator("#seats .seat-chip .level").first.inner_text() == "easy"
    log = " ".join(page.locator("#log li").all_inner_texts())
    assert any(b in log for b in bots)
    tid = finished_game(server, "zwickern", 2, players=3)
    page.goto(f"/t/{tid}")
    page.wait_for_selector("#end-panel")
    record = page.evaluate(f"() => fetch('/api/tables/{tid}/record').then(r => r.json())")
    assert all(p.endswith("(bot:easy)") and not p.startswith("bot:") for p in record["players"][1:])
    chips = page.locator("#seats .seat-chip .name").all_inner_texts()
    assert [c.split(" (")[0] for c in chips[1:]] == [p.split(" (")[0] for p in record["players"][1:]]


def test_lobby_lists_tables_in_play_and_finished_games(server: str, new_page: Any) -> None:
    page = new_page("en")
    playing = create_table(page, "zwickern", ["me", "bot:easy"])
    over = finished_game(server, "zwickern", 1)
    page.goto("/")
    page.wait_for_selector(f"#playing-list li[data-table='{playing}'] a[href='/t/{playing}?watch=1']")
    page.wait_for_selector(f"#finished-list li[data-table='{over}'] a[href='/t/{over}?replay=1']")
    assert page.locator(f"#open-list li[data-table='{playing}']").count() == 0
    page.click(f"#finished-list li[data-table='{over}'] a")
    page.wait_for_selector("#replay-page #log li")
    assert page.js_errors == []


INJECTION = '<img src=x onerror="window.__pwned=1"><b>bold</b><script>window.__pwned=2</script>'


def test_chat_with_quick_words_limits_and_a_markup_injection_attempt(server: str, new_page: Any) -> None:
    page = new_page("en")
    create_table(page, "zwickern", ["me", "bot:easy"])
    page.wait_for_selector("#chat-input")
    page.fill("#chat-input", INJECTION)
    page.click("#chat-send")
    page.wait_for_selector("#chat-list .chat-text")
    assert page.locator("#chat-list .chat-text").first.inner_text() == INJECTION
    assert page.locator("#chat-list img, #chat-list b, #chat-list script").count() == 0
    page.click("button.quick[data-quick=chat_quick_nice]")
    page.wait_for_function("() => document.querySelectorAll('#chat-list li').length === 2")
    assert page.locator("#chat-list li").nth(1).inner_text() == "Anna: Nice move!"

    # A spectator reads along and cannot write; a reload keeps the chat.
    watcher = new_page("de")
    watcher.goto(page.url + "?watch=1")
    watcher.wait_for_function("() => document.querySelectorAll('#chat-list li').length === 2")
    assert watcher.locator("#chat-input").count() == 0
    # A quick phrase reads in the reader's language (the German spectator's), typed text as typed.
    assert watcher.locator("#chat-list li").nth(1).inner_text() == "Anna: Schöner Zug!"
    assert watcher.locator("#chat-list .chat-text").first.inner_text() == INJECTION
    assert watcher.evaluate("() => window.__pwned") is None and page.evaluate("() => window.__pwned") is None
    page.reload()
    page.wait_for_function("() => document.querySelectorAll('#chat-list li').length === 2")

    # Too fast: the server's limit answers with a message, and nothing more is said.
    for _ in range(25):
        page.click("button.quick[data-quick=chat_quick_oops]")
    page.wait_for_selector("#toast.error:not([hidden])")
    assert "too fast" in page.locator("#toast").inner_text()
    said = page.locator("#chat-list li").count()
    assert said < 2 + 25  # some were refused

    # The creator can turn chat off; the record keeps what was said.
    tid = page.get_attribute("#table-page", "data-table")
    page.goto("/")
    page.select_option("#game", "zwickern")
    page.select_option("select[name=seat-1]", "bot:easy")
    page.fill("#nickname", "Anna")
    page.uncheck("#chat-on")
    page.click("#create-table")
    page.wait_for_selector("#chat-empty")
    assert "turned off" in page.locator("#chat").inner_text()
    assert page.locator("#chat-input").count() == 0
    api = page.evaluate(f"() => fetch('/api/tables/{tid}').then(r => r.json())")
    assert api["id"] == tid
    assert page.js_errors == [] and watcher.js_errors == []


def test_time_ran_out_shows_in_the_log(new_page: Any) -> None:
    """With a 1-second turn timer the player does nothing: a bot moves for the seat, and the
    log says so (the move is not passed off as the player's own)."""
    page = new_page("en")
    page.goto("/")
    page.select_option("#game", "zwickern")
    page.evaluate(
        "() => { const o = document.createElement('option'); o.value = '1'; o.textContent = '1 s';"
        " document.querySelector('#turn-timer').append(o); }"
    )
    page.select_option("#turn-timer", "1")
    page.select_option("select[name=seat-1]", "bot:easy")
    page.fill("#nickname", "Anna")
    page.click("#create-table")
    page.wait_for_selector("#log li.log-timeout", timeout=30000)
    assert "Time ran out" in page.locator("#log li.log-timeout").first.inner_text()
    assert "Anna" in page.locator("#log li.log-timeout").first.inner_text()


@pytest.mark.parametrize(("game", "bots"), [("zwickern", 2), ("himmel", 2)])
def test_replay_shows_every_hand_open_after_the_end(server: str, new_page: Any, game: str, bots: int) -> None:
    tid = finished_game(server, game, bots, players=bots + 1)
    page = new_page("en")
    page.goto(f"/t/{tid}?replay=1")
    page.wait_for_selector("#replay-page #log li")
    page.click("#replay-next")
    page.wait_for_selector("#open-hands")
    assert page.locator("#open-hands .open-hand").count() == bots + 1
    replay = page.evaluate(f"() => fetch('/api/tables/{tid}/replay').then(r => r.json())")
    shown = (
        page.locator("#open-hands .open-hand")
        .nth(1)
        .locator(".card")
        .evaluate_all("els => els.map(e => e.dataset.card)")
    )
    assert shown == [str(c) for c in replay["hands"][1][1]] and shown
    assert page.js_errors == []


def test_moves_are_told_to_screen_readers_as_they_happen(new_page: Any) -> None:
    # The log is a list, not a live region, and the banner says only whose turn it is: a
    # player with a screen reader heard "Your turn" and never what the others had played.
    page = new_page("de")
    create_table(page, "zwickern", ["me", "bot:easy"], dealer=1)  # the bot deals, I start
    page.wait_for_selector("#hand button.card.playable")
    live = page.locator("#announce")
    assert live.get_attribute("aria-live") == "polite" and live.text_content() == ""
    click_and_wait(page, "#hand button.card.playable")
    assert wait_turn(page, "#hand button.card.playable") == "turn"
    said = live.text_content() or ""
    last = page.locator("#log li").last.inner_text().split(" ", 1)[1]  # without "12."
    assert said.endswith(last), (said, last)
    assert not live.is_visible() or live.bounding_box()["width"] <= 1  # read, not shown
    assert page.js_errors == []
