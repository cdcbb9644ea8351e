"""Every UI text in both languages; the CLI keeps the plain prompt as --plain."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from stammtisch.cli import app
from stammtisch.core import i18n
from stammtisch.records.record import GameRecord
from stammtisch.tui.i18n import LANGS, other_language, seat_name, tr, ui_keys
from stammtisch.tui.presenters import presenter_for
from stammtisch.tui.session import new_session


def test_every_ui_text_has_german_and_english() -> None:
    # Building a presenter imports every game's presenter, which registers its words.
    presenter_for(new_session("zwickern", ["you", "random"], seed=1).game)

    assert ui_keys()
    for key in ui_keys():
        for lang in LANGS:
            assert i18n.has("tui." + key, lang), (key, lang)
            assert tr(key, lang, s=1, n=2, name="Ben", text="x", path="p", move="m", seed=1, game="g"), key
    assert tr("your_turn", "de", name=seat_name(1, "de")) == "Du bist dran, Spieler 2."
    assert other_language("en") == "de" and other_language("de") == "en"


def test_play_plain_still_runs_the_prompt(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["play", "zwickern", "--plain", "--seed", "3"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "Game abandoned." in result.output


def test_replay_checks_the_record_before_opening_the_ui(tmp_path: Path) -> None:
    session = new_session("zwickern", ["random", "random"], seed=2)
    session.play(session.legal()[0])
    record = session.record()
    record.actions.append("not a card")
    path = record.save(tmp_path / "bad.json")
    result = CliRunner().invoke(app, ["replay", str(path), "--ui"])
    assert result.exit_code == 1  # a record that does not replay: a failure, in one line
    assert len(result.output.strip().splitlines()) == 1
    assert GameRecord.load(path).actions[-1] == "not a card"
