"""The terminal shows only what the seat at the keyboard may know (DOG-7, HAZ-5).

Both terminal front ends, the full-screen UI (Textual pilot) and the plain prompt, are run
through games with bots; everything they show or print is scanned for the cards that the
human seat may not know: the cards the other seats give in the Dog exchange (DOG-7) and the
card of a Himmel steal the human neither made nor suffered (HAZ-5). The oracle is the full
game, which the test reads and the front ends must not.
"""

from __future__ import annotations

import io
import re
from typing import Any

from rich.console import Console
from tui_helpers import game_screen, screen_text, settle

import stammtisch
from stammtisch.games.dog.cards import card_text
from stammtisch.plain_play import play_plain
from stammtisch.tui.app import StammtischApp
from stammtisch.tui.i18n import tr
from stammtisch.tui.present import presenter_for
from stammtisch.tui.present_dog import describe_move
from stammtisch.tui.session import Seen, Session


def _dog_secrets(session: Session, human: int, lang: str) -> list[str]:
    """Every text that would tell ``human`` a card another seat gave in the exchange."""
    out: list[str] = []
    for m in session.moves:
        if m.seat != human and m.notation.startswith("give "):
            card = m.notation.split()[1]
            out += [
                tr("played", lang, s=m.seat + 1, move=describe_move(m.notation, lang)),
                tr("played", lang, s=m.seat + 1, move=m.notation),
                f"{m.seat + 1} plays {m.notation}",
                f"{m.seat + 1}: {tr('dog_m_give', lang, card=card_text(int(card)) if card.isdigit() else card)}",
            ]
    return out


def _himmel_steal_secrets(session: Session, human: int) -> list[tuple[int, str]]:
    """(move index, stolen card) of every steal that ``human`` did not witness (HAZ-5)."""
    game = session.game
    state = game.new_game(session.seed)
    out: list[tuple[int, str]] = []
    for i, m in enumerate(session.moves):
        state = state.apply(state.parse_action(m.notation))
        last = state.to_json().get("last") or {}
        if str(last.get("action", "")).startswith("steal ") and last.get("stolen"):
            victim = int(str(last["action"]).split()[1])
            if human not in (m.seat, victim):
                out.append((i, str(last["stolen"])))
    return out


def test_dog7_plain_prompt_prints_no_exchange_card_of_another_seat() -> None:
    """DOG-7: a whole Dog game at the plain prompt; no other seat's exchange card is printed
    (the old prompt printed ``Seat 1 plays give 3`` before seat 0 had chosen)."""
    for lang in ("en", "de"):
        buf = io.StringIO()
        console = Console(file=buf, width=200, highlight=False)
        session = Session(stammtisch.load("dog"), 11, ["you", "random", "random", "random"])

        def first(prompt: str, session: Session = session) -> str:
            return session.legal()[0]

        play_plain(session.game, lang=lang, console=console, read=first, session=session)
        printed = buf.getvalue()
        assert session.over
        gives = [m for m in session.moves if m.seat != 0 and m.notation.startswith("give ")]
        assert len(gives) >= 3, "the game had no exchange to hide"
        assert printed.count(tr("dog_gave_hidden", lang)) == len(gives)
        for secret in _dog_secrets(session, 0, lang):
            assert secret not in printed, secret


def test_haz5_plain_prompt_never_names_a_steal_it_did_not_witness() -> None:
    """HAZ-5: a steal between two other seats is printed as a spectator reads it: who stole
    from whom, never the card (the thief and the victim read more)."""
    buf = io.StringIO()
    console = Console(file=buf, width=200, highlight=False)
    session = Session(stammtisch.load("himmel", players=4), 5, ["you", "random", "random", "random"])
    play_plain(session.game, console=console, read=lambda p: "1", session=session)
    assert session.over
    printed = buf.getvalue()
    presenter = presenter_for(session.game)
    secrets = _himmel_steal_secrets(session, 0)
    assert secrets, "no steal between two other seats in this game"
    mine, spectator = session.seen(0), session.seen(None)
    for i, _card in secrets:
        line = presenter.log_line(mine[i], "en")
        assert line == presenter.log_line(spectator[i], "en") and line in printed
        witness = presenter.log_line(Seen(mine[i].seat, None, tuple(session_events_of(session, i, 1))), "en")
        assert witness != line  # the thief reads the card: the test would see a leak


def session_events_of(session: Session, index: int, seat: int) -> list[Any]:
    """The events of move ``index`` as ``seat`` reads them (replayed from the seed)."""
    state = session.game.new_game(session.seed)
    for m in session.moves[: index + 1]:
        state = state.apply(state.parse_action(m.notation))
    return state.events(session.moves[index].seat)


async def _play_tui(game: str, seats: list[str], seed: int, moves: int, options: dict[str, Any]) -> Any:
    app = StammtischApp(game, options=options, seats=seats, seed=seed, start=True, bot_delay=0, hint=None)
    shown: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(moves):
            await settle(pilot, app)
            screen = game_screen(app)
            shown.append(screen_text(app))
            if screen.session.over:
                break
            screen.play(screen.session.legal()[0])
        screen = game_screen(app)
        return screen.session, "\n".join(shown)


async def test_dog7_terminal_ui_shows_no_exchange_card_of_another_seat() -> None:
    """DOG-7 in the full-screen UI: the log and the "Last:" line over two rounds of Dog with
    bots never name a card another seat gave; the log says only that it gave one."""
    session, shown = await _play_tui("dog", ["you", "random", "random", "random"], 3, 40, {})
    assert session.state.observe(0)["round"] >= 1 or session.over
    assert tr("dog_gave_hidden", "en") in shown
    for secret in _dog_secrets(session, 0, "en"):
        assert secret not in shown, secret


async def test_dog7_hot_seat_log_is_the_log_of_the_seat_at_the_keyboard() -> None:
    """Hot-seat: after the handover the log is that person's; a spectator log while the
    keyboard is passed; the other person's exchange card is never on screen."""
    session = Session(stammtisch.load("dog"), 4, ["person", "random", "person", "random"])
    for reader in (0, 2):
        for seen, m in zip(session.seen(reader), session.moves, strict=True):
            if m.seat != reader and m.notation.startswith("give "):
                assert seen.own is None and seen.last is None
    for _ in range(12):
        session.play(session.legal()[0])
    for reader in (0, 2, None):
        for seen, m in zip(session.seen(reader), session.moves, strict=True):
            if m.notation.startswith("give "):
                assert (seen.own is not None) == (m.seat == reader)
                assert seen.last is None


async def test_haz5_terminal_ui_log_names_no_unwitnessed_steal() -> None:
    """HAZ-5 in the full-screen UI: a whole Himmel game with bots; the log line and the
    "Last:" line of every steal the human did not witness carry no card."""
    session, shown = await _play_tui("himmel", ["you", "random", "random", "random"], 5, 400, {"games": 1})
    assert session.over
    assert _himmel_steal_secrets(session, 0), "no steal between two other seats in this game"
    told = re.findall(r"[Ss]eat \d: steal( \d)", shown)  # the log and the "Last:" line
    assert told  # the victim is named
    for ln in shown.splitlines():  # and nothing follows it but the frame: never the card
        for m in re.finditer(r"[Ss]eat \d: steal \d(.*)$", ln):
            assert not re.search(r"\d", m.group(1).split("▊")[0].split("│")[0]), ln
