from deckbuilder.tests.fixtures import eager_celery  # noqa: F401
from decks.tests.fixtures import cards, organizer, other, owner  # noqa: F401
