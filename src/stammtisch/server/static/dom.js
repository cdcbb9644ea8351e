// Small DOM helpers shared by the pages: element building, toasts, clipboard.

/** h("div", {class: "x", onclick: fn}, child, "text", [more]) -> HTMLElement */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      el.className = value;
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  appendAll(el, children);
  return el;
}

function appendAll(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) appendAll(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** Like h() for SVG elements. */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

let toastTimer = null;

/** A short message at the bottom of the screen (errors, "copied"). */
export function toast(text, kind = "info") {
  const el = document.getElementById("toast");
  if (!el) return;
  el.textContent = text;
  el.className = `toast ${kind}`;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    el.hidden = true;
  }, kind === "error" ? 6000 : 2500);
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Fallback for insecure contexts (plain http on a LAN address).
    const area = h("textarea", { class: "offscreen", "aria-hidden": "true" });
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

/** The turn timer's stopwatch, drawn by the stylesheet (the ⏱ character is an empty box
 * where no emoji font is installed). */
export function timerIcon() {
  return h("span", { class: "icon-timer", "aria-hidden": "true" });
}

export function clear(el) {
  // One atomic call: removing children one by one can fire blur handlers mid-loop.
  el.replaceChildren();
  return el;
}

/** Navigate inside the one-page app without a page load (app.js listens to popstate). */
export function go(path) {
  history.pushState(null, "", path);
  window.dispatchEvent(new PopStateEvent("popstate"));
}

/** Redraw a part of the page with draw() and keep what the person did there: the sections
 * they opened or closed (details, told apart by their seat, id and class) and the focused
 * control (by id). News from the table redraws often (every bot move); without this a menu
 * or a capture pile shut again under the person's eyes. */
export function keepOpen(root, draw) {
  const key = (d) => {
    const seat = d.closest("[data-seat]");
    return `${seat ? seat.dataset.seat : ""}|${d.id}|${d.className}`;
  };
  const was = new Map([...root.querySelectorAll("details")].map((d) => [key(d), d.open]));
  const active = document.activeElement;
  const focused = active && active.id && root.contains(active) ? active.id : null;
  draw();
  for (const d of root.querySelectorAll("details")) {
    const k = key(d);
    if (was.has(k)) d.open = was.get(k);
  }
  const again = focused ? document.getElementById(focused) : null;
  if (again && root.contains(again) && document.activeElement !== again) again.focus({ preventScroll: true });
}

/** Where the person left a scrolled list (the log, the chat) before it is redrawn: its
 * scrollTop when they scrolled back from the newest line, else null (follow the newest). */
export function scrollKept(el) {
  if (!el || !el.clientHeight) return null;
  if (el.scrollHeight - el.scrollTop - el.clientHeight <= 4) return null;
  if (el.dataset.kept) return el.scrollTop;
  if (el.dataset.autoTop === undefined) return null;
  return Math.abs(el.scrollTop - Number(el.dataset.autoTop)) > 2 ? el.scrollTop : null;
}

/** Scroll a redrawn list: back to where the person was reading (`kept`), else `follow()` to
 * the newest line. News from the table redraws the list at every move; it jumped back to
 * the end under the eyes of somebody reading earlier moves. */
export function placeScroll(list, kept, follow) {
  const place = () => {
    if (kept !== null) {
      list.scrollTop = kept;
      list.dataset.kept = "1";
      return;
    }
    follow();
    list.dataset.autoTop = String(list.scrollTop);
  };
  if (list.clientHeight) place();
  else requestAnimationFrame(place);
}
