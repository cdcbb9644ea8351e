"""What the screens need from the app they run in: the language they speak.

The app (``tui/app.py``) builds on :class:`Host` and opens the screens; the screens read
the language through :class:`HostedScreen` and never import the app.
"""

from __future__ import annotations

from textual.app import App
from textual.screen import Screen


class Host(App[None]):
    """An app whose screens all speak one language, switched in one place."""

    lang: str = "en"


class HostedScreen(Screen[None]):
    """A screen that speaks its host's language (English outside a :class:`Host`)."""

    @property
    def lang(self) -> str:
        app = self.app
        return app.lang if isinstance(app, Host) else "en"
