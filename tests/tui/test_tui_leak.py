"""The terminal shows only what the seat at the keyboard may know (DOG-7, HAZ-5).

Both terminal front ends, the full-screen UI (Textual pilot) and the plain prompt, are run
through games with bots; everything they show or print is scanned for the cards that the
human seat may not know: the cards the other seats give in the Dog exchange (DOG-7) and the
card of a Himmel steal the human neither made nor suffered (HAZ-5). The oracle is the full
game, which the test reads and the front ends must not.
"""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from tui_helpers import game_screen, screen_text, settle

import stammtisch
from stammtisch.games.dog import words as dog_words
from stammtisch.games.dog.cards import card_text
from stammtisch.games.himmel import words as himmel_words
from stammtisch.plain_play import play_plain
from stammtisch.tui.app import StammtischApp
from stammtisch.tui.i18n import seat_name, tr
from stammtisch.tui.presenters import presenter_for
from stammtisch.tui.session import Seen, Session


def _dog_secrets(session: Session, human: int, lang: str) -> list[str]:
    """Every text that would tell ``human`` a card another seat gave in the exchange: the
    giver's own log line and move words (read from the full game), and the notation."""
    presenter = presenter_for(session.game, session.names)
    out: list[str] = []
    state = session.game.new_game(session.seed)
    for m in session.moves:
        before = state
        state = state.apply(state.parse_action(m.notation))
        if m.seat != human and m.notation.startswith("give "):
            card = m.notation.split()[1]
            give = next(e for e in state.events(m.seat) if e.get("type") == "give")
            assert give.get("card") is not None  # the giver's events name the card
            out += [
                dog_words.event_text(give, lang, presenter.names(lang)),
                presenter.move_words(before, m.notation, lang),
                tr("played", lang, name=seat_name(m.seat, lang), move=m.notation),
                f"{m.seat + 1} plays {m.notation}",
                f"{seat_name(m.seat, lang)} gives {card_text(int(card)) if card.isdigit() else card}",
            ]
    return out


def _hidden_give(events: Any, lang: str, names: Any = None) -> str:
    """The words for another seat's exchange card as the human reads them (no card)."""
    give = next(e for e in events if e.get("type") == "give")
    return dog_words.event_text(give, lang, names)


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
        presenter = presenter_for(session.game, session.names)
        for seen, m in zip(session.seen(0), session.moves, strict=True):
            if m.seat != 0 and m.notation.startswith("give "):  # told, in words, without the card
                line = presenter.log_line(seen, lang)
                assert line in printed and _hidden_give(seen.events, lang, session.names) in line, line
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
    presenter = presenter_for(session.game, session.names)
    secrets = _himmel_steal_secrets(session, 0)
    assert secrets, "no steal between two other seats in this game"
    mine, spectator = session.seen(0), session.seen(None)
    for i, _card in secrets:
        line = presenter.log_line(mine[i], "en")
        assert line == presenter.log_line(spectator[i], "en") and line in printed
        witness = presenter.log_line(
            Seen(mine[i].seat, None, tuple(session_events_of(session, i, mine[i].seat))), "en"
        )
        assert witness != line  # the thief reads the card: the test would see a leak


def session_events_of(session: Session, index: int, seat: int) -> list[Any]:
    """The events of move ``index`` as ``seat`` reads them (replayed from the seed)."""
    state = session.game.new_game(session.seed)
    for m in session.moves[: index + 1]:
        state = state.apply(state.parse_action(m.notation))
    return state.events(seat)


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
    told = [e for seen in session.seen(0) for e in seen.events if e.get("type") == "give" and e["seat"] != 0]
    assert told and all(e.get("card") is None for e in told)
    assert any(_hidden_give((e,), "en", session.names) in shown for e in told)
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
    "Last:" line of every steal the human did not witness say that a card was stolen, never
    which (the thief's own sentence, read from the full game, is never on screen)."""
    session, shown = await _play_tui("himmel", ["you", "random", "random", "random"], 5, 400, {"games": 1})
    assert session.over
    secrets = _himmel_steal_secrets(session, 0)
    assert secrets, "no steal between two other seats in this game"
    names = presenter_for(session.game, session.names).names("en")
    for i, _card in secrets:
        thief = session.moves[i].seat
        steal = next(e for e in session_events_of(session, i, thief) if e.get("type") == "steal")
        told = next(e for e in session_events_of(session, i, 0) if e.get("type") == "steal")
        assert steal.get("card") is not None and told.get("card") is None
        assert himmel_words.event_text(steal, "en", names) not in shown
        assert himmel_words.event_text(told, "en", names) in shown  # the victim is named
