// One WebSocket connection to a table, reconnecting on its own after a drop.
// The server pushes {"type":"state"} messages; the client sends actions in notation.
import { lang } from "./i18n.js";

export class TableSocket {
  /**
   * @param {string} tableId
   * @param {string|null} token  seat token, or null to watch as a spectator
   * @param {{onState: Function, onError: Function, onStatus: Function}} handlers
   */
  constructor(tableId, token, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.handlers = handlers;
    this.version = null;
    this.log = []; // the move log put together from the state messages of this connection
    this.ws = null;
    this.closed = false;
    this.retry = 0;
    this.pingTimer = null;
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    // The seat token goes in the first message, never in the URL (URLs end up in logs).
    const params = new URLSearchParams({ lang: lang() });
    return `${proto}//${location.host}/ws/tables/${encodeURIComponent(this.tableId)}?${params}`;
  }

  connect() {
    this.closed = false;
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ type: "hello", token: this.token || null }));
      this.retry = 0;
      this.handlers.onStatus?.("open");
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), 25000);
    });
    ws.addEventListener("message", (ev) => {
      // A socket being replaced (e.g. a spectator who just took a seat) may still deliver
      // a message or two; only the current connection speaks for the page.
      if (this.closed || this.ws !== ws) return;
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg.type === "state") {
        // A state carries only the log entries after the first `log_from` ones (all of
        // them on a new connection). Handlers get the whole log as `msg.log`.
        const from = msg.log_from ?? 0;
        if (from !== 0 && from !== this.log.length) {
          ws.close(); // out of step: a new connection starts with the whole log again
          return;
        }
        this.log = from === 0 ? msg.log : this.log.concat(msg.log);
        msg.log = this.log;
        this.version = msg.version;
        this.handlers.onState?.(msg);
      } else if (msg.type === "error") {
        this.handlers.onError?.(msg);
      } else if (msg.type === "notice") {
        this.handlers.onNotice?.(msg);
      } else if (msg.type === "chat") {
        // The history after connecting (from 0), then one message at a time.
        this.chat = (msg.from ?? 0) === 0 ? msg.messages : (this.chat || []).concat(msg.messages);
        this.handlers.onChat?.({ enabled: msg.enabled !== false, messages: this.chat });
      }
    });
    ws.addEventListener("close", (ev) => {
      clearInterval(this.pingTimer);
      if (this.ws !== ws) return;
      this.handlers.onStatus?.("closed", ev);
      if (this.closed) return;
      // A refused token or unknown table will not get better by retrying.
      if (ev.code === 4401 || ev.code === 4403 || ev.code === 4404 || ev.code === 1008) return;
      const delay = Math.min(8000, 500 * 2 ** this.retry++);
      setTimeout(() => {
        if (!this.closed && this.ws === ws) this.connect();
      }, delay);
    });
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  /** Send one action in notation, stamped with the state version it was chosen in. */
  act(notation) {
    return this.send({ type: "action", action: notation, version: this.version });
  }

  /** Ask to take back this seat's last move (and what followed it). */
  undo() {
    return this.send({ type: "undo", version: this.version });
  }

  /** Answer another player's take-back request. */
  answerUndo(accept) {
    return this.send({ type: "undo_answer", accept: Boolean(accept) });
  }

  /** Say something at the table (seated players only; the server checks). */
  say(text) {
    return this.send({ type: "chat", text });
  }

  setLang(value) {
    this.send({ type: "lang", lang: value });
  }

  close() {
    this.closed = true;
    clearInterval(this.pingTimer);
    if (this.ws) this.ws.close();
    this.ws = null;
  }
}
