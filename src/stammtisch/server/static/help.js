// The rules pages: /?help=<game>, one per game in German and English, with the options and a
// first-game guide. The text is the catalogue's (locale/<lang>/LC_MESSAGES/help.po), sent by
// GET /api/help/<game>/<lang>. Reachable from the lobby and from every table.
import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { lang, onLangChange, pick, t } from "./i18n.js";

const SAFE_NAME = /^[a-z][a-z0-9_]*$/;
const pages = new Map(); // "<game>/<lang>" -> page or null

async function helpPage(game, code) {
  if (!SAFE_NAME.test(game)) return null;
  const key = `${game}/${code}`;
  if (!pages.has(key)) pages.set(key, await api.help(game, code).then((r) => r.page, () => null));
  return pages.get(key);
}

function section(s) {
  return h(
    "section",
    { class: `help-section ${s.guide ? "guide" : ""}` },
    h("h2", {}, s.h),
    (s.p || []).map((p) => h("p", {}, p)),
    s.ol && s.ol.length ? h("ol", {}, s.ol.map((x) => h("li", {}, x))) : null,
    s.ul && s.ul.length ? h("ul", {}, s.ul.map((x) => h("li", {}, x))) : null,
    s.dl && s.dl.length ? h("dl", {}, s.dl.map(([term, text]) => [h("dt", {}, term), h("dd", {}, text)])) : null,
  );
}

// Where "back to the table" may lead: a table of this site, played or watched (never
// another site, whatever the link says).
const TABLE_PATH = /^\/t\/[A-Za-z0-9_-]{1,64}(\?(watch|replay)=1)?$/;

export function renderHelp(root, game, from = null) {
  const table = from && TABLE_PATH.test(from) ? from : null;
  const keep = table ? `&from=${encodeURIComponent(table)}` : "";
  const el = h("article", { class: "panel help-page", id: "help-page", dataset: { game } });
  root.append(el);
  let games = [];
  let drawn = 0;

  async function draw() {
    const mine = ++drawn;
    const code = lang();
    const body = await helpPage(game, code);
    if (mine !== drawn) return; // a newer language choice is being drawn
    clear(el);
    const nav = h(
      "nav",
      { class: "row help-nav", "aria-label": t("rules") },
      table
        ? h("a", { class: "button small", id: "help-back", href: table, "data-route": "" }, `← ${t("back_to_table")}`)
        : h("a", { class: "button small", id: "help-back", href: "/", "data-route": "" }, `← ${t("back_to_lobby")}`),
      games.map((g) =>
        h("a", { class: `button small ${g.name === game ? "primary" : ""}`, href: `/?help=${g.name}${keep}`, "data-route": "", "aria-current": g.name === game ? "page" : undefined }, pick(g.title)),
      ),
    );
    el.append(nav);
    if (!body) {
      el.append(h("p", {}, t("no_rules")));
      return;
    }
    document.title = `${body.title} · stammtisch`;
    el.append(h("h1", {}, body.title), h("p", { class: "lead" }, body.intro), ...body.sections.map(section));
  }

  (async () => {
    games = await api.games().catch(() => []);
    await draw();
  })();
  const off = onLangChange(() => draw());
  return { destroy: off };
}
