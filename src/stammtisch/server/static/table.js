// The table page: join or watch, then render every state the server pushes over the
// WebSocket. The page knows no rules: the game module draws the view and offers exactly the
// server's legal notations; whatever the player picks is sent back as notation.
import { api, forgetSeat, saveNickname, saveSeat, savedNickname, savedSeat } from "./api.js";
import { clear, copyText, go, h, toast } from "./dom.js";
import { onLangChange, pick, t } from "./i18n.js";
import { gameModule } from "./games/index.js";
import { TableSocket } from "./ws.js";

export function renderTable(root, tableId, { watch = false } = {}) {
  const page = {
    info: null, // TableInfo
    games: [],
    msg: null, // last "state" message
    mine: watch ? null : savedSeat(tableId),
    socket: null,
    online: false,
    wasOnline: false, // "connection lost" only after a connection was there
    hint: null,
    module: null,
    levels: ["easy", "medium", "hard"],
  };
  const el = h("section", { class: "table-page", id: "table-page", dataset: { table: tableId } });
  root.append(el);
  const head = h("div", { class: "table-head" });
  const seatsBox = h("div", { class: "seats-bar", id: "seats" });
  const banner = h("div", { class: "banner", id: "banner", role: "status" });
  const board = h("div", { class: "board-area", id: "board" });
  const side = h("aside", { class: "side" });
  el.append(head, seatsBox, banner, h("div", { class: "table-main" }, board, side));

  const names = () => (page.info ? page.info.seats.map(seatName) : []);

  function seatName(s) {
    if (!s) return "";
    if (s.kind === "bot") return s.nickname || t("bot_level", { level: t(s.level) });
    if (s.kind === "open") return `(${t("open")})`;
    return s.nickname || t("seat_n", { n: s.seat + 1 });
  }

  function mySeat() {
    if (page.msg && page.msg.seat !== undefined) return page.msg.seat;
    return page.mine ? page.mine.seat : null;
  }

  function gameTitle() {
    if (!page.info) return "";
    const g = page.games.find((x) => x.name === page.info.game);
    return g ? pick(g.title) : page.info.game;
  }

  // --- drawing ---------------------------------------------------------------------------
  function drawHead() {
    clear(head);
    if (!page.info) return;
    const base = `${location.origin}/t/${tableId}`;
    const status = page.info.status;
    const link = (label, url, id) =>
      h(
        "div",
        { class: "link-row" },
        h("span", { class: "muted" }, label),
        h("input", { type: "text", readonly: true, value: url, id, "aria-label": label }),
        h(
          "button",
          {
            type: "button",
            class: "small",
            onclick: async () => {
              if (await copyText(url)) toast(t("copied"));
            },
          },
          t("copy"),
        ),
      );
    const actions = h("div", { class: "row actions" });
    if (status === "playing" && page.mine && page.msg && page.msg.legal && page.msg.legal.length) {
      actions.append(h("button", { type: "button", id: "hint", onclick: askHint }, t("hint")));
    }
    if (status === "waiting" && page.mine) {
      actions.append(h("button", { type: "button", id: "leave", onclick: leave }, t("leave")));
    }
    if (status === "over") {
      if (page.mine) actions.append(h("button", { type: "button", id: "rematch", class: "primary", onclick: rematch }, t("rematch")));
      actions.append(h("a", { class: "button", id: "replay-link", href: `/t/${tableId}?replay=1`, "data-route": "" }, t("replay")));
    }
    const next = page.info.rematch_id;
    if (next && page.mine && !savedSeat(next)) saveSeat(next, page.mine.seat, page.mine.token, page.mine.nickname);
    if (next) actions.append(h("a", { class: "button primary", href: `/t/${next}`, "data-route": "", id: "to-rematch" }, t("to_rematch")));
    head.append(
      h(
        "div",
        { class: "title-row" },
        h("h1", {}, gameTitle()),
        h("span", { class: `status status-${status}`, id: "status" }, t(status)),
        h("span", { class: "muted" }, `#${tableId}`),
        page.info.turn_timer ? h("span", { class: "muted", title: t("turn_timer") }, `⏱ ${t("seconds", { n: page.info.turn_timer })}`) : null,
        actions,
      ),
      h(
        "details",
        { class: "links", open: status === "waiting" },
        h("summary", {}, `${t("invite_link")} · ${t("spectator_link")}`),
        link(t("invite_link"), base, "invite-url"),
        link(t("spectator_link"), `${base}?watch=1`, "spectator-url"),
      ),
    );
  }

  function drawSeats() {
    clear(seatsBox);
    if (!page.info) return;
    const view = page.msg ? page.msg.view : null;
    const current = view ? view.current_player : null;
    const me = mySeat();
    const scores = page.msg && page.msg.result ? page.msg.result.scores : view && view.scores;
    for (const s of page.info.seats) {
      const classes = ["seat-chip", `seat-c${s.seat}`];
      if (s.seat === current && page.info.status === "playing") classes.push("to-move");
      if (s.seat === me) classes.push("me");
      const dot = s.kind === "bot" ? "bot" : s.connected ? "on" : "off";
      const chip = h(
        "div",
        { class: classes.join(" "), dataset: { seat: s.seat } },
        s.kind === "open"
          ? null
          : h("span", { class: `conn ${dot}`, title: s.kind === "bot" ? t("bot") : t(s.connected ? "connected" : "disconnected") }),
        h("span", { class: "name" }, seatName(s), s.seat === me ? ` (${t("you")})` : ""),
        s.away ? h("span", { class: "muted small away" }, t("away")) : null,
        scores && scores[s.seat] !== undefined ? h("span", { class: "score" }, fmt(scores[s.seat])) : null,
      );
      if (s.kind === "open" && page.mine && page.info.status === "waiting") {
        const sel = h(
          "select",
          { "aria-label": t("add_bot"), class: "small" },
          page.levels.map((lv) => h("option", { value: lv, selected: lv === "medium" }, t(lv))),
        );
        chip.append(
          sel,
          h(
            "button",
            { type: "button", class: "small add-bot", onclick: () => addBot(s.seat, sel.value) },
            t("add_bot"),
          ),
        );
      }
      seatsBox.append(chip);
    }
  }

  function drawBanner() {
    clear(banner);
    banner.className = "banner";
    if (!page.info) return;
    const status = page.info.status;
    if (!page.online && page.socket && page.wasOnline) {
      banner.classList.add("warn");
      banner.append(t("reconnecting"));
      return;
    }
    if (status === "waiting") {
      banner.append(t("start_when_full"));
      return;
    }
    const view = page.msg ? page.msg.view : null;
    if (!view) return;
    if (status === "over" || view.current_player === null || view.current_player === undefined) {
      banner.classList.add("over");
      banner.append(resultText());
      return;
    }
    const me = mySeat();
    if (me === null) banner.append(t("spectating"), " ");
    if (view.current_player === me && page.msg.legal && page.msg.legal.length) {
      banner.classList.add("mine");
      banner.append(t("your_turn"));
    } else {
      banner.append(t("turn_of", { name: names()[view.current_player] ?? "?" }));
    }
  }

  function resultText() {
    const res = page.msg && page.msg.result;
    if (!res) return t("over");
    const ret = res.returns || [];
    const best = Math.max(...ret);
    const win = ret.map((r, i) => (r === best && r > 0 ? i : -1)).filter((i) => i >= 0);
    const n = names();
    const parts = [`${t("result")}: `];
    if (win.length) parts.push(`${t(win.length > 1 ? "winners" : "winner")}: ${win.map((i) => n[i]).join(", ")}. `);
    parts.push((res.scores || []).map((sc, i) => `${n[i]} ${fmt(sc)}`).join(" · "));
    return parts.join("");
  }

  function drawBoard() {
    clear(board);
    if (!page.info) return;
    if (!page.mine && !watch && page.info.status === "waiting") {
      board.append(joinForm());
      return;
    }
    if (!page.msg || !page.msg.view || !page.module) return;
    page.module.render(board, context());
  }

  function context() {
    const msg = page.msg;
    const me = mySeat();
    const myTurn = msg.view && msg.view.current_player === me && me !== null;
    return {
      view: msg.view,
      legal: msg.legal || [],
      seat: me,
      table: page.info,
      version: msg.version,
      names: names(),
      interactive: Boolean(myTurn || (msg.legal && msg.legal.length)),
      hint: page.hint,
      act: (notation) => {
        page.hint = null;
        if (!page.socket || !page.socket.act(notation)) toast(t("reconnecting"), "error");
      },
      redraw: drawBoard,
    };
  }

  function drawLog() {
    clear(side);
    const entries = (page.msg && page.msg.log) || [];
    side.hidden = !page.msg || !page.msg.view;
    if (side.hidden) return;
    const n = names();
    const items = entries.map((e, i) => {
      const who = e && e.seat !== undefined && e.seat !== null ? n[e.seat] ?? `#${e.seat}` : "";
      const text = describe(e, who, i > 0 ? entries[i - 1] : null);
      return h("li", { class: `log-entry seat-t${e && e.seat}` }, h("span", { class: "num" }, t("move_n", { n: e.move ?? i + 1 })), " ", text);
    });
    const list = h("ol", { class: "log", id: "log" }, items);
    side.append(h("h2", {}, t("log")), list);
    requestAnimationFrame(() => {
      list.scrollTop = list.scrollHeight;
    });
  }

  function describe(entry, who, before) {
    if (entry === null || entry === undefined) return "";
    if (typeof entry === "string") return entry;
    if (entry.text) return typeof entry.text === "string" ? entry.text : pick(entry.text);
    const last = entry.last !== undefined ? entry.last : entry;
    // prev: the view's "last" before this move (a move that leaves it unchanged is one the
    // view does not describe, e.g. Dog's hidden exchange).
    const prev = before && typeof before === "object" ? (before.last ?? null) : undefined;
    const d = page.module.describe ? page.module.describe(last, { who, names: names(), seat: entry.seat, prev }) : null;
    if (d) return d;
    return `${who}: ${entry.action ?? JSON.stringify(last)}`;
  }

  function drawAll() {
    // For tests and styling: the state this page shows.
    el.dataset.status = page.info ? page.info.status : "";
    el.dataset.version = page.msg ? String(page.msg.version) : "";
    el.dataset.seat = mySeat() === null ? "" : String(mySeat());
    drawHead();
    drawSeats();
    drawBanner();
    drawBoard();
    drawLog();
  }

  // --- joining ---------------------------------------------------------------------------
  function joinForm() {
    const open = page.info.seats.filter((s) => s.kind === "open");
    const nick = h("input", { type: "text", id: "join-nickname", maxlength: 24, required: true, placeholder: t("nickname_ph"), value: savedNickname() });
    const sel = h(
      "select",
      { id: "join-seat", "aria-label": t("seat") },
      open.map((s) => h("option", { value: s.seat }, t("seat_n", { n: s.seat + 1 }))),
    );
    const form = h(
      "form",
      { class: "panel join-form" },
      h("h2", {}, t("join_table")),
      h("div", { class: "field" }, h("label", { for: "join-nickname" }, t("nickname")), nick),
      open.length > 1 ? h("div", { class: "field" }, h("label", { for: "join-seat" }, t("seat")), sel) : null,
      h(
        "div",
        { class: "row" },
        open.length ? h("button", { type: "submit", class: "primary", id: "join" }, t("join")) : null,
        h("a", { class: "button ghost", href: `/t/${tableId}?watch=1`, "data-route": "" }, t("watch")),
      ),
    );
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const nickname = nick.value.trim();
      if (!nickname) return nick.focus();
      saveNickname(nickname);
      try {
        const seat = open.length > 1 ? Number(sel.value) : undefined;
        const res = await api.join(tableId, nickname, seat);
        saveSeat(tableId, res.seat, res.token, nickname);
        page.mine = { seat: res.seat, token: res.token, nickname };
        connect();
      } catch (exc) {
        toast(exc.message, "error");
        refreshInfo();
      }
    });
    return form;
  }

  async function addBot(seat, level) {
    try {
      await api.addBot(tableId, seat, page.mine.token, level);
    } catch (exc) {
      toast(exc.message, "error");
    }
    if (!page.socket) refreshInfo();
  }

  async function askHint() {
    try {
      const data = await api.suggest(tableId, page.mine.token);
      // {available, version, code, message, actions: [{action, value}]}, best first.
      if (!data || data.available === false || !data.actions || !data.actions.length) {
        return toast((data && data.message) || t("hint_none"));
      }
      const action = data.actions[0].action;
      page.hint = action;
      toast(t("hint_best", { action }));
      drawBoard();
    } catch (exc) {
      toast(exc.message, "error");
    }
  }

  async function leave() {
    try {
      await api.leave(tableId, page.mine.token);
    } catch (exc) {
      toast(exc.message, "error");
      return;
    }
    forgetSeat(tableId);
    if (page.socket) page.socket.close();
    go("/");
  }

  async function rematch() {
    try {
      const res = await api.rematch(tableId, page.mine.token);
      // The rematch keeps the players in their seats with their tokens.
      const next = res.table;
      saveSeat(next.id, page.mine.seat, page.mine.token, page.mine.nickname);
      go(`/t/${next.id}`);
    } catch (exc) {
      toast(exc.message, "error");
    }
  }

  // --- connection ------------------------------------------------------------------------
  function connect() {
    if (page.socket) page.socket.close();
    const token = page.mine ? page.mine.token : null;
    page.socket = new TableSocket(tableId, token, {
      onState(msg) {
        page.online = true;
        if (!page.msg || page.msg.version !== msg.version) page.hint = null;
        page.msg = msg;
        if (msg.table) page.info = msg.table;
        drawAll();
      },
      onError(err) {
        toast(err.message || err.code, "error");
        if (err.code === "bad_token" && page.mine) {
          forgetSeat(tableId);
          page.mine = null;
          page.msg = null;
          page.socket.close();
          page.socket = null;
          refreshInfo();
        }
      },
      onStatus(status) {
        page.online = status === "open";
        if (page.online) page.wasOnline = true;
        drawBanner();
      },
    });
    page.socket.connect();
    drawAll();
  }

  async function refreshInfo() {
    try {
      page.info = await api.table(tableId);
    } catch (exc) {
      clear(el);
      el.append(
        h("div", { class: "panel" }, h("p", {}, exc.status === 404 ? t("table_not_found") : exc.message), h("a", { href: "/", "data-route": "", class: "button" }, t("back_to_lobby"))),
      );
      return false;
    }
    drawAll();
    return true;
  }

  async function start() {
    try {
      page.games = (await api.games()) || [];
    } catch {
      page.games = [];
    }
    api
      .bots()
      .then((b) => {
        if (b && Array.isArray(b.levels) && b.levels.length) page.levels = b.levels;
      })
      .catch(() => {});
    if (!(await refreshInfo())) return;
    page.module = await gameModule(page.info.game);
    // Everybody connects at once; a visitor with an invite link watches (and sees the seats
    // fill up) until joining, which reconnects with the seat token.
    connect();
  }

  const off = onLangChange((value) => {
    if (page.socket) page.socket.setLang(value);
    drawAll();
  });
  start();
  document.title = `stammtisch · ${tableId}`;
  return {
    destroy() {
      off();
      if (page.socket) page.socket.close();
    },
  };
}

function fmt(x) {
  const n = Number(x);
  if (!Number.isFinite(n)) return String(x);
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}
