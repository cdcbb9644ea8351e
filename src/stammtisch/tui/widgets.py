"""Small widgets shared by the screens: hand cards and the key bar."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.containers import Horizontal
from textual.widgets import Button

from stammtisch.tui.cards import chip
from stammtisch.tui.i18n import tr


class CardButton(Button):
    """One hand card; ``index`` is its place in the hand (keys 1-9 pick it too)."""

    def __init__(self, card: str, index: int, playable: bool, selected: bool) -> None:
        label = Text(f"{index + 1}:" if index < 9 else "", style="dim")
        label.append_text(chip(card))
        classes = "card" + (" selected" if selected else "") + ("" if playable else " unplayable")
        super().__init__(label, classes=classes, compact=True)
        self.card = card
        self.index = index


class KeyButton(Button):
    """A key-bar button that runs an app/screen action, for mouse users."""

    def __init__(self, key: str, text_key: str, action: str, lang: str) -> None:
        super().__init__(self._label(key, text_key, lang), classes="key", compact=True)
        self.key = key
        self.text_key = text_key
        self.action_name = action

    @staticmethod
    def _label(key: str, text_key: str, lang: str) -> str:
        return f"{key} {tr(text_key, lang)}"

    def relabel(self, lang: str) -> None:
        self.label = self._label(self.key, self.text_key, lang)


class KeyBar(Horizontal):
    """A row of :class:`KeyButton`; labels follow the language switch."""

    DEFAULT_CSS = """
    KeyBar { height: 1; dock: bottom; background: $panel; }
    KeyBar Button.key { margin: 0 1 0 0; min-width: 6; }
    """

    def __init__(self, keys: Sequence[tuple[str, str, str]], lang: str) -> None:
        super().__init__(*(KeyButton(k, t, a, lang) for k, t, a in keys))

    def relabel(self, lang: str) -> None:
        for button in self.query(KeyButton):
            button.relabel(lang)
