"""``python -m astroplane``: the ``astroplane`` command line (see ``astroplane.cli``).

With no command it prints the standard 2-player setup and a hint.
"""

from __future__ import annotations

from astroplane.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
