"""Draw the pictures of the Aeroplane Chess rules page with the package's SVG renderer.

Run from the repository root (``python docs/aeroplane-chess/make_pictures.py``); it writes
``docs/aeroplane-chess/img/*.svg``. The test suite checks that the committed pictures are
what this script draws.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

from astroplane.games.aeroplane_chess import (
    AeroplaneState,
    new_game,
    position_from_text,
    render_svg,
    square_from_name,
)

IMG = Path(__file__).resolve().parent / "img"


def _arrows(*path: str) -> list[tuple[int, int]]:
    """Arrows along a path of square names."""
    squares = [square_from_name(n) for n in path]
    return list(itertools.pairwise(squares))


def pictures() -> dict[str, str]:
    """Each picture's file name and SVG text."""
    pics: dict[str, tuple[AeroplaneState, list[tuple[int, int]], str]] = {
        "board": (new_game(4), [], "The board at the start of a 4-player game"),
        "taxi": (
            position_from_text("standard RB R? t3 R1:RT"),
            _arrows("RT", "1", "2", "3"),
            "R1 taxied out onto RT; a 3 takes it to square 3",
        ),
        "jump": (
            position_from_text("standard RYB R2 t9 R1:4,Y1:10"),
            _arrows("4", "6", "10"),
            "R1 rolls a 2: it lands on red 6 and jumps to red 10, sending Y1 home",
        ),
        "shortcut": (
            position_from_text("standard RB R6 t15 R1:12,B1:BH5,B2:30"),
            _arrows("12", "18", "30"),
            "R1 rolls a 6 onto the shortcut square 18 and flies across BH5 to 30",
        ),
        "stack": (
            position_from_text("standard RB R4 t12 R1:3,R2:7,B1:11"),
            _arrows("3", "7"),
            "R1 rolls a 4 onto R2: the player may stack them",
        ),
        "wall": (
            position_from_text("family RYB R3 t20 R1:12,R2:20,Y1Y2:14,B1B2:BH5"),
            _arrows("20", "23"),
            "Y1 and Y2 wall square 14: R1 may not pass it with the 3; R2 may move",
        ),
        "teams": (
            position_from_text("teams RYBG R3 t30 R1:20,B1:23,Y1:25,G1G2:40"),
            _arrows("20", "23"),
            "Team play: R1 rolls a 3 onto its partner B1; they share 23, nobody goes home",
        ),
        "bounce": (
            position_from_text("standard RB R5 t40 R1:RH4,R2R3R4:RH6,B1:20"),
            _arrows("RH4", "RH6", "RH3"),
            "R1 on RH4 rolls a 5: two into the centre, three back out",
        ),
    }
    return {
        f"{name}.svg": render_svg(state, arrows=arrows, title=title)
        for name, (state, arrows, title) in pics.items()
    }


def main() -> int:
    """Write the pictures; print the files written."""
    IMG.mkdir(exist_ok=True)
    for name, svg in pictures().items():
        (IMG / name).write_text(svg, encoding="utf-8")
        print(IMG / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
