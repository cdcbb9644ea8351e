"""The one message catalogue: every key in German and English, with the same placeholders."""

from __future__ import annotations

from importlib import resources

import pytest
from fastapi.testclient import TestClient

from stammtisch.core import i18n


def _po_areas(lang: str) -> set[str]:
    folder = resources.files("stammtisch").joinpath("locale", lang, "LC_MESSAGES")
    return {e.name for e in folder.iterdir() if e.name.endswith(".po")}


def test_both_languages_have_the_same_files() -> None:
    assert _po_areas("en") == _po_areas("de")
    assert {"core.po", "server.po", "web.po", "terminal.po"} <= _po_areas("en")


def test_every_key_exists_in_both_languages() -> None:
    en, de = set(i18n.keys("en")), set(i18n.keys("de"))
    assert en, "the catalogue is empty"
    assert sorted(en - de) == [] and sorted(de - en) == []


def test_every_text_is_translated_and_not_empty() -> None:
    for lang in i18n.LANGUAGES:
        for key in i18n.keys(lang):
            value = i18n.template(key, lang)
            forms = value if isinstance(value, tuple) else (value,)
            assert forms and all(forms), (key, lang)


def test_placeholders_match_between_languages() -> None:
    def fields(key: str, lang: str) -> set[str]:
        value = i18n.template(key, lang)
        forms = value if isinstance(value, tuple) else (value or "",)
        names = set().union(*(i18n.placeholders(f) for f in forms))
        # A parameter given in each language (``expected_en`` / ``expected_de``) counts as one.
        return {n.removesuffix(f"_{lang}") + "_*" if n.endswith(f"_{lang}") else n for n in names}

    wrong = [
        (k, fields(k, "en"), fields(k, "de")) for k in i18n.keys("en") if fields(k, "en") != fields(k, "de")
    ]
    assert wrong == []


def test_plural_forms_match_between_languages() -> None:
    for key in i18n.keys("en"):
        assert isinstance(i18n.template(key, "en"), tuple) == isinstance(i18n.template(key, "de"), tuple), key


def test_every_key_lives_in_one_area_with_its_prefix() -> None:
    """Dotted keys name their area; the same key in two files would shadow one of them."""
    prefixes = {"tui": "terminal", "plain": "terminal", "web": "web"}
    for key in i18n.keys("en"):
        head = key.split(".")[0]
        if head in prefixes:
            assert i18n.area(key, "en") == prefixes[head], key
        assert i18n.area(key, "de") == i18n.area(key, "en"), key


@pytest.mark.parametrize(
    ("lang", "n", "text"),
    [
        ("de", 1, "1 Karte"),
        ("de", 2, "2 Karten"),
        ("de", 0, "0 Karten"),
        ("en", 1, "1 card"),
        ("en", 5, "5 cards"),
    ],
)
def test_plurals_follow_the_language(lang: str, n: int, text: str) -> None:
    assert i18n.t("web.cards", lang, n=n) == text
    assert i18n.tn("web.cards", n, lang) == text


def test_plural_forms_asked_again_stay_right() -> None:
    """The form gettext picks is kept per key, language and count: asked again in any
    order, each count keeps its own form, and the language asked for (an unknown one
    falls back to English)."""
    asked = [("de", 1), ("en", 2), ("de", 2), ("en", 1), ("fr", 2), ("de", 1), ("en", 2)]
    for _ in range(2):
        got = [i18n.t("web.cards", lang, n=n) for lang, n in asked]
        assert got == ["1 Karte", "2 cards", "2 Karten", "1 card", "2 cards", "1 Karte", "2 cards"]


def test_took_back_one_move_is_singular() -> None:
    assert i18n.t("tui.undo_done", "en", n=1) == "Took back 1 move."
    assert i18n.t("tui.undo_done", "de", n=1) == "1 Zug zurückgenommen."
    assert i18n.t("tui.undo_done", "en", n=3) == "Took back 3 moves."


def test_missing_language_and_key_fall_back() -> None:
    assert i18n.t("game_over", "fr") == i18n.t("game_over", "en")
    assert i18n.t("no.such.key", "de") == "no.such.key"
    assert i18n.translate("no_such_code", {"a": 1}, "de") == "no_such_code {'a': 1}"


def test_the_browser_gets_its_part_as_json() -> None:
    from fastapi import FastAPI

    from stammtisch.server import api

    app = FastAPI()
    app.include_router(api.router)
    client = TestClient(app)
    de = client.get("/api/i18n/de").json()
    en = client.get("/api/i18n/en").json()
    assert de["lang"] == "de" and en["lang"] == "en"
    assert set(de["messages"]) == set(en["messages"])
    assert de["messages"]["log"] == "Spielverlauf"
    assert de["messages"]["cards"] == ["{n} Karte", "{n} Karten"]
    assert not any(key.startswith("web.") or key.startswith("tui.") for key in de["messages"])
    assert client.get("/api/i18n/xx").json()["lang"] == "en"
