import pytest

from cards.services import card_import, nickname_import
from cards.tests.fixtures import catalogue


@pytest.fixture
def catalogue_records():
    return catalogue()


@pytest.fixture
def imported(db, catalogue_records):
    """The fixture catalogue imported into the test database; returns {name_ja: card id}."""
    from cards.models import Card

    card_import(records=catalogue_records, source="fixture")
    return dict(Card.objects.values_list("name_ja", "id"))


@pytest.fixture(scope="module")
def full_catalogue(django_db_setup, django_db_blocker):
    """The real card data (settings.CARD_DATA_SOURCE) imported (twice) once for a test module; removed afterwards
    unless the database already held cards (another session-wide fixture imported them: left as they were)."""
    from django.conf import settings

    from cards.models import Card

    with django_db_blocker.unblock():
        had_cards = Card.objects.exists()
        first = card_import(source=settings.CARD_DATA_SOURCE)
        second = card_import(source=settings.CARD_DATA_SOURCE)
        nickname_import(source=settings.NICKNAME_DATA_SOURCE)
        yield first, second
        if not had_cards:
            Card.objects.all().delete()
