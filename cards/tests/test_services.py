"""The card import's plumbing (cards.services, the import_cards command): a data file read from a path or an
address within the size limit, nothing changed by a malformed file, the command's summary and errors, and the
set list with the cards' first release dates. Duel Masters' importer itself is tested in
games/dm/tests/test_catalogue_import.py."""

import functools
import http.server
import io
import json
import threading

import pytest
from django.core.management import CommandError, call_command

from cards.models import Card, CardFace, Printing
from cards.services import CardImportError, card_import
from cards.tests.factories import CardRecordFactory, PrintingRecordFactory, SetRecordFactory

pytestmark = pytest.mark.django_db


def write(tmp_path, records, name="cards.json") -> str:
    path = tmp_path / name
    path.write_text("[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in records) + "\n]\n", encoding="utf-8")
    return str(path)


def snapshot() -> tuple:
    return (
        sorted(Card.objects.values_list("id", "name_ja", "source_hash", "dm__cost", "updated_at")),
        sorted(CardFace.objects.values_list("card_id", "position", "name_ja")),
        sorted(Printing.objects.values_list("card_id", "set_code", "number")),
    )


@pytest.mark.parametrize(
    ("content", "message"),
    [("{not json", "not valid JSON"), ('{"name_ja": "x"}', "JSON array"), ("\xff\xfe", "not valid JSON")],
    ids=["invalid-json", "not-an-array", "not-utf8"],
)
def test_malformed_file_changes_nothing(tmp_path, catalogue_records, content, message):
    card_import(source=write(tmp_path, catalogue_records))
    before = snapshot()
    path = tmp_path / "bad.json"
    path.write_bytes(content.encode("latin-1"))
    with pytest.raises(CardImportError, match=message):
        card_import(source=str(path))
    assert snapshot() == before


def test_missing_file(tmp_path):
    with pytest.raises(CardImportError, match="cannot read"):
        card_import(source=str(tmp_path / "absent.json"))


def test_command_prints_summary_and_progress(tmp_path, catalogue_records):
    out, err = io.StringIO(), io.StringIO()
    call_command("import_cards", write(tmp_path, catalogue_records), stdout=out, stderr=err)
    total = len(catalogue_records)
    assert f"{total} records, created {total}, updated 0, unchanged 0" in out.getvalue()
    assert "100%" in err.getvalue()


def test_command_reports_bad_record(tmp_path, catalogue_records):
    catalogue_records[2]["cost"] = "x"
    with pytest.raises(CommandError, match=r"nothing was changed: record 2 \(パラダイス・アロマ\), field 'cost'"):
        call_command("import_cards", write(tmp_path, catalogue_records), "--no-progress", stdout=io.StringIO())
    assert Card.objects.count() == 0


def test_command_uses_the_configured_source(tmp_path, catalogue_records, settings):
    settings.CARD_DATA_SOURCE = write(tmp_path, catalogue_records)
    call_command("import_cards", "--no-progress", stdout=io.StringIO())
    assert Card.objects.count() == len(catalogue_records)


@pytest.fixture
def http_server(tmp_path):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_import_from_url(tmp_path, catalogue_records, http_server):
    write(tmp_path, catalogue_records)
    summary = card_import(source=f"{http_server}/cards.json")
    assert summary.created == len(catalogue_records)


def test_download_over_the_size_limit_changes_nothing(tmp_path, catalogue_records, http_server, settings):
    write(tmp_path, catalogue_records)
    settings.DATA_DOWNLOAD_MAX_BYTES = 1000
    with pytest.raises(CardImportError, match="limit of 1000 bytes"):
        card_import(source=f"{http_server}/cards.json")
    assert Card.objects.count() == 0


def test_unsupported_scheme():
    with pytest.raises(CardImportError, match="unsupported source"):
        card_import(source="ftp://example.org/cards.json")


# ----------------------------------------------------------------------------- sets and first release dates


def dated_card(name: str, *codes: str, tcg: tuple[str, ...] = ()) -> dict:
    return CardRecordFactory(
        name_ja=name,
        cost=2,
        printings=[
            PrintingRecordFactory(set_code=code, number=str(n), listed_name_ja=name)
            for n, code in enumerate(codes, start=1)
        ],
        tcg_printings=[{"set": code, "id": "1", "rarity": "C"} for code in tcg],
    )


SETS = [
    SetRecordFactory(code="S-DAY", release_date="2004-03-18"),
    SetRecordFactory(code="S-MONTH", release_date="2004-02", date_precision="month"),
    SetRecordFactory(code="S-LATE", release_date="2019-03-16"),
    SetRecordFactory(code="S-NONE", release_date=None, date_precision=None),
]


# A source's tournament decklists listed as sets (the data's `NET-…` codes): no product, so no printing.
TOURNAMENT_LIST = SetRecordFactory(
    code="NET-1", release_date=None, date_precision=None, kind="tournament deck list in the tw source (not a product)"
)


@pytest.mark.parametrize(
    ("codes", "tcg", "release", "release_set", "exact"),
    [
        pytest.param(("S-DAY",), (), "2004-03-18", "S-DAY", True, id="one-day-printing"),
        pytest.param(("S-LATE", "S-DAY"), (), "2004-03-18", "S-DAY", True, id="earliest-printing-wins"),
        pytest.param(("S-MONTH",), (), "2004-02-29", "S-MONTH", True, id="month-counts-as-its-last-day"),
        # A printing of no date may be the first (a promo of no date, reprinted later): the date is the day the card
        # was out by, not its first day.
        pytest.param(("S-LATE", "S-NONE"), (), "2019-03-16", "S-LATE", False, id="undated-printing-may-be-earlier"),
        pytest.param(("S-LATE", "UNLISTED"), (), "2019-03-16", "S-LATE", False, id="unlisted-set-may-be-earlier"),
        pytest.param(("S-LATE", "NET-1"), (), "2019-03-16", "S-LATE", True, id="a-tournament-list-is-no-printing"),
        pytest.param(("S-NONE",), (), None, "", True, id="no-dated-printing-is-unknown"),
        pytest.param((), (), None, "", True, id="no-printing-is-unknown"),
        pytest.param(("S-LATE",), ("S-DAY",), "2019-03-16", "S-LATE", True, id="tcg-printings-do-not-count"),
        pytest.param(("UNLISTED",), (), None, "", True, id="set-not-in-the-list"),
    ],
)
def test_first_release_date_is_the_earliest_dated_printing(codes, tcg, release, release_set, exact):
    from cards.services import card_release_dates_refresh, set_import

    set_import(records=[*SETS, TOURNAMENT_LIST], source="fixture")
    card_import(records=[dated_card("日付のカード", *codes, tcg=tcg)], source="fixture")
    card = Card.objects.get(name_ja="日付のカード")
    stored = (card.release_date.isoformat() if card.release_date else None, card.release_set, card.release_date_exact)
    assert stored == (release, release_set, exact)
    # The refresh the set import runs derives the same from the stored printings: nothing to change.
    assert card_release_dates_refresh() == 0


def test_set_import_is_idempotent_and_redates_the_cards():
    from cards.models import Set
    from cards.services import set_import

    first = set_import(records=SETS, source="fixture")
    assert (first.created, first.updated, first.unchanged) == (4, 0, 0)
    card_import(records=[dated_card("日付のカード", "S-NONE", "S-LATE")], source="fixture")
    again = set_import(records=SETS, source="fixture")
    assert (again.created, again.updated, again.unchanged, again.release_dates_changed) == (0, 0, 4, 0)
    month = Set.objects.get(code="S-MONTH")
    stored = (month.release_date.isoformat(), month.release_text, month.date_precision)
    assert stored == ("2004-02-29", "2004-02", "month")
    # A set gains a date: the cards printed in it are re-dated by the set import alone.
    redated = [*SETS[:3], SetRecordFactory(code="S-NONE", release_date="2010-07-01")]
    summary = set_import(records=redated, source="fixture")
    assert (summary.updated, summary.release_dates_changed) == (1, 1)
    card = Card.objects.get(name_ja="日付のカード")
    assert (card.release_date.isoformat(), card.release_set) == ("2010-07-01", "S-NONE")
    assert card_import(records=[dated_card("日付のカード", "S-NONE", "S-LATE")], source="fixture").unchanged == 1


@pytest.mark.parametrize(
    ("change", "field"),
    [
        pytest.param({"code": ""}, "code", id="empty-code"),
        pytest.param({"release_date": "2004-13-01"}, "release_date", id="impossible-date"),
        pytest.param({"release_date": "2004-03"}, "release_date", id="month-text-with-day-precision"),
        pytest.param({"date_precision": None}, "release_date", id="date-without-precision"),
        pytest.param({"release_date": None}, "date_precision", id="precision-without-date"),
        pytest.param({"suspect": "no"}, "suspect", id="suspect-not-boolean"),
    ],
)
def test_malformed_set_list_changes_nothing(change, field):
    from cards.models import Set
    from cards.services import set_import

    set_import(records=SETS, source="fixture")
    broken = [*SETS, SetRecordFactory(code="S-BAD", release_date="2004-03-18") | change]
    with pytest.raises(CardImportError) as error:
        set_import(records=broken, source="fixture")
    assert (error.value.index, error.value.field) == (4, field)
    assert Set.objects.count() == 4


def test_import_command_imports_the_sets_first(tmp_path):
    from cards.models import Set

    sets = write(tmp_path, SETS, "sets.json")
    cards = write(tmp_path, [dated_card("日付のカード", "S-MONTH")])
    out = io.StringIO()
    call_command("import_cards", cards, "--sets", sets, "--no-progress", stdout=out)
    assert Set.objects.count() == 4
    assert Card.objects.get(name_ja="日付のカード").release_date.isoformat() == "2004-02-29"
    assert "sets from" in out.getvalue() and "created 4" in out.getvalue()
