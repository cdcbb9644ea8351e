// One input per game option, labelled and explained in the player's words: choice lists for
// bounded options, seats counted 1…n, "drawn by lot" for -1, no ruling codes.
import { h } from "../dom.js";
import { t, tMaybe } from "../i18n.js";

// Options whose value is a seat (0-based on the wire, 1…n for people; -1 = by lot).
const SEAT_OPTIONS = new Set(["dealer", "start", "first_dealer", "start_seat"]);
// A bounded number with at most this many values becomes a choice list.
const MAX_CHOICES = 30;

/** The option's label and help, from the catalogue (web.po: opt_<name>, opt_<game>_<name>_help
 * or opt_<name>_help); tests/server/test_help_pages.py checks that every option has them. */
export function optionLabel(o) {
  return tMaybe(`opt_${o.name}`) ?? o.name.replaceAll("_", " ");
}

export function optionHelp(o, game) {
  return tMaybe(`opt_${game}_${o.name}_help`) ?? tMaybe(`opt_${o.name}_help`) ?? "";
}

/** The values to choose from and their words, or null for a free input. */
function choices(o, players) {
  if (o.name === "teams" && Array.isArray(o.allowed) && players) return teamChoices(o, players);
  if (Array.isArray(o.allowed) && o.allowed.length) return o.allowed.map((a) => [a, valueWords(o, a)]);
  if (o.type !== "int" || o.minimum === null || o.maximum === null || o.minimum === undefined) return null;
  let max = o.maximum;
  if (SEAT_OPTIONS.has(o.name) && players) max = Math.min(max, players - 1);
  if (max - o.minimum + 1 > MAX_CHOICES) return null;
  const out = [];
  for (let v = o.minimum; v <= max; v++) out.push([v, valueWords(o, v)]);
  return out;
}

/** Dog's number of teams: 0 is the usual split for the player count (teams of two for 4
 * and 6, DOG-3/DOG-22; everyone alone for 2, 3 and 5, DOG-21); with 6 players also two
 * teams of three (DOG-22). Only the values that fit the table are offered. */
function usualTeams(players) {
  return players === 4 || players === 6 ? players / 2 : players;
}

function teamWords(teams, players) {
  if (teams === players) return t("teams_alone");
  return t("teams_k_of_n", { k: teams, n: players / teams });
}

function teamChoices(o, players) {
  const usual = usualTeams(players);
  const out = [[0, t("teams_usual", { split: teamWords(usual, players) })]];
  for (const k of o.allowed) {
    if (k === 0 || players % k !== 0) continue;
    if (k === usual || (players === 6 && k === 2)) out.push([k, teamWords(k, players)]);
  }
  return out;
}

function valueWords(o, v) {
  if (SEAT_OPTIONS.has(o.name)) return v < 0 ? t("by_lot") : t("words.seat", { n: v + 1 });
  if (o.name === "rounds" && v === 0) return t("rounds_one_each");
  if (typeof v === "boolean") return v ? t("yes") : t("no");
  return tMaybe(`opt_${o.name}_${v}`) ?? String(v);
}

/** The field for option o; onChange(value) after the player changed it. */
export function optionInput(o, { game, value, players, onChange }) {
  const id = `opt-${o.name}`;
  const helpId = `${id}-help`;
  let input;
  const list = o.type === "bool" ? null : choices(o, players);
  if (o.type === "bool") {
    input = h("input", { type: "checkbox", id, name: o.name, checked: Boolean(value), "aria-describedby": helpId });
    input.addEventListener("change", () => onChange(input.checked));
  } else if (list) {
    // A value the list no longer has (fewer seats) falls back to the first choice.
    const has = list.some(([v]) => v === value);
    input = h(
      "select",
      { id, name: o.name, "aria-describedby": helpId },
      list.map(([v, words], i) => h("option", { value: String(v), selected: has ? v === value : i === 0 }, words)),
    );
    if (!has) queueMicrotask(() => onChange(list[0][0], { quiet: true }));
    input.addEventListener("change", () => {
      const match = list.find(([v]) => String(v) === input.value);
      onChange(match ? match[0] : input.value);
    });
  } else if (o.type === "int") {
    input = h("input", { type: "number", id, name: o.name, value, min: o.minimum, max: o.maximum, step: 1, "aria-describedby": helpId });
    input.addEventListener("change", () => onChange(Number.parseInt(input.value, 10)));
  } else {
    input = h("input", { type: "text", id, name: o.name, value, "aria-describedby": helpId });
    input.addEventListener("change", () => onChange(input.value));
  }
  return h(
    "div",
    { class: `option ${o.type === "bool" ? "check" : ""}` },
    h("label", { for: id }, optionLabel(o)),
    input,
    h("small", { class: "doc", id: helpId }, optionHelp(o, game)),
  );
}
