// The rules pages: /?help=<game>, one per game in German and English (help/<game>.js), with
// the options and a first-game guide. Reachable from the lobby and from every table.
import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { lang, onLangChange, pick, t } from "./i18n.js";

const SAFE_NAME = /^[a-z][a-z0-9_]*$/;

async function helpText(game) {
  if (!SAFE_NAME.test(game)) return null;
  try {
    return (await import(`./help/${game}.js`)).default;
  } catch {
    return null;
  }
}

function section(s) {
  return h(
    "section",
    { class: `help-section ${s.guide ? "guide" : ""}` },
    h("h2", {}, s.h),
    (s.p || []).map((p) => h("p", {}, p)),
    s.ol ? h("ol", {}, s.ol.map((x) => h("li", {}, x))) : null,
    s.ul ? h("ul", {}, s.ul.map((x) => h("li", {}, x))) : null,
    s.dl ? h("dl", {}, s.dl.map(([term, text]) => [h("dt", {}, term), h("dd", {}, text)])) : null,
  );
}

export function renderHelp(root, game) {
  const el = h("article", { class: "panel help-page", id: "help-page", dataset: { game } });
  root.append(el);
  let games = [];
  let text = null;

  function draw() {
    clear(el);
    const nav = h(
      "nav",
      { class: "row help-nav", "aria-label": t("rules") },
      h("a", { class: "button small", href: "/", "data-route": "" }, `← ${t("back_to_lobby")}`),
      games.map((g) =>
        h("a", { class: `button small ${g.name === game ? "primary" : ""}`, href: `/?help=${g.name}`, "data-route": "", "aria-current": g.name === game ? "page" : undefined }, pick(g.title)),
      ),
    );
    el.append(nav);
    const body = text && (text[lang()] || text.en);
    if (!body) {
      el.append(h("p", {}, t("no_rules")));
      return;
    }
    document.title = `${body.title} · stammtisch`;
    el.append(h("h1", {}, body.title), h("p", { class: "lead" }, body.intro), ...body.sections.map(section));
  }

  (async () => {
    [games, text] = await Promise.all([api.games().catch(() => []), helpText(game)]);
    draw();
  })();
  const off = onLangChange(draw);
  return { destroy: off };
}
