"""Small widgets shared by the screens: hand cards and the key bar."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.widgets import Button, Static

from stammtisch.core.i18n import has
from stammtisch.tui.cards import chip
from stammtisch.tui.i18n import PREFIX, tr


class CardButton(Button):
    """One hand card; ``index`` is its place in the hand (keys 1-9 pick it too)."""

    def __init__(self, card: str, index: int, playable: bool, selected: bool, lang: str) -> None:
        label = Text(f"{index + 1}:" if index < 9 else "", style="dim")
        label.append_text(chip(card, lang))
        classes = "card" + (" selected" if selected else "") + ("" if playable else " unplayable")
        super().__init__(label, classes=classes, compact=True)
        self.can_focus = False  # keys 1-9 pick cards; Tab stays in the move list
        self.card = card
        self.index = index


def key_name(key: str, lang: str) -> str:
    """A key as the keyboard of ``lang`` names it (``tui.key_home``: "Pos1" in German);
    the key itself where the catalogue has no word for it ("q", "←")."""
    return tr(f"key_{key}", lang) if has(f"{PREFIX}key_{key}") else key


class KeyBar(Static):
    """The key bar: ``key word`` for each key, in the current language; a click runs the
    key's action. One line of text, not buttons, so Tab never lands on it and a label is
    never cut to the width of the previous language's word."""

    DEFAULT_CSS = """
    KeyBar { height: 1; dock: bottom; background: $panel; padding: 0 1; }
    """

    def __init__(self, keys: Sequence[tuple[str, str, str]], lang: str) -> None:
        super().__init__()
        self.keys = list(keys)
        self.lang = lang

    def on_mount(self) -> None:
        self.relabel(self.lang)

    def labels(self, lang: str) -> list[tuple[str, str]]:
        """(key, word) of every key shown."""
        return [(key_name(key, lang), tr(text_key, lang)) for key, text_key, _ in self.keys]

    def relabel(self, lang: str) -> None:
        self.lang = lang
        text = Text(no_wrap=True, overflow="ellipsis")
        for i, (key, text_key, action) in enumerate(self.keys):
            if i:
                text.append("  ")
            target = action if "." in action else f"screen.{action}"
            meta = {"@click": target}
            text.append(key_name(key, lang), style=Style(bold=True, color="yellow", meta=meta))
            text.append(" " + tr(text_key, lang), style=Style(meta=meta))
        self.update(text)
