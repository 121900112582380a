"""Integration (PostgreSQL): the card data v2 imported over a v1 catalogue, and into an empty one.

The v1 file is not shipped any more; it is rebuilt from v2 the way the data's README describes the change: v1 had
every `tw` record (facts and printing-only), the 88 records v2 upgraded were printing-only, and the records v2
added were absent. Expected counts come from `build_report.json`."""

import json
from pathlib import Path

import pytest
from django.conf import settings

from cards.models import Card, Set
from cards.services import card_import, set_import

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def _data(name: str):
    return json.loads((Path(settings.CARD_DATA_DIR) / name).read_text(encoding="utf-8"))


REPORT = _data("build_report.json")
V2 = _data("cards.json")
_V1_KEYS = ("name", "name_ja", "facts_available", "printings", "tcg_printings", "sources")


def _v1_records() -> list[dict]:
    upgraded = {entry["name_ja"] for entry in REPORT["upgraded_printing_only_records"]["names"]}
    records = []
    for record in V2:
        if record["name_ja"] in upgraded:
            records.append({**{key: record.get(key) for key in _V1_KEYS}, "facts_available": False})
        elif record["facts_source"] == "tw":
            records.append(
                {key: value for key, value in record.items() if key not in ("facts_source", "facts_unknown")}
            )
    return records


@pytest.fixture
def empty_catalogue(db):
    if Card.objects.exists():
        pytest.skip("the database already holds a catalogue (a session-wide import)")


def test_v1_rebuilt_has_the_v1_counts():
    v1 = _v1_records()
    before = REPORT["before"]
    assert (len(v1), sum(1 for r in v1 if r["facts_available"])) == (before["records"], before["with_facts"])


def test_v2_over_v1_creates_the_new_records_and_updates_the_others(empty_catalogue):
    set_import(source=settings.SET_DATA_SOURCE)
    v1 = card_import(records=_v1_records(), source="v1")
    assert v1.created == REPORT["before"]["records"]
    v1_ids = dict(Card.objects.values_list("name_ja", "id"))

    over = card_import(source=settings.CARD_DATA_SOURCE)
    after = REPORT["after"]
    assert over.created == REPORT["added"]["total"]
    assert over.created + over.updated + over.unchanged == after["records"]
    # Every v1 record gained `facts_source` (and the upgrades gained facts): each one is updated in place.
    assert (over.updated, over.unchanged) == (REPORT["before"]["records"], 0)
    assert dict(Card.objects.filter(name_ja__in=v1_ids).values_list("name_ja", "id")) == v1_ids  # ids kept
    assert Card.objects.count() == after["records"]
    assert Card.objects.filter(facts_available=True).count() == after["with_facts"]
    assert Card.objects.filter(dm__gr=True).count() == after["gr"]

    again = card_import(source=settings.CARD_DATA_SOURCE)
    assert (again.created, again.updated, again.unchanged, again.release_dates_changed) == (0, 0, after["records"], 0)


def test_v2_into_an_empty_catalogue(empty_catalogue):
    sets = set_import(source=settings.SET_DATA_SOURCE)
    assert sets.created == Set.objects.count() == REPORT["sets"]["codes"]
    fresh = card_import(source=settings.CARD_DATA_SOURCE)
    assert (fresh.created, fresh.updated, fresh.release_dates_changed) == (REPORT["after"]["records"], 0, 0)
    assert set_import(source=settings.SET_DATA_SOURCE).unchanged == REPORT["sets"]["codes"]
