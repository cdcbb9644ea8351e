// Himmel, A… und Zwirn: the rules in the project's own words, German and English.
export default {
  en: {
    title: "Himmel, A… und Zwirn — how to play",
    intro: "Get rid of your cards without being the one who has to take the pile. Every card you take is a penalty point: fewest penalty cards wins.",
    sections: [
      {
        h: "Your first move",
        guide: true,
        ol: [
          "Click a number card in your hand that fits a pile: it is played there. If it fits both piles, click the pile it should go on.",
          "Special cards: “Reverse” changes the direction, “Steal” asks whom to steal from (click a player), “Raise” asks which target to raise.",
          "Nothing fits, or you would rather not? Press “Take the marked pile” and then choose a hand card as the new target.",
        ],
      },
      {
        h: "The piles",
        p: [
          "Two piles lie in the middle, each under a target card. A number card fits a pile when it is lower than the target and higher than the pile's top card. One pile is marked with a star: that is the one a player takes.",
          "The deck has the numbers 1 to 70 once each and special cards: 6 Reverse, 5 Steal, 4 Raise. Everyone holds 5 cards and refills after playing.",
        ],
      },
      {
        h: "Special cards",
        ul: [
          "Reverse: play now goes the other way round.",
          "Steal: take a random card from another player, who draws a new one. Only the two of you see the card.",
          "Raise: put a higher number from your hand on a target; it becomes the new target.",
          "Every special card you play lands on your own penalty pile.",
        ],
      },
      {
        h: "Taking the pile",
        p: [
          "Instead of playing, you may always take the marked pile: all its cards, targets included, go to your penalty pile. Then the star moves to the other pile and you lay a number card from your hand as the new target of the emptied pile.",
          "If the draw pile is empty when somebody takes, the game ends.",
        ],
      },
      {
        h: "Options",
        dl: [
          ["Players", "3 to 6."],
          ["Games in the match", "Several games in a row; the penalty cards add up."],
          ["Starting seat", "Who starts the first game; “by lot” lets the table's seed decide."],
        ],
      },
    ],
  },
  de: {
    title: "Himmel, A… und Zwirn – so wird gespielt",
    intro: "Werde deine Karten los, ohne den Stapel nehmen zu müssen. Jede genommene Karte ist ein Minuspunkt: wer am wenigsten Strafkarten hat, gewinnt.",
    sections: [
      {
        h: "Dein erster Zug",
        guide: true,
        ol: [
          "Klicke eine Zahlenkarte, die auf einen Stapel passt: sie wird dort gespielt. Passt sie auf beide, klicke den Stapel, auf den sie soll.",
          "Sonderkarten: „Wechsel“ dreht die Richtung, „Stehlen“ fragt, wen du bestiehlst (klicke eine Person), „Erhöhen“ fragt, welches Ziel du erhöhst.",
          "Nichts passt, oder du willst nicht? Tippe „Markierten Stapel nehmen“ und wähle dann eine Handkarte als neues Ziel.",
        ],
      },
      {
        h: "Die Stapel",
        p: [
          "In der Mitte liegen zwei Stapel, jeder unter einer Zielkarte. Eine Zahlenkarte passt, wenn sie kleiner als das Ziel und grösser als die oberste Karte des Stapels ist. Ein Stapel trägt den Stern: diesen nimmt, wer nimmt.",
          "Im Spiel sind die Zahlen 1 bis 70 je einmal und Sonderkarten: 6 Wechsel, 5 Stehlen, 4 Erhöhen. Alle haben 5 Karten und ziehen nach dem Spielen nach.",
        ],
      },
      {
        h: "Sonderkarten",
        ul: [
          "Wechsel: es geht in die andere Richtung weiter.",
          "Stehlen: nimm einer anderen Person eine zufällige Karte; sie zieht eine neue. Nur ihr beide seht die Karte.",
          "Erhöhen: lege eine höhere Zahl aus deiner Hand auf ein Ziel; sie ist das neue Ziel.",
          "Jede gespielte Sonderkarte kommt auf deinen eigenen Misthaufen.",
        ],
      },
      {
        h: "Den Stapel nehmen",
        p: [
          "Statt zu spielen darfst du immer den markierten Stapel nehmen: alle seine Karten samt Zielen kommen auf deinen Misthaufen. Dann wandert der Stern zum anderen Stapel, und du legst eine Zahlenkarte aus deiner Hand als neues Ziel des geleerten Stapels.",
          "Ist beim Nehmen der Nachziehstapel leer, endet das Spiel.",
        ],
      },
      {
        h: "Optionen",
        dl: [
          ["Spielerzahl", "3 bis 6."],
          ["Partien im Match", "Mehrere Partien hintereinander; die Strafkarten zählen zusammen."],
          ["Startplatz", "Wer die erste Partie beginnt; „ausgelost“ überlässt es dem Zufall des Tisches."],
        ],
      },
    ],
  },
};
