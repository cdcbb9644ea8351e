// All player-facing strings of the browser client, in German and English.
// The server sends its own error messages in the chosen language; this table covers
// everything the client itself writes.

const STRINGS = {
  en: {
    brand: "stammtisch",
    lobby: "Lobby",
    new_table: "New table",
    game: "Game",
    options: "Options",
    seats: "Seats",
    seat: "Seat",
    seat_n: "Seat {n}",
    your_seat: "Your seat",
    nickname: "Nickname",
    nickname_ph: "Your name",
    open: "open",
    human: "player",
    bot: "bot",
    bot_level: "Bot ({level})",
    easy: "easy",
    medium: "medium",
    hard: "hard",
    create: "Create table",
    open_tables: "Open tables",
    no_open_tables: "No table is waiting for players.",
    refresh: "Refresh",
    join: "Join",
    join_table: "Join this table",
    watch: "Watch",
    players: "Players",
    status: "Status",
    waiting: "waiting for players",
    playing: "playing",
    over: "game over",
    invite_link: "Invite link",
    spectator_link: "Spectator link",
    copy: "Copy",
    copied: "Copied.",
    you: "you",
    your_turn: "Your turn",
    turn_of: "{name} to move",
    spectating: "You are watching.",
    connected: "online",
    disconnected: "offline",
    reconnecting: "Connection lost, reconnecting…",
    add_bot: "Add bot",
    fill_bots: "Fill open seats with bots",
    leave: "Leave",
    rematch: "Rematch",
    to_rematch: "Go to the rematch",
    replay: "Replay",
    hint: "Hint",
    hint_none: "No hint available.",
    hint_best: "Suggested: {action}",
    log: "Game log",
    move_n: "{n}.",
    result: "Result",
    winner: "Winner",
    winners: "Winners",
    points: "points",
    score: "Score",
    table_not_found: "This table does not exist.",
    back_to_lobby: "Back to the lobby",
    first: "First",
    prev: "Back",
    next: "Forward",
    last: "Last",
    step_of: "Move {i} of {n}",
    replay_unavailable: "The replay is available once the game is over.",
    replay_needs_views: "This server does not offer the positions of the replay.",
    cancel: "Cancel",
    confirm: "Play",
    error: "Error",
    hand: "Hand",
    cards: "{n} cards",
    unknown_game: "This game has no board in the browser yet; its moves:",
    legal_moves: "Legal moves",
    seat_taken: "taken",
    start_when_full: "The game starts when every seat is taken.",
    all_options_default: "defaults",
    // Zwickern
    zw_table: "Table",
    zw_captured: "Captured",
    zw_deck: "Draw pile: {n}",
    zw_round: "Round {r} of {n}",
    zw_dealer: "dealer",
    zw_match_points: "Match points",
    zw_played: "{name} played {card}",
    zw_took: "{name} played {card} and took {cards}",
    // Himmel
    haz_pile: "Pile {p}",
    haz_target: "Target",
    haz_marked: "marked",
    haz_deck: "Draw pile: {n}",
    haz_penalty: "Penalty pile",
    haz_take: "Take the marked pile",
    haz_choose_victim: "Steal from whom?",
    haz_choose_raise: "Raise which target with which card?",
    haz_choose_target: "Choose the new target for the emptied pile:",
    haz_choose_pile: "On which pile?",
    haz_direction: "Direction",
    haz_cw: "clockwise",
    haz_ccw: "counter-clockwise",
    haz_special_reverse: "Reverse",
    haz_special_steal: "Steal",
    haz_special_raise: "Raise",
    // Dog
    dog_choose_card: "Choose a card.",
    dog_choose_move: "Choose a move: click a highlighted field or a button.",
    dog_give: "Choose the card to give your partner.",
    dog_given: "Waiting for the exchange…",
    dog_joker_as: "Play the Joker as:",
    dog_seven: "Split the 7: choose the next part.",
    dog_seven_so_far: "So far: {parts}",
    dog_seven_undo: "Undo part",
    dog_fold: "Fold",
    dog_round: "Round {r}",
    dog_team: "Team {t}",
    dog_kennel: "kennel",
    dog_finished: "out this round",
  },
  de: {
    brand: "stammtisch",
    lobby: "Lobby",
    new_table: "Neuer Tisch",
    game: "Spiel",
    options: "Optionen",
    seats: "Plätze",
    seat: "Platz",
    seat_n: "Platz {n}",
    your_seat: "Dein Platz",
    nickname: "Spitzname",
    nickname_ph: "Dein Name",
    open: "frei",
    human: "Person",
    bot: "Bot",
    bot_level: "Bot ({level})",
    easy: "leicht",
    medium: "mittel",
    hard: "schwer",
    create: "Tisch eröffnen",
    open_tables: "Offene Tische",
    no_open_tables: "Kein Tisch wartet auf Mitspielende.",
    refresh: "Aktualisieren",
    join: "Beitreten",
    join_table: "Diesem Tisch beitreten",
    watch: "Zuschauen",
    players: "Spielende",
    status: "Stand",
    waiting: "wartet auf Mitspielende",
    playing: "läuft",
    over: "beendet",
    invite_link: "Einladungslink",
    spectator_link: "Zuschauerlink",
    copy: "Kopieren",
    copied: "Kopiert.",
    you: "du",
    your_turn: "Du bist am Zug",
    turn_of: "{name} ist am Zug",
    spectating: "Du schaust zu.",
    connected: "online",
    disconnected: "offline",
    reconnecting: "Verbindung unterbrochen, verbinde neu…",
    add_bot: "Bot hinzufügen",
    fill_bots: "Freie Plätze mit Bots füllen",
    leave: "Verlassen",
    rematch: "Revanche",
    to_rematch: "Zur Revanche",
    replay: "Wiederholung",
    hint: "Tipp",
    hint_none: "Kein Tipp verfügbar.",
    hint_best: "Vorschlag: {action}",
    log: "Spielverlauf",
    move_n: "{n}.",
    result: "Ergebnis",
    winner: "Gewinner",
    winners: "Gewinner",
    points: "Punkte",
    score: "Punkte",
    table_not_found: "Diesen Tisch gibt es nicht.",
    back_to_lobby: "Zurück zur Lobby",
    first: "Anfang",
    prev: "Zurück",
    next: "Weiter",
    last: "Ende",
    step_of: "Zug {i} von {n}",
    replay_unavailable: "Die Wiederholung gibt es, sobald das Spiel zu Ende ist.",
    replay_needs_views: "Dieser Server liefert die Stellungen der Wiederholung nicht.",
    cancel: "Abbrechen",
    confirm: "Spielen",
    error: "Fehler",
    hand: "Hand",
    cards: "{n} Karten",
    unknown_game: "Für dieses Spiel gibt es noch kein Brett im Browser; seine Züge:",
    legal_moves: "Mögliche Züge",
    seat_taken: "besetzt",
    start_when_full: "Das Spiel beginnt, sobald alle Plätze besetzt sind.",
    all_options_default: "Standard",
    zw_table: "Tisch",
    zw_captured: "Gefangen",
    zw_deck: "Stapel: {n}",
    zw_round: "Runde {r} von {n}",
    zw_dealer: "gibt",
    zw_match_points: "Gesamtpunkte",
    zw_played: "{name} legt {card}",
    zw_took: "{name} spielt {card} und fängt {cards}",
    haz_pile: "Stapel {p}",
    haz_target: "Ziel",
    haz_marked: "markiert",
    haz_deck: "Nachziehstapel: {n}",
    haz_penalty: "Misthaufen",
    haz_take: "Markierten Stapel nehmen",
    haz_choose_victim: "Wen bestehlen?",
    haz_choose_raise: "Welches Ziel mit welcher Karte erhöhen?",
    haz_choose_target: "Wähle das neue Ziel für den geleerten Stapel:",
    haz_choose_pile: "Auf welchen Stapel?",
    haz_direction: "Richtung",
    haz_cw: "im Uhrzeigersinn",
    haz_ccw: "gegen den Uhrzeigersinn",
    haz_special_reverse: "Richtungswechsel",
    haz_special_steal: "Diebstahl",
    haz_special_raise: "Ziel erhöhen",
    dog_choose_card: "Wähle eine Karte.",
    dog_choose_move: "Wähle einen Zug: klicke ein markiertes Feld oder eine Schaltfläche.",
    dog_give: "Wähle die Karte für deinen Partner.",
    dog_given: "Warte auf den Tausch…",
    dog_joker_as: "Joker spielen als:",
    dog_seven: "Die 7 aufteilen: wähle den nächsten Teil.",
    dog_seven_so_far: "Bisher: {parts}",
    dog_seven_undo: "Teil zurücknehmen",
    dog_fold: "Aussteigen",
    dog_round: "Runde {r}",
    dog_team: "Team {t}",
    dog_kennel: "Lager",
    dog_finished: "diese Runde draussen",
  },
};

const KEY = "stammtisch.lang";
const listeners = new Set();

function initialLang() {
  const saved = localStorage.getItem(KEY);
  if (saved === "de" || saved === "en") return saved;
  const nav = (navigator.language || "en").toLowerCase();
  return nav.startsWith("de") ? "de" : "en";
}

let current = initialLang();

export function lang() {
  return current;
}

export function setLang(value) {
  if (value !== "de" && value !== "en") return;
  current = value;
  localStorage.setItem(KEY, value);
  document.documentElement.lang = value;
  for (const fn of listeners) fn(value);
}

/** Call fn(lang) whenever the language changes; returns a function that unsubscribes. */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The string for key in the current language, with {name} placeholders filled in. */
export function t(key, params = {}) {
  const table = STRINGS[current] || STRINGS.en;
  let text = table[key] ?? STRINGS.en[key] ?? key;
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

/** A value from a {"en": ..., "de": ...} mapping sent by the server (game titles). */
export function pick(mapping) {
  if (!mapping || typeof mapping !== "object") return String(mapping ?? "");
  return mapping[current] ?? mapping.en ?? Object.values(mapping)[0] ?? "";
}

export const LANGS = Object.keys(STRINGS);
