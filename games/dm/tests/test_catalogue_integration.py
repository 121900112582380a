"""The full real card file on PostgreSQL: exact counts, idempotence, the resolver and search over every card.

Expected counts come from the data set's own `build_report.json` (and, where the report has no figure, from
`cards.json` itself): the data improves between versions, the tests follow it.
"""

import json
from pathlib import Path

import pytest
from django.conf import settings

from cards.models import Card, CardFace, Printing
from games.dm.resolver import AMBIGUOUS, OK, get_resolver
from games.dm.search import card_search, card_search_result

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def _data(name: str):
    return json.loads((Path(settings.CARD_DATA_DIR) / name).read_text(encoding="utf-8"))


REPORT = _data("build_report.json")["after"]
RECORDS = REPORT["records"]
WITH_FACTS = REPORT["with_facts"]
RECORDS_FILE = _data("cards.json")
FACES = sum(len(record.get("faces") or []) for record in RECORDS_FILE)
SET_PRINTINGS = sum(len(record.get("printings") or []) for record in RECORDS_FILE)
TCG_PRINTINGS = sum(len(record.get("tcg_printings") or []) for record in RECORDS_FILE)


def test_full_import_counts(full_catalogue):
    first, _ = full_catalogue
    assert (first.total, first.created + first.unchanged, first.updated, first.skipped) == (RECORDS, RECORDS, 0, 0)
    assert Card.objects.count() == RECORDS
    assert Card.objects.filter(facts_available=True).count() == WITH_FACTS
    assert Card.objects.filter(facts_available=False).count() == RECORDS - WITH_FACTS
    assert Card.objects.filter(dm__twinpact=True).count() == REPORT["twinpact"]
    assert CardFace.objects.count() == FACES
    # Set-list printings as attached to records (a shared-face entry once per record) and English TCG printings.
    assert Printing.objects.filter(tcg=False).count() == SET_PRINTINGS
    assert Printing.objects.filter(tcg=True).count() == TCG_PRINTINGS


def test_second_import_changes_nothing(full_catalogue):
    _, second = full_catalogue
    assert (second.created, second.updated, second.unchanged, second.skipped) == (0, 0, RECORDS, 0)


@pytest.mark.parametrize(
    ("written", "name_ja"),
    [
        ("超戦龍覇 モルトNEXT", "超戦龍覇 モルトNEXT（ネクスト）"),
        ("《超戦龍覇　モルトＮＥＸＴ（ネクスト）》", "超戦龍覇 モルトNEXT（ネクスト）"),
        ("パラダイス・アロマ", "パラダイス・アロマ"),
        ("invincible thirteen", "13番目の計画"),
        ("AQreplay/伝説チャンス", "AQreplay / 伝説チャンス"),
        ("ＪＫ大バクチ", "ＪＫ大バクチ"),
        ("JK大バクチ", "JK大バクチ"),
        # English names of WotC-era cards that only the English-only records carry, linked at import.
        ("Brain Serum", "ネオ・ブレイン"),
        ("brawler zyler", "喧嘩屋タイラー"),
    ],
)
def test_resolver_over_the_real_catalogue(full_catalogue, written, name_ja):
    resolution = get_resolver().resolve(written)
    assert (resolution.status, resolution.card.name_ja) == (OK, name_ja)


def test_width_variant_pairs_share_a_counting_name(full_catalogue):
    resolver = get_resolver()
    for half, full in (("JK大バクチ", "ＪＫ大バクチ"), ("大集結!アクア・ブラザーズ", "大集結！アクア・ブラザーズ")):
        assert resolver.resolve(half).card.name_key == resolver.resolve(full).card.name_key
        assert resolver.resolve(half).card.id != resolver.resolve(full).card.id


def test_shared_zeron_face_is_ambiguous_and_a_start_set(full_catalogue):
    resolution = get_resolver().resolve("零龍")
    assert resolution.status == AMBIGUOUS
    assert len(resolution.candidates) == 5
    facts = [get_resolver().facts(candidate.id) for candidate in resolution.candidates]
    assert {(f.start_set, f.start_set_size) for f in facts} == {("零龍", 5)}


def test_rule_plus_and_deck_limits_from_the_data(full_catalogue):
    resolver = get_resolver()
    thirteen = resolver.resolve("13番目の計画").card
    assert (thirteen.rule_plus, thirteen.deck_size_delta) == (True, 5)
    assert sum(1 for card_id in card_search(q="is:rule_plus")) == 1


@pytest.mark.parametrize(
    ("q", "count"),
    [
        ("is:twinpact", REPORT["twinpact"]),
        ("zone:gr", REPORT["zone"]["super_gr_zone"]),
        ("zone:hyperspatial", REPORT["zone"]["hyperspatial_zone"]),
        ("zone:start", REPORT["zone"]["battle_zone_at_game_start"]),
        ("is:facts", WITH_FACTS),
    ],
)
def test_search_counts_over_the_real_catalogue(full_catalogue, q, count):
    assert len(card_search(q=q)) == count


def test_changed_records_are_updated_on_postgresql(full_catalogue, catalogue_records):
    # The update path writes with executemany and each field's own conversion (JSON columns included).
    from cards.services import card_import

    card_import(records=catalogue_records, source="fixture")
    catalogue_records[0]["cost"] = 9
    catalogue_records[0]["races"] = ["テスト種族"]
    catalogue_records[3]["faces"][1]["cost"] = 5
    summary = card_import(records=catalogue_records, source="fixture")
    assert (summary.updated, summary.created) == (2, 0)
    first = Card.objects.get(name_ja=catalogue_records[0]["name_ja"])
    assert (first.dm.cost, first.dm.races) == (9, ["テスト種族"])
    twinpact = Card.objects.get(name_ja=catalogue_records[3]["name_ja"])
    assert twinpact.faces.get(position=1).cost == 5
    assert Card.objects.filter(dm__races__contains=["テスト種族"]).count() == 1


# ------------------------------------------------------------------------------------- sets and release dates

SETS_FILE = _data("sets.json")
SET_REPORT = _data("build_report.json")["sets"]


def _dated_codes() -> set[str]:
    return {entry["code"] for entry in SETS_FILE if entry["release_date"]}


def test_set_list_is_imported(full_catalogue):
    from cards.models import Set

    assert Set.objects.count() == len(SETS_FILE) == SET_REPORT["codes"]
    assert Set.objects.filter(release_date__isnull=False).count() == SET_REPORT["dated"]
    assert set(Set.objects.filter(release_date__isnull=True).values_list("code", flat=True)) == set(
        SET_REPORT["undated"]
    )


def test_every_card_with_a_dated_printing_has_a_first_release(full_catalogue):
    dated = _dated_codes()
    expected = sum(1 for r in RECORDS_FILE if any(p["set_code"] in dated for p in r.get("printings") or []))
    assert Card.objects.filter(release_date__isnull=False).count() == expected
    assert Card.objects.filter(release_date__isnull=True).count() == RECORDS - expected


def test_no_gr_card_before_the_gr_era(full_catalogue):
    """GR creatures came with the 2019 products: the earliest GR release is in 2019, and every GR card is dated."""
    gr = Card.objects.filter(dm__gr=True)
    assert gr.count() == REPORT["gr"]
    assert gr.filter(release_date__isnull=True).count() == 0
    assert min(gr.values_list("release_date", flat=True)).year == 2019


def test_facts_sources_and_unknown_fields(full_catalogue):
    for source, count in REPORT["by_facts_source"].items():
        assert Card.objects.filter(facts_available=True, facts_source=source).count() == count
    unknown = sum(
        1 for r in RECORDS_FILE if r.get("facts_available", True) and "cant_attack" in r.get("facts_unknown", [])
    )
    assert card_search_result(q="is:cant_attack").notes[0].unknown == unknown


@pytest.mark.parametrize(
    "q",
    ["date<=2019-12-31", "year:2019", "set:DMRP-05", "is:new", "date>=2004-01-01 date<=2004-12-31"],
)
def test_date_searches_agree_with_the_stored_release_dates(full_catalogue, q):
    from datetime import date, timedelta

    from django.utils import timezone

    today = timezone.localdate()
    expected = {
        "date<=2019-12-31": Card.objects.filter(release_date__lte=date(2019, 12, 31)),
        "year:2019": Card.objects.filter(release_date__year=2019),
        "set:DMRP-05": Card.objects.filter(printings__set_code="DMRP-05").distinct(),
        "is:new": Card.objects.filter(release_date__gt=today - timedelta(days=90), release_date__lte=today),
        "date>=2004-01-01 date<=2004-12-31": Card.objects.filter(release_date__year=2004),
    }[q]
    result = card_search_result(q=q)
    assert set(result.ids) == set(expected.values_list("id", flat=True))
    undated = Card.objects.filter(release_date__isnull=True).count()
    # One note per date term (`set:` is not one): an undated card can be decided by none of them.
    terms = 0 if q.startswith("set:") else len(q.split())
    assert [(n.field, n.unknown) for n in result.notes] == [("release_date", undated)] * terms


def test_the_english_only_names_linked_at_import(full_catalogue):
    from games.dm.catalogue import english_names_link

    linked = english_names_link(RECORDS_FILE, _data("cards_en_only.json"))
    assert len(linked) > 200  # 272 with the v2 data
    names = dict(Card.objects.filter(name_ja__in=linked).values_list("name_ja", "name_en"))
    assert names == linked
