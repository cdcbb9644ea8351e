// The browser's texts come from the server's one message catalogue
// (stammtisch/locale/<lang>/LC_MESSAGES/web.po, served as JSON by GET /api/i18n/{lang}).
// Add a string there, in both languages, as "web.<key>"; here it is t("<key>").
// A plural is a list of forms [one, other], chosen by params.n.

const STRINGS = {};

/** Fetch the catalogue of every language once; call (and await) before the first render. */
export async function loadTexts() {
  await Promise.all(
    ["de", "en"].map(async (code) => {
      const res = await fetch(`/api/i18n/${code}`);
      if (!res.ok) throw new Error(`texts ${code}: HTTP ${res.status}`);
      STRINGS[code] = (await res.json()).messages;
    }),
  );
}

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
/** Like t(), but null when neither language has the key (for optional labels). */
export function tMaybe(key, params = {}) {
  return key in (STRINGS.en || {}) || key in (STRINGS[current] || {}) ? t(key, params) : null;
}

function pluralIndex(n) {
  return new Intl.PluralRules(current).select(Number(n)) === "one" ? 0 : 1;
}

export function t(key, params = {}) {
  const table = STRINGS[current] || STRINGS.en || {};
  let text = table[key] ?? (STRINGS.en || {})[key] ?? key;
  if (Array.isArray(text)) text = text[Math.min(pluralIndex(params.n ?? 0), text.length - 1)] ?? key;
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

/** Names as a list in words: "Anna, Ueli und Walti" / "Anna, Ueli, and Walti". */
export function nameList(names) {
  return new Intl.ListFormat(current, { style: "long", type: "conjunction" }).format(names.map(String));
}

/** A value from a {"en": ..., "de": ...} mapping sent by the server (game titles). */
export function pick(mapping) {
  if (!mapping || typeof mapping !== "object") return String(mapping ?? "");
  return mapping[current] ?? mapping.en ?? Object.values(mapping)[0] ?? "";
}

export const LANGS = ["de", "en"];
