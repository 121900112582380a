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
    """The real set list and card data (settings.SET_DATA_SOURCE, CARD_DATA_SOURCE, with the English names linked from
    CARD_ENGLISH_ONLY_DATA_SOURCE) imported (the cards twice) once
    for a test module, as `manage.py import_cards` does; removed afterwards unless the database already held cards
    (another session-wide fixture imported them: left as they were)."""
    from django.conf import settings

    from cards.models import Card, Set
    from cards.services import card_data_load, set_import

    with django_db_blocker.unblock():
        had_cards = Card.objects.exists()
        set_import(source=settings.SET_DATA_SOURCE)
        english = card_data_load(source=settings.CARD_ENGLISH_ONLY_DATA_SOURCE, what="English card records")
        first = card_import(source=settings.CARD_DATA_SOURCE, english_only=english)
        second = card_import(source=settings.CARD_DATA_SOURCE, english_only=english)
        nickname_import(source=settings.NICKNAME_DATA_SOURCE)
        yield first, second
        if not had_cards:
            Card.objects.all().delete()
            Set.objects.all().delete()
