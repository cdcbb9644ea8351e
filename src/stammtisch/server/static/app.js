// Entry point: one page, routed on the path. "/" is the lobby, "/t/<id>" a table
// ("?watch=1" to watch, "?replay=1" for the replay of a finished game); "/?help=<game>"
// the rules of a game.
import { go } from "./dom.js";
import { lang, loadTexts, onLangChange, setLang } from "./i18n.js";
import { renderHelp } from "./help.js";
import { renderLobby } from "./lobby.js";
import { renderReplay } from "./replay.js";
import { renderTable } from "./table.js";

let page = null;

function route() {
  if (page && page.destroy) page.destroy();
  const app = document.getElementById("app");
  app.replaceChildren();
  const match = location.pathname.match(/^\/t\/([^/]+)\/?$/);
  const params = new URLSearchParams(location.search);
  if (match) {
    const id = decodeURIComponent(match[1]);
    page = params.has("replay")
      ? renderReplay(app, id)
      : renderTable(app, id, { watch: params.has("watch") });
  } else if (params.get("help")) {
    page = renderHelp(app, params.get("help"), params.get("from"));
  } else {
    page = renderLobby(app);
  }
}

function markLang() {
  document.documentElement.lang = lang();
  for (const b of document.querySelectorAll("button.lang")) {
    b.classList.toggle("active", b.dataset.lang === lang());
    b.setAttribute("aria-pressed", String(b.dataset.lang === lang()));
  }
}

for (const b of document.querySelectorAll("button.lang")) {
  b.addEventListener("click", () => setLang(b.dataset.lang));
}
onLangChange(markLang);
markLang();

window.addEventListener("popstate", route);
document.addEventListener("click", (ev) => {
  const a = ev.target.closest && ev.target.closest("a[data-route]");
  if (!a || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
  ev.preventDefault();
  go(a.getAttribute("href"));
});
// The texts come from the server's catalogue; without them the page shows the keys.
try {
  await loadTexts();
} catch (err) {
  console.error(err);
}
route();
