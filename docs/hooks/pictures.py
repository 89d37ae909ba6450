"""mkdocs hook: board pictures drawn by the engine when the docs are built.

A page asks for a picture with a fenced block whose language is ``astroplane-board``::

    ```astroplane-board
    position: standard SN S2 t1 d4ne:S1,Sl:S2S3,Sr:S4S5S6,Nl:N1N2N3,Nr:N4N5N6 res:S4,N4
    destinations: S1
    move: d4ne-e5ne*l | S1 enters the Singularity; S7 comes into Sl
    caption: Entering the Singularity brings a reserve piece in **[D28]**.
    ```

The block is a short sequence of pictures (*frames*), drawn side by side:

``position:``
    The first frame: a position in position text (see the Formats page), read with
    ``astroplane.position_from_text``, or ``empty`` for the reference board without pieces.
``move:``
    A new frame: the moves, in move notation, played from the previous frame with
    ``astroplane.parse_move`` (several moves in one frame are separated by ``;``). The
    frame shows the position after them with the last move marked (earlier ones as
    arrows). Text after ``|`` is the frame's label.
``label:``, ``arrows:``, ``highlight:``, ``destinations:``
    For the frame above: its label; arrows ``from->to`` (comma-separated position or
    cell names); positions or cells to mark; the pieces whose next destinations are marked.
``caption:``
    The caption under the whole figure (``code``, ``**bold**`` and ``*italic*`` work).
``game:``
    Another registered game than ASTROPLANE (``square-off``, ``starcastles``,
    ``aeroplane-chess``), given first: ``position:`` is then that game's position text
    and ``move:`` its move notation, read through its ``astroplane.protocol.Game``, and the
    frames are drawn by its ``render_svg`` with the last move marked. The ASTROPLANE marks
    (``arrows:``, ``highlight:``, ``destinations:``, ``view:``, ``orientation:``,
    ``legend:``) are not available there.
``view:``
    Show only a rectangle of cells, given by two opposite corners (``a1-f6``), so the
    pieces are drawn larger. Where the rectangle reaches the edge of the board, the margin
    with the coordinates is kept. The line under the board (player to move, moves left,
    reserve and scores) is cut off, so the frame's label says who is to move instead.
``link:``
    Where a click on the pictures leads, instead of to the picture full size: a page
    (``square-off/rules.md``) or another file of the docs (``play/index.html``), with an
    optional ``?query``; a path that is not in the docs stops the build.
``width:``, ``columns:``, ``legend:``, ``orientation:``
    The largest width of one picture in pixels (default by the number of frames), the
    number of pictures in a row (default: all of them, but two for four pictures and for
    three whole boards), the key under the board (``on``/``off``, default off) and the
    seat at the bottom.

A line that starts with ``#`` is a comment; an indented line continues the line above.
Every position and move is checked by the engine: a position it cannot read or a move
that is not legal stops ``mkdocs build`` with an error naming the page, the block and its
line. The pictures are written as SVG files to ``assets/astroplane-boards/`` in the site.

The hook uses only the public API of ``astroplane``; ``tests/test_docs_pictures.py`` runs
it over the pages, so a broken example also fails the tests.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import astroplane
from astroplane import GameState, Move, MoveKind
from astroplane.protocol import Game, get_game

__all__ = [
    "Block",
    "Frame",
    "PictureError",
    "figure_html",
    "find_blocks",
    "on_page_markdown",
    "on_post_build",
    "on_pre_build",
]

LANGUAGE = "astroplane-board"
#: Where the pictures go in the site.
ASSET_DIR = "assets/astroplane-boards"
#: Largest width of one picture (px) by the number of frames in the figure.
DEFAULT_WIDTH = {1: 480, 2: 460}
SEQUENCE_WIDTH = 360

_KEYS = (
    "game",
    "position",
    "move",
    "label",
    "arrows",
    "highlight",
    "destinations",
    "caption",
    "view",
    "width",
    "columns",
    "legend",
    "orientation",
    "link",
)
_FRAME_KEYS = ("label", "arrows", "highlight", "destinations")
#: The keys only ASTROPLANE's drawing takes (not with ``game:``).
_ASTROPLANE_ONLY = ("arrows", "highlight", "destinations", "view", "orientation", "legend")
_CELL_RECT = re.compile(
    r'<rect id="cell-(?P<name>[^"]+)"[^>]*? x="(?P<x>[-\d.]+)" y="(?P<y>[-\d.]+)" '
    r'width="(?P<w>[\d.]+)" height="(?P<h>[\d.]+)"'
)
_VIEWBOX = re.compile(r'viewBox="[^"]*"')
#: Colours of the bands of coordinates added to a cut-down picture (the renderer's own).
PAPER, COORDINATE_INK = "#fbfaf7", "#6b6355"
_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\s`]*)")


class PictureError(ValueError):
    """A picture block that cannot be drawn; the message names the page, block and line."""


@dataclass
class Frame:
    """One picture of a block: a state and what to mark on it."""

    state: Any
    moves: list[Any] = field(default_factory=list)
    #: The canonical notation of ``moves`` (``astroplane.format_move``).
    notation: list[str] = field(default_factory=list)
    label: str = ""
    arrows: list[tuple[str | int, str | int]] = field(default_factory=list)
    highlight: list[str | int] = field(default_factory=list)
    #: The SVG document, once ``Block.frames`` has drawn it.
    drawing: str = ""
    #: The game of ``state`` when it is not ASTROPLANE (a ``game:`` block).
    game: Game[Any, Any] | None = None

    def svg(
        self,
        orientation: str | None = None,
        legend: bool = False,
        view: tuple[str, str] | None = None,
    ) -> str:
        """The SVG document of this frame, drawn by ``astroplane.svg.board`` (cut down to
        the cells ``view`` spans, if given), or by the game's ``render_svg``."""
        if self.game is not None:
            if self.game.render_svg is None:
                raise ValueError(f"{self.game.title} has no drawing")
            return self.game.render_svg(
                self.state, last_move=self.moves[-1] if self.moves else None
            )
        arrows = list(self.arrows)
        if self.state is not None:
            for move in self.moves[:-1]:  # earlier moves of the frame: plain arrows
                arrows.extend(_move_arrows(self.state, move))
        drawing = astroplane.svg.board(
            self.state,
            last_move=self.moves[-1] if self.moves else None,
            arrows=arrows,
            highlight=self.highlight,
            orientation=orientation,
            legend=legend,
        )
        return drawing if view is None else crop(drawing, *view)

    def status(self) -> str:
        """Who is to move and how many moves are left (and the scores, once someone has
        points), or how the game ended."""
        state = self.state
        if state is None:
            return ""
        if self.game is not None:
            return self.game.status(state)
        names = astroplane.SEAT_NAMES
        scores = state.scores()
        points = ", ".join(f"{names[s]} {scores[s]}" for s in state.seats)
        if state.outcome is not None:
            winners = " and ".join(names[s] for s in state.outcome.winners)
            how = "a true win" if state.outcome.true_win else "on points"
            return f"game over: {winners} wins, {how}"
        left = state.moves_left
        text = f"{names[state.to_move]} to move, {left} move{'s' if left != 1 else ''} left"
        return text + (f"; score {points}" if any(scores) else "")

    def alt(self) -> str:
        """A text description of the frame, for the ``alt`` attribute."""
        words = [self.label] if self.label else []
        if self.notation:
            words.append("after " + ", ".join(self.notation))
        if self.state is not None:
            text = (self.game.position_to_text if self.game else GameState.to_text)(self.state)
            words.append("position: " + text)
        return "; ".join(words) or "the reference board"


@dataclass
class Block:
    """One ``astroplane-board`` block of a page."""

    page: str
    #: 1-based number of the block in its page, and the line of its opening fence.
    number: int
    line: int
    #: The block's original text (fences included), replaced by the figure.
    source: str
    #: ``(key, value, line)`` for each entry, continuation lines joined.
    entries: list[tuple[str, str, int]]

    def where(self, line: int | None = None) -> str:
        at = self.line if line is None else line
        return f"{self.page}: {LANGUAGE} block {self.number} (line {at})"

    def error(self, problem: str, line: int | None = None) -> PictureError:
        return PictureError(f"{self.where(line)}: {problem}")

    def option(self, key: str) -> str | None:
        values = [value for k, value, _ in self.entries if k == key]
        return values[-1] if values else None

    @property
    def game(self) -> Game[Any, Any] | None:
        """The block's game when ``game:`` names one other than ASTROPLANE."""
        name = self.option("game")
        if name is None or name == "astroplane":
            return None
        try:
            return get_game(name)
        except ValueError as exc:
            raise self.error(f"game: {exc}") from None

    @property
    def caption(self) -> str:
        return self.option("caption") or ""

    @property
    def legend(self) -> bool:
        value = (self.option("legend") or "off").lower()
        if value not in ("on", "off"):
            raise self.error(f"legend is on or off, not {value!r}")
        return value == "on"

    @property
    def orientation(self) -> str | None:
        return self.option("orientation")

    @property
    def view(self) -> tuple[str, str] | None:
        text = self.option("view")
        if text is None:
            return None
        first, dash, last = text.partition("-")
        if not dash or not first.strip() or not last.strip():
            raise self.error(f"view is two corner cells such as a1-f6, not {text!r}")
        return first.strip().lower(), last.strip().lower()

    def width(self, frames: int) -> int:
        text = self.option("width")
        if text is None:
            return DEFAULT_WIDTH.get(frames, SEQUENCE_WIDTH)
        if not text.isdigit() or not 120 <= int(text) <= 1200:
            raise self.error(f"width is a number of pixels 120..1200, not {text!r}")
        return int(text)

    def columns(self, frames: int) -> int:
        text = self.option("columns")
        if text is None:
            return 2 if frames == 4 or (frames == 3 and self.view is None) else frames
        if not text.isdigit() or not 1 <= int(text) <= 4:
            raise self.error(f"columns is a number 1..4, not {text!r}")
        return int(text)

    def frames(self) -> list[Frame]:
        """Read the position, play the moves and draw each frame, with the engine.

        Raises:
            PictureError: If the engine rejects a position, a move or a mark.
        """
        frames: list[Frame] = []
        game = self.game
        for key, value, line in self.entries:
            if game is not None and key in _ASTROPLANE_ONLY:
                raise self.error(f"{key}: is for ASTROPLANE's pictures, not {game.title}'s", line)
            if key == "game":
                if frames:
                    raise self.error("game: comes first, before position:", line)
            elif key == "position":
                if frames:
                    raise self.error("position: comes once, first", line)
                frames.append(self._start(game, value, line))
            elif not frames:
                raise self.error(f"{key}: before position:", line)
            elif key == "move":
                frames.append(
                    self._play(frames[-1].state, value, line)
                    if game is None
                    else self._play_game(game, frames[-1].state, value, line)
                )
            elif key in _FRAME_KEYS:
                self._mark(frames[-1], key, value, line)
        if not frames:
            raise self.error("no position:")
        for frame in frames:  # the renderer checks the names of arrows and highlights
            try:
                frame.drawing = frame.svg(self.orientation, self.legend, self.view)
            except (astroplane.DrawingError, ValueError) as exc:
                raise self.error(str(exc)) from None
        return frames

    def _start(self, game: Game[Any, Any] | None, text: str, line: int) -> Frame:
        if game is None:
            return Frame(self._position(text, line))
        try:
            return Frame(game.position_from_text(text), game=game)
        except ValueError as exc:
            raise self.error(f"position {text!r}: {exc}", line) from None

    def _play_game(self, game: Game[Any, Any], state: Any, value: str, line: int) -> Frame:
        """A frame of another game: its moves read with its notation, played with it."""
        texts, _, label = value.partition("|")
        frame = Frame(state, label=label.strip(), game=game)
        for text in (t.strip() for t in texts.split(";")):
            if frame.state.is_over:
                raise self.error(f"move {text!r}: the game is already over", line)
            where = game.position_to_text(frame.state)
            try:
                move = game.parse_move(frame.state, text)
            except ValueError as exc:
                raise self.error(f"move {text!r} in {where!r}: {exc}", line) from None
            frame.notation.append(game.format_move(frame.state, move))
            frame.moves.append(move)
            frame.state = frame.state.play(move)
        return frame

    def _position(self, text: str, line: int) -> GameState | None:
        if text.lower() == "empty":
            return None
        try:
            return astroplane.position_from_text(text)
        except astroplane.NotationError as exc:
            raise self.error(f"position {text!r}: {exc}", line) from None

    def _play(self, state: GameState | None, value: str, line: int) -> Frame:
        texts, _, label = value.partition("|")
        frame = Frame(state, label=label.strip())
        for text in (t.strip() for t in texts.split(";")):
            if frame.state is None:
                raise self.error(f"move {text!r}: there is no game to play it in", line)
            if frame.state.outcome is not None:
                raise self.error(f"move {text!r}: the game is already over", line)
            try:
                move = astroplane.parse_move(frame.state, text)
            except astroplane.NotationError as exc:
                raise self.error(
                    f"move {text!r} in {frame.state.to_text()!r}: {exc}", line
                ) from None
            frame.notation.append(astroplane.format_move(frame.state, move))
            frame.moves.append(move)
            frame.state = frame.state.play(move)
        return frame

    def _mark(self, frame: Frame, key: str, value: str, line: int) -> None:
        items = [item.strip() for item in value.split(",") if item.strip()]
        if key == "label":
            frame.label = value
        elif key == "highlight":
            frame.highlight.extend(items)
        elif key == "arrows":
            for item in items:
                start, arrow, end = item.partition("->")
                if not arrow:
                    raise self.error(f"an arrow is written from->to, not {item!r}", line)
                frame.arrows.append((start.strip(), end.strip()))
        else:  # destinations
            if frame.state is None:
                raise self.error("destinations: needs a position with pieces", line)
            for piece in items:
                try:
                    frame.highlight.extend(frame.state.destinations(piece))
                except ValueError as exc:
                    raise self.error(f"destinations: {exc}", line) from None


def crop(drawing: str, first: str, last: str) -> str:
    """The SVG document cut down to the rectangle of cells with corners ``first`` and
    ``last`` (cell names), found by the documented ids of the cells (``cell-e2``).

    On a side where the rectangle reaches the edge of the grid, the drawing's margin is kept
    (coordinates, tubes, seat letter). Elsewhere a little of the next cells shows, and on the
    left and at the bottom a band with the file letters and rank numbers is added, so every
    picture can be read with the cell names of the text.

    Raises:
        ValueError: If a name is not a cell of the drawing.
    """
    cells = {
        m.group("name"): tuple(float(m.group(k)) for k in "xywh")
        for m in _CELL_RECT.finditer(drawing)
    }
    for name in (first, last):
        if name not in cells:
            raise ValueError(f"view: {name!r} is not a cell of the board")
    grid = (
        min(x for x, _, _, _ in cells.values()),
        min(y for _, y, _, _ in cells.values()),
        max(x + w for x, _, w, _ in cells.values()),
        max(y + h for _, y, _, h in cells.values()),
    )
    a, b = cells[first], cells[last]
    inner = (
        min(a[0], b[0]),
        min(a[1], b[1]),
        max(a[0] + a[2], b[0] + b[2]),
        max(a[1] + a[3], b[1] + b[3]),
    )
    unit = a[2]
    # The drawing's margin is the same on every side; at the bottom the line under the
    # board starts just below it, so a little less is kept there.
    margins = [grid[0], grid[0], grid[0], 0.95 * grid[0]]
    # left, top, right, bottom: the margin at the edge of the grid, else a band or a peek
    pads = [0.55 * unit, 0.3 * unit, 0.3 * unit, 0.55 * unit]
    box = []
    for i, sign in enumerate((-1, -1, 1, 1)):
        at_edge = inner[i] == grid[i]
        box.append(inner[i] + sign * (margins[i] if at_edge else pads[i]))
    x0, y0, x1, y1 = box
    marks = []
    if inner[0] != grid[0]:  # a band of rank numbers (file letters when turned) on the left
        marks.append(_band(x0, y0, inner[0] - x0, y1 - y0))
        column = [(c, r) for c, r in cells.items() if r[0] == inner[0] and y0 < r[1] < inner[3]]
        marks += [
            _coord(_varying(column), (x0 + inner[0]) / 2, r[1] + r[3] / 2, c) for c, r in column
        ]
    if inner[3] != grid[3]:  # a band of file letters (rank numbers when turned) at the bottom
        marks.append(_band(x0, inner[3], x1 - x0, y1 - inner[3]))
        row = [(c, r) for c, r in cells.items() if r[1] + r[3] == inner[3] and x0 < r[0] < inner[2]]
        marks += [_coord(_varying(row), r[0] + r[2] / 2, (inner[3] + y1) / 2, c) for c, r in row]
    view = f'viewBox="{x0:g} {y0:g} {x1 - x0:g} {y1 - y0:g}"'
    cropped = _VIEWBOX.sub(view, drawing, count=1)
    if marks:
        group = '<g class="crop-coordinates">' + "".join(marks) + "</g></svg>"
        cropped = (
            cropped[: cropped.rindex("</svg>")] + group + cropped[cropped.rindex("</svg>") + 6 :]
        )
    return cropped


def _varying(cells: list[tuple[str, tuple[float, ...]]]) -> int:
    """Which part of the names (0 file, 1 rank) changes along a row or column of cells."""
    files = {_split(name)[0] for name, _ in cells}
    return 0 if len(files) > 1 else 1


def _split(name: str) -> tuple[str, str]:
    """A cell name's file letters and rank digits."""
    m = re.fullmatch(r"([a-z]+)(\d+)", name)
    if m is None:
        raise ValueError(f"not a cell name: {name!r}")
    return m.group(1), m.group(2)


def _band(x: float, y: float, width: float, height: float) -> str:
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}" '
        f'fill="{PAPER}" fill-opacity="0.88"/>'
    )


def _coord(part: int, x: float, y: float, name: str) -> str:
    text = _split(name)[part]
    return (
        f'<text x="{x:g}" y="{y:g}" text-anchor="middle" dy=".35em" font-size="12" '
        f'fill="{COORDINATE_INK}">{text}</text>'
    )


def _move_arrows(state: GameState, move: Move) -> list[tuple[str | int, str | int]]:
    """An arrow for a move that is not the frame's last one (steps and Square moves)."""
    if move.kind in (MoveKind.STEP, MoveKind.TRAVEL):
        return [(move.origin, move.target)]
    if move.kind in (MoveKind.SQUARE, MoveKind.ELIMINATE):
        name = state.topology.cell_name
        return [(name(move.origin), name(move.target))]
    return []


def find_blocks(markdown: str, page: str) -> list[Block]:
    """The ``astroplane-board`` blocks of a page, in order (the text is only parsed here;
    ``Block.frames`` asks the engine). Blocks inside other code blocks are left alone.

    Raises:
        PictureError: If a block is not closed, is indented, or has an unknown key.
    """
    lines = markdown.splitlines(keepends=True)
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence = m.group("fence")
        close = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        end = i + 1
        while end < len(lines) and not close.match(lines[end]):
            end += 1
        if m.group("info") == LANGUAGE:
            number, line = len(blocks) + 1, i + 1
            where = f"{page}: {LANGUAGE} block {number} (line {line})"
            if end == len(lines):
                raise PictureError(f"{where}: the block is not closed")
            if m.group("indent"):
                raise PictureError(f"{where}: write the block at the left margin")
            source = "".join(lines[i : end + 1])
            entries = _entries(lines[i + 1 : end], line + 1, where)
            blocks.append(Block(page, number, line, source, entries))
        i = end + 1
    return blocks


def _entries(lines: list[str], first: int, where: str) -> list[tuple[str, str, int]]:
    entries: list[tuple[str, str, int]] = []
    for n, raw in enumerate(lines, first):
        text = raw.rstrip()
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        if text[0] in " \t":  # a continuation line
            if not entries:
                raise PictureError(f"{where}: line {n} continues nothing")
            key, value, at = entries[-1]
            entries[-1] = (key, f"{value} {text.strip()}", at)
            continue
        key, colon, value = text.partition(":")
        key = key.strip().lower()
        if not colon or key not in _KEYS:
            raise PictureError(
                f"{where}: line {n}: expected one of {', '.join(_KEYS)} and ':', got {text!r}"
            )
        entries.append((key, value.strip(), n))
    return entries


# ---- HTML --------------------------------------------------------------------------------
_INLINE = (
    (re.compile(r"\*\*(.+?)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"(?<![\w*])\*([^*\s][^*]*?)\*(?![\w*])"), r"<em>\1</em>"),
)


def inline_html(text: str) -> str:
    """The little Markdown a caption may hold (code, bold, italic) as HTML."""
    parts = re.split(r"(`[^`]+`)", text)
    out = []
    for part in parts:
        if part.startswith("`") and part.endswith("`") and len(part) > 1:
            out.append(f"<code>{html.escape(part[1:-1])}</code>")
            continue
        escaped = html.escape(part, quote=False)
        for pattern, replacement in _INLINE:
            escaped = pattern.sub(replacement, escaped)
        out.append(escaped)
    return "".join(out)


def figure_html(block: Block, frames: list[Frame], urls: list[str], link: str = "") -> str:
    """The HTML that replaces a block: the frames side by side, each with its label, and
    the caption under them; each picture links to itself full size, or to ``link``."""
    width = block.width(len(frames))
    numbered = len(frames) > 1
    parts = [
        f'<figure class="ap-figure" id="board-{block.number}">',
        f'<div class="ap-frames ap-columns-{block.columns(len(frames))}">',
    ]
    for n, (frame, url) in enumerate(zip(frames, urls, strict=True), 1):
        label = []
        if numbered:
            label.append(f'<span class="ap-number">{n}</span>')
        if frame.notation:
            label.append(" then ".join(f"<code>{html.escape(t)}</code>" for t in frame.notation))
        if frame.label:
            label.append(inline_html(frame.label))
        elif numbered and not frame.notation:
            label.append("before")
        if block.view is not None and numbered and frame.status():
            label.append(f'<span class="ap-status">({html.escape(frame.status())})</span>')
        parts.append(f'<div class="ap-frame" style="max-width: {width}px">')
        href, hint = (link, "Follow the link") if link else (url, "Open the picture full size")
        parts.append(  # the picture links to itself, to see it full size, or to ``link``
            f'<a href="{html.escape(href)}" title="{hint}">'
            f'<img src="{html.escape(url)}" alt="{html.escape(frame.alt())}" '
            f'width="{width}" loading="lazy"></a>'
        )
        if label:
            parts.append(f'<div class="ap-label">{" ".join(label)}</div>')
        parts.append("</div>")
    parts.append("</div>")
    if block.caption:
        parts.append(f"<figcaption>{inline_html(block.caption)}</figcaption>")
    parts.append("</figure>")
    return "\n".join(parts) + "\n"


def _slug(src_uri: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", src_uri.removesuffix(".md")).strip("-") or "page"


# ---- mkdocs events -------------------------------------------------------------------------
#: SVG files to write into the site: path inside the site -> SVG text.
_PENDING: dict[str, str] = {}


def on_pre_build(config: Any) -> None:
    _PENDING.clear()


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Replace each block by its figure; the SVG files are written after the build."""
    from mkdocs.exceptions import PluginError
    from mkdocs.utils import get_relative_url

    src = page.file.src_uri
    try:
        blocks = find_blocks(markdown, f"docs/{src}")
        for block in blocks:
            frames = block.frames()
            urls = []
            for n, frame in enumerate(frames, 1):
                path = f"{ASSET_DIR}/{_slug(src)}-{block.number:02d}-{n}.svg"
                _PENDING[path] = frame.drawing
                urls.append(get_relative_url(path, page.url))
            link = _link(block, page, files, get_relative_url)
            figure = "\n" + figure_html(block, frames, urls, link) + "\n"
            markdown = markdown.replace(block.source, figure, 1)
    except PictureError as exc:
        raise PluginError(str(exc)) from None
    return markdown


def _link(block: Block, page: Any, files: Any, relative: Any) -> str:
    """The block's ``link:`` as a URL relative to the page ("" without one)."""
    text = block.option("link")
    if not text:
        return ""
    path, mark, query = text.partition("?")
    file = files.get_file_from_path(path)
    if file is None:
        raise block.error(f"link: {path!r} is not a file of the docs")
    return str(relative(file.url, page.url)) + mark + query


def on_post_build(config: Any) -> None:
    site = Path(config["site_dir"])
    for path, text in _PENDING.items():
        target = site / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
