"""The session model under the UI: seats, viewer, undo by replay, records."""

from __future__ import annotations

from pathlib import Path

import pytest

import stammtisch
from stammtisch.core.errors import IllegalActionError, StammtischError
from stammtisch.tui.session import Session, new_session


def _play_until_human(session: Session) -> None:
    while not session.over and not session.is_human(session.to_move):
        request = session.bot_request()
        assert request is not None
        bot, view, legal, _ = request
        session.play(str(bot.choose(view, legal)))


def test_undo_takes_back_the_human_move_and_the_bot_replies() -> None:
    session = new_session("zwickern", ["you", "random", "random"], seed=4)
    _play_until_human(session)
    before = [m.notation for m in session.moves]
    position = session.state.to_json()
    session.play(session.legal()[0])
    _play_until_human(session)
    played = len(session.moves)
    assert played > len(before) + 1
    removed = session.undo()
    assert removed == played - len(before)
    assert [m.notation for m in session.moves] == before
    assert session.state.to_json() == position


def test_undo_is_refused_with_two_people_at_the_keyboard() -> None:
    session = new_session("zwickern", ["you", "person"], seed=2)
    session.play(session.legal()[0])
    assert session.hot_seat
    assert not session.can_undo
    assert session.undo() == 0
    assert len(session.moves) == 1


def _dealt_since(session: Session, index: int) -> bool:
    """Whether cards were dealt (ZW-6) in move ``index`` or after it, as seat 0 saw it."""
    return any(e.get("type") == "deal" for seen in session.seen(0)[index:] for e in seen.events)


def test_no_take_back_once_new_cards_came_into_play() -> None:
    """As at the server's tables: once cards were dealt after the person's last move (ZW-6,
    the hands refilled from the pile), that move stays, or taking it back would show the
    next cards of the pile before their time. Nothing changes; a later move can be taken
    back again, but not past the deal."""
    session = new_session("zwickern", ["you", "random"], seed=3)
    checked_open = checked_blocked = False
    while not (checked_open and checked_blocked):
        _play_until_human(session)
        assert not session.over, "the game ended before both cases came up"
        mine = len(session.moves)
        session.play(session.legal()[0])
        _play_until_human(session)
        if _dealt_since(session, mine):
            assert session.undo_floor > mine
            assert not session.can_undo and session.undo_refusal() == "undo_hidden"
            played, position = len(session.moves), session.state.to_json()
            assert session.undo() == 0
            assert len(session.moves) == played and session.state.to_json() == position
            checked_blocked = True
        else:
            assert session.can_undo and session.undo_refusal() is None
            floor = session.undo_floor
            session.undo()
            assert len(session.moves) == mine and session.undo_floor == floor
            session.play(session.legal()[0])
            _play_until_human(session)
            checked_open = True


def test_the_take_back_floor_is_the_same_after_a_resume() -> None:
    """A game resumed from its moves (an autosave) keeps the floor it had."""
    session = new_session("zwickern", ["you", "random"], seed=5)
    while session.undo_floor == 0:
        _play_until_human(session)
        session.play(session.legal()[0])
    again = Session(session.game, session.seed, session.seats, [m.notation for m in session.moves])
    assert again.undo_floor == session.undo_floor and again.can_undo == session.can_undo


def test_viewer_is_the_person_to_move_or_the_last_one() -> None:
    session = new_session("zwickern", ["random", "you", "person"], seed=9)
    _play_until_human(session)
    assert session.viewer() == session.to_move
    bots_only = new_session("zwickern", ["random", "random"], seed=1)
    assert bots_only.viewer() is None


def test_illegal_and_unreadable_moves_raise_and_change_nothing() -> None:
    session = new_session("zwickern", ["you", "random"], seed=3, options={"dealer": 1})
    assert session.to_move == 0
    hand = session.view()["hand"]
    not_in_hand = next(c for c in ("7C", "8C", "9C", "10C", "JC", "QC") if c not in hand)
    with pytest.raises(IllegalActionError):
        session.play(not_in_hand)
    with pytest.raises(StammtischError):
        session.play("no such card")
    assert session.moves == []


def test_record_round_trip_resumes_the_same_position() -> None:
    session = new_session("zwickern", ["you", "easy"], seed=21)
    _play_until_human(session)
    session.play(session.legal()[-1])
    _play_until_human(session)
    again = Session.from_record(session.record())
    assert again.seats == ["you", "easy"]
    assert again.state.to_json() == session.state.to_json()
    assert [m.seat for m in again.moves] == [m.seat for m in session.moves]


def test_unknown_seat_kind_is_a_clear_error() -> None:
    with pytest.raises(StammtischError) as err:
        Session(stammtisch.load("zwickern"), 1, ["you", "grandmaster"])
    assert "grandmaster" in err.value.message("en")
    assert "grandmaster" in err.value.message("de")


def test_bots_have_names_that_stay_with_the_game() -> None:
    """Each bot seat has its own name (as at the browser's table); a person has none and is
    "Player n". The same seed gives the same names; the next game, a record and a resumed
    game keep them."""
    from stammtisch.records.record import GameRecord

    session = new_session("dog", ["you", "hard", "easy", "person"], seed=8)
    you, partner, other, person = session.names
    assert you is None and person is None and partner and other and partner != other
    assert new_session("dog", ["you", "hard", "easy", "person"], seed=8).names == session.names
    assert session.next_game().names == session.names
    record = session.record()
    assert record.meta["names"] == session.names
    again = GameRecord.from_json(record.to_json())
    assert Session.from_record(again).names == session.names
    # A name given for a seat a person now sits in is dropped; a bot without one gets one.
    mixed = Session(session.game, 8, ["you", "hard", "person", "random"], names=session.names)
    assert mixed.names[:3] == [None, partner, None] and mixed.names[3]


def test_the_plain_prompt_and_the_end_name_the_bots() -> None:
    import io

    from rich.console import Console

    from stammtisch.plain_play import play_plain

    buf = io.StringIO()
    session = Session(stammtisch.load("zwickern"), 4, ["you", "random"])
    bot = session.names[1]
    assert bot is not None
    play_plain(
        session.game, lang="de", console=Console(file=buf, width=200), read=lambda p: "1", session=session
    )
    printed = buf.getvalue()
    assert f"> {bot}:" in printed or f"  {bot}:" in printed  # the seat lines of the board
    assert f"Geber: {bot}" in printed or "Geber: Spieler 1" in printed
    assert "Spieler 2" not in printed


def test_replay_names_the_seats_as_the_game_did(tmp_path: Path) -> None:
    """A record names its seats (``meta.names``: the terminal's bots, the table's nicknames);
    ``stammtisch replay`` tells the moves and the end with those names."""
    from typer.testing import CliRunner

    from stammtisch.cli import app

    session = new_session("zwickern", ["random", "random"], seed=3)
    _play_until_human(session)  # nobody is human: to the end
    path = session.record().save(tmp_path / "named.json")
    result = CliRunner().invoke(app, ["replay", str(path), "--lang", "de"])
    first, second = session.names
    assert result.exit_code == 0 and first and second
    assert f"1. {first} " in result.output and second in result.output
    assert "Spieler 1" not in result.output and "Spieler 2" not in result.output


def test_resuming_a_record_that_does_not_replay_names_the_move() -> None:
    """A saved game with a move the game refuses (a hand-edited or damaged autosave) is an
    invalid record that says which move and why, in the player's language."""
    from stammtisch.core.errors import RecordError
    from stammtisch.records import GameRecord

    record = GameRecord(game="zwickern", options={}, seed=1, actions=["ZZ"])
    with pytest.raises(RecordError) as caught:
        Session.from_record(record)
    assert caught.value.message("de").startswith(
        "Ungültiges Spielprotokoll: Zug 1 (ZZ): 'ZZ' ist keine Karte"
    )
