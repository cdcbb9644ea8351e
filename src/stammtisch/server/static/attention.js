// "Your turn" outside the page: the tab title and favicon, an optional short sound made in
// the browser (WebAudio, no sound file), and a notification while the tab is hidden, only
// once the player has allowed it.
import { t } from "./i18n.js";

const SOUND_KEY = "stammtisch.sound";
const NOTIFY_KEY = "stammtisch.notify";
let audio = null;
let wasMine = false;

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "1";
}

export function setSound(on) {
  localStorage.setItem(SOUND_KEY, on ? "1" : "0");
  if (on) beep(); // a sample, and the user gesture browsers want before audio plays
}

export function notifyOn() {
  return localStorage.getItem(NOTIFY_KEY) === "1" && "Notification" in window && Notification.permission === "granted";
}

/** Ask for permission (only on the player's click) and remember the choice. */
export async function setNotify(on) {
  if (!on || !("Notification" in window)) {
    localStorage.setItem(NOTIFY_KEY, "0");
    return false;
  }
  const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  localStorage.setItem(NOTIFY_KEY, answer === "granted" ? "1" : "0");
  return answer === "granted";
}

function beep() {
  try {
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    // Two soft tones, rising: short and not alarming.
    for (const [i, freq] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.14);
      gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.14 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.14 + 0.13);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.14);
      osc.stop(now + i * 0.14 + 0.14);
    }
  } catch {
    // No audio here: the title and favicon still say it.
  }
}

function setFavicon(mine) {
  let link = document.querySelector("link[rel=icon]");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  const href = mine ? "/static/favicon-turn.svg" : "/static/favicon.svg";
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
  link.type = "image/svg+xml";
}

/** Called after every state: title, favicon, and on a new turn sound and notification. */
export function showTurn(mine, title) {
  document.title = mine ? `● ${t("your_turn")} · ${title}` : title;
  document.documentElement.dataset.turn = mine ? "mine" : "";
  setFavicon(mine);
  if (mine && !wasMine) {
    if (soundOn()) beep();
    if (document.hidden && notifyOn()) {
      try {
        new Notification(t("your_turn"), { body: title, tag: "stammtisch-turn" });
      } catch {
        // Some browsers allow notifications only from a service worker: the title says it.
      }
    }
  }
  wasMine = mine;
}

export function resetTurn() {
  wasMine = false;
  setFavicon(false);
  document.documentElement.dataset.turn = "";
}
