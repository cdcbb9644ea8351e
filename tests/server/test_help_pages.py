"""The rules pages and the lobby's options come from the one message catalogue (issue 17):
every option a game offers is labelled, explained in the lobby and on the rules page, in both
languages and in players' words (DOG-21..26, ZW-10 are options players choose by name)."""

from __future__ import annotations

import re

import pytest

import stammtisch
from stammtisch.core import i18n
from stammtisch.core.helppage import help_page, help_text, option_key

from .live import live_server, settings

GAMES = ("dog", "himmel", "zwickern")
RULING_CODE = re.compile(r"\b[A-Z]{2,}-\d+")


def _texts(page: dict[str, object]) -> list[str]:
    out = [str(page["title"]), str(page["intro"])]
    for section in page["sections"]:  # type: ignore[attr-defined]
        out.append(section["h"])
        for kind in ("p", "ol", "ul"):
            out.extend(section.get(kind, []))
        for term, text in section.get("dl", []):
            out.extend([term, text])
    return out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_game_has_a_rules_page_in_players_words(game: str, lang: str) -> None:
    page = help_page(stammtisch.info(game), lang)
    assert page is not None
    assert page["sections"][0]["guide"] and page["sections"][0]["ol"], "a first-game guide comes first"
    texts = _texts(page)
    assert all(texts), "no empty text"
    assert [t for t in texts if RULING_CODE.search(t) or t.startswith(("help.", "web."))] == []


@pytest.mark.parametrize("game", GAMES)
def test_every_option_is_labelled_and_explained_in_both_languages(game: str) -> None:
    """The lobby shows web.opt_<name> and its help; the rules page explains the option."""
    info = stammtisch.info(game)
    for o in info.options:
        for lang in i18n.LANGUAGES:
            assert i18n.has(f"web.opt_{o.name}", lang), o.name
            assert i18n.has(f"web.opt_{game}_{o.name}_help", lang) or i18n.has(
                f"web.opt_{o.name}_help", lang
            ), o.name
            assert i18n.has(option_key(game, o.name), lang), o.name
            for value in o.allowed or ():
                if isinstance(value, str):
                    assert i18n.has(f"web.opt_{o.name}_{value}", lang), (o.name, value)
    page = help_page(info, "en")
    assert page is not None
    options = page["sections"][-1]
    assert options["h"] == "Options"
    assert [term for term, _ in options["dl"]] == [i18n.t(f"web.opt_{o.name}", "en") for o in info.options]


def test_dog_options_are_explained_as_the_rulings_have_them() -> None:
    """DOG-21 (2, 3 or 5 alone), DOG-22 (teams of three), DOG-23..26 (house rules)."""
    said = {
        o: i18n.t(option_key("dog", o), "en") for o in ("players", "teams", "two_steals", "last_peg_no_joker")
    }
    assert "2, 3 or 5" in said["players"] and "alone" in said["players"]
    assert "two teams of three" in said["teams"] and "twelve" in said["teams"]
    assert "random" in said["two_steals"]
    assert "last peg" in said["last_peg_no_joker"]
    assert "weitere Runde" in i18n.t(option_key("zwickern", "tie_break"), "de")


async def test_the_rules_page_is_served_as_json(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url)) as live:
        de = (await live.http.get("/api/help/dog/de")).json()
        assert de["lang"] == "de" and de["page"]["title"] == "Dog – so wird gespielt"
        assert de["page"]["sections"][-1]["h"] == "Optionen"
        other = (await live.http.get("/api/help/zwickern/xx")).json()
        assert other["page"]["title"] == "Zwickern — how to play"
        missing = await live.http.get("/api/help/nosuchgame/en")
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown_game"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_terminal_gets_the_same_rules_as_text(game: str, lang: str) -> None:
    """The terminal's help screen shows the rules page (one text for both front ends), without
    the browser's guide to clicking: every section's heading, texts and options are in it."""
    info = stammtisch.info(game)
    page = help_page(info, lang)
    text = help_text(info, lang)
    assert page is not None and text is not None
    guide, *rules = page["sections"]
    for section in rules:
        assert section["h"] in text
        for kind in ("p", "ul"):
            assert all(item in text for item in section.get(kind, [])), (section["h"], kind)
        assert all(f"{term}: {words}" in text for term, words in section.get("dl", []))
    assert not [step for step in guide["ol"] if step in text]


@pytest.mark.parametrize(("lang", "points"), [("en", "Ace 11, Ten 10"), ("de", "Ass 11, Zehn 10")])
def test_zwickern_rules_text_says_what_the_cards_count(lang: str, points: str) -> None:
    text = help_text(stammtisch.info("zwickern"), lang)
    assert text is not None and points in text and "10" in text.split(points)[1]
