// The play page's online mode: the client of an astroplane server (astroplane serve),
// which serves this page at /play/ and its API at /api/v1/ (the OpenAPI document at
// /api/v1/openapi.json describes it). The server owns the game: it checks every move,
// rolls the dice, keeps the match in its database and sends every event to every
// browser watching it. This file only talks to it; play.js draws what it answers.
//
// A seat's token is kept in the page's localStorage (key "astroplane:seat:MATCH"), so a
// reload, or the same browser opening the match's link again, plays on in that seat.

const STORE = "astroplane:seat:";

export class ServerClient {
  constructor(api) {
    this.api = new URL(api, location.href);
  }

  url(path) {
    return new URL(path.replace(/^\//, ""), this.api);
  }

  // The seat this browser holds in a match: {seat, token}, or null.
  seat(match) {
    try {
      const found = JSON.parse(localStorage.getItem(STORE + match) ?? "null");
      return found && typeof found.token === "string" ? found : null;
    } catch {
      return null;
    }
  }

  remember(match, seat, token) {
    localStorage.setItem(STORE + match, JSON.stringify({ seat, token }));
  }

  forget(match) {
    localStorage.removeItem(STORE + match);
  }

  async request(method, path, body = undefined, match = null) {
    const headers = { Accept: "application/json" };
    const held = match ? this.seat(match) : null;
    if (held) headers.Authorization = `Bearer ${held.token}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(this.url(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      const error = new Error(data.error?.message ?? `HTTP ${response.status}`);
      error.code = data.error?.code ?? "http";
      error.status = response.status;
      throw error;
    }
    return data;
  }

  games() {
    return this.request("GET", "games");
  }

  openMatches() {
    return this.request("GET", "matches?open=true&limit=20");
  }

  async create(body) {
    const made = await this.request("POST", "matches", body);
    if (made.token) this.remember(made.match.id, made.seat, made.token);
    return made;
  }

  async join(match, seat, name) {
    const body = {};
    if (seat) body.seat = seat;
    if (name) body.name = name;
    const joined = await this.request("POST", `matches/${encodeURIComponent(match)}/join`, body);
    this.remember(match, joined.seat, joined.token);
    return joined;
  }

  view(match) {
    return this.request("GET", `matches/${encodeURIComponent(match)}/view`, undefined, match);
  }

  move(match, version, text) {
    return this.request("POST", `matches/${encodeURIComponent(match)}/moves`, { version, move: text }, match);
  }

  resign(match) {
    return this.request("POST", `matches/${encodeURIComponent(match)}/resign`, {}, match);
  }

  draw(match, action) {
    return this.request("POST", `matches/${encodeURIComponent(match)}/draw`, { action }, match);
  }

  async leave(match) {
    const left = await this.request("POST", `matches/${encodeURIComponent(match)}/leave`, {}, match);
    this.forget(match);
    return left;
  }

  recordURL(match) {
    return this.url(`matches/${encodeURIComponent(match)}/record`).href;
  }

  // Follow a match live: onEvent(message) for every event and turn message, onState
  // ("live", "reconnecting", "closed") when the connection changes. A dropped connection
  // is opened again (after 0.5 s, doubling to 8 s) with the last event seen, so nothing
  // is missed. Returns {close()}.
  follow(match, onEvent, onState) {
    let socket = null;
    let last = null;
    let wait = 500;
    let closed = false;
    const open = () => {
      const url = this.url(`matches/${encodeURIComponent(match)}/live`);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      socket = new WebSocket(url);
      socket.addEventListener("open", () => {
        const hello = { type: "hello" };
        const held = this.seat(match);
        if (held) hello.token = held.token;
        if (last !== null) hello.since = last;
        socket.send(JSON.stringify(hello));
      });
      socket.addEventListener("message", (message) => {
        const data = JSON.parse(message.data);
        if (data.type === "welcome") {
          wait = 500;
          if (last === null) last = data.seq;
          onState("live");
          onEvent(data);
          return;
        }
        if (data.type === "error" && data.error?.code === "unauthorized") {
          this.forget(match); // the seat was given up: watch instead (on reconnecting)
          return;
        }
        if (data.type === "event") {
          if (last !== null && data.seq <= last) return;
          last = data.seq;
        }
        onEvent(data);
      });
      socket.addEventListener("close", () => {
        if (closed) return;
        onState("reconnecting");
        setTimeout(open, wait);
        wait = Math.min(wait * 2, 8000);
      });
    };
    open();
    return {
      close() {
        closed = true;
        onState("closed");
        socket?.close();
      },
    };
  }
}

// Is this page served by an astroplane server? Its API's URL, or null: the docs site has
// an online.json of its own that says so (`{"api": null}`, no failed request), the
// server answers it with where its API is.
export async function serverAPI() {
  try {
    const response = await fetch("online.json", { cache: "no-store" });
    if (!response.ok) return null;
    const found = await response.json();
    return typeof found.api === "string" ? found.api : null;
  } catch {
    return null;
  }
}
