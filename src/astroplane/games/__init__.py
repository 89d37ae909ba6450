"""The games, each a subpackage built on the shared core (``astroplane.protocol``) and kit
(``astroplane.kit``), registered by name so the generic tools (bots, ``perft``,
``play_game``, the command line) find it:

* ``astroplane.games.astroplane`` — ASTROPLANE, registered as ``"astroplane"``; its public
  names are also those of ``astroplane`` itself (``astroplane.new_game``...).
* ``astroplane.games.aeroplane_chess`` — Aeroplane Chess (飞行棋), registered as
  ``"aeroplane-chess"``; the dice are chance nodes.
* ``astroplane.games.square_off`` — Square Off, Jump Off and Trading Places (the Nine Men's
  Morris family), registered as ``"square-off"``, with a ``nine-mens-morris`` preset that
  plays OpenSpiel's rules.
* ``astroplane.games.starcastles`` — StarCastles, for two to six players on a star board,
  with stacking modules and Phase Gems, registered as ``"starcastles"``.

Importing ``astroplane.games`` loads none of them; ``astroplane.protocol.get_game(name)``
imports a game the first time it is asked for.
"""
