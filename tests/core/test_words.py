"""Every move told in words (issue 17): whole games of all three games, every seat and the
spectator, both languages; no notation and no ruling code left in any log line."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import stammtisch
from stammtisch.core.i18n import LANGUAGES, t
from stammtisch.core.words import entry_text, event_text, move_text

#: What notation looks like (Dog ``p12``, ``7:p0 3-5``, ``J:p0 10<>p5 40``, ``Jo=4``; Himmel
#: ``57>A``, ``raise A 63``, ``take 31``; Zwickern ``9C``/``QS``; ruling ids ``DOG-17``),
#: and placeholders or keys that were never filled.
NOTATION = re.compile(
    r"\bp\d+\b|<>|\d+>[AB]\b|\b\d+-\d+\b|Jo=|\b(?:[2-9]|10|[JQKA])[CSHD]\b|\b[A-Z]{2,4}-\d+\b"
    r"|\{\w*\}|\b(?:dog|himmel|zwickern|words)\.[a-z_.]+"
    r"|\bgive (?:[2-9]|10|[JQKA]|Jo)\b|\bsteal \d\b|\braise [AB] \d|\btake \d|^(?:take|turn|fold)$"
)
NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"]

CASES = [
    ("dog", {"players": 4}, 3),
    ("dog", {"players": 6}, 4),
    # The options beyond the rule text (DOG-21 ... DOG-26) have their moves told too.
    ("dog", {"players": 4, "two_steals": True}, 5),
    ("dog", {"players": 6, "teams": 2, "seven_with_partner": True, "no_jack_reswap": True}, 6),
    ("dog", {"players": 3, "last_peg_no_joker": True}, 7),
    *[("himmel", {"players": n, "games": 1}, 10 + n) for n in (3, 4, 5, 6)],
    *[("zwickern", {"players": n}, 20 + n) for n in (2, 3, 4)],
    ("himmel", {"players": 3, "games": 2}, 30),
    ("zwickern", {"players": 2, "forced_capture": False, "tie_break": "extra_round", "rounds": 3}, 31),
]


def _play(name: str, options: dict[str, Any], seed: int) -> list[Any]:
    game = stammtisch.load(name, **options)
    rng = random.Random(seed)
    state = game.new_game(seed)
    states = []
    steps = 0
    while not state.is_terminal and steps < 4000:
        legal = state.legal_actions()
        if steps % 7 == 0:  # describe the legal moves too, now and then
            for action in legal[:30]:
                desc = state.describe(action)
                for lang in LANGUAGES:
                    text = move_text(name, desc, lang, NAMES)
                    assert text and not NOTATION.search(text), (text, desc)
                    assert not text.rstrip().endswith(":"), (text, desc)  # a move with nothing said
        state = state.apply(legal[rng.randrange(len(legal))])
        states.append(state)
        steps += 1
    return states


@pytest.mark.parametrize(("name", "options", "seed"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_every_log_entry_has_words_for_every_seat_without_notation(
    name: str, options: dict[str, Any], seed: int
) -> None:
    states = _play(name, options, seed)
    players = stammtisch.load(name, **options).num_players
    kinds: set[str] = set()
    for state in states:
        for seat in [*range(players), None]:
            events = state.events(seat)
            assert events, "an applied action without events"
            for lang in LANGUAGES:
                text = entry_text(name, events, lang, NAMES[:players])
                assert text.strip(), (events, lang)
                assert not NOTATION.search(text), (text, events)
            kinds.update(e["type"] for e in events)
            for e in events:  # no event falls back to "Anna moved."
                generic = t("words.acted", "en", name=NAMES[e["seat"]] if e.get("seat") is not None else "")
                assert event_text(name, e, "en", NAMES[:players]) != generic, e
    assert len(kinds) >= 3


def test_dog_peg_sent_home_is_told_to_everyone() -> None:
    """DOG-14/DOG-15: a peg sent home is in every seat's and the spectator's log line."""
    told = 0
    for seed in range(1, 6):
        for state in _play("dog", {"players": 4}, seed):
            raw = [e for e in state.events(None) if e["type"] == "sent_home"]
            if not raw:
                continue
            for seat in [0, 1, 2, 3, None]:
                de = entry_text("dog", state.events(seat), "de", NAMES[:4])
                en = entry_text("dog", state.events(seat), "en", NAMES[:4])
                assert "heim" in de and "home" in en, (de, en)
            told += 1
        if told >= 3:
            break
    assert told, "no peg was sent home in these games"


def test_zwickern_final_card_of_each_round_is_in_the_log() -> None:
    """ZW-7: the last card of a round is played, then the table is swept and dealt anew;
    the log line names that card for every seat."""
    states = _play("zwickern", {"players": 3}, 5)
    found = 0
    for state in states:
        events = state.events(None)
        if any(e["type"] == "round_end" for e in events):
            play = next(e for e in events if e["type"] == "play")
            from stammtisch.games.zwickern.words import card_words

            for seat in [0, 1, 2, None]:
                for lang in LANGUAGES:
                    assert card_words(play["card"], lang) in entry_text(
                        "zwickern", state.events(seat), lang, NAMES[:3]
                    )
            found += 1
    assert found >= 2


def test_a_move_in_a_list_begins_with_a_capital_letter() -> None:
    """A move stands alone on a button or in a list: "Aussteigen (…)", "Give the 6 to Ben"."""
    fold = {"type": "fold"}
    assert move_text("dog", fold, "de").startswith("Aussteigen")
    give = {"type": "give", "card": "6", "to": 1}
    assert move_text("dog", give, "en", NAMES) == "Give the 6 to Ben"
    assert move_text("himmel", {"type": "turn"}, "en")[0].isupper()


def test_dog24_theft_names_the_card_only_to_the_thief_and_the_victim() -> None:
    """DOG-24: the stolen card is seen by the two of them only; the others' log says a card."""
    game = stammtisch.load("dog", players=4, two_steals=True)
    state = game.new_game(0)
    rng = random.Random(0)
    while not any("steal" in str(a) for a in state.legal_actions()):
        state = state.apply(rng.choice(state.legal_actions()))
    thief = state.current_player
    action = next(a for a in state.legal_actions() if "steal" in str(a))
    victim = int(state.describe(action)["victim"])
    state = state.apply(action)
    for seat in (*range(4), None):
        line = entry_text("dog", state.events(seat), "en", NAMES[:4])
        told = f"{NAMES[thief]} steals the " in line
        assert told == (seat in (thief, victim)), (seat, line)
        assert told or f"{NAMES[thief]} steals a card from {NAMES[victim]}." in line, line


def test_a_joker_move_in_a_list_is_labelled_joker_as_value() -> None:
    """A move in a list begins with the card as a label ("Joker als 4: ..."), not with the
    sentence's object ("den Joker als 4: ..."); the log keeps "spielt den Joker als 4"."""
    from stammtisch.games.dog.words import event_text as dog_event

    steal = {"type": "steal", "card": "Jo", "value": "2", "victim": 1}  # DOG-24 with the Joker
    assert move_text("dog", steal, "en", NAMES) == "Joker as 2: steal a card from Ben"
    desc = {"type": "play", "card": "Jo", "value": "4", "moves": []}
    assert move_text("dog", desc, "de").startswith("Joker als 4:")
    assert move_text("dog", desc, "en").startswith("Joker as 4:")
    assert dog_event({"type": "play", "seat": 0, "card": "Jo", "value": "4"}, "de", NAMES) == (
        "Anna spielt den Joker als 4."
    )


def test_words_in_the_players_terms() -> None:
    from stammtisch.games.dog.words import event_text as dog_text
    from stammtisch.games.himmel.words import event_text as haz_text
    from stammtisch.games.zwickern.words import event_text as zw_text

    names = ["Anna", "Ben", "Cleo", "Dora"]
    home = {"type": "sent_home", "seat": 0, "peg": 6, "owner": 1, "from": "20"}
    assert dog_text(home, "de", names) == "Anna schickt Bens Stein 3 heim."
    assert dog_text(home, "en", names) == "Anna sends Ben's peg 3 home."
    capture = {"type": "capture", "seat": 2, "card": "9S", "cards": ["9H", "9D"], "how": "match"}
    assert zw_text(capture, "de", names) == "Cleo fängt 9♥ und 9♦ mit 9♠."
    play = {"type": "play", "seat": 3, "card": "24", "pile": "B"}
    assert haz_text(play, "de", names) == "Dora legt 24 auf Stapel B."
    steal = {"type": "steal", "seat": 0, "victim": 1, "card": None, "private_to": [0, 1]}
    assert haz_text(steal, "en", names) == "Anna steals a card from Ben."


def test_german_possessive_follows_german_grammar() -> None:
    """The genitive -s goes on the last word of a name; an s sound takes only the apostrophe;
    a seat word with a number or a name with brackets is named with "von"."""
    from stammtisch.games.dog.words import peg_words

    names = ["Anna Maria", "Hans", "Max", "Fritz", "Spieler 2", "Bot (schwer)"]
    said = [peg_words(4 * owner + 2, owner, None, "de", names) for owner in range(len(names))]
    assert said == [
        "Anna Marias Stein 3",
        "Hans' Stein 3",
        "Max' Stein 3",
        "Fritz' Stein 3",
        "Stein 3 von Spieler 2",
        "Stein 3 von Bot (schwer)",
    ]
    assert peg_words(6, 1, 0, "en", names) == "Hans's peg 3"


def test_replay_command_tells_the_moves_in_words(tmp_path: Any) -> None:
    from typer.testing import CliRunner

    from stammtisch.cli import app
    from stammtisch.records.record import GameRecord

    game = stammtisch.load("zwickern", players=2)
    state = game.new_game(4)
    record = GameRecord.start("zwickern", game.options, 4, ["random", "random"])
    rng = random.Random(4)
    while not state.is_terminal:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        record.add(action)
        state = state.apply(action)
    record.finish(state)
    path = record.save(tmp_path / "z.json")
    out = CliRunner().invoke(app, ["replay", str(path), "--lang", "de"]).output
    assert "1. Spieler " in out and ("fängt" in out or "legt" in out)
    assert not NOTATION.search(out.split("OK")[0])


@pytest.mark.parametrize("name", ["dog", "himmel", "zwickern"])
def test_remembered_words_are_the_words_made_afresh(name: str) -> None:
    """The server's words (``entry_words``, ``moves_words``) come from a memo: they must be
    what ``entry_text``/``move_text`` make, for other names too, and a caller changing what it
    got must not change what the next caller gets."""
    from stammtisch.core import words

    words._MEMO.clear()
    for names in (NAMES, ["Zora", None, "Yves", "Xaver", "Wim", "Vera"], None):
        for state in _play(name, {}, 5)[:200]:
            events = state.observe(None).get("events") or []
            got = words.entry_words(name, events, names)
            assert got == {lang: entry_text(name, events, lang, names) for lang in LANGUAGES}
            got["de"] = "changed"
            assert words.entry_words(name, events, names)["de"] == entry_text(name, events, "de", names)
            if not state.is_terminal:
                descs = [state.describe(a) for a in state.legal_actions()[:10]]
                moves = words.moves_words(name, descs, names)
                assert moves == {lang: [move_text(name, d, lang, names) for d in descs] for lang in LANGUAGES}
    assert words._MEMO, "the memo was not used"


def test_the_words_memo_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from stammtisch.core import words

    monkeypatch.setattr(words, "_MEMO_SIZE", 50)
    words._MEMO.clear()
    for state in _play("zwickern", {}, 7)[:300]:
        words.entry_words("zwickern", state.observe(None).get("events") or [], NAMES)
        assert len(words._MEMO) <= 50


def test_a_full_words_memo_keeps_its_newer_half(monkeypatch: pytest.MonkeyPatch) -> None:
    """At its bound the memo drops its older entries, not all: the words made just before
    it overflowed (the moves on offer, the last log lines) are still there after it."""
    import orjson

    from stammtisch.core import words

    monkeypatch.setattr(words, "_MEMO_SIZE", 40)
    words._MEMO.clear()
    lines: dict[bytes, list[dict[str, object]]] = {}
    for state in _play("zwickern", {}, 7):
        events = state.observe(None).get("events") or []
        lines.setdefault(orjson.dumps(events), events)
    distinct = list(lines.values())[:41]
    assert len(distinct) == 41
    for events in distinct:  # the 41st overflows the memo
        words.entry_words("zwickern", events, NAMES)
    assert 20 <= len(words._MEMO) <= 40
    made = 0

    def counting(*args: object) -> str:
        nonlocal made
        made += 1
        return "x"

    monkeypatch.setattr(words, "entry_text", counting)
    for events in distinct[-20:]:
        words.entry_words("zwickern", events, NAMES)
    assert made == 0, "words made just before the memo overflowed were dropped"
    words.entry_words("zwickern", distinct[0], NAMES)
    assert made == len(words.LANGUAGES), "the oldest words stayed"


def test_the_words_memo_keeps_its_keys_small() -> None:
    """orjson hands out its text in a buffer of at least 4 KiB: a key must hold a copy of
    just the text, or 4,096 entries would keep 16 MiB."""
    import tracemalloc

    from stammtisch.core import words

    events = [state.observe(None).get("events") or [] for state in _play("zwickern", {}, 9)[:80]]
    words._MEMO.clear()
    words.entry_words("zwickern", events[0], NAMES)  # first use out of the measurement
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for ev in events[1:]:
            words.entry_words("zwickern", ev, NAMES)
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(words._MEMO) > 20
    assert grown / len(words._MEMO) < 2048, f"{grown / len(words._MEMO):.0f} bytes per entry"
