import pytest

from deckbuilder.tests.fixtures import eager_celery  # noqa: F401
from regulations.tests.catalogue import catalogue, hall_of_fame, sets


@pytest.fixture
def cards(db):
    """The hand-written catalogue imported into the test database; returns {name_ja: card id}."""
    from cards.models import Card
    from cards.services import card_import, set_import

    set_import(records=sets(), source="fixture")
    card_import(records=catalogue(), source="fixture")
    return dict(Card.objects.values_list("name_ja", "id"))


@pytest.fixture
def hof(cards):
    """The hand-written Hall of Fame events imported for `advance`; returns the import report."""
    from games.dm.hall_of_fame import regulation_import

    return regulation_import(data=hall_of_fame(), source="fixture")
