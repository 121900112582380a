"""The games the deck builder knows: one package per game, found through the registry."""
