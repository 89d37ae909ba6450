// The play page: loads Pyodide and the astroplane wheel from _build/ (made by
// scripts/build_play_page.py), then drives a bridge.Session (bridge.py) from clicks.
//
// Python owns the game: every state, legal move, move text, drawing and bot choice comes
// from astroplane. This file only shows what Python returns (JSON) and sends back the
// position the person clicked or the move text they picked from Python's own list.
//
// URL parameters: players (2-4), bot (a name of astroplane.agents.BOTS), seed (the bots'
// seed), max_turns (end and score after this turn), iterations (search budget of a bot
// that has one), anim (animation time per event in ms, 0: none), delay (pause before
// each bot action in ms).
//
// After each drawing the page dispatches `astroplane:render` on document, with
// {ply, position, over} in `detail`, for scripts and tests that follow the game.

// The bot the page starts with: a name for astroplane.agents.make_bot. "mcts" once
// astroplane.mcts is released (its budget per action is the `iterations` option below).
const DEFAULT_BOT = "greedy";

const params = new URLSearchParams(location.search);
const intParam = (name, fallback) => {
  const value = Number.parseInt(params.get(name) ?? "", 10);
  return Number.isFinite(value) ? value : fallback;
};
const OPTIONS = {
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
  const source = await (await fetch("bridge.py")).text();
  pyodide.FS.mkdirTree("/home/pyodide/play");
  pyodide.FS.writeFile("/home/pyodide/play/bridge.py", source);
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/play')");
  bridge = pyodide.pyimport("bridge");
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
  $("players").value = String(OPTIONS.players);
  $("bot").value = OPTIONS.bot;
  if ($("bot").value !== OPTIONS.bot) $("bot").value = "greedy"; // not in this version
  if ($("players").value !== String(OPTIONS.players)) $("players").value = "2";
  $("loading").hidden = true;
  await newGame();
}

// ---- calling Python ------------------------------------------------------------------

function call(method, ...args) {
  return JSON.parse(session[method](...args));
}

async function newGame() {
  generation += 1;
  closeDialog();
  if (session) session.destroy();
  const kwargs = {
    players: Number($("players").value),
    bot: $("bot").value,
    seed: OPTIONS.seed,
    max_turns: OPTIONS.maxTurns,
    iterations: OPTIONS.iterations,
  };
  // Left out rather than null (null would reach Python as JsNull, not None).
  for (const key of Object.keys(kwargs)) if (kwargs[key] === null) delete kwargs[key];
  session = bridge.Session.callKwargs(kwargs);
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
  svg.setAttribute("aria-label", `ASTROPLANE board: ${view.status}`);
  // The person's pieces that can move, the selected one and the spots it can go to.
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

  const status = $("turn-status");
  status.textContent = view.status;
  status.className = `seat-${view.to_move}${view.your_turn ? " yours" : ""}${view.over ? " over" : ""}`;

  const list = $("moves");
  list.replaceChildren();
  for (const turn of view.turns) {
    const item = el("li", { "data-turn": turn.turn, "data-seat": turn.seat });
    item.append(el("span", { class: "turn-number" }, `${turn.turn}.`));
    item.append(el("span", { class: `seat-chip seat-${turn.seat}` }, turn.seat));
    for (const text of turn.moves) item.append(el("span", { class: "move" }, text));
    if (turn.seat === view.human) item.classList.add("yours");
    list.append(item);
  }
  list.scrollTop = list.scrollHeight;

  $("position").value = view.position;
  $("end-turn").disabled = !view.end_turn;
  $("undo").disabled = !view.can_undo || !(view.your_turn || view.over);
  for (const id of ["new", "download-position", "download-record"]) $(id).disabled = false;
  setPhase(view.over ? "over" : view.your_turn ? "human" : "bot");
  document.body.dataset.ply = view.ply;
  document.dispatchEvent(
    new CustomEvent("astroplane:render", {
      detail: { ply: view.ply, position: view.position, over: view.over },
    }),
  );
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

// Several legal moves can share the piece and the spot and differ only in a choice (where
// sent-back pieces go, which Start Area a reserve piece comes into): ask which one.
function askChoice(position, options) {
  const dialog = $("choice");
  $("choice-help").textContent = `${view.selected} to ${position} can be played in several ways:`;
  const box = $("choice-options");
  box.replaceChildren();
  for (const option of options) {
    const button = el("button", { value: option.text, class: "option", "data-move": option.text });
    button.append(el("code", {}, option.text));
    button.append(el("span", {}, option.effects.join("; ") || "no other effect"));
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
    const text = options.length === 1 ? options[0].text : await askChoice(position, options);
    if (text) await playMove(() => session.play(text));
    return;
  }
  const target = position && view.movable[position] !== view.selected ? position : null;
  render(call("select", target));
  // From the keyboard, go on to the first destination (Tab moves between them).
  if (target && keyboard) positionElement(view.destinations[0])?.focus({ preventScroll: true });
}

board.addEventListener("click", (event) => {
  const node = event.target.closest("[data-position]");
  clickPosition(node ? node.dataset.position : null);
});
board.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" && event.key !== " ") return;
  const node = event.target.closest("[data-position]");
  if (!node) return;
  event.preventDefault();
  clickPosition(node.dataset.position, true);
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
  if (session) newGame();
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
  download("astroplane-position.txt", `${view.position}\n`);
});
$("download-record").addEventListener("click", () => {
  download("astroplane-game.apgame", session.record());
});

load().catch((error) => fail(`Could not start Python: ${error.message}`, error));
