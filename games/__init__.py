"""Games as packages: one folder per game, reached by the core only through games.registry."""
