"""Duel Masters: the first game package (its pure rules in games.dm.rules, its registry entry in games.dm.game, the
Django side of its simulations in games.dm.simulation, its own tables and commands as the `dm` app)."""
