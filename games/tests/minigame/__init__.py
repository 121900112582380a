"""A miniature game for the tests (issue 19): a handful of cards, one zone, one rule. It lives only here and is
registered only by the tests (settings.GAMES overridden), to prove that a game needs nothing outside its folder and
the registry line: the real core creates, checks, registers and exports its decks."""
