"""``python -m astroplane``: print the initial board of a 2-player game."""

from __future__ import annotations

import astroplane


def main() -> None:
    """Print the standard 2-player setup."""
    print(astroplane.new_game(players=2))


if __name__ == "__main__":
    main()
