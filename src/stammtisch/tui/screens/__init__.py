"""The screens of the terminal UI: setup, game, replay, and small dialogs."""
