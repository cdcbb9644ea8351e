// Dog: the rules in the project's own words, German and English, with the options and a
// first-game guide. Each section is a heading and paragraphs or lists.
export default {
  en: {
    title: "Dog — how to play",
    intro: "A race in teams: bring all pegs of your team from the kennel around the board into your Himmel. Cards are your dice.",
    sections: [
      {
        h: "Your first move",
        guide: true,
        ol: [
          "Pick a card in your hand. Only cards you can play now are raised and framed.",
          "Pick the peg that should move: the pegs you may move get a white ring. Your choices also appear as buttons under the hand.",
          "Pick the field where it should land (yellow), or press the matching button. If only one move is left, it is played at once.",
          "A 7 is split: choose one step after the other (e.g. 3 with one peg, then 4 with another). “Undo part” takes back the last part; the 7 is played when all seven steps are used.",
          "A Jack swaps: pick your peg, then the other peg on the track (a partner's or an opponent's).",
          "A Joker first asks which card it stands for (Ace, King, 4, 7, Jack…), then goes on like that card.",
          "At the start of every round you give one card to your partner: just click it. Nobody else sees it.",
        ],
      },
      {
        h: "The board and the teams",
        p: [
          "Every player has a kennel with four pegs, a start field on the track (the thick ring in the player's colour) and a Himmel of four fields leading inwards from it. Partners sit opposite each other. Play goes counter-clockwise.",
          "With 4 players there are two teams of two, with 6 players three teams of two. Your team wins the moment its last peg reaches its Himmel.",
        ],
      },
      {
        h: "Rounds and cards",
        p: [
          "The first round deals 6 cards each, then 5, 4, 3, 2 and again 6. Before play, partners swap one card face down. If you can play a card, you must, with its full value; if you cannot play any card, you fold and are out until the next round.",
        ],
        ul: [
          "Ace: 1 or 11 forward, or bring a peg out onto your start field.",
          "King: 13 forward, or bring a peg out.",
          "Queen 12, 10, 9, 8, 6, 5, 3, 2: that many forward.",
          "4: four forward or four back.",
          "7: seven single steps split over your own pegs; pegs passed by a 7 go home.",
          "Jack: swap one of your pegs on the track with another peg on the track.",
          "Joker: any of these cards.",
        ],
      },
      {
        h: "Moving and sending home",
        p: [
          "A peg that lands on an occupied field sends the peg there back to its kennel — also your own or your partner's. Only the 7 sends home every peg it passes.",
          "A peg just brought out onto its start field blocks: nobody may pass it, land on it or swap it until it moves.",
          "To enter your Himmel, a peg moves forward from your start field inwards; a peg fresh from the kennel must first go once around (or back with a 4 and forward again). In the Himmel pegs move only forward, by the exact count, and may not jump over each other.",
          "Once all your pegs are home, you play your cards for your partner's pegs.",
        ],
      },
      {
        h: "Options",
        dl: [
          ["Players", "4 or 6 (in teams of two, partners opposite). With the extra options also 2, 3 or 5, everyone for themselves."],
          ["First dealer", "Who deals first; “by lot” lets the table's seed decide. The player after the dealer starts, and the start moves on each round."],
          ["Teams (6 players)", "Three teams of two, or two teams of three."],
          ["7 with partner", "The steps of a 7 may also move your partner's pegs."],
          ["2 steals", "A 2 may instead take a random card from an opponent."],
          ["No swapping back", "A Jack may not undo the previous swap."],
          ["No Joker for the last peg", "The last peg of a team may not go home with a Joker."],
        ],
      },
    ],
  },
  de: {
    title: "Dog – so wird gespielt",
    intro: "Ein Wettrennen im Team: Bringt alle Steine eurer Partei aus dem Lager einmal um das Brett in euren Himmel. Die Karten sind eure Würfel.",
    sections: [
      {
        h: "Dein erster Zug",
        guide: true,
        ol: [
          "Wähle eine Karte aus deiner Hand. Nur Karten, die jetzt spielbar sind, stehen hervor und sind umrandet.",
          "Wähle den Stein, der ziehen soll: Steine, die ziehen dürfen, haben einen weissen Ring. Deine Möglichkeiten stehen auch als Schaltflächen unter der Hand.",
          "Wähle das Feld, auf dem er landen soll (gelb), oder tippe die passende Schaltfläche. Bleibt nur ein Zug übrig, wird er sofort gespielt.",
          "Die 7 wird aufgeteilt: wähle einen Teil nach dem anderen (z. B. 3 mit einem Stein, dann 4 mit einem anderen). „Teil zurücknehmen“ nimmt den letzten Teil zurück; gespielt ist die 7, wenn alle sieben Schritte verteilt sind.",
          "Der Bube tauscht: wähle deinen Stein, dann den anderen Stein auf der Bahn (vom Partner oder vom Gegner).",
          "Der Joker fragt zuerst, welche Karte er sein soll (Ass, König, 4, 7, Bube …), dann geht es weiter wie mit dieser Karte.",
          "Zu Beginn jeder Runde gibst du deinem Partner eine Karte: einfach anklicken. Niemand sonst sieht sie.",
        ],
      },
      {
        h: "Brett und Parteien",
        p: [
          "Alle haben ein Lager mit vier Steinen, ein Bankfeld auf der Bahn (der dicke Ring in der eigenen Farbe) und einen Himmel aus vier Feldern, der von dort nach innen führt. Partner sitzen einander gegenüber. Gespielt wird gegen den Uhrzeigersinn.",
          "Zu viert spielen zwei Parteien zu zweit, zu sechst drei Parteien zu zweit. Eure Partei gewinnt, sobald ihr letzter Stein im Himmel ist.",
        ],
      },
      {
        h: "Runden und Karten",
        p: [
          "In der ersten Runde bekommt jede Person 6 Karten, dann 5, 4, 3, 2 und wieder 6. Vor dem Spiel tauschen Partner verdeckt eine Karte. Wer eine Karte spielen kann, muss es tun, mit ihrem vollen Wert; wer keine spielen kann, steigt aus und setzt bis zur nächsten Runde aus.",
        ],
        ul: [
          "Ass: 1 oder 11 vorwärts, oder einen Stein aufs Bankfeld setzen.",
          "König: 13 vorwärts, oder einen Stein aufs Bankfeld setzen.",
          "Dame 12, 10, 9, 8, 6, 5, 3, 2: so viele Felder vorwärts.",
          "4: vier vorwärts oder vier rückwärts.",
          "7: sieben Einzelschritte, verteilt auf eigene Steine; wen die 7 überholt, der muss heim.",
          "Bube: einen eigenen Stein auf der Bahn mit einem anderen Stein auf der Bahn tauschen.",
          "Joker: jede dieser Karten.",
        ],
      },
      {
        h: "Ziehen und heimschicken",
        p: [
          "Wer auf einem besetzten Feld landet, schickt den Stein dort zurück ins Lager – auch den eigenen oder den des Partners. Nur die 7 schickt jeden Stein heim, den sie überholt.",
          "Ein Stein, der gerade aufs Bankfeld gesetzt wurde, sperrt: niemand darf ihn überholen, auf ihm landen oder ihn tauschen, bis er weiterzieht.",
          "In den Himmel geht ein Stein vorwärts vom eigenen Bankfeld nach innen; ein frisch gesetzter Stein muss erst einmal herum (oder mit der 4 zurück und wieder vor). Im Himmel zieht man nur vorwärts, genau passend, und darf nicht überspringen.",
          "Sind alle eigenen Steine im Himmel, spielst du deine Karten für die Steine deines Partners.",
        ],
      },
      {
        h: "Optionen",
        dl: [
          ["Spielerzahl", "4 oder 6 (Parteien zu zweit, Partner gegenüber). Mit den Zusatzoptionen auch 2, 3 oder 5, alle für sich."],
          ["Erster Geber", "Wer zuerst gibt; „ausgelost“ überlässt es dem Zufall des Tisches. Es beginnt die Person nach dem Geber, jede Runde eine weiter."],
          ["Parteien (6 Personen)", "Drei Parteien zu zweit oder zwei zu dritt."],
          ["7 mit Partner", "Die Schritte der 7 dürfen auch Steine des Partners ziehen."],
          ["2 stiehlt", "Eine 2 darf stattdessen einem Gegner eine zufällige Karte wegnehmen."],
          ["Kein Zurücktauschen", "Ein Bube darf den vorigen Tausch nicht rückgängig machen."],
          ["Kein Joker für den letzten Stein", "Der letzte Stein einer Partei darf nicht mit dem Joker in den Himmel."],
        ],
      },
    ],
  },
};
