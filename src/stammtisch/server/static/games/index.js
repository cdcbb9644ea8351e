// Finds the browser module of a game. Each game module exports
//   render(root, ctx)   draw ctx.view and offer ctx.moves, the server's described moves
//                       ({action, move, text}); call ctx.act(action) to play one
//   describe(last, {who, names, seat}) -> text for one log entry (the view's "last" entry)
// A game without a module falls back to a plain list of its moves in words. Which games there
// are comes from the server (GET /api/games): a game's module is games/<name>.js.
import { h } from "../dom.js";
import { pick, t } from "../i18n.js";

const SAFE_NAME = /^[a-z][a-z0-9_]*$/;

/** The module of game `name`; `games` is the server's list (only its names are tried). */
export async function gameModule(name, games = null) {
  const listed = !games || !games.length || games.some((g) => g.name === name);
  if (listed && SAFE_NAME.test(name)) {
    try {
      const mod = await import(`./${name}.js`);
      if (typeof mod.render === "function") return mod;
    } catch {
      // No browser module for this game: the plain list below plays it.
    }
  }
  return fallback;
}

/** Legal moves as plain buttons: enough to play any game the server knows. */
export const fallback = {
  render(root, ctx) {
    root.append(
      h("p", { class: "muted" }, t("unknown_game")),
      h(
        "div",
        { class: "move-list" },
        (ctx.moves || []).map((m) => h("button", { type: "button", class: "move", dataset: { action: m.action }, onclick: () => ctx.act(m.action) }, pick(m.text))),
      ),
      h("pre", { class: "raw-view" }, JSON.stringify(ctx.view, null, 1)),
    );
  },
  describe(last, { who }) {
    return `${who}: ${JSON.stringify(last)}`;
  },
};
