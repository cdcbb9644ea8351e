// Finds the browser module of a game. Each game module exports
//   render(root, ctx)   draw ctx.view and offer ctx.legal (call ctx.act(notation) to play)
//   describe(last, {who, names, seat}) -> text for one log entry (the view's "last" entry)
// A game without a module falls back to a plain list of its legal notations.
import { h } from "../dom.js";
import { t } from "../i18n.js";

const KNOWN = new Set(["dog", "himmel", "zwickern"]);

export async function gameModule(name) {
  if (KNOWN.has(name)) {
    try {
      return await import(`./${name}.js`);
    } catch (exc) {
      console.error(exc);
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
