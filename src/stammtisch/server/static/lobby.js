// The lobby: create a table (game, options, seats, nickname, turn timer) and the lists of
// tables (waiting, in play, finished). The parts live in lobby/: options (one field per
// game option), tables (the lists).
import { api, saveNickname, saveSeat, savedNickname } from "./api.js";
import { clear, go, h, keepOpen, toast } from "./dom.js";
import { onLangChange, pick, t } from "./i18n.js";
import { optionInput } from "./lobby/options.js";
import { drawTables, loadTables } from "./lobby/tables.js";
import { helpLink } from "./table/head.js";

const DEFAULT_LEVELS = ["easy", "medium", "hard"];
const TIMERS = [null, 30, 60, 120, 300];

export function renderLobby(root) {
  const state = {
    games: [],
    levels: DEFAULT_LEVELS,
    game: null,
    options: {},
    seats: [], // "me" | "open" | "bot:<level>"
    lists: { waiting: [], playing: [], over: [] },
    timer: null, // seconds per turn, or null
    chat: true,
  };
  const createBox = h("section", { class: "panel create", id: "create" });
  const listBox = h("section", { class: "panel tables", id: "open-tables" });
  root.append(h("div", { class: "lobby" }, createBox, listBox));
  // What every part below shares: the lobby's state and its two boxes.
  const lb = { state, createBox, listBox };

  load(lb);
  const poll = setInterval(() => refresh(lb), 5000);
  const off = onLangChange(() => {
    drawCreate(lb);
    drawTables(listBox, state.games, state.lists, () => refresh(lb));
  });
  document.title = "stammtisch";
  return {
    destroy() {
      clearInterval(poll);
      off();
    },
  };
}

function gameInfo({ state }) {
  return state.games.find((g) => g.name === state.game) || null;
}

function seatCount(lb) {
  const info = gameInfo(lb);
  if (!info) return 0;
  const n = Number(lb.state.options.players);
  if (Number.isInteger(n) && n >= info.min_players && n <= info.max_players) return n;
  return info.min_players;
}

function resetOptions(lb) {
  const info = gameInfo(lb);
  lb.state.options = {};
  for (const o of info ? info.options : []) lb.state.options[o.name] = o.default;
  fitSeats(lb);
}

function fitSeats(lb) {
  const n = seatCount(lb);
  const seats = lb.state.seats.slice(0, n);
  while (seats.length < n) seats.push(seats.length === 0 ? "me" : "open");
  if (!seats.includes("me")) seats[0] = "me";
  lb.state.seats = seats;
}

function seatRow(lb, i) {
  const state = lb.state;
  const id = `seat-${i}`;
  const sel = h(
    "select",
    { name: id, id },
    h("option", { value: "me", selected: state.seats[i] === "me" }, t("you")),
    h("option", { value: "open", selected: state.seats[i] === "open" }, t("open_for_person")),
    state.levels.map((lv) => h("option", { value: `bot:${lv}`, selected: state.seats[i] === `bot:${lv}` }, t("bot_level", { level: t(lv) }))),
  );
  sel.addEventListener("change", () => {
    if (sel.value === "me") state.seats = state.seats.map((v) => (v === "me" ? "open" : v));
    state.seats[i] = sel.value;
    fitSeats(lb);
    drawCreate(lb);
  });
  return h("li", { class: "seat-row" }, h("span", { class: `seat-dot seat-c${i}`, "aria-hidden": "true" }), h("label", { for: id }, t("words.seat", { n: i + 1 })), sel);
}

/** The form drawn anew (a game, a player count or a seat changed), keeping the focus on
 * the field the person was using. */
function drawCreate(lb) {
  keepOpen(lb.createBox, () => drawCreateNow(lb));
}

function drawCreateNow(lb) {
  const { state, createBox } = lb;
  clear(createBox);
  const info = gameInfo(lb);
  const fields = createFields(lb);
  const options = info ? info.options.map((o) => optionField(lb, info, o)) : [];
  const form = h(
    "form",
    { class: "create-form" },
    h("h2", {}, t("new_table")),
    h(
      "div",
      { class: "field" },
      h("label", { for: "game" }, t("game")),
      h("div", { class: "row" }, fields.gameSel, info ? helpLink(info.name, { id: "lobby-help" }) : null),
    ),
    info ? h("p", { class: "desc" }, pick(info.description)) : null,
    options.length ? h("fieldset", { class: "options" }, h("legend", {}, t("options")), options) : null,
    h("fieldset", { class: "seats" }, h("legend", {}, t("seats")), h("ol", {}, state.seats.map((_, i) => seatRow(lb, i)))),
    h("div", { class: "field" }, h("label", { for: "nickname" }, t("nickname")), fields.nick),
    h("div", { class: "field" }, h("label", { for: "turn-timer" }, t("turn_timer")), fields.timer),
    h("div", { class: "option check" }, h("label", { for: "chat-on" }, t("chat_allowed")), fields.chat),
    h("button", { type: "submit", class: "primary", id: "create-table" }, t("create")),
  );
  form.addEventListener("submit", (ev) => submit(lb, ev, fields.nick));
  createBox.append(form);
}

/** The form's own inputs (game, nickname, turn timer, chat), wired to the state. */
function createFields(lb) {
  const state = lb.state;
  const gameSel = h("select", { id: "game", name: "game" }, state.games.map((g) => h("option", { value: g.name, selected: g.name === state.game }, pick(g.title))));
  gameSel.addEventListener("change", () => {
    state.game = gameSel.value;
    resetOptions(lb);
    drawCreate(lb);
  });
  // What the person typed survives a redraw of the form (changing a seat or the game).
  const nick = h("input", { id: "nickname", name: "nickname", type: "text", maxlength: 24, required: true, placeholder: t("nickname_ph"), value: state.nick ?? savedNickname() });
  nick.addEventListener("input", () => {
    state.nick = nick.value;
  });
  const timer = h(
    "select",
    { id: "turn-timer", name: "turn_timer" },
    TIMERS.map((sec) => h("option", { value: sec ?? "", selected: sec === state.timer }, sec ? t("seconds", { n: sec }) : t("no_timer"))),
  );
  timer.addEventListener("change", () => {
    state.timer = timer.value ? Number(timer.value) : null;
  });
  const chat = h("input", { type: "checkbox", id: "chat-on", name: "chat", checked: state.chat });
  chat.addEventListener("change", () => {
    state.chat = chat.checked;
  });
  return { gameSel, nick, timer, chat };
}

/** One game option's field; the number of players also decides the seats. */
function optionField(lb, info, o) {
  const state = lb.state;
  return optionInput(o, {
    game: info.name,
    value: state.options[o.name],
    players: seatCount(lb),
    onChange: (value, { quiet = false } = {}) => {
      state.options[o.name] = value;
      if (o.name === "players") fitSeats(lb);
      if (!quiet && o.name === "players") drawCreate(lb);
    },
  });
}

async function submit(lb, ev, nick) {
  const state = lb.state;
  ev.preventDefault();
  const nickname = nick.value.trim();
  if (!nickname) {
    nick.focus();
    return;
  }
  saveNickname(nickname);
  const body = {
    game: state.game,
    options: state.options,
    seats: state.seats.map((v) => (v.startsWith("bot:") ? { type: "bot", level: v.slice(4) } : { type: "open" })),
    nickname,
    seat: state.seats.indexOf("me"),
    turn_timer: state.timer,
  };
  if (!state.chat) body.chat = false;
  try {
    const res = await api.createTable(body);
    saveSeat(res.table.id, res.seat, res.token, nickname);
    go(res.invite_url || `/t/${res.table.id}`);
  } catch (exc) {
    toast(exc.message, "error");
  }
}

async function refresh(lb) {
  lb.state.lists = await loadTables();
  drawTables(lb.listBox, lb.state.games, lb.state.lists, () => refresh(lb));
}

async function load(lb) {
  const state = lb.state;
  try {
    const [games, bots] = await Promise.all([api.games(), api.bots().catch(() => null)]);
    state.games = games || [];
    if (bots && Array.isArray(bots.levels) && bots.levels.length) state.levels = bots.levels;
  } catch (exc) {
    toast(exc.message, "error");
  }
  if (!state.game && state.games.length) state.game = state.games[0].name;
  resetOptions(lb);
  drawCreate(lb);
  refresh(lb);
}
