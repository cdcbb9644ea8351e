"""Seats on screen are counted from 1, as the game words and the browser count them; the end
names the winner (a Dog team with its seats) and the German texts say "Spieler", not "Platz"
(which means a rank)."""

from __future__ import annotations

import random
from typing import Any

import stammtisch
from stammtisch.core import i18n
from stammtisch.core.game import State
from stammtisch.tui.present import result_text


def _play_out(state: State[Any], seed: int) -> State[Any]:
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_end_names_the_winning_seat_counted_from_one() -> None:
    final = _play_out(stammtisch.load("zwickern").new_game(3), 3)
    returns = final.returns()
    best = max(returns)
    winners = [s for s, r in enumerate(returns) if r == best]
    points = [str(int(x)) if float(x).is_integer() else str(x) for x in final.scores()]
    # Each seat's points beside its name (counted from one too).
    en = ", ".join(f"{p} (Player {s + 1})" for s, p in enumerate(points))
    de = ", ".join(f"{p} (Spieler {s + 1})" for s, p in enumerate(points))
    if len(winners) == 1:
        assert result_text(final, "en") == f"Player {winners[0] + 1} wins. Points: {en}."
        assert result_text(final, "de") == f"Spieler {winners[0] + 1} gewinnt. Punkte: {de}."
    else:
        assert result_text(final, "en").startswith(("A draw.", "Seat"))


def test_dog_end_names_the_winning_team_and_its_seats() -> None:
    """DOG-1: partners win together; the end says which team and which seats."""
    final = _play_out(stammtisch.load("dog", players=4).new_game(2), 2)
    team = int(final.observe(None)["winner"])
    members = sorted(final.observe(None)["teams"][team])
    a, b = (m + 1 for m in members)
    assert result_text(final, "en").startswith(f"Team {team + 1} wins: Player {a} and Player {b}.")
    assert result_text(final, "de").startswith(f"Partei {team + 1} gewinnt: Spieler {a} und Spieler {b}.")
    assert "Steine im Himmel: " in result_text(final, "de")  # Dog counts pegs, not points


def test_dog_alone_names_the_winner_not_a_team() -> None:
    """DOG-21: three play alone; the end, the log and the picture name the player."""
    from stammtisch.core.words import entry_text

    final = _play_out(stammtisch.load("dog", players=3).new_game(3), 3)
    winner = int(final.observe(None)["winner"])
    assert result_text(final, "de").startswith(f"Spieler {winner + 1} gewinnt.")
    events = final.events(None)
    assert entry_text("dog", events, "de").endswith(f"Spieler {winner + 1} gewinnt!")
    picture = final.render(0, "de")
    assert "Partei" not in picture and f"Spiel vorbei: Spieler {winner + 1} gewinnt." in picture


def test_himmel_end_says_penalty_points_not_negative_scores() -> None:
    """Himmel: every taken card is a penalty point and the fewest win (the rule text); the
    end says them as penalty points, as the browser does, never as negative points."""
    final = _play_out(stammtisch.load("himmel", players=3).new_game(5), 5)
    penalties = final.observe(None)["penalties"]
    assert [-p for p in penalties] == [int(x) for x in final.scores()]
    each = ", ".join(f"{p} (Spieler {s + 1})" for s, p in enumerate(penalties))
    text = result_text(final, "de")
    assert text.endswith(f"Minuspunkte (weniger ist besser): {each}.") and "-" not in text
    assert "Penalty points (fewer is better): " in result_text(final, "en")


def test_german_terminal_texts_never_call_a_seat_a_rank() -> None:
    for key in i18n.keys("de"):
        if key.startswith(("tui.", "plain.", "cli")):
            value = i18n.template(key, "de")
            for form in value if isinstance(value, tuple) else (value,):
                assert "Platz" not in form and "Plätze" not in form, key
