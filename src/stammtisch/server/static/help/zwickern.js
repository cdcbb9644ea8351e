// Zwickern: the rules in the project's own words, German and English.
export default {
  en: {
    title: "Zwickern — how to play",
    intro: "Capture cards from the table with cards of the same rank. Aces, tens and faces are worth points; most points wins.",
    sections: [
      {
        h: "Your first move",
        guide: true,
        ol: [
          "When it is your turn, the cards you may play are raised and framed in green.",
          "Click one (or move to it with Tab and press Enter): it is played at once.",
          "If a card of the same rank lies on the table, your card captures all of them. Otherwise it stays on the table.",
        ],
      },
      {
        h: "The game",
        p: [
          "The pack has 7, 8, 9, 10, Jack, Queen, King and Ace in four suits and 2 Jokers. Everyone gets 4 cards, 4 more lie open on the table. When all hands are empty, new cards are dealt until the pack is used up.",
          "A Joker captures the whole table (a Joker lying there too); played on an empty table it stays there, and then only another Joker takes it.",
          "If you can capture, you must (unless the table was set up without forced capture). A Joker may always be played.",
          "At the end of the round the last player who captured gets the cards still on the table.",
        ],
      },
      {
        h: "Scoring",
        ul: [
          "Ace 11, Ten 10, King 4, Queen 3, Jack 2; 7, 8, 9 and Joker nothing — 120 in all.",
          "10 more points for strictly the most captured cards (a tie gives them to nobody).",
          "A match has several rounds (by default one per player, so everyone deals once); points add up.",
        ],
      },
      {
        h: "Options",
        dl: [
          ["Players", "2 to 4."],
          ["Forced capture", "On: whoever can capture must capture. Off: you may also lay a card."],
          ["Rounds", "How many rounds the match has; “one per player” lets everyone deal once."],
          ["First dealer", "Who deals first; “by lot” lets the table's seed decide. The player after the dealer starts."],
          ["On a tie", "When two or more players end the match with the most points: they win together (the usual), or everyone plays one more round, again while the tie for first remains."],
        ],
      },
    ],
  },
  de: {
    title: "Zwickern – so wird gespielt",
    intro: "Fange Karten vom Tisch mit Karten gleichen Werts. Asse, Zehner und Bilder zählen Punkte; wer die meisten hat, gewinnt.",
    sections: [
      {
        h: "Dein erster Zug",
        guide: true,
        ol: [
          "Bist du am Zug, stehen die spielbaren Karten hervor und sind grün umrandet.",
          "Klicke eine an (oder gehe mit der Tabulatortaste hin und drücke Enter): sie wird sofort gespielt.",
          "Liegt eine Karte gleichen Werts auf dem Tisch, fängt deine Karte alle davon. Sonst bleibt sie auf dem Tisch liegen.",
        ],
      },
      {
        h: "Das Spiel",
        p: [
          "Im Spiel sind 7, 8, 9, 10, Bube, Dame, König und Ass in vier Farben und 2 Joker. Alle bekommen 4 Karten, 4 weitere liegen offen auf dem Tisch. Sind alle Hände leer, wird nachgegeben, bis der Stapel aufgebraucht ist.",
          "Ein Joker räumt den ganzen Tisch ab (auch einen Joker, der dort liegt); auf einen leeren Tisch gespielt bleibt er liegen, und dann fängt ihn nur ein anderer Joker.",
          "Wer fangen kann, muss fangen (ausser der Tisch wurde ohne Schlagzwang eröffnet). Ein Joker darf immer gespielt werden.",
          "Am Ende der Runde bekommt die Person, die zuletzt gefangen hat, die restlichen Tischkarten.",
        ],
      },
      {
        h: "Zählen",
        ul: [
          "Ass 11, Zehn 10, König 4, Dame 3, Bube 2; 7, 8, 9 und Joker nichts – zusammen 120.",
          "10 Punkte mehr für die meisten gefangenen Karten (bei Gleichstand bekommt sie niemand).",
          "Ein Match hat mehrere Runden (üblich: eine pro Person, so gibt jede einmal); die Punkte zählen zusammen.",
        ],
      },
      {
        h: "Optionen",
        dl: [
          ["Spielerzahl", "2 bis 4."],
          ["Schlagzwang", "An: wer fangen kann, muss fangen. Aus: man darf auch eine Karte legen."],
          ["Runden", "Wie viele Runden das Match hat; „eine pro Person“ lässt alle einmal geben."],
          ["Erster Geber", "Wer zuerst gibt; „ausgelost“ überlässt es dem Zufall des Tisches. Es beginnt die Person nach dem Geber."],
          ["Bei Gleichstand", "Haben am Ende des Matchs mehrere die meisten Punkte: Sie gewinnen gemeinsam (üblich), oder alle spielen eine weitere Runde, und wieder, solange der Gleichstand an der Spitze bleibt."],
        ],
      },
    ],
  },
};
