"""One template for every game package (issue 24, docs/architecture.md).

Each shipped game's package holds the same modules, one concept each, layered
``cards < actions < state < view, render < position < sample < game < codec`` (the import
contracts in ``pyproject.toml`` check the layering with ``lint-imports``).
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

import stammtisch

TEMPLATE = (
    "cards",
    "actions",
    "state",
    "events",
    "view",
    "render",
    "position",
    "sample",
    "game",
    "codec",
    "words",
)
SHIPPED = ("dog", "himmel", "zwickern")


@pytest.mark.parametrize("name", SHIPPED)
def test_game_package_has_the_template_modules(name: str) -> None:
    package = importlib.import_module(f"stammtisch.games.{name}")
    assert package.__file__ is not None
    present = {p.stem for p in Path(package.__file__).parent.glob("*.py")}
    missing = [m for m in TEMPLATE if m not in present]
    assert not missing, f"games/{name} lacks {missing}"


@pytest.mark.parametrize("name", SHIPPED)
def test_state_does_not_import_its_view(name: str) -> None:
    """The view is reached through the game (``State.observe`` -> ``Game.observe``)."""
    source = Path(importlib.import_module(f"stammtisch.games.{name}.state").__file__ or "").read_text()
    assert f"stammtisch.games.{name} import view" not in source
    assert f"stammtisch.games.{name}.view import" not in source


@pytest.mark.parametrize("name", SHIPPED)
def test_syntax_reader_has_one_name(name: str) -> None:
    """``actions.parse_action`` reads notation (syntax only) in every game."""
    actions = importlib.import_module(f"stammtisch.games.{name}.actions")
    assert callable(actions.parse_action)
    game = stammtisch.load(name)
    state = game.new_game(1)
    action = state.legal_actions()[0]
    assert state.parse_action(str(action)) == action


@pytest.mark.parametrize("name", SHIPPED)
def test_view_names_the_draw_pile_deck_size(name: str) -> None:
    view = stammtisch.load(name).new_game(2).observe(0)
    assert isinstance(view["deck_size"], int)
    assert "pile_size" not in view
