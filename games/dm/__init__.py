"""Duel Masters: the first game package (its pure rules in games.dm.rules, its registry entry in games.dm.game)."""
