"""Games other than ASTROPLANE built on the shared core (``astroplane.protocol``).

Each game is a subpackage that registers a ``astroplane.protocol.Game`` value when it is
imported, so the generic tools (bots, ``perft``, ``play_game``, the command line) find it
by name:

* ``astroplane.games.aeroplane_chess`` — Aeroplane Chess (飞行棋), registered as
  ``"aeroplane-chess"``; the dice are chance nodes.
* ``astroplane.games.square_off`` — Square Off, Jump Off and Trading Places (the Nine Men's
  Morris family), registered as ``"square-off"``, with a ``nine-mens-morris`` preset that
  plays OpenSpiel's rules.
* ``astroplane.games.starcastles`` — StarCastles, for two to six players on a star board,
  with stacking modules and Phase Gems; its rules core is here, its formats and
  registration come with the kit.
"""
