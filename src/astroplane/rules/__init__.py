"""The rules of ASTROPLANE: options, move generation, play, scoring (RULES.md 2-12)."""

from astroplane.rules.options import ADVANCED, BASIC, STANDARD, Rules

__all__ = ["ADVANCED", "BASIC", "STANDARD", "Rules"]
