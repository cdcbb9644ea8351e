"""The log in words (issue 17): bots play a Dog game to the end on the real server; the
replay's log tells a split 7, a Jack's swap and a peg sent home in the players' words, in
English and German, with no notation (no ``p12``, ``7:p0 3-5``, ``J:p0 10<>p5 40``)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from .test_replay_browser import _call

pytestmark = pytest.mark.browser

NOTATION = re.compile(r"\bp\d+\b|<>|\b\d+-\d+\b|Jo=|\b(?:give|steal|raise|take) \d")


def _finished_dog(server: str) -> str:
    created = _call(
        server,
        "POST",
        "/api/tables",
        {
            "game": "dog",
            "nickname": "Anna",
            "seats": [{"type": "open"}, *({"type": "bot", "level": "easy"} for _ in range(3))],
        },
    )
    tid = str(created["table"]["id"])
    _call(server, "POST", f"/api/tables/{tid}/leave", {"token": created["token"]})  # bots play it out
    deadline = time.monotonic() + 600
    while _call(server, "GET", f"/api/tables/{tid}")["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.5)
    return tid


def _log(page: Any) -> list[str]:
    return list(page.locator("#log li").evaluate_all("els => els.map(e => e.innerText)"))


def test_dog_log_words_split_seven_jack_and_peg_sent_home(
    server: str, new_page: Any, artifacts: Path
) -> None:
    tid = _finished_dog(server)
    replay = _call(server, "GET", f"/api/tables/{tid}/replay")
    kinds = [[e["type"] for e in entry["events"]] for entry in replay["log"]]
    split = next(i for i, k in enumerate(kinds) if k.count("move") >= 2)  # DOG-17: a 7 in parts
    swap = next(i for i, k in enumerate(kinds) if "swap" in k)  # DOG-18
    home = next(i for i, k in enumerate(kinds) if "sent_home" in k)  # DOG-14
    # Pairs, not a dict by line: one entry may be two of them (a 7 in parts that also
    # sends a peg home), and each must be told. (A Joker may stand in: "plays the Joker as 7.")
    expect = {
        "en": [(split, ("7.", "moves")), (swap, ("Jack.", "swaps")), (home, ("sends", "home"))],
        "de": [(split, ("7.", "zieht")), (swap, ("Bube.", "tauscht")), (home, ("schickt", "heim"))],
    }
    for lang in ("en", "de"):
        page = new_page(lang, width=1366, height=768)
        page.goto(f"/t/{tid}?replay=1")
        page.wait_for_selector("#log li")
        lines = _log(page)
        assert len(lines) == len(replay["log"])
        for i, words in expect[lang]:
            line = lines[i]
            assert all(w in line for w in words), (lang, line)
        assert lines[split].count(expect[lang][0][1][1]) >= 2, lines[split]  # each part told
        assert not [line for line in lines if NOTATION.search(line)]
        # A seat without a name is "Spieler n" / "Player n" in the reader's language.
        foreign = {"de": ("Seat ", "Player "), "en": ("Spieler ", "Platz ")}[lang]
        assert not [line for line in lines if any(w in line for w in foreign)]
        page.locator("#log li").nth(home).click()
        page.screenshot(path=str(artifacts / f"words-dog-log-{lang}.png"))
        assert page.js_errors == []
