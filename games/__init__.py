"""The games the deck builder knows, one package per game (each registers itself with the core registry)."""
