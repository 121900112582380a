"""The real Dragon Ball Super card data (the shared data directory, settings.CARD_DATA_DIR): counts come from its
build_report.json, never from constants here."""

import json
from pathlib import Path

import pytest
from django.conf import settings

from games.dbs.rules.cards import Catalogue, load_cards
from games.dbs.tests.fixtures import mini_catalogue


@pytest.fixture(scope="session")
def dbs_data_dir() -> Path:
    path = Path(settings.CARD_DATA_DIR) / "dbs"
    if not (path / "cards.json").exists():
        pytest.skip(f"no Dragon Ball Super card data under {path}")
    return path


@pytest.fixture(scope="session")
def real_catalogue(dbs_data_dir: Path) -> Catalogue:
    return load_cards(dbs_data_dir / "cards.json")


@pytest.fixture(scope="session")
def real_records(dbs_data_dir: Path) -> list[dict]:
    return json.loads((dbs_data_dir / "cards.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def build_report(dbs_data_dir: Path) -> dict:
    return json.loads((dbs_data_dir / "build_report.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return mini_catalogue()


@pytest.fixture(scope="module")
def imported(django_db_setup, django_db_blocker, dbs_data_dir):
    """The real data imported by the game's own import, once per test module (and removed after it)."""
    from cards.models import Card
    from games.dbs import catalogue
    from games.dbs.models import DbsBanEntry

    with django_db_blocker.unblock():
        summary = catalogue.data_import(log=lambda text: None)
    yield summary
    with django_db_blocker.unblock():
        Card.objects.filter(game="dbs").delete()
        DbsBanEntry.objects.all().delete()
