"""Saving and loading a game record from the game screen (s and o), and its messages.

:class:`RecordFiles` is the part of the game screen that deals with files: it asks for a
path, writes or reads the record, and says what happened in the player's words (a path that
cannot be used is said as such, never as a traceback).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from stammtisch.core.errors import StammtischError
from stammtisch.records.record import GameRecord
from stammtisch.tui.i18n import tr
from stammtisch.tui.screens.base import HostedScreen
from stammtisch.tui.screens.dialogs import PathScreen
from stammtisch.tui.session import Session


def words(key: str, **params: Any) -> Callable[[str], str]:
    """The UI text ``key`` as a message: said in whatever language is on screen."""
    return lambda lang: tr(key, lang, **params)


class RecordFiles(HostedScreen):
    """A screen showing a :class:`Session` that can be saved to a file and replaced by one
    loaded from a file (the game screen implements :meth:`say` and :meth:`_switch_to`)."""

    session: Session

    def say(self, message: Callable[[str], str] | None) -> None:
        raise NotImplementedError

    def _switch_to(self, session: Session, message: Callable[[str], str]) -> None:
        raise NotImplementedError

    def action_save(self) -> None:
        default = str(self.session.record_path())
        self.app.push_screen(PathScreen("save_title", default, self.lang), self._save_to)

    def _save_to(self, path: str | None) -> None:
        if not path:
            return
        try:
            saved = self.session.record().save(path)
        except StammtischError as exc:
            self.say(exc.message)
            return
        self.say(words("saved", path=saved))

    def action_load(self) -> None:
        default = str(self.session.record_path())
        self.app.push_screen(PathScreen("load_title", default, self.lang), self._load_from)

    def _load_from(self, path: str | None) -> None:
        if not path:
            return
        try:
            record = GameRecord.load(path)
            session = Session.from_record(record)
        except StammtischError as exc:
            self.say(exc.message)
            return
        session.autosave = self.session.autosave
        self._switch_to(session, words("loaded", path=path, n=len(record.actions)))
