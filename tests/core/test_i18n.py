from __future__ import annotations

import pytest

import stammtisch
import stammtisch.bots
from stammtisch.core import i18n
from stammtisch.core.errors import IllegalActionError


def test_every_message_code_speaks_german_and_english():
    for name in stammtisch.games():  # importing a game registers its messages
        stammtisch.load(name)
    missing = [
        (code, lang)
        for code in i18n.known_codes()
        for lang in i18n.LANGUAGES
        if not i18n.has_language(code, lang)
    ]
    assert missing == []


def test_error_carries_code_params_and_both_languages():
    err = IllegalActionError(action="QH")
    assert err.code == "illegal" and err.params == {"action": "QH"}
    assert "QH" in err.message("en") and "QH" in err.message("de")
    assert err.message("en") != err.message("de")
    assert err.to_json("de")["message"] == err.message("de")


def test_unknown_language_falls_back_to_english():
    assert i18n.translate("game_over", {}, "fr") == "The game is over."


def test_t_is_the_template_filled_in_whatever_was_asked_before(monkeypatch: pytest.MonkeyPatch):
    """``t`` finds a key without plural forms at once once it was looked up: the same text
    as before, with and without placeholders, for plurals, unknown keys and bad templates."""
    from stammtisch.core import i18n

    monkeypatch.setattr(
        i18n, "_EXTRA", {**i18n._EXTRA, "test.bad_template": {"en": "{0} and {missing}", "de": "{"}}
    )
    for _ in range(2):
        assert i18n.t("game_over", "de") == "Das Spiel ist vorbei."
        assert i18n.t("words.seat", "en", n=2) == "Player 2"
        assert i18n.t("web.cards", "de", n=1) == "1 Karte" and i18n.t("web.cards", "de", n=3) == "3 Karten"
        assert i18n.t("no.such.key", "de", n=1) == "no.such.key"
        assert i18n.t("test.bad_template", "en", missing="x") == "{0} and {missing}"
        assert i18n.t("test.bad_template", "de") == "{"
        assert i18n.t("illegal", "fr", action="K") == i18n.t("illegal", "en", action="K")
