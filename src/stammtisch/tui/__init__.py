"""Terminal play: a Textual app that draws views and sends moves in notation.

``stammtisch play GAME`` opens :class:`~stammtisch.tui.app.StammtischApp`;
``stammtisch replay FILE --ui`` steps through a game record. The app imports Textual, so
this package does not import it eagerly.
"""
