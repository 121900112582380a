"""Duel Masters' card importer (games.dm.catalogue) behind cards.services.card_import: idempotent, atomic on a
malformed record (nothing changes; the error names record and field), the facts source fields, and the names of
the English-only records linked for certain."""

import copy
import io

import pytest
from django.core.management import call_command

from cards.models import Card, CardFace, Printing
from cards.services import CardImportError, card_import
from cards.tests.factories import CardRecordFactory, PrintingRecordFactory
from cards.tests.test_services import snapshot, write

pytestmark = pytest.mark.django_db


def test_first_import_creates_every_record(tmp_path, catalogue_records):
    summary = card_import(source=write(tmp_path, catalogue_records))
    total = len(catalogue_records)
    assert summary.as_dict() | {"source": ""} == {"source": "", "total": total, "created": total, "updated": 0,
                                                  "unchanged": 0, "skipped": 0}  # fmt: skip
    assert Card.objects.count() == total
    assert Card.objects.filter(facts_available=False).count() == 1
    assert CardFace.objects.count() == sum(len(r.get("faces", [])) for r in catalogue_records)
    assert Printing.objects.count() == sum(len(r["printings"]) + len(r["tcg_printings"]) for r in catalogue_records)
    assert Printing.objects.filter(tcg=True).count() == 1


def test_second_import_changes_nothing(tmp_path, catalogue_records):
    path = write(tmp_path, catalogue_records)
    card_import(source=path)
    before = snapshot()
    summary = card_import(source=path)
    assert (summary.created, summary.updated, summary.unchanged) == (0, 0, len(catalogue_records))
    assert snapshot() == before


def test_changed_record_is_updated_in_place(tmp_path, catalogue_records):
    card_import(source=write(tmp_path, catalogue_records))
    card_id = Card.objects.get(name_ja="ボルシャック・ドラゴン").id
    changed = copy.deepcopy(catalogue_records)
    changed[0]["cost"] = 7
    changed[0]["printings"].append({"set_code": "DM-99", "number": "2", "listed_name_ja": "ボルシャック・ドラゴン"})
    summary = card_import(source=write(tmp_path, changed, "changed.json"))
    assert (summary.created, summary.updated, summary.unchanged) == (0, 1, len(changed) - 1)
    card = Card.objects.get(name_ja="ボルシャック・ドラゴン")
    assert (card.id, card.dm.cost) == (card_id, 7)
    assert sorted(card.printings.values_list("set_code", flat=True)) == ["DM-01", "DM-01 Base Set", "DM-99"]


def test_new_record_is_created_and_others_unchanged(tmp_path, catalogue_records):
    card_import(source=write(tmp_path, catalogue_records))
    grown = [*catalogue_records, {**catalogue_records[0], "name_ja": "新カード", "name": None}]
    summary = card_import(source=write(tmp_path, grown, "grown.json"))
    assert (summary.created, summary.updated, summary.unchanged) == (1, 0, len(catalogue_records))


def test_identical_duplicate_is_skipped(tmp_path, catalogue_records):
    summary = card_import(source=write(tmp_path, [*catalogue_records, catalogue_records[0]]))
    assert (summary.created, summary.skipped) == (len(catalogue_records), 1)


def _set(index, key, value):
    def change(records):
        records[index][key] = value

    return change


def _set_face(index, position, key, value):
    def change(records):
        records[index]["faces"][position][key] = value

    return change


def _delete(index, key):
    def change(records):
        del records[index][key]

    return change


def _append(value):
    def change(records):
        records.append(value)

    return change


MALFORMED = [
    # (id, change, index, field)
    ("cost-not-a-number", _set(5, "cost", "three"), 5, "cost"),
    ("unknown-civilization", _set(2, "civilizations", ["Purple"]), 2, "civilizations"),
    ("missing-name", _delete(3, "name_ja"), 3, "name_ja"),
    ("empty-name", _set(1, "name_ja", "  "), 1, "name_ja"),
    ("flag-not-boolean", _set(0, "blocker", "yes"), 0, "blocker"),
    ("unknown-zone", _set(4, "zone", "graveyard"), 4, "zone"),
    ("unknown-breaker", _set(0, "breaker", "sextuple"), 0, "breaker"),
    ("bad-face-field", _set_face(3, 1, "cost", "2"), 3, "faces[1].cost"),
    ("printings-not-a-list", _set(0, "printings", {"set_code": "DM-01"}), 0, "printings"),
    ("printing-without-set", _set(1, "printings", [{"number": "1"}]), 1, "printings[0].set_code"),
    ("bad-deck-limit", _set(9, "deck_limit_exceptions", [{"max_copies": "many"}]), 9, "deck_limit_exceptions"),
    ("record-not-an-object", _append(["not", "a", "record"]), 18, None),
    ("conflicting-duplicate", _append({"name_ja": "ボルシャック・ドラゴン", "facts_available": False}), 18, "name_ja"),
]


@pytest.mark.parametrize(("change", "index", "field"), [c[1:] for c in MALFORMED], ids=[c[0] for c in MALFORMED])
def test_malformed_record_changes_nothing_and_is_named(tmp_path, catalogue_records, change, index, field):
    card_import(source=write(tmp_path, catalogue_records))
    before = snapshot()
    broken = copy.deepcopy(catalogue_records)
    broken[0]["cost"] = 8  # a valid change that must not be written either
    change(broken)
    with pytest.raises(CardImportError) as caught:
        card_import(source=write(tmp_path, broken, "broken.json"))
    assert (caught.value.index, caught.value.field) == (index, field)
    assert f"record {index}" in str(caught.value)
    assert snapshot() == before


# ---------------------------------------------------------------------------------------------- facts source


def test_facts_source_and_unknown_fields_are_stored():
    cgi3 = CardRecordFactory(
        name_ja="ゲーム由来のカード", facts_source="cgi3", facts_unknown=["mana_number", "cant_attack"]
    )
    names_only = {"name": None, "name_ja": "名前だけ", "facts_available": False, "facts_source": "tw", "printings": []}
    card_import(records=[cgi3, names_only], source="fixture")
    stored = dict(Card.objects.values_list("name_ja", "facts_source"))
    assert stored == {"ゲーム由来のカード": "cgi3", "名前だけ": "tw"}
    assert Card.objects.get(name_ja="ゲーム由来のカード").facts_unknown == ["mana_number", "cant_attack"]
    assert Card.objects.get(name_ja="名前だけ").facts_unknown == []


@pytest.mark.parametrize(
    ("change", "field"),
    [
        pytest.param({"facts_source": 3}, "facts_source", id="source-not-a-string"),
        pytest.param({"facts_unknown": "cost"}, "facts_unknown", id="unknown-not-a-list"),
    ],
)
def test_malformed_facts_source_fields_are_rejected(change, field):
    with pytest.raises(CardImportError) as error:
        card_import(records=[CardRecordFactory(name_ja="カード", **change)], source="fixture")
    assert (error.value.index, error.value.field) == (0, field)


# --- English names of English-only records (cards_en_only.json) ----------------------------------------------


def english(name: str, *printings: tuple[str, str], **facts) -> dict:
    """An English-only record: a 2-cost fire 1000+ creature printed as `printings` unless told otherwise."""
    data = {"name": name, "name_ja": None, "civilizations": ["Fire"], "card_type": "Creature", "cost": 2}
    data |= {"power": "1000+", "evolution": False, "printings": [{"set_code": s, "number": n} for s, n in printings]}
    return data | facts


def tyler(name_ja: str = "喧嘩屋タイラー", number: str = "98", **facts) -> dict:
    # The Japanese source prints the power without its sign: 1000 and 1000+ are one power.
    facts = {"civilizations": ["Fire"], "cost": 2, "power": "1000", "power_value": 1000} | facts
    printings = [PrintingRecordFactory(set_code="DM-01", number=number, listed_name_ja=name_ja)]
    return CardRecordFactory(name_ja=name_ja, printings=printings, **facts)


ENGLISH_LINKS = [
    (
        "same printing and facts",
        [tyler()],
        [english("Brawler Zyler", ("DM-01", "98"))],
        {"喧嘩屋タイラー": "Brawler Zyler"},
    ),
    ("no printing: facts alone", [tyler()], [english("Brawler Zyler")], {}),
    ("other printing", [tyler()], [english("Brawler Zyler", ("DM-01", "99"))], {}),
    ("other cost", [tyler(cost=3)], [english("Brawler Zyler", ("DM-01", "98"))], {}),
    ("other power", [tyler(power="2000")], [english("Brawler Zyler", ("DM-01", "98"))], {}),
    ("other civilization", [tyler(civilizations=["Water"])], [english("Brawler Zyler", ("DM-01", "98"))], {}),
    ("other type", [tyler(card_type="Spell")], [english("Brawler Zyler", ("DM-01", "98"))], {}),
    ("card already named", [tyler(name="Zyler")], [english("Brawler Zyler", ("DM-01", "98"))], {}),
    (
        "two cards fit",
        [tyler(), tyler("もう一枚", number="98")],
        [english("Brawler Zyler", ("DM-01", "98"))],
        {},
    ),
    (
        "two English records name one card",
        [tyler()],
        [english("Brawler Zyler", ("DM-01", "98")), english("Zyler Again", ("DM-01", "98"))],
        {},
    ),
    (
        "English name another card has",
        [tyler(), CardRecordFactory(name_ja="別のカード", name="Brawler Zyler")],
        [english("Brawler Zyler", ("DM-01", "98"))],
        {},
    ),
    (
        "one of two printings",
        [tyler()],
        [english("Brawler Zyler", ("DMC-01", "40"), ("DM-01", "98"))],
        {"喧嘩屋タイラー": "Brawler Zyler"},
    ),
]


@pytest.mark.parametrize(
    ("records", "english_only", "linked"), [c[1:] for c in ENGLISH_LINKS], ids=[c[0] for c in ENGLISH_LINKS]
)
def test_english_names_are_linked_only_for_certain(records, english_only, linked):
    from games.dm.catalogue import english_names_link

    assert english_names_link(records, english_only) == linked


def test_import_command_writes_the_linked_english_names_once(tmp_path):
    from games.dm.resolver import Resolver

    cards = write(tmp_path, [tyler()])
    english_only = write(tmp_path, [english("Brawler Zyler", ("DM-01", "98"))], "cards_en_only.json")
    for expected in ("created 1", "unchanged 1"):
        out = io.StringIO()
        call_command("import_cards", cards, "--english-only", english_only, "--no-progress", stdout=out)
        assert expected in out.getvalue()
    card = Card.objects.get(name_ja="喧嘩屋タイラー")
    assert card.name_en == "Brawler Zyler"
    assert Resolver.from_catalogue().resolve("brawler zyler").card.id == card.id
