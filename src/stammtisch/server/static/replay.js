// The replay viewer of a finished game: step through the moves and see the table as a
// spectator saw it after each one. The positions come from the server (the client cannot
// compute them: it has no rules). Two sources, best first:
//   GET /api/tables/{id}/replay -> {"views": [spectator view after step 0..n], "log": [...]}
//   GET /api/tables/{id}/record -> the record (seed, options, actions): the move list only,
//                                  the board shows the final position.
import { api } from "./api.js";
import { cardEl, cardName } from "./cards.js";
import { clear, h, keepOpen } from "./dom.js";
import { gameModule } from "./games/index.js";
import { seatName } from "./table/model.js";
import { onLangChange, pick, t } from "./i18n.js";


export function renderReplay(root, tableId) {
  const page = { info: null, record: null, views: null, hands: null, log: null, step: 0, module: null, games: [], final: null };
  const el = h("section", { class: "table-page replay", id: "replay-page" });
  const head = h("div", { class: "table-head" });
  const controls = h("div", { class: "replay-controls", id: "replay-controls" });
  const board = h("div", { class: "board-area", id: "board" });
  const side = h("aside", { class: "side" });
  el.append(head, controls, h("div", { class: "table-main" }, board, side));
  root.append(el);
  // What every part below shares: the page's data, its boxes, and the table's id.
  const rp = { page, tableId, head, controls, board, side };

  const onKey = (ev) => keyStep(rp, ev);
  document.addEventListener("keydown", onKey);
  const off = onLangChange(() => draw(rp));
  load(rp);
  return {
    destroy() {
      document.removeEventListener("keydown", onKey);
      off();
    },
  };
}

function steps({ page }) {
  return page.views ? page.views.length - 1 : page.record ? page.record.actions.length : 0;
}

function names({ page }) {
  if (page.info) return page.info.seats.map(seatName);
  return (page.record && page.record.players) || [];
}

function go(rp, i) {
  rp.page.step = Math.max(0, Math.min(steps(rp), i));
  draw(rp);
}

function drawHead({ page, head, tableId }) {
  clear(head);
  const g = page.games.find((x) => page.info && x.name === page.info.game);
  head.append(
    h(
      "div",
      { class: "title-row" },
      h("h1", {}, `${t("replay")}: ${g ? pick(g.title) : page.info ? page.info.game : ""}`),
      h("a", { class: "button small", href: `/t/${tableId}`, "data-route": "" }, `#${tableId}`),
    ),
  );
}

function drawControls(rp) {
  const { page, controls } = rp;
  clear(controls);
  // Without the positions there is nothing to step through: the log says it all.
  if (!page.views) return;
  const n = steps(rp);
  const range = h("input", { type: "range", min: 0, max: n, value: page.step, id: "replay-range", "aria-label": t("step_of", { i: page.step, n }) });
  range.addEventListener("input", () => go(rp, Number(range.value)));
  controls.append(
    h("button", { type: "button", id: "replay-first", onclick: () => go(rp, 0) }, "« ", t("first")),
    h("button", { type: "button", id: "replay-prev", onclick: () => go(rp, page.step - 1) }, "◀ ", t("prev")),
    h("button", { type: "button", id: "replay-next", onclick: () => go(rp, page.step + 1) }, t("next"), " ▶"),
    h("button", { type: "button", id: "replay-last", onclick: () => go(rp, n) }, t("last"), " »"),
    range,
    h("span", { id: "replay-step" }, t("step_of", { i: page.step, n })),
  );
}

function drawBoard(rp) {
  // A capture pile opened at one step stays open at the next.
  keepOpen(rp.board, () => fillBoard(rp));
}

function fillBoard(rp) {
  const { page, board } = rp;
  clear(board);
  const view = page.views ? page.views[page.step] : page.final;
  if (!page.views) board.append(h("p", { class: "muted" }, t("replay_needs_views")));
  if (!view || !page.module) return;
  page.module.render(board, {
    view,
    legal: [],
    seat: null,
    table: page.info,
    version: page.step,
    names: names(rp),
    interactive: false,
    hint: null,
    act: () => {},
    redraw: () => drawBoard(rp),
  });
  const hands = page.hands ? page.hands[page.step] : null;
  // Beside the board where the game leaves room for them (Dog's column), else below it.
  const slot = board.querySelector("[data-hands-slot]") || board;
  if (hands) slot.append(handsPanel(hands, names(rp), page.module));
}

// Once the game is over nothing is secret: every hand is shown open at every step.
function handsPanel(hands, n, module) {
  // A game that draws its own card faces (Himmel's numbers and special cards) draws these too.
  const face = (c) => (module && module.openCard ? module.openCard(c) : cardEl(c, { small: true, title: cardName(c) }));
  return h(
    "section",
    { class: "panel open-hands", id: "open-hands", "aria-label": t("open_hands") },
    h("h2", {}, t("open_hands")),
    hands.map((hand, seat) =>
      h(
        "div",
        { class: "open-hand", dataset: { seat } },
        h("span", { class: "player-name" }, h("span", { class: `seat-dot seat-c${seat}`, "aria-hidden": "true" }), n[seat] ?? t("words.seat", { n: seat + 1 })),
        h(
          "span",
          { class: "card-row tight" },
          (hand || []).length
            ? hand.map(face)
            : h("span", { class: "muted small" }, t("no_cards")),
        ),
      ),
    ),
  );
}

function drawLog(rp) {
  const { page, side } = rp;
  clear(side);
  const n = names(rp);
  let items;
  if (page.log) {
    items = page.log.map((e, i) => {
      const who = e && e.seat !== undefined && e.seat !== null ? n[e.seat] ?? "" : "";
      const prev = i > 0 ? page.log[i - 1].last ?? null : undefined;
      // The server's words for the move (both languages); the module's own only for old logs.
      const text = e.text
        ? pick(e.text)
        : page.module && page.module.describe
          ? page.module.describe(e.last, { who, names: n, seat: e.seat, prev })
          : "";
      return logItem(rp, i + 1, text || `${who}`);
    });
  } else if (page.record) {
    items = page.record.actions.map((a, i) => logItem(rp, i + 1, a));
  } else {
    items = [];
  }
  const list = h("ol", { class: "log", id: "log", "aria-label": t("log"), tabindex: "0" }, items);
  side.append(h("h2", {}, t("log")), list);
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function logItem(rp, i, text) {
  return h(
    "li",
    { class: `log-entry ${i === rp.page.step ? "current" : ""}`, onclick: () => go(rp, i) },
    h("span", { class: "num" }, `${i}.`),
    " ",
    text,
  );
}

function draw(rp) {
  drawHead(rp);
  drawControls(rp);
  drawBoard(rp);
  drawLog(rp);
}

function keyStep(rp, ev) {
  const step = rp.page.step;
  if (ev.target && ev.target.tagName === "INPUT") return;
  if (ev.key === "ArrowRight") go(rp, step + 1);
  else if (ev.key === "ArrowLeft") go(rp, step - 1);
  else if (ev.key === "Home") go(rp, 0);
  else if (ev.key === "End") go(rp, steps(rp));
}

async function load(rp) {
  const { page, board, tableId } = rp;
  try {
    [page.games, page.info] = await Promise.all([api.games().catch(() => []), api.table(tableId)]);
    page.module = await gameModule(page.info.game);
  } catch (exc) {
    board.append(h("p", {}, exc.status === 404 ? t("table_not_found") : exc.message));
    return;
  }
  if (page.info.status !== "over") {
    board.append(h("p", {}, t("replay_unavailable")));
    return;
  }
  try {
    const data = await api.replay(tableId);
    page.views = data.views;
    page.hands = data.hands || null;
    page.log = data.log || null;
    page.record = data.record || null;
  } catch {
    page.views = null;
  }
  if (!page.views) {
    try {
      page.record = await api.record(tableId);
    } catch (exc) {
      board.append(h("p", {}, exc.message));
      return;
    }
    page.final = await finalView(rp);
  }
  page.step = page.views ? 0 : steps(rp);
  draw(rp);
}

// Without per-step views the board shows the final position, as a spectator sees it.
function finalView({ page, tableId }) {
  return new Promise((resolve) => {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
    const done = (v) => {
      ws.close();
      resolve(v);
    };
    ws.addEventListener("open", () => ws.send(JSON.stringify({ type: "hello", token: null })));
    ws.addEventListener("message", (ev) => {
      try {
        const msg = JSON.parse(ev.data);
        if (msg.type === "state") {
          page.log = page.log || msg.log;
          done(msg.view);
        }
      } catch {
        done(null);
      }
    });
    ws.addEventListener("error", () => done(null));
  });
}
