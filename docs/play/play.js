// The play page: loads Pyodide and the astroplane wheel from _build/ (made by
// scripts/build_play_page.py), then drives a bridge.Session (bridge.py, ASTROPLANE) or a
// boardgame.GameSession (boardgame.py: Square Off, StarCastles) from clicks.
//
// Served by an astroplane server (astroplane serve), the page plays online instead: no
// Pyodide, the server's matches (online.js talks to it; ?match=ID opens one), every
// game the server has, people on other browsers and bots as seats.
//
// Python owns the game: every state, legal move, move text, drawing and bot choice comes
// from astroplane. This file only shows what Python returns (JSON) and sends back the
// position the person clicked or the move text they picked from Python's own list.
//
import { ClickTree, drawTargets, pointOf } from "./clicktree.js";
import { ServerClient, serverAPI } from "./online.js";

// URL parameters: game (astroplane, square-off, starcastles), variant (the game's rules
// preset), players, human (the person's seat; "none": bots play every seat), bot (a name
// of astroplane.agents.BOTS), seed (the bots' seed), max_turns (end after this turn),
// iterations (search budget of a bot that has one), anim (animation time per event in ms,
// 0: none), delay (pause before each bot action in ms).
//
// After each drawing the page dispatches `astroplane:render` on document, with
// {game, ply, position, over} in `detail`, for scripts and tests that follow the game.

// The bot the page starts with: a name for astroplane.agents.make_bot. "mcts" once
// astroplane.mcts is released (its budget per action is the `iterations` option below).
const DEFAULT_BOT = "greedy";

const params = new URLSearchParams(location.search);
const intParam = (name, fallback) => {
  const value = Number.parseInt(params.get(name) ?? "", 10);
  return Number.isFinite(value) ? value : fallback;
};
const OPTIONS = {
  game: params.get("game") ?? "astroplane",
  variant: params.get("variant"),
  human: params.get("human"),
  players: intParam("players", 2),
  bot: params.get("bot") ?? DEFAULT_BOT,
  seed: intParam("seed", null),
  maxTurns: intParam("max_turns", null),
  iterations: intParam("iterations", 100),
  anim: intParam("anim", 300),
  delay: intParam("delay", 350),
};

const $ = (id) => document.getElementById(id);
const board = $("board");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let pyodide = null;
let bridge = null;
let session = null;
let view = null;
let generation = 0; // bumped by New game, so a running bot loop stops
let boardgames = null; // boardgame.py: the sessions of the other games
let catalogue = {}; // game name -> {title, player_counts, seat_names, variants, ...}
let tree = null; // the person's click paths (ClickTree) in a game other than ASTROPLANE
let online = null; // online mode: {client, match, follow, busy, again}

function setPhase(phase) {
  document.body.dataset.phase = phase;
}

function fail(message, error) {
  console.error(message, error);
  setPhase("error");
  $("loading").hidden = false;
  $("loading-text").textContent = message;
  $("turn-status").textContent = message;
}

// ---- loading -----------------------------------------------------------------------

async function load() {
  const api = await serverAPI();
  if (api) {
    await loadOnline(api);
    return;
  }
  const base = new URL("_build/", location.href);
  let manifest;
  try {
    const response = await fetch(new URL("manifest.json", base));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    manifest = await response.json();
  } catch (error) {
    fail(
      "This page has not been built: run `python scripts/build_play_page.py` " +
        "in the astroplane repository (it writes docs/play/_build/).",
      error,
    );
    return;
  }
  const indexURL = new URL("pyodide/", base).href;
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  // indexURL is the local copy: Pyodide's lockfile, standard library and wasm come from here.
  pyodide = await loadPyodide({ indexURL, lockFileURL: new URL("pyodide-lock.json", indexURL).href });
  $("loading-text").textContent = "Installing astroplane and attrs\u2026";
  // The wheels are loaded from their local URLs: no package index, no other host.
  await pyodide.loadPackage(manifest.wheels.map((wheel) => new URL(wheel, base).href));
  pyodide.FS.mkdirTree("/home/pyodide/play");
  for (const name of ["bridge.py", "boardgame.py"]) {
    const source = await (await fetch(name)).text();
    pyodide.FS.writeFile(`/home/pyodide/play/${name}`, source);
  }
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/play')");
  bridge = pyodide.pyimport("bridge");
  boardgames = pyodide.pyimport("boardgame");
  for (const game of JSON.parse(boardgames.catalogue())) {
    catalogue[game.name] = game;
    $("game").add(new Option(game.title, game.name));
  }
  const versions = JSON.parse(bridge.versions());
  $("versions").insertAdjacentHTML(
    "beforeend",
    ` <span class="small">astroplane ${versions.astroplane}, Python ${versions.python},
      Pyodide ${manifest.pyodide}.</span>`,
  );
  for (const name of JSON.parse(bridge.bots())) {
    if (![...$("bot").options].some((option) => option.value === name)) {
      $("bot").add(new Option(name, name));
    }
  }
  $("game").value = OPTIONS.game;
  if ($("game").value !== OPTIONS.game) $("game").value = "astroplane";
  fillForm(OPTIONS);
  $("bot").value = OPTIONS.bot;
  if ($("bot").value !== OPTIONS.bot) $("bot").value = "greedy"; // not in this version
  if (OPTIONS.maxTurns !== null) $("max-turns").value = String(OPTIONS.maxTurns);
  $("loading").hidden = true;
  await newGame();
}

// The form's choices for the selected game: its rules presets, player counts and seats
// (`wanted` keeps a choice when the game offers it).
function fillForm(wanted = {}) {
  const name = $("game").value;
  const game = catalogue[name];
  const keep = (select, value) => {
    if (value !== null && value !== undefined && [...select.options].some((o) => o.value === String(value))) {
      select.value = String(value);
    }
  };
  $("variant").replaceChildren(...(game ? game.variants : []).map((v) => new Option(v, v)));
  $("variant-label").hidden = !game;
  keep($("variant"), wanted.variant);
  fillPlayers(wanted.players ?? (game ? game.player_counts[0] : 2), wanted.human);
  $("max-turns").disabled = Boolean(game) && !game.turn_limit;
  $("max-turns").title = $("max-turns").disabled ? `${game.title} has no turn limit` : "";
}

// The player counts the selected rules allow (Aeroplane Chess's teams: only 4), keeping
// `wanted` (or the current count) when it is one of them.
function fillPlayers(wanted, human) {
  const game = catalogue[$("game").value];
  const all = game ? game.player_counts : [2, 3, 4];
  const variant = $("variant").value;
  const allowed = game?.variant_players?.[variant] ?? all;
  const counts = allowed.length ? allowed : all;
  const current = String(wanted ?? $("players").value);
  $("players").replaceChildren(...counts.map((n) => new Option(String(n), String(n))));
  $("players").value = counts.map(String).includes(current) ? current : String(counts[0]);
  $("players").title =
    counts.length < all.length ? `the ${variant} rules are for ${counts.join(" or ")} players` : "";
  fillSeats(human);
}

function fillSeats(wanted) {
  const game = catalogue[$("game").value];
  const players = Number($("players").value);
  const seats = game ? game.seats[players] : ["S"];
  const options = seats.map((seat) => new Option(seat, seat));
  if (game) options.push(new Option("nobody: watch the bots", "none"));
  $("human").replaceChildren(...options);
  $("human").disabled = !game;
  if (wanted && [...$("human").options].some((o) => o.value === wanted)) $("human").value = wanted;
}

$("game").addEventListener("change", () => fillForm());
$("players").addEventListener("change", () => fillSeats($("human").value));
$("variant").addEventListener("change", () => fillPlayers(null, $("human").value));

// ---- calling Python ------------------------------------------------------------------

function call(method, ...args) {
  return JSON.parse(session[method](...args));
}

async function newGame() {
  if (online) {
    await createOnline();
    return;
  }
  generation += 1;
  closeDialog();
  if (session) session.destroy();
  const maxTurns = $("max-turns").disabled ? Number.NaN : Number.parseInt($("max-turns").value, 10);
  const kwargs = {
    players: Number($("players").value),
    bot: $("bot").value,
    seed: OPTIONS.seed,
    max_turns: Number.isFinite(maxTurns) && maxTurns > 0 ? maxTurns : null,
    iterations: OPTIONS.iterations,
  };
  const name = $("game").value;
  if (name !== "astroplane") {
    kwargs.name = name;
    kwargs.variant = $("variant").value;
    kwargs.human = $("human").value === "none" ? null : $("human").value;
  }
  // Left out rather than null (null would reach Python as JsNull, not None).
  for (const key of Object.keys(kwargs)) if (kwargs[key] === null) delete kwargs[key];
  tree = null;
  try {
    session = (name === "astroplane" ? bridge.Session : boardgames.GameSession).callKwargs(kwargs);
  } catch (error) {
    fail(`The game could not start: ${error.message}`, error);
    return;
  }
  render(call("view"));
  await botLoop();
}

// ---- drawing ---------------------------------------------------------------------------

function el(tag, attributes = {}, text = null) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
}

function positionElement(name) {
  return board.querySelector(`#${CSS.escape(`pos-${name}`)}`);
}

function render(next) {
  view = next;
  board.innerHTML = view.svg;
  const svg = board.querySelector("svg");
  svg.setAttribute("role", "img");
  const title = view.title ?? "ASTROPLANE";
  svg.setAttribute("aria-label", `${title} board: ${view.status}`);
  board.dataset.game = view.game ?? "astroplane";
  if (view.game) drawClicks(svg);
  else drawAstroplane();
  const game = catalogue[view.game];
  $("title").textContent = view.match
    ? `${title} online`
    : !game
      ? "Play ASTROPLANE against the bot"
      : view.human
        ? `Play ${title} against the bots`
        : `${title}: the bots play`;
  $("rules-link").hidden = Boolean(game) && !game.rules_page;
  $("rules-link").href = game ? (game.rules_page ?? "") : "../rules/";
  $("rules-link").textContent = game ? `${title} rules` : "Rules (illustrated)";
  $("about").hidden = Boolean(game);
  $("about-game").hidden = !game;
  if (game) {
    $("game-goal").textContent = game.goal;
    const sides = view.sides ? `${view.sides} ` : "";
    $("game-howto").textContent = view.human
      ? `You are ${view.human}. ${sides}${game.howto}`
      : view.match
        ? `You are watching. ${sides}`
        : `The bots play every seat. ${sides}Choose a seat under \u201cYou play\u201d to join.`;
  }

  // Seat colours: ASTROPLANE's from play.css, the other games' from the game's palette.
  const colour = (seat) => (view.colours ? view.colours[seat] : null);
  const paint = (node, seat) => {
    const c = colour(seat);
    if (!c) return;
    node.style.background = c;
    node.style.color = luminance(c) > 0.5 ? "#222" : "#fff";
  };
  const status = $("turn-status");
  status.textContent = view.status;
  status.className = `seat-${view.to_move}${view.your_turn ? " yours" : ""}${view.over ? " over" : ""}`;
  status.style.borderLeftColor = colour(view.to_move) ?? "";
  if (view.game) status.className = `${view.your_turn ? "yours" : ""}${view.over ? " over" : ""}`;

  const list = $("moves");
  list.replaceChildren();
  for (const turn of view.turns) {
    const item = el("li", { "data-turn": turn.turn, "data-seat": turn.seat });
    item.append(el("span", { class: "turn-number" }, `${turn.turn}.`));
    const chip = el("span", { class: `seat-chip${view.game ? "" : ` seat-${turn.seat}`}` }, turn.seat);
    paint(chip, turn.seat);
    item.append(chip);
    // Team play: the team after the chip (R+B), the person's partner's turns marked.
    const team = (view.teams ?? []).find((t) => t.includes(turn.seat));
    if (team) {
      chip.title = `team ${team.join("+")}`;
      item.append(el("span", { class: "team" }, `+${team.filter((s) => s !== turn.seat).join("+")}`));
      if (turn.seat !== view.human && team.includes(view.human)) item.classList.add("partner");
    }
    for (const text of turn.moves) item.append(el("span", { class: "move" }, text));
    if (turn.seat === view.human) item.classList.add("yours");
    list.append(item);
  }
  list.scrollTop = list.scrollHeight;

  $("position").value = view.position;
  $("end-turn").hidden = Boolean(view.game);
  $("end-turn").disabled = !view.end_turn;
  $("undo").disabled = !view.can_undo || !(view.your_turn || view.over);
  $("undo").hidden = Boolean(view.match);
  for (const id of ["new", "download-position"]) $(id).disabled = false;
  $("download-record").disabled = false;
  $("download-record").title = "The moves so far as a game record";
  setPhase(view.over ? "over" : view.your_turn ? "human" : view.match ? "waiting" : "bot");
  document.body.dataset.ply = view.ply;
  document.body.dataset.game = view.game ?? "astroplane";
  document.dispatchEvent(
    new CustomEvent("astroplane:render", {
      detail: {
        game: view.game ?? "astroplane",
        ply: view.ply,
        position: view.position,
        over: view.over,
        match: view.match ?? null,
      },
    }),
  );
}

function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

// ASTROPLANE: the person's pieces that can move, the selected one and its destinations.
function drawAstroplane() {
  for (const [position, piece] of Object.entries(view.movable)) {
    const node = board.querySelector(`#${CSS.escape(`piece-${piece}`)}`);
    node.classList.add("movable");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", `${piece} on ${position}`);
    if (piece === view.selected) node.classList.add("selected");
  }
  for (const position of view.destinations) {
    const node = positionElement(position);
    node.classList.add("destination");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", `move ${view.selected} to ${position}`);
  }
  $("move-buttons").replaceChildren();
  $("click-help").textContent = "";
}

// The other games: rings on the points to click next and those clicked so far, and the
// buttons of the moves (or first clicks) that are not on the board (a Phase Gem, pass).
function drawClicks(svg) {
  if (!tree || tree.paths !== view.paths) tree = new ClickTree(view.paths);
  const next = tree.next();
  drawTargets(
    svg,
    next.filter((token) => !token.startsWith("@")),
    tree.prefix.filter((token) => !token.startsWith("@")),
    (token) => view.elements[token] ?? `pt-${token}`,
  );
  const box = $("move-buttons");
  box.replaceChildren();
  const first = new Set(tree.matching([]).map((path) => path.clicks[0]));
  for (const token of first) {
    if (!token.startsWith("@")) continue;
    const pressed = tree.prefix[0] === token;
    const button = el("button", { type: "button", "data-token": token, "aria-pressed": String(pressed) });
    button.textContent = view.buttons[token] ?? token.slice(1);
    box.append(button);
  }
  const help = $("click-help");
  help.textContent = !view.your_turn
    ? ""
    : tree.prefix.length
      ? `Selected ${tree.prefix.map((t) => view.buttons[t] ?? t).join(", then ")}: click a green ring (or the same again to cancel).`
      : "Click a green ring to start a move.";
}

// ---- animation: the move's events (astroplane's effects()) on the old drawing ----------

function centre(node) {
  const box = node.getBBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function animate(events) {
  if (OPTIONS.anim <= 0) return;
  const offsets = new Map();
  const slide = (piece, from, to) => {
    const node = board.querySelector(`#${CSS.escape(`piece-${piece}`)}`);
    if (!node || !from || !to) return null;
    const a = centre(from);
    const b = centre(to);
    const start = offsets.get(piece) ?? { x: 0, y: 0 };
    const end = { x: start.x + b.x - a.x, y: start.y + b.y - a.y };
    offsets.set(piece, end);
    node.parentNode.append(node); // on top while it flies
    return node.animate(
      [
        { transform: `translate(${start.x}px, ${start.y}px)` },
        { transform: `translate(${end.x}px, ${end.y}px)` },
      ],
      { duration: OPTIONS.anim, easing: "ease-in-out", fill: "forwards" },
    ).finished;
  };
  for (const event of events) {
    const moving = [];
    if (event.event === "piece_moved") {
      moving.push(slide(event.piece, positionElement(event.origin), positionElement(event.target)));
    } else if (event.event === "sent_back") {
      for (const piece of event.pieces) {
        moving.push(slide(piece, positionElement(event.origin), positionElement(event.start_area)));
      }
    } else if (event.event === "square_moved") {
      const from = board.querySelector(`#${CSS.escape(`cell-${event.origin}`)}`);
      const to = board.querySelector(`#${CSS.escape(`cell-${event.target}`)}`);
      for (const piece of event.pieces) moving.push(slide(piece, from, to));
    } else if (event.event === "eliminated") {
      for (const piece of event.pieces) {
        const node = board.querySelector(`#${CSS.escape(`piece-${piece}`)}`);
        if (node) {
          moving.push(
            node.animate([{ opacity: 1 }, { opacity: 0 }], {
              duration: OPTIONS.anim,
              fill: "forwards",
            }).finished,
          );
        }
      }
    }
    await Promise.all(moving.filter(Boolean));
  }
}

// ---- playing -------------------------------------------------------------------------------

async function playMove(action) {
  const mine = generation;
  setPhase("animating");
  let result;
  try {
    result = JSON.parse(action());
  } catch (error) {
    fail(`The move could not be played: ${error.message}`, error);
    return;
  }
  await animate(result.events);
  if (mine !== generation) return;
  render(call("view"));
  await botLoop();
}

// The person's move, by its notation: to the server online, else to the session.
async function playText(text) {
  if (online) await sendMove(text);
  else await playMove(() => session.play(text));
}

async function botLoop() {
  const mine = generation;
  while (!view.over && !view.your_turn) {
    $("turn-status").textContent = `${view.status} The bot is thinking\u2026`;
    await sleep(Math.max(OPTIONS.delay, 20)); // lets the browser paint before Python runs
    if (mine !== generation) return;
    let result;
    try {
      result = JSON.parse(session.bot_move());
    } catch (error) {
      fail(`The bot failed: ${error.message}`, error);
      return;
    }
    await animate(result.events);
    if (mine !== generation) return;
    render(call("view"));
  }
}

function closeDialog() {
  const dialog = $("choice");
  if (dialog.open) dialog.close("");
}

// Several legal moves can share the clicks and differ only in a choice (ASTROPLANE: where
// sent-back pieces go, which Start Area a reserve piece comes into; StarCastles: a Spire
// or its whole castle): ask which one. `options` are [{text, words}].
function askChoice(help, options) {
  const dialog = $("choice");
  $("choice-help").textContent = help;
  const box = $("choice-options");
  box.replaceChildren();
  for (const option of options) {
    const button = el("button", { value: option.text, class: "option", "data-move": option.text });
    button.append(el("code", {}, option.text));
    button.append(el("span", {}, option.words));
    box.append(button);
  }
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue || null), { once: true });
    dialog.returnValue = "";
    dialog.showModal();
  });
}

async function clickPosition(position, keyboard = false) {
  if (document.body.dataset.phase !== "human") return;
  if (view.selected && position && view.destinations.includes(position)) {
    const options = call("options", position);
    if (options.length === 0) return;
    const words = options.map((o) => ({ text: o.text, words: o.effects.join("; ") || "no other effect" }));
    const help = `${view.selected} to ${position} can be played in several ways:`;
    const text = options.length === 1 ? options[0].text : await askChoice(help, words);
    if (text) await playText(text);
    return;
  }
  const target = position && view.movable[position] !== view.selected ? position : null;
  render(call("select", target));
  // From the keyboard, go on to the first destination (Tab moves between them).
  if (target && keyboard) positionElement(view.destinations[0])?.focus({ preventScroll: true });
}

// The other games: follow the click (a point or a button token) through the click tree;
// play the move it completes, or ask when it completes several.
async function clickToken(token, keyboard = false) {
  if (document.body.dataset.phase !== "human" || !tree) return;
  const done = token === null ? (tree.clear(), []) : tree.click(token);
  if (done.length === 0) {
    render(view);
    if (keyboard) board.querySelector(".click-ring.target")?.focus({ preventScroll: true });
    return;
  }
  const said = tree.prefix.map((t) => view.buttons[t] ?? t).join(", then ");
  const text =
    done.length === 1 ? done[0].text : await askChoice(`${said} can be played in several ways:`, done);
  if (text) {
    await playText(text);
  } else {
    tree.clear();
    render(view);
  }
}

board.addEventListener("click", (event) => {
  if (view?.game) {
    clickToken(pointOf(event.target));
    return;
  }
  const node = event.target.closest("[data-position]");
  clickPosition(node ? node.dataset.position : null);
});
board.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" && event.key !== " ") return;
  if (view?.game) {
    const point = pointOf(event.target);
    if (!point) return;
    event.preventDefault();
    clickToken(point, true);
    return;
  }
  const node = event.target.closest("[data-position]");
  if (!node) return;
  event.preventDefault();
  clickPosition(node.dataset.position, true);
});
$("move-buttons").addEventListener("click", (event) => {
  const button = event.target.closest("button[data-token]");
  if (button) clickToken(button.dataset.token);
});

$("end-turn").addEventListener("click", () => {
  if (document.body.dataset.phase === "human") playMove(() => session.end_turn());
});
$("undo").addEventListener("click", () => {
  const phase = document.body.dataset.phase;
  if (phase === "human" || phase === "over") render(call("undo"));
});
$("new-game").addEventListener("submit", (event) => {
  event.preventDefault();
  if (session || online) newGame();
});

function download(name, text) {
  const link = el("a", {
    href: URL.createObjectURL(new Blob([text], { type: "text/plain" })),
    download: name,
  });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
$("download-position").addEventListener("click", () => {
  download(`${view.game ?? "astroplane"}-position.txt`, `${view.position}\n`);
});
$("download-record").addEventListener("click", async () => {
  if (online) {
    const response = await fetch(online.client.recordURL(online.match));
    download(`${view.game}-${online.match}.txt`, await response.text());
    return;
  }
  download(view.game ? `${view.game}-game.txt` : "astroplane-game.apgame", session.record());
});

// ---- online: the page served by astroplane serve ------------------------------------------

async function loadOnline(api) {
  const client = new ServerClient(api);
  online = { client, match: null, follow: null, busy: false, again: false, sending: false };
  document.body.dataset.mode = "online";
  let found;
  try {
    found = await client.games();
  } catch (error) {
    fail(`The server did not answer: ${error.message}`, error);
    return;
  }
  $("game").replaceChildren();
  for (const game of found.games) {
    catalogue[game.name] = game;
    $("game").add(new Option(game.title, game.name));
  }
  $("bot-label").textContent = "Other seats";
  $("bot").replaceChildren(new Option("people (share the link)", "people"));
  for (const bot of found.bots) $("bot").add(new Option(`bot: ${bot.name}`, bot.name));
  $("game").value = OPTIONS.game;
  if ($("game").value !== OPTIONS.game) $("game").selectedIndex = 0;
  fillForm(OPTIONS);
  $("bot").value = params.get("bot") ?? "people";
  if (!$("bot").value) $("bot").value = "people";
  $("new").textContent = "Create match";
  $("new").disabled = false;
  $("online").hidden = false;
  $("lobby").hidden = false;
  $("rules-link").hidden = true;
  const docs = document.querySelector("header nav a:last-child");
  docs.href = new URL("openapi.json", client.api).href;
  docs.textContent = "API (OpenAPI)";
  $("versions").textContent = "Served by an astroplane server: the rules run there, and people play from their own browsers.";
  $("loading").hidden = true;
  const match = params.get("match");
  if (match) await openMatch(match);
  else lobby();
  refreshOpenMatches();
  setInterval(refreshOpenMatches, 5000);
}

function lobby() {
  setPhase("lobby");
  $("turn-status").textContent = "Choose a game and create a match, or join an open one below.";
}

async function createOnline() {
  const name = $("game").value;
  const game = catalogue[name];
  const human = $("human").value;
  const bot = $("bot").value;
  const players = Number($("players").value);
  const seats = {};
  for (const seat of game.seats[players]) {
    if (seat !== human && bot !== "people") seats[seat] = bot;
  }
  const body = { game: name, players, rules: $("variant").value, seats };
  if (human !== "none") body.join = human;
  const maxTurns = Number.parseInt($("max-turns").value, 10);
  if (!$("max-turns").disabled && Number.isFinite(maxTurns) && maxTurns > 0) body.max_turns = maxTurns;
  try {
    const made = await online.client.create(body);
    await openMatch(made.match.id);
  } catch (error) {
    $("turn-status").textContent = `The match could not be created: ${error.message}`;
  }
}

async function openMatch(id) {
  online.follow?.close();
  online.match = id;
  tree = null;
  const link = new URL(location.href);
  link.search = `?match=${encodeURIComponent(id)}`;
  history.replaceState(null, "", link);
  $("share").hidden = false;
  $("share-link").value = link.href;
  online.follow = online.client.follow(
    id,
    () => refreshView(),
    (state) => {
      $("online-state").textContent =
        state === "live" ? "Connected: moves appear as they are played." : state === "reconnecting" ? "Connection lost: reconnecting\u2026" : "";
      document.body.dataset.connection = state;
    },
  );
  await refreshView();
}

// Fetch the view of the match and draw it; a refresh asked for while one runs runs after it.
async function refreshView() {
  if (online.busy || online.sending) {
    online.again = true;
    return;
  }
  online.busy = true;
  try {
    do {
      online.again = false;
      let next;
      try {
        next = await online.client.view(online.match);
      } catch (error) {
        if (error.code === "unauthorized") {
          online.client.forget(online.match); // the seat was left or is not this browser's
          online.again = true;
          continue;
        }
        $("turn-status").textContent = `The match could not be read: ${error.message}`;
        return;
      }
      if (online.sending) return; // sendMove reads the match again once its move is answered
      if (tree && view && view.version === next.version && view.your_turn === next.your_turn) {
        next.paths = view.paths; // same position: keep the clicks made so far
      }
      const first = !view || view.match !== next.match;
      render(next);
      drawOnlineControls();
      if (first && catalogue[next.game]) {
        // The form offers a new match of the game on the board.
        $("game").value = next.game;
        fillForm({ players: next.seats.length, variant: next.rules.split(",")[0] || null, human: next.human });
      }
    } while (online.again);
  } finally {
    online.busy = false;
  }
}

function drawOnlineControls() {
  const held = online.client.seat(online.match);
  const seats = $("seat-buttons");
  seats.replaceChildren();
  if (!held && !view.over) {
    for (const player of view.players) {
      if (player.taken) continue;
      const button = el("button", { type: "button", "data-seat": player.seat }, `Take seat ${player.seat}`);
      button.addEventListener("click", () => takeSeat(player.seat));
      seats.append(button);
    }
  }
  const who = view.players.map((p) => `${p.seat}: ${p.kind === "bot" ? `bot ${p.bot}` : p.name ?? (p.taken ? "a person" : "free")}`);
  $("online-state").title = who.join(", ");
  $("match-actions").hidden = !held || view.over;
  $("offer-draw").hidden = !view.draws;
  const offers = view.draw_offers ?? [];
  $("offer-draw").textContent = offers.length && !offers.includes(view.human) ? "Accept draw" : "Offer draw";
  $("offer-draw").disabled = offers.includes(view.human);
  $("decline-draw").hidden = !view.draws || !offers.length || offers.includes(view.human);
}

async function takeSeat(seat) {
  try {
    await online.client.join(online.match, seat);
  } catch (error) {
    $("turn-status").textContent = `Could not take seat ${seat}: ${error.message}`;
  }
  await refreshView();
}

// Send the person's move; no view is drawn meanwhile (an older one would offer the move
// again), then the match is read again.
async function sendMove(text) {
  setPhase("sending");
  online.sending = true;
  let refused = null;
  try {
    await online.client.move(online.match, view.version, text);
  } catch (error) {
    refused = error.code === "stale_version" ? "the match moved on before your move arrived" : error.message;
  } finally {
    online.sending = false;
  }
  while (online.busy) await sleep(20);
  await refreshView();
  if (refused) $("turn-status").textContent = `Your move ${text} was not played: ${refused}.`;
}

async function matchAction(action) {
  try {
    await action();
  } catch (error) {
    $("turn-status").textContent = error.message;
    return;
  }
  await refreshView();
}

$("copy-link").addEventListener("click", async () => {
  $("share-link").select();
  try {
    await navigator.clipboard.writeText($("share-link").value);
    $("copy-link").textContent = "Copied";
  } catch {
    document.execCommand("copy");
  }
});
$("resign").addEventListener("click", () => {
  if (confirm("Resign this match?")) matchAction(() => online.client.resign(online.match));
});
$("offer-draw").addEventListener("click", () => matchAction(() => online.client.draw(online.match, "offer")));
$("decline-draw").addEventListener("click", () => matchAction(() => online.client.draw(online.match, "decline")));
$("leave").addEventListener("click", () => matchAction(() => online.client.leave(online.match)));

async function refreshOpenMatches() {
  let found;
  try {
    found = await online.client.openMatches();
  } catch {
    return;
  }
  const list = $("open-matches");
  list.replaceChildren();
  for (const match of found.matches) {
    if (match.id === online.match) continue;
    const free = match.seats.filter((s) => !s.taken).map((s) => s.seat);
    const item = el("li", { "data-match": match.id });
    item.append(el("span", {}, `${match.title}, ${match.players} players${match.rules ? ` (${match.rules})` : ""}: ${free.join(", ")} free `));
    const open = el("a", { href: `?match=${encodeURIComponent(match.id)}` }, "open");
    item.append(open);
    list.append(item);
  }
  if (!list.children.length) list.append(el("li", { class: "small" }, "none right now: create one"));
}

load().catch((error) => fail(`Could not start Python: ${error.message}`, error));
