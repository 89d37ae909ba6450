// Clicks to moves for the games other than ASTROPLANE (Square Off, StarCastles): the
// bridge (boardgame.py, clicks.py) gives each legal move as {text, clicks, words}, where
// clicks is what a person clicks in order: point names ("d2") and button tokens ("@gem").
// A ClickTree follows the clicks made so far (the prefix) through those paths.

export class ClickTree {
  constructor(paths) {
    this.paths = paths;
    this.prefix = [];
  }

  // The moves whose click path starts with the prefix.
  matching(prefix = this.prefix) {
    return this.paths.filter(
      (path) =>
        path.clicks.length >= prefix.length && prefix.every((token, i) => path.clicks[i] === token),
    );
  }

  // What can be clicked next: the tokens that continue the prefix towards a move.
  next() {
    const out = new Set();
    for (const path of this.matching()) {
      if (path.clicks.length > this.prefix.length) out.add(path.clicks[this.prefix.length]);
    }
    return [...out];
  }

  // The moves the prefix completes (several only when they differ in a choice).
  complete() {
    return this.matching().filter((path) => path.clicks.length === this.prefix.length);
  }

  // Follow one click. Returns the moves it completes ([] while more clicks are needed).
  // A click that continues nothing starts over from it (another piece), or, when it
  // starts nothing either (or undoes the last click), clears the prefix.
  click(token) {
    const last = this.prefix[this.prefix.length - 1];
    if (this.prefix.length && token === last) {
      this.prefix = [];
      return [];
    }
    if (this.next().includes(token)) {
      this.prefix = [...this.prefix, token];
    } else if (this.matching([token]).length) {
      this.prefix = [token];
    } else {
      this.prefix = [];
      return [];
    }
    const done = this.complete();
    return this.next().length ? [] : done;
  }

  clear() {
    this.prefix = [];
  }
}

const SVG_NS = "http://www.w3.org/2000/svg";

// The point a node of a game's drawing stands on: pt-d2, piece-d2, mod-d2-S, or an
// overlay's data-point.
export function pointOf(node) {
  const marked = node.closest("[data-point]");
  if (marked) return marked.dataset.point;
  for (let n = node; n && n.id !== undefined; n = n.parentNode) {
    const match = /^(?:pt|piece|mod)-([a-z][0-9]+)(?:-|$)/.exec(n.id ?? "");
    if (match) return match[1];
  }
  return null;
}

// Rings over the places that can be clicked next (class "target") and those clicked so
// far ("chosen"), on top of the drawing so that a click always lands on them. `idOf` gives
// a token's SVG element: a point's circle is ringed around its centre, anything else
// (a plane, a square) around its bounding box.
export function drawTargets(svg, targets, chosen, idOf) {
  const toRoot = (node) => svg.getScreenCTM().inverse().multiply(node.getScreenCTM());
  const ring = (name, cls) => {
    const shape = svg.querySelector(`#${CSS.escape(idOf(name))}`);
    if (!shape) return;
    let cx;
    let cy;
    let r;
    if (shape.matches("circle")) {
      [cx, cy, r] = ["cx", "cy", "r"].map((a) => Number(shape.getAttribute(a)));
      r *= 2.2;
    } else {
      const box = shape.getBBox();
      const centre = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2).matrixTransform(
        toRoot(shape),
      );
      [cx, cy, r] = [centre.x, centre.y, (Math.max(box.width, box.height) / 2) * 1.3];
    }
    const node = document.createElementNS(SVG_NS, "circle");
    node.setAttribute("cx", String(cx));
    node.setAttribute("cy", String(cy));
    node.setAttribute("r", String(r));
    node.setAttribute("stroke-width", String(r * (shape.matches("circle") ? 0.2 : 0.16)));
    node.setAttribute("class", `click-ring ${cls}`);
    node.dataset.point = name;
    if (cls === "target") {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", name);
    }
    svg.append(node);
  };
  for (const name of chosen) ring(name, "chosen");
  for (const name of targets) ring(name, "target");
}
