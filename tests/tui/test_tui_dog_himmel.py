"""Dog and Himmel at the terminal: the exchange, a split 7 picked step by step, a take.

These drive the UI over notation and views only; they skip while the games are not
registered on this branch.
"""

from __future__ import annotations

import random
import re

import pytest
from textual.widgets import OptionList, Static
from tui_helpers import game_screen, screen_text, settle, snapshot

import stammtisch
from stammtisch.core.errors import UnknownGameError
from stammtisch.tui.app import StammtischApp
from stammtisch.tui.session import Session

BIG = (130, 44)


def _need(game: str) -> None:
    try:
        stammtisch.load(game)
    except UnknownGameError:
        pytest.skip(f"the game {game!r} is not registered on this branch yet (stammtisch.load({game!r}))")


def _session_where(game: str, seats: list[str], seed: int, wanted: object, limit: int = 3000) -> Session:
    """A session whose moves were played at random until ``wanted(session)`` holds with
    seat 0 to move (the UI test then starts from there)."""
    session = Session(stammtisch.load(game, players=len(seats)), seed, seats)
    rng = random.Random(seed)
    for _ in range(limit):
        if session.over:
            break
        if session.to_move == 0 and wanted(session):  # type: ignore[operator]
            return session
        legal = session.legal()
        session.play(legal[rng.randrange(len(legal))])
    pytest.fail(f"no position found for {game} seed {seed}")


async def test_dog7_exchange_gives_the_picked_card_to_the_partner() -> None:
    _need("dog")
    app = StammtischApp(
        "dog", seats=["you", "random", "random", "random"], seed=3, start=True, bot_delay=0, hint=None
    )
    async with app.run_test(size=BIG) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        assert screen.session.state.observe(0)["phase"] == "exchange"
        snapshot(app, "dog-exchange")
        card = screen.hand[2]
        await pilot.press("3")
        assert [c.value for c in screen.choices] == [f"give {card}"]
        await pilot.press("enter")
        own = [m for m in screen.session.moves if m.seat == 0]
        assert own[0].notation == f"give {card}"
        await settle(pilot, app)
        assert screen.session.state.observe(0)["exchange"]["gave"] == card
        assert f"You gave {card}" in screen_text(app)


async def test_dog17_split_seven_is_picked_step_by_step() -> None:
    _need("dog")

    def many_sevens(session: Session) -> bool:
        return sum(1 for n in session.legal() if n.startswith("7:") and "," in n) > 12

    session = _session_where("dog", ["you", "random", "random", "random"], 4, many_sevens)
    sevens = [n for n in session.legal() if n.startswith("7:")]
    app = StammtischApp("dog", session=session, bot_delay=0, hint=None)
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        key = screen.hand.index("7") + 1
        await pilot.press(str(key))
        steps = 0
        picked = ""
        while True:
            assert screen.picker is not None
            assert all(any(n.startswith(c.value) for n in sevens) for c in screen.choices if c.count)
            narrowing = [i for i, c in enumerate(screen.choices) if not c.complete and c.count > 1]
            if steps == 0:
                snapshot(app, "dog-seven")
                assert narrowing, "a big 7 group is offered step by step"
            if not narrowing:
                picked = screen.choices[screen.query_one("#moves").highlighted or 0].value  # type: ignore[attr-defined]
                break
            target = narrowing[0]
            await pilot.press(*["down"] * (target - (screen.query_one("#moves").highlighted or 0)))  # type: ignore[attr-defined]
            before = screen.picker.prefix
            await pilot.press("enter")
            assert screen.picker.prefix.startswith(before) and screen.picker.prefix != before
            steps += 1
        assert steps >= 2
        assert screen.picker.prefix and picked.startswith(screen.picker.prefix)
        await pilot.press("backspace")
        assert screen.picker.stack, "backspace goes one step back, not out of the card"
        await pilot.press("down", "enter")
        while screen.picker is not None and not all(c.complete for c in screen.choices if c.count):
            await pilot.press("down", "enter")
        played_before = len(screen.session.moves)
        await pilot.press("enter")
        move = screen.session.moves[played_before]
        assert move.seat == 0 and move.notation in sevens


async def test_haz7_take_the_marked_pile_with_a_new_target() -> None:
    _need("himmel")

    def can_take_with_target(session: Session) -> bool:
        return (
            any(n.startswith("take ") for n in session.legal())
            and session.state.observe(0)["hand_sizes"][0] >= 3
        )

    session = _session_where("himmel", ["you", "random", "random"], 4, can_take_with_target)
    app = StammtischApp("himmel", session=session, bot_delay=0, hint=None)
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        view = session.state.observe(0)
        marked = next(p for p in view["piles"] if p["marked"])
        taken = len(marked["cards"]) + len(marked["targets"])
        penalty = view["penalty_counts"][0]
        snapshot(app, "himmel")
        await pilot.press("0")
        takes = [c.value for c in screen.choices]
        assert takes and all(t.startswith("take") for t in takes)
        await pilot.press("enter")
        own = [m for m in screen.session.moves if m.seat == 0]
        assert own[-1].notation == takes[0]
        await settle(pilot, app)
        after = screen.session.state.observe(0)
        assert after["penalty_counts"][0] == penalty + taken
        assert "Penalty" in screen_text(app)


@pytest.mark.parametrize("lang", ["de", "en"])
async def test_long_dog_moves_fit_the_list_at_80x24_and_show_whole_when_highlighted(lang: str) -> None:
    """A split 7 or a move of another's peg is longer than the move list at 80 columns: each
    entry stays on one line, cut with "…", and the highlighted one is shown whole below."""
    _need("dog")

    def long_moves(session: Session) -> bool:
        return sum(1 for n in session.legal() if n.startswith("7:")) >= 3

    session = _session_where("dog", ["you", "random", "random", "random"], 4, long_moves)
    app = StammtischApp("dog", session=session, bot_delay=0, hint=None, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        await pilot.press(str(screen.hand.index("7") + 1))
        await pilot.pause()
        moves = screen.query_one("#moves", OptionList)
        width = moves.scrollable_content_region.width
        prompts = [
            str(getattr(p, "plain", p))
            for p in (moves.get_option_at_index(i).prompt for i in range(moves.option_count))
        ]
        assert all(len(p) <= width for p in prompts), prompts
        # Shortened: cut at the end, or their common beginning left out ("… "), so that what
        # tells the moves apart is on the line.
        cut = [i for i, p in enumerate(prompts) if p.endswith("…") or p.startswith("… ")]
        assert cut, "some 7 texts are longer than the list"
        await pilot.press(*["down"] * (cut[0] - (moves.highlighted or 0)))
        await pilot.pause()
        full = str(screen.query_one("#move-full", Static).render())
        shown = prompts[cut[0]].removeprefix("… ").removesuffix("…").rstrip()
        assert screen.full_words[cut[0]] and shown in full.replace("\n", " ")
        snapshot(app, f"dog-seven-80x24-{lang}")


async def test_a_hint_in_a_long_list_marks_and_highlights_the_group_that_holds_it() -> None:
    """A Jack has more moves than the list shows at once: after 'h' the group that holds the
    hinted move carries the ★ and is highlighted, so that Enter leads to the hint (the first
    group was highlighted and nothing marked: Enter went elsewhere)."""
    _need("dog")

    def big_group(session: Session) -> bool:
        hand = session.state.observe(0).get("hand") or []
        return any(sum(1 for n in session.legal() if n.startswith(f"{c}:")) > 9 for c in hand)

    session = _session_where("dog", ["you", "random", "random", "random"], 2, big_group)
    hand = session.state.observe(0)["hand"]
    card = next(c for c in hand if sum(1 for n in session.legal() if n.startswith(f"{c}:")) > 9)
    target = [n for n in session.legal() if n.startswith(f"{card}:")][-1]
    app = StammtischApp("dog", session=session, bot_delay=0, hint=lambda *a: target)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.hinted == target
        for _ in range(6):
            moves = screen.query_one("#moves", OptionList)
            chosen = screen.choices[moves.highlighted or 0]
            assert target.startswith(chosen.value), (chosen, target)
            prompt = moves.get_option_at_index(moves.highlighted or 0).prompt
            assert str(getattr(prompt, "plain", prompt)).endswith("★")
            played = len(screen.session.moves)
            await pilot.press("enter")
            await pilot.pause()
            if len(screen.session.moves) > played:
                break
        assert screen.session.moves[played].notation == target


@pytest.mark.parametrize("games", [1, 3])
async def test_himmel_seat_table_keeps_its_numbers_at_80x24_with_five_players(games: int) -> None:
    """Five players at 80×24 with a log long enough to scroll: every seat's penalty pile is
    on screen, a long name gives way instead (the scrollbar cut the last column to "Punk"
    and its numbers to "-"). The penalty points of a match are counted as the result says
    them (fewer is better, "Gesamt"), never as negative scores; one game has no such column."""
    _need("himmel")
    seats = ["you", "random", "random", "random", "random"]
    game = stammtisch.load("himmel", players=5, games=games)
    session = Session(game, 11, seats)
    rng = random.Random(11)
    while len(session.moves) < 40 or session.to_move != 0:
        legal = session.legal()
        session.play(legal[rng.randrange(len(legal))])
    view = session.state.observe(0)
    app = StammtischApp("himmel", session=session, bot_delay=0, hint=None, lang="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert screen_text(app).count("\n") > 20
        lines = screen_text(app).splitlines()
        at = next(i for i, line in enumerate(lines) if "Karten" in line)
        header = lines[at][:46]
        assert "Misthaufen" in header and "Punkte" not in header
        assert ("Gesamt" in header) == (games > 1)
        assert "Spieler 1 (du)" in lines[at + 1]
        for s, row in enumerate(lines[at + 1 : at + 6]):
            name = session.names[s] or "Spieler 1"
            assert name[:4] in row[:20], (row, name)
            numbers = re.findall(r"(?<!\S)-?\d+(?!\S)", row[16:44])  # before the scrollbar
            expected = [str(view["hand_sizes"][s]), str(view["penalty_counts"][s])]
            if games > 1:
                expected.append(str(view["penalties"][s]))
            assert numbers == expected, (row, expected)
        snapshot(app, f"himmel-5-seats-80x24-{games}")
