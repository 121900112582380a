from decks.tests.fixtures import cards, organizer, other, owner  # noqa: F401
