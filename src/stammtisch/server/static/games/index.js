// Finds the browser module of a game. Each game module exports
//   render(root, ctx)   draw ctx.view and offer ctx.legal (call ctx.act(notation) to play)
//   describe(last, {who, names, seat}) -> text for one log entry (the view's "last" entry)
// A game without a module falls back to a plain list of its legal moves. Which games there
// are comes from the server (GET /api/games): a game's module is games/<name>.js.
import { h } from "../dom.js";
import { t } from "../i18n.js";

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
        ctx.legal.map((a) => h("button", { type: "button", class: "move", dataset: { action: a }, onclick: () => ctx.act(a) }, a)),
      ),
      h("pre", { class: "raw-view" }, JSON.stringify(ctx.view, null, 1)),
    );
  },
  describe(last, { who }) {
    return `${who}: ${JSON.stringify(last)}`;
  },
};
