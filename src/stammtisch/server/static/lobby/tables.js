// The lobby's lists: tables waiting for players (join or watch), tables in play (watch)
// and finished games (replay).
import { api } from "../api.js";
import { clear, h } from "../dom.js";
import { pick, t } from "../i18n.js";

function seatSummary(table) {
  return table.seats
    .map((s) => (s.kind === "open" ? `(${t("open")})` : s.kind === "bot" ? s.nickname || t("bot_level", { level: t(s.level) }) : s.nickname))
    .join(", ");
}

/** The three lists, fetched from the server; a server that lists only waiting tables
 * answers the other two with those, which the status filter leaves out. */
export async function loadTables() {
  const get = (status) =>
    api
      .tables(status)
      .then((list) => (list || []).filter((tb) => (tb.status || "waiting") === status))
      .catch(() => []);
  const [waiting, playing, over] = await Promise.all([get("waiting"), get("playing"), get("over")]);
  return { waiting, playing, over };
}

export function drawTables(box, games, lists, refresh) {
  clear(box);
  const titleOf = (name) => {
    const g = games.find((x) => x.name === name);
    return g ? pick(g.title) : name;
  };
  const item = (tb, buttons) =>
    h(
      "li",
      { class: "table-item", dataset: { table: tb.id } },
      h("div", {}, h("strong", {}, titleOf(tb.game)), " ", h("span", { class: "muted" }, `#${tb.id}`)),
      h("div", { class: "muted small" }, seatSummary(tb)),
      h("div", { class: "row" }, buttons),
    );
  const section = (id, title, empty, list, buttons) =>
    h(
      "section",
      { class: "table-section", id },
      h("h3", {}, title),
      list.length ? h("ul", { class: "table-list" }, list.map((tb) => item(tb, buttons(tb)))) : h("p", { class: "muted" }, empty),
    );
  box.append(
    h("div", { class: "panel-head" }, h("h2", {}, t("tables")), h("button", { type: "button", class: "small", onclick: refresh }, t("refresh"))),
    section("open-list", t("open_tables"), t("no_open_tables"), lists.waiting, (tb) => [
      h("a", { href: `/t/${tb.id}`, "data-route": "", class: "button" }, t("join")),
      h("a", { href: `/t/${tb.id}?watch=1`, "data-route": "", class: "button ghost" }, t("watch")),
    ]),
    section("playing-list", t("tables_playing"), t("no_tables_playing"), lists.playing, (tb) => [
      h("a", { href: `/t/${tb.id}?watch=1`, "data-route": "", class: "button" }, t("watch")),
    ]),
    section("finished-list", t("tables_finished"), t("no_tables_finished"), lists.over, (tb) => [
      h("a", { href: `/t/${tb.id}?replay=1`, "data-route": "", class: "button" }, t("replay")),
    ]),
  );
}
