"""The Dragon Ball Super Card Game through the real core (issue 21), with the real card data of the shared data
directory imported by the game's own import (`manage.py import_games`): a real tournament list (tests/decklists/,
sources in its README) imported through the legality API with its leader and every card in its zone, counted by
number; a deck created with game=dbs, registered at a DBS event, exported as text with numbers; the batch; the
statistics and the opening odds."""

from datetime import date, timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from cards.models import Card, CardFace, Printing
from decks.tests.fixtures import organizer, owner, token_client  # noqa: F401
from games import registry
from games.dbs import catalogue as dbs_catalogue
from games.dbs.models import DbsBanEntry, DbsCardFacts
from games.dbs.tests.test_real_decklists import EXPECTED, written_lines
from tournaments.models import Registration
from tournaments.services import audit_chain_verify

DECKLISTS = Path(__file__).parent / "decklists"
KRILLIN = (DECKLISTS / "deckplanet_krillin.txt").read_text(encoding="utf-8")
AS_OF = "2025-01-01"


@pytest.fixture(scope="module")
def imported(django_db_setup, django_db_blocker, dbs_data_dir):
    """The real data imported once for the module (and removed after it)."""
    with django_db_blocker.unblock():
        summary = dbs_catalogue.data_import(log=lambda text: None)
    yield summary
    with django_db_blocker.unblock():
        Card.objects.filter(game="dbs").delete()
        DbsBanEntry.objects.all().delete()


@pytest.fixture
def dbs(imported, db):
    db_state = registry.get("dbs")
    return db_state


def test_the_import_brings_every_card_number_with_its_facts(imported, db, real_records, dbs_data_dir):
    assert (imported.total, Card.objects.filter(game="dbs").count()) == (len(real_records), len(real_records))
    leaders = [r for r in real_records if r.get("back_name_en")]
    variants = sum(len(r.get("variant_numbers") or ()) for r in real_records)
    assert CardFace.objects.filter(card__game="dbs").count() == 2 * len(leaders)
    assert Printing.objects.filter(card__game="dbs").count() == len(real_records) + variants
    card = Card.objects.get(game="dbs", name_key="BT1-005")
    assert (card.dbs.card_number, card.name_en) == ("BT1-005", card.dbs.record()["name_en"])
    assert "BT1-005_PR03" in card.dbs.variant_numbers
    assert card.name_ja == f"{card.name_en} [BT1-005]"
    again = dbs_catalogue.data_import(log=lambda text: None)
    assert (again.created, again.updated, again.unchanged, again.removed) == (0, 0, len(real_records), 0)


def test_a_leader_card_has_its_two_sides(imported, db):
    card = Card.objects.filter(game="dbs", dbs__card_type="Leader").exclude(dbs__back_name="").first()
    body = token_client(None).get(f"/api/v1/cards/{card.id}/").json()
    assert [(face["role"], face["name_en"]) for face in body["faces"]] == [
        ("front", card.name_en),
        ("awakened", card.dbs.back_name),
    ]


def test_a_real_list_imports_with_its_leader_and_every_card_in_its_zone(dbs):
    report = token_client(None).post(
        "/api/v1/legality/", {"game": "dbs", "text": KRILLIN, "as_of": AS_OF}, format="json"
    ).json()
    assert report["counts"] == EXPECTED["deckplanet_krillin.txt"]
    assert (report["legal"], report["violations"], report["format"]) == (True, [], "masters")
    assert [w["code"] for w in report["warnings"]] == ["LIST_UNVERIFIED", "RULES_UNSETTLED", "SIDE_DECK_UNCHECKED"]
    cards = [line for line in report["lines"] if line["status"] == "card"]
    written = written_lines(KRILLIN)
    assert [(line["zone"], line["count"], line["card_number"]) for line in cards] == [
        (zone.value, count, number) for zone, count, _name, number in written
    ]
    leader = cards[0]
    assert (leader["zone"], leader["card"]["id"]) == ("leader", Card.objects.get(game="dbs", name_key=leader["card_number"]).id)


@pytest.mark.parametrize(
    ("text", "legal", "codes", "counts"),
    [
        pytest.param(KRILLIN, True, [], EXPECTED["deckplanet_krillin.txt"], id="real-list-legal"),
        pytest.param(
            KRILLIN.replace("_____Leader_____\n", "_____Leader_____\n").split("_____Main Deck_____")[1],
            False,
            ["LEADER_COUNT"],
            {"leader": 0, "main": 60, "z": 10, "side": 15},
            id="no-leader",
        ),
    ],
)
def test_the_legality_api_for_dbs(dbs, text, legal, codes, counts):
    if not text.startswith("_"):
        text = "_____Main Deck_____" + text
    report = token_client(None).post(
        "/api/v1/legality/", {"game": "dbs", "text": text, "as_of": AS_OF}, format="json"
    ).json()
    assert (report["legal"], [v["code"] for v in report["violations"]], report["counts"]) == (legal, codes, counts)
