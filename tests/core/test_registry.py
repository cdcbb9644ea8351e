from __future__ import annotations

import pytest

import stammtisch
from stammtisch.core.errors import OptionError, PositionError, UnknownGameError


def test_games_lists_registered_names():
    assert "zwickern" in stammtisch.games()
    assert stammtisch.games() == sorted(stammtisch.games())


def test_unknown_game_lists_what_is_available():
    with pytest.raises(UnknownGameError) as info:
        stammtisch.load("skat")
    msg = str(info.value)
    assert "skat" in msg and "zwickern" in msg
    assert "Unbekanntes Spiel" in info.value.message("de")


def test_bad_option_value_lists_allowed_values():
    with pytest.raises(OptionError) as info:
        stammtisch.load("zwickern", players=7)
    assert "players" in str(info.value) and "2, 3, 4" in str(info.value)
    assert info.value.code == "bad_option_value"


def test_unknown_option_lists_options():
    with pytest.raises(OptionError) as info:
        stammtisch.load("zwickern", jokers=3)
    assert info.value.code == "unknown_option"
    assert "forced_capture" in str(info.value)


def test_options_from_command_line_text_are_converted():
    g = stammtisch.load("zwickern", players="3", forced_capture="false")
    assert g.options["players"] == 3 and g.options["forced_capture"] is False
    with pytest.raises(OptionError):
        stammtisch.load("zwickern", forced_capture="maybe")
    with pytest.raises(OptionError):
        stammtisch.load("zwickern", players=True)


def test_info_is_json_with_documented_options():
    for name in stammtisch.games():
        info = stammtisch.info(name).to_json()
        assert info["name"] == name
        assert info["min_players"] <= info["max_players"]
        assert {"en", "de"} <= set(info["title"])
        for opt in info["options"]:
            assert opt["doc"], f"{name}.{opt['name']} has no documentation"


def test_state_from_json_reads_game_and_options():
    s = stammtisch.load("zwickern", players=3).new_game(4)
    again = stammtisch.state_from_json(s.to_json())
    assert again.to_json() == s.to_json()
    with pytest.raises(PositionError):
        stammtisch.state_from_json({"options": {}})


def test_from_json_rejects_other_games_options():
    s = stammtisch.load("zwickern", players=3).new_game(4)
    with pytest.raises(PositionError):
        stammtisch.load("zwickern", players=2).from_json(s.to_json())


def test_repr_can_be_pasted_back():
    g = stammtisch.load("zwickern", players=3)
    again = eval(repr(g), {"load": stammtisch.load})
    assert again.options == g.options


def test_the_module_beside_a_game_is_remembered_until_the_name_is_registered_anew():
    """The words look their game's module up on every move: the registry remembers it, and
    forgets it when the name is registered again (or dropped)."""
    from stammtisch.core import registry

    words = registry.module_beside("zwickern", "words")
    assert words is not None and words.__name__ == "stammtisch.games.zwickern.words"
    assert registry.module_beside("zwickern", "words") is words
    assert registry.module_beside("zwickern", "no_such_module") is None
    target = registry._GAMES["zwickern"]
    try:
        registry.register("zwickern", "stammtisch.games.dog.game:DogGame")
        assert registry.module_beside("zwickern", "words").__name__ == "stammtisch.games.dog.words"
        registry.unregister("zwickern")
        with pytest.raises(UnknownGameError):
            registry.module_beside("zwickern", "words")
    finally:
        registry.register("zwickern", target)
    assert registry.module_beside("zwickern", "words") is words
