// The lobby: create a table (game, options, seats, nickname) and list open tables.
import { api, saveNickname, saveSeat, savedNickname } from "./api.js";
import { clear, go, h, toast } from "./dom.js";
import { onLangChange, pick, t, tMaybe } from "./i18n.js";

const DEFAULT_LEVELS = ["easy", "medium", "hard"];

export function renderLobby(root) {
  const state = {
    games: [],
    levels: DEFAULT_LEVELS,
    game: null,
    options: {},
    seats: [], // "me" | "open" | "bot:<level>"
    tables: [],
    timer: null, // seconds per turn, or null
  };
  const createBox = h("section", { class: "panel create", id: "create" });
  const listBox = h("section", { class: "panel tables", id: "open-tables" });
  root.append(h("div", { class: "lobby" }, createBox, listBox));

  function gameInfo() {
    return state.games.find((g) => g.name === state.game) || null;
  }

  function seatCount() {
    const info = gameInfo();
    if (!info) return 0;
    const n = Number(state.options.players);
    if (Number.isInteger(n) && n >= info.min_players && n <= info.max_players) return n;
    return info.min_players;
  }

  function resetOptions() {
    const info = gameInfo();
    state.options = {};
    for (const o of info ? info.options : []) state.options[o.name] = o.default;
    fitSeats();
  }

  function fitSeats() {
    const n = seatCount();
    const seats = state.seats.slice(0, n);
    while (seats.length < n) seats.push(seats.length === 0 ? "me" : "open");
    if (!seats.includes("me")) seats[0] = "me";
    state.seats = seats;
  }

  function optionInput(o) {
    const id = `opt-${o.name}`;
    const value = state.options[o.name];
    let input;
    if (o.type === "bool") {
      input = h("input", { type: "checkbox", id, name: o.name, checked: Boolean(value) });
      input.addEventListener("change", () => {
        state.options[o.name] = input.checked;
      });
    } else if (Array.isArray(o.allowed) && o.allowed.length) {
      input = h(
        "select",
        { id, name: o.name },
        o.allowed.map((a) => h("option", { value: String(a), selected: a === value }, String(a))),
      );
      input.addEventListener("change", () => {
        const raw = input.value;
        const match = o.allowed.find((a) => String(a) === raw);
        state.options[o.name] = match === undefined ? raw : match;
        if (o.name === "players") {
          fitSeats();
          drawCreate();
        }
      });
    } else if (o.type === "int") {
      input = h("input", { type: "number", id, name: o.name, value, min: o.minimum, max: o.maximum, step: 1 });
      input.addEventListener("change", () => {
        state.options[o.name] = Number.parseInt(input.value, 10);
        if (o.name === "players") {
          fitSeats();
          drawCreate();
        }
      });
    } else {
      input = h("input", { type: "text", id, name: o.name, value });
      input.addEventListener("change", () => {
        state.options[o.name] = input.value;
      });
    }
    return h(
      "div",
      { class: `option ${o.type === "bool" ? "check" : ""}` },
      h("label", { for: id, title: o.doc }, tMaybe(`opt_${o.name}`) ?? o.name.replaceAll("_", " ")),
      input,
      h("small", { class: "doc" }, o.doc),
    );
  }

  function seatRow(i) {
    const sel = h(
      "select",
      { name: `seat-${i}`, "aria-label": t("seat_n", { n: i + 1 }) },
      h("option", { value: "me", selected: state.seats[i] === "me" }, t("you")),
      h("option", { value: "open", selected: state.seats[i] === "open" }, t("open")),
      state.levels.map((lv) =>
        h("option", { value: `bot:${lv}`, selected: state.seats[i] === `bot:${lv}` }, t("bot_level", { level: t(lv) })),
      ),
    );
    sel.addEventListener("change", () => {
      if (sel.value === "me") state.seats = state.seats.map((v) => (v === "me" ? "open" : v));
      state.seats[i] = sel.value;
      fitSeats();
      drawCreate();
    });
    return h("li", { class: "seat-row" }, h("span", { class: `seat-dot seat-c${i}` }), t("seat_n", { n: i + 1 }), sel);
  }

  function drawCreate() {
    clear(createBox);
    const info = gameInfo();
    const gameSel = h(
      "select",
      { id: "game", name: "game" },
      state.games.map((g) => h("option", { value: g.name, selected: g.name === state.game }, pick(g.title))),
    );
    gameSel.addEventListener("change", () => {
      state.game = gameSel.value;
      resetOptions();
      drawCreate();
    });
    const nick = h("input", {
      id: "nickname",
      name: "nickname",
      type: "text",
      maxlength: 24,
      required: true,
      placeholder: t("nickname_ph"),
      value: savedNickname(),
    });
    const timer = h(
      "select",
      { id: "turn-timer", name: "turn_timer" },
      [null, 30, 60, 120, 300].map((sec) =>
        h("option", { value: sec ?? "", selected: sec === state.timer }, sec ? t("seconds", { n: sec }) : t("no_timer")),
      ),
    );
    timer.addEventListener("change", () => {
      state.timer = timer.value ? Number(timer.value) : null;
    });
    const form = h(
      "form",
      { class: "create-form" },
      h("h2", {}, t("new_table")),
      h("div", { class: "field" }, h("label", { for: "game" }, t("game")), gameSel),
      info ? h("p", { class: "desc" }, pick(info.description)) : null,
      info && info.options.length
        ? h("fieldset", { class: "options" }, h("legend", {}, t("options")), info.options.map(optionInput))
        : null,
      h(
        "fieldset",
        { class: "seats" },
        h("legend", {}, t("seats")),
        h(
          "ol",
          {},
          state.seats.map((_, i) => seatRow(i)),
        ),
      ),
      h("div", { class: "field" }, h("label", { for: "nickname" }, t("nickname")), nick),
      h(
        "div",
        { class: "field" },
        h("label", { for: "turn-timer" }, t("turn_timer")),
        timer,
      ),
      h("button", { type: "submit", class: "primary", id: "create-table" }, t("create")),
    );
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const nickname = nick.value.trim();
      if (!nickname) {
        nick.focus();
        return;
      }
      saveNickname(nickname);
      const mine = state.seats.indexOf("me");
      const body = {
        game: state.game,
        options: state.options,
        seats: state.seats.map((v) =>
          v.startsWith("bot:") ? { type: "bot", level: v.slice(4) } : { type: "open" },
        ),
        nickname,
        seat: mine,
        turn_timer: state.timer,
      };
      try {
        const res = await api.createTable(body);
        saveSeat(res.table.id, res.seat, res.token, nickname);
        go(res.invite_url || `/t/${res.table.id}`);
      } catch (exc) {
        toast(exc.message, "error");
      }
    });
    createBox.append(form);
  }

  function seatSummary(table) {
    return table.seats
      .map((s) => (s.kind === "open" ? `(${t("open")})` : s.kind === "bot" ? t("bot_level", { level: t(s.level) }) : s.nickname))
      .join(", ");
  }

  function drawTables() {
    clear(listBox);
    const refresh = h("button", { type: "button", class: "small", onclick: loadTables }, t("refresh"));
    listBox.append(h("div", { class: "panel-head" }, h("h2", {}, t("open_tables")), refresh));
    if (!state.tables.length) {
      listBox.append(h("p", { class: "muted" }, t("no_open_tables")));
      return;
    }
    const titleOf = (name) => {
      const g = state.games.find((x) => x.name === name);
      return g ? pick(g.title) : name;
    };
    listBox.append(
      h(
        "ul",
        { class: "table-list" },
        state.tables.map((tb) =>
          h(
            "li",
            { class: "table-item", dataset: { table: tb.id } },
            h("div", {}, h("strong", {}, titleOf(tb.game)), " ", h("span", { class: "muted" }, `#${tb.id}`)),
            h("div", { class: "muted small" }, seatSummary(tb)),
            h(
              "div",
              { class: "row" },
              h("a", { href: `/t/${tb.id}`, "data-route": "", class: "button" }, t("join")),
              h("a", { href: `/t/${tb.id}?watch=1`, "data-route": "", class: "button ghost" }, t("watch")),
            ),
          ),
        ),
      ),
    );
  }

  async function loadTables() {
    try {
      state.tables = (await api.tables()) || [];
    } catch {
      state.tables = [];
    }
    drawTables();
  }

  async function load() {
    try {
      const [games, bots] = await Promise.all([api.games(), api.bots().catch(() => null)]);
      state.games = games || [];
      if (bots && Array.isArray(bots.levels) && bots.levels.length) state.levels = bots.levels;
    } catch (exc) {
      toast(exc.message, "error");
    }
    if (!state.game && state.games.length) state.game = state.games[0].name;
    resetOptions();
    drawCreate();
    loadTables();
  }

  load();
  const poll = setInterval(loadTables, 5000);
  const off = onLangChange(() => {
    drawCreate();
    drawTables();
  });
  return {
    destroy() {
      clearInterval(poll);
      off();
    },
  };
}
