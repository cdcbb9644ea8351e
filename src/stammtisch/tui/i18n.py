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
        "en": "Game over. {result}  n: new game",
        "de": "Spiel vorbei. {result}  n: neues Spiel",
    },
    "too_small": {
        "en": "Terminal too small: the game needs {w}×{h} (now {now}). Enlarge the window.",
        "de": "Terminal zu klein: das Spiel braucht {w}×{h} (jetzt {now}). Bitte das Fenster vergrößern.",
    },
    "not_your_turn": {"en": "Wait for your turn.", "de": "Warte, bis du dran bist."},
    "game_is_over": {
        "en": "The game is over (n: new game).",
        "de": "Das Spiel ist vorbei (n: neues Spiel).",
    },
    "card_unplayable": {
        "en": "{card} cannot be played now: there is no legal move with it.",
        "de": "{card} geht jetzt nicht: damit ist kein Zug erlaubt.",
    },
    "confirm_new": {
        "en": "Abandon this game and deal a new one?",
        "de": "Dieses Spiel aufgeben und neu geben?",
    },
    "confirm_quit": {
        "en": "Quit? The game is saved: stammtisch play --resume goes on with it.",
        "de": "Beenden? Das Spiel ist gespeichert: stammtisch play --resume setzt es fort.",
    },
    "yes": {"en": "Yes", "de": "Ja"},
    "resume": {
        "en": "Resume the unfinished game ({n} moves)",
        "de": "Unfertiges Spiel fortsetzen ({n} Züge)",
    },
    "no": {"en": "No", "de": "Nein"},
    "b_help": {"en": "Help", "de": "Hilfe"},
    "help_title": {"en": "{game}: keys and rules", "de": "{game}: Tasten und Regeln"},
    "help_close": {"en": "Esc, ? or F1 closes this help.", "de": "Esc, ? oder F1 schließt diese Hilfe."},
    "help_cards": {
        "en": "choose the hand card with that number; its moves appear on the right",
        "de": "die Handkarte mit dieser Nummer wählen; ihre Züge stehen rechts",
    },
    "help_other": {
        "en": "other moves (those without a hand card, e.g. taking a pile)",
        "de": "andere Züge (ohne Handkarte, z. B. einen Stapel nehmen)",
    },
    "help_choose": {
        "en": "go through the moves, Enter plays the highlighted one (or narrows a long list)",
        "de": "durch die Züge gehen, Enter spielt den markierten (oder grenzt eine lange Liste ein)",
    },
    "help_back": {"en": "one step back in choosing a move", "de": "beim Zugwählen einen Schritt zurück"},
    "help_hint": {
        "en": "hint: the bots suggest a move (★)",
        "de": "Tipp: die Bots schlagen einen Zug vor (★)",
    },
    "help_undo": {
        "en": "take back your last move (against bots only)",
        "de": "deinen letzten Zug zurücknehmen (nur gegen Bots)",
    },
    "help_new": {
        "en": "new game with the same seats (asks first during a game)",
        "de": "neues Spiel mit denselben Plätzen (fragt vorher, solange gespielt wird)",
    },
    "help_save": {"en": "save the game record to a file", "de": "das Spielprotokoll in eine Datei speichern"},
    "help_load": {
        "en": "load a game record and play on from it",
        "de": "ein Spielprotokoll laden und daraus weiterspielen",
    },
    "help_lang": {"en": "Deutsch / English", "de": "English / Deutsch"},
    "help_help": {"en": "this help", "de": "diese Hilfe"},
    "help_quit": {
        "en": "quit (asks first; an unfinished game is saved after every move)",
        "de": "beenden (fragt vorher; ein unfertiges Spiel wird nach jedem Zug gespeichert)",
    },
    "zw_forced": {
        "en": "{card} cannot be laid: a card that captures must be played (forced capture).",
        "de": "{card} darf nicht gelegt werden: wer fangen kann, muss fangen.",
    },
    "rules_zwickern": {
        "en": "Play one card a turn. A card of the same rank as table cards captures them; a Joker "
        "takes the whole table. A card that captures nothing is laid on the table. Captured cards "
        "score at the end of the round; the most points win.",
        "de": "Pro Zug eine Karte. Eine Karte fängt die Tischkarten gleichen Werts; ein Joker räumt "
        "den ganzen Tisch ab. Wer nichts fängt, legt die Karte auf den Tisch. Gefangene Karten zählen "
        "am Rundenende; die meisten Punkte gewinnen.",
    },
    "rules_dog": {
        "en": "Partners (opposite seats) play as a team: bring all pegs of your team home into "
        "the Himmel. Ace, King or Joker bring a peg out of the kennel onto the start field; a card "
        "moves a peg its value (4 also backwards, 7 split over several pegs, Jack swaps two pegs). "
        "Landing on a peg sends it home. Before each round partners exchange one card.",
        "de": "Partner (gegenüber) spielen zusammen: alle Steine der Partei in den Himmel "
        "bringen. Ass, König oder Joker holen einen Stein aus dem Lager aufs Bankfeld; eine Karte "
        "fährt einen Stein um ihren Wert (4 auch rückwärts, 7 auf mehrere Steine verteilt, Bube "
        "tauscht zwei Steine). Wer auf einem Stein landet, schickt ihn heim. Vor jeder Runde "
        "tauschen die Partner eine Karte.",
    },
    "rules_himmel": {
        "en": "Lay number cards on the two piles below their target, or play a special card. Who "
        "cannot or will not play takes the marked pile onto the penalty heap. Fewest penalty cards "
        "win.",
        "de": "Zahlenkarten unter dem Ziel auf einen der zwei Stapel legen oder eine Sonderkarte "
        "spielen. Wer nicht kann oder will, nimmt den markierten Stapel auf den Misthaufen. Die "
        "wenigsten Minuspunkte gewinnen.",
    },
    "undo_done_1": {"en": "Took back 1 move.", "de": "1 Zug zurückgenommen."},
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
    "b_new": {"en": "New", "de": "Neu"},
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
