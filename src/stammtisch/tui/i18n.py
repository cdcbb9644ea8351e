"""The terminal UI's own words, in German and English.

Game texts (card names, rule errors) come from the games and ``core.i18n``; this table
holds only what the screens say around them. Every key has both languages (a test checks).
"""

from __future__ import annotations

from typing import Any

LANGS = ("en", "de")

TEXTS: dict[str, dict[str, str]] = {
    "app_title": {"en": "stammtisch", "de": "stammtisch"},
    "setup_title": {"en": "New game: {game}", "de": "Neues Spiel: {game}"},
    "players": {"en": "Players", "de": "Spieler"},
    "seed": {"en": "Seed (empty: random)", "de": "Seed (leer: zufällig)"},
    "seat": {"en": "Seat {s}", "de": "Platz {s}"},
    "seat_you": {"en": "Seat {s} (you)", "de": "Platz {s} (du)"},
    "kind_you": {"en": "You", "de": "Du"},
    "kind_person": {"en": "Person at this keyboard", "de": "Person an dieser Tastatur"},
    "kind_bot": {"en": "Bot: {level}", "de": "Bot: {level}"},
    "level_easy": {"en": "easy", "de": "leicht"},
    "level_medium": {"en": "medium", "de": "mittel"},
    "level_hard": {"en": "hard", "de": "schwer"},
    "level_random": {"en": "random", "de": "zufällig"},
    "start": {"en": "Start", "de": "Los"},
    "need_human": {
        "en": "Nobody sits at the table: the bots play alone.",
        "de": "Niemand sitzt am Tisch: die Bots spielen allein.",
    },
    "hand": {"en": "Hand", "de": "Hand"},
    "hand_of": {"en": "Hand of seat {s}", "de": "Hand von Platz {s}"},
    "moves": {"en": "Moves", "de": "Züge"},
    "other_moves": {"en": "Other moves", "de": "Andere Züge"},
    "log": {"en": "Moves played", "de": "Gespielte Züge"},
    "scores": {"en": "Scores", "de": "Punkte"},
    "table": {"en": "Table", "de": "Tisch"},
    "no_moves": {"en": "No legal move with this card.", "de": "Mit dieser Karte ist kein Zug erlaubt."},
    "pick_card": {
        "en": "Pick a card (1-9, click) to see its moves.",
        "de": "Wähle eine Karte (1-9, Klick), um ihre Züge zu sehen.",
    },
    "step_back": {"en": "← back", "de": "← zurück"},
    "steps_more": {"en": "{text} … ({n} moves)", "de": "{text} … ({n} Züge)"},
    "your_turn": {"en": "Your turn, seat {s}.", "de": "Du bist dran, Platz {s}."},
    "waiting": {"en": "Seat {s} is thinking …", "de": "Platz {s} überlegt …"},
    "over": {
        "en": "Game over. Scores: {scores}. n: new game",
        "de": "Spiel vorbei. Punkte: {scores}. n: neues Spiel",
    },
    "new_game_not_over": {
        "en": "A new game can start once this one is over (s saves it, q quits).",
        "de": "Ein neues Spiel gibt es, wenn dieses vorbei ist (s speichert, q beendet).",
    },
    "new_game_started": {"en": "New game (seed {seed}).", "de": "Neues Spiel (Seed {seed})."},
    "played": {"en": "Seat {s}: {move}", "de": "Platz {s}: {move}"},
    "handover_title": {"en": "Seat {s}'s turn", "de": "Platz {s} ist dran"},
    "handover_text": {
        "en": "Pass the keyboard to seat {s}. The hand stays hidden until they press Enter.",
        "de": "Gib die Tastatur an Platz {s} weiter. Die Hand bleibt verdeckt, bis Enter gedrückt wird.",
    },
    "ready": {"en": "I am seat {s}: show my hand", "de": "Ich bin Platz {s}: Hand zeigen"},
    "hint": {"en": "Hint: {move}", "de": "Tipp: {move}"},
    "hint_thinking": {"en": "Looking for a hint …", "de": "Suche einen Tipp …"},
    "hint_unavailable": {"en": "Hints are not available.", "de": "Tipps sind nicht verfügbar."},
    "hint_not_now": {
        "en": "A hint is given only on your turn.",
        "de": "Tipps gibt es nur, wenn du dran bist.",
    },
    "undo_done": {"en": "Took back {n} moves.", "de": "{n} Züge zurückgenommen."},
    "undo_unavailable": {
        "en": "Undo works only when one person plays against bots.",
        "de": "Zurücknehmen geht nur, wenn eine Person gegen Bots spielt.",
    },
    "undo_nothing": {"en": "Nothing to take back.", "de": "Nichts zurückzunehmen."},
    "save_title": {"en": "Save the game record to", "de": "Spielprotokoll speichern unter"},
    "load_title": {"en": "Load a game record from", "de": "Spielprotokoll laden aus"},
    "saved": {"en": "Saved to {path}.", "de": "Gespeichert unter {path}."},
    "loaded": {"en": "Loaded {path}: {n} moves.", "de": "{path} geladen: {n} Züge."},
    "ok": {"en": "OK", "de": "OK"},
    "cancel": {"en": "Cancel", "de": "Abbrechen"},
    "language": {"en": "Deutsch", "de": "English"},
    "b_hint": {"en": "Hint", "de": "Tipp"},
    "b_undo": {"en": "Undo", "de": "Zurück"},
    "b_new": {"en": "New game", "de": "Neues Spiel"},
    "b_lang": {"en": "Deutsch", "de": "English"},
    "b_save": {"en": "Save", "de": "Speichern"},
    "b_load": {"en": "Load", "de": "Laden"},
    "b_quit": {"en": "Quit", "de": "Beenden"},
    "b_back": {"en": "Back", "de": "Zurück"},
    "b_next": {"en": "Next", "de": "Weiter"},
    "b_prev": {"en": "Previous", "de": "Vorher"},
    "b_first": {"en": "Start", "de": "Anfang"},
    "b_last": {"en": "End", "de": "Ende"},
    "b_seat": {"en": "Seat view", "de": "Sicht"},
    "replay_title": {"en": "Replay: {game}, seed {seed}", "de": "Wiedergabe: {game}, Seed {seed}"},
    "replay_pos": {"en": "Move {i} of {n}", "de": "Zug {i} von {n}"},
    "replay_view": {"en": "Seen by: {who}", "de": "Sicht von: {who}"},
    "spectator": {"en": "spectator", "de": "Zuschauer"},
    "replay_done": {"en": "Replay finished: {result}", "de": "Wiedergabe zu Ende: {result}"},
    "draw_pile": {"en": "Draw pile: {n}", "de": "Nachziehstapel: {n}"},
    "captured": {"en": "Captured", "de": "Gefangen"},
    "cards_in_hand": {"en": "Cards", "de": "Karten"},
    "points": {"en": "Points", "de": "Punkte"},
    "round": {"en": "Round {r} of {R}", "de": "Runde {r} von {R}"},
    "dealer": {"en": "Dealer", "de": "Geber"},
    "to_move": {"en": "to move", "de": "am Zug"},
    "empty": {"en": "(empty)", "de": "(leer)"},
    "result_winner": {"en": "Seat {s} wins.", "de": "Platz {s} gewinnt."},
    "result_winners": {"en": "Seats {s} win.", "de": "Es gewinnen die Plätze {s}."},
    "result_draw": {"en": "A draw.", "de": "Unentschieden."},
    "result_scores": {"en": "Points: {scores}.", "de": "Punkte: {scores}."},
    "moved_hidden": {"en": "made a move you cannot see", "de": "hat gezogen (für dich verdeckt)"},
    "zw_last_card": {"en": "played the last card of the round", "de": "spielte die letzte Karte der Runde"},
}


def tr(key: str, lang: str = "en", **params: Any) -> str:
    """The UI text ``key`` in ``lang`` (English if the language is missing)."""
    texts = TEXTS.get(key)
    if texts is None:
        return key
    template = texts.get(lang) or texts["en"]
    return template.format(**params) if params else template


def other_language(lang: str) -> str:
    """The language the switch key turns to."""
    return LANGS[(LANGS.index(lang) + 1) % len(LANGS)] if lang in LANGS else "en"


def register(texts: dict[str, dict[str, str]]) -> None:
    """Add a game presenter's words (both languages); existing keys are kept."""
    for key, value in texts.items():
        TEXTS.setdefault(key, value)
