from __future__ import annotations

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
