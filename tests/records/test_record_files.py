"""Records on disk: a path that cannot be read or written is said in the player's words."""

from __future__ import annotations

from pathlib import Path

import pytest

import stammtisch
from stammtisch.core.errors import FileProblem, RecordError
from stammtisch.records import GameRecord


def _record() -> GameRecord:
    game = stammtisch.load("zwickern")
    state = game.new_game(3)
    actions = []
    for _ in range(3):
        action = state.legal_actions()[0]
        actions.append(str(action))
        state = state.apply(action)
    return GameRecord(game="zwickern", options=dict(game.options), seed=3, actions=actions)


def test_paths_that_cannot_be_used_are_said_in_words(tmp_path: Path) -> None:
    afile = tmp_path / "a-file"
    afile.write_text("x")
    record = _record()
    cases = [
        (lambda: record.save(afile / "r.json"), "file_in_a_file", "ein Teil des Wegs dorthin ist eine Datei"),
        (lambda: record.save(tmp_path), "file_is_folder", "ist ein Ordner, keine Datei"),
        (lambda: GameRecord.load(tmp_path), "file_is_folder", "ist ein Ordner, keine Datei"),
        (lambda: GameRecord.load(tmp_path / "none.json"), "file_missing", "gibt es nicht"),
    ]
    for call, code, german in cases:
        with pytest.raises(FileProblem) as caught:
            call()
        assert caught.value.code == code
        assert german in caught.value.message("de")
        assert "Errno" not in caught.value.message("de") + caught.value.message("en")
        assert isinstance(caught.value, OSError)  # callers that catch OSError still do


def test_a_place_that_takes_no_new_file_is_not_said_to_lack_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Saving where no file can be made (``/proc`` answers "no such file") says so; "there
    is no file" is for reading."""

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise FileNotFoundError(2, "No such file or directory")

    monkeypatch.setattr(Path, "write_text", refuse)
    with pytest.raises(FileProblem) as caught:
        _record().save(tmp_path / "r.json")
    assert caught.value.code == "file_cannot_create"
    assert caught.value.message("de").endswith("lässt sich dort nicht anlegen.")
    assert "cannot be created there" in caught.value.message("en")


def test_a_file_that_is_not_a_record_is_a_record_error(tmp_path: Path) -> None:
    binary = tmp_path / "b.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError):
        GameRecord.load(binary)
    saved = _record().save(tmp_path / "deep" / "r.json")  # folders are made
    assert GameRecord.load(saved).actions == _record().actions


def test_why_a_record_is_invalid_is_said_in_the_players_language(tmp_path: Path) -> None:
    """Every reason a record is refused comes from the catalogue (no English inside the
    German message): a missing field, a file that is not JSON or not text, a move the game
    refuses (with the game's own words for why)."""
    cases = {
        "missing.json": ('{"game": "zwickern"}', "das Feld 'seed' fehlt"),
        "truncated.json": ('{"game":', "das ist kein JSON (Zeile 1, Spalte 9)"),
        "move.json": (
            '{"game": "zwickern", "seed": 1, "actions": ["XX"]}',
            "Zug 1 (XX): 'XX' ist keine Karte",
        ),
        "seed.json": ('{"game": "zwickern", "seed": "one"}', "'seed' muss eine ganze Zahl sein"),
        "list.json": ("[]", "ein Spielprotokoll ist ein JSON-Objekt"),
    }
    for name, (text, german) in cases.items():
        path = tmp_path / name
        path.write_text(text)
        with pytest.raises(RecordError) as caught:
            GameRecord.load(path).replay()
        assert caught.value.message("de").startswith(f"Ungültiges Spielprotokoll: {german}"), name
        assert caught.value.message("en").startswith("Invalid game record: ")
        assert "Ungültig" not in str(caught.value)  # str() stays English
