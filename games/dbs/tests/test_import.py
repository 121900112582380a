"""The game's import (`manage.py import_games`): created, updated, unchanged and removed records and the ban list,
on a small data set cut from the real records (the real data's full import: test_game.py)."""

import json

import pytest
from django.core.management import call_command

from cards.models import Card, CardFace, Printing
from cards.selectors import catalogue_version
from games.dbs import catalogue
from games.dbs.models import DbsBanEntry, DbsCardFacts

NUMBERS = ("BT1-001", "BT1-005", "BT1-006")  # a leader with its back side, a card with variants, a plain card


def _write(tmp_path, records, entries):
    cards, bans = tmp_path / "cards.json", tmp_path / "banlist.json"
    cards.write_text(json.dumps(records), encoding="utf-8")
    bans.write_text(json.dumps({"entries": entries}), encoding="utf-8")
    return {"cards_source": str(cards), "banlist_source": str(bans)}


@pytest.fixture
def records(real_records):
    return [dict(record) for record in real_records if record["card_number"] in NUMBERS]


def _ban(number, status="banned", copies=0):
    return {"card_number": number, "status": status, "max_copies": copies, "date": None, "source": "test"}


@pytest.mark.django_db
def test_an_import_creates_updates_and_removes_by_card_number(tmp_path, records):
    first = catalogue.data_import(log=lambda text: None, **_write(tmp_path, records, [_ban("BT1-006")]))
    assert (first.total, first.created, first.updated, first.unchanged, first.removed) == (3, 3, 0, 0, 0)
    assert sorted(Card.objects.filter(game="dbs").values_list("name_key", flat=True)) == sorted(NUMBERS)
    assert CardFace.objects.filter(card__name_key="BT1-001").count() == 2
    leader = next(r for r in records if r["card_number"] == "BT1-001")
    assert Card.objects.get(name_key="BT1-001").name_ja == f"{leader['name_en']} // {leader['back_name_en']} [BT1-001]"

    renamed = [dict(r, name_en="Renamed") if r["card_number"] == "BT1-005" else r for r in records[:2]]
    version = catalogue_version()
    second = catalogue.data_import(log=lambda text: None, **_write(tmp_path, renamed, [_ban("BT1-005", "limited", 1)]))
    assert (second.created, second.updated, second.unchanged, second.removed) == (0, 1, 1, 1)
    assert Card.objects.get(name_key="BT1-005").name_ja == "Renamed [BT1-005]"
    assert not DbsCardFacts.objects.filter(card_number="BT1-006").exists()
    assert list(DbsBanEntry.objects.values_list("card_number", "status")) == [("BT1-005", "limited")]
    assert Printing.objects.filter(card__name_key="BT1-005").count() == 1 + len(records[1]["variant_numbers"])
    assert catalogue_version() != version
    state = catalogue.state()
    assert (len(state.catalogue), state.catalogue.card("BT1-005").name, len(state.banlist.entries)) == (2, "Renamed", 1)


@pytest.mark.django_db
def test_a_reimport_restores_a_first_release_changed_outside_it(tmp_path, records):
    """The first release date is the data's: a row whose date another import reset (before the set list dated only
    its own game's cards, a Duel Masters import did) is rewritten, though its record's hash is unchanged."""
    sources = _write(tmp_path, records, [])
    catalogue.data_import(log=lambda text: None, **sources)
    dated = dict(Card.objects.filter(game="dbs", release_date__isnull=False).values_list("id", "release_date"))
    assert dated
    Card.objects.filter(id__in=dated).update(release_date=None)
    again = catalogue.data_import(log=lambda text: None, **sources)
    assert (again.updated, again.unchanged) == (len(dated), len(records) - len(dated))
    assert dict(Card.objects.filter(id__in=dated).values_list("id", "release_date")) == dated


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("cards", "bans", "message"),
    [
        pytest.param({"not": "a list"}, {"entries": []}, "JSON array", id="cards-not-a-list"),
        pytest.param([{"name_en": "x"}], {"entries": []}, "no card_number", id="no-number"),
        pytest.param([{"card_number": "X-1", "card_type": "Spell", "deck_zone": "main"}], {"entries": []}, "X-1",
                     id="unknown-type"),
        pytest.param([], {"entries": [{"card_number": "BT1-001", "status": "gone"}]}, "entry 0", id="bad-ban"),
    ],
)  # fmt: skip
def test_bad_data_changes_nothing(tmp_path, cards, bans, message):
    (tmp_path / "cards.json").write_text(json.dumps(cards), encoding="utf-8")
    (tmp_path / "banlist.json").write_text(json.dumps(bans), encoding="utf-8")
    with pytest.raises(catalogue.DbsImportError, match=message):
        catalogue.data_import(
            log=lambda text: None,
            cards_source=str(tmp_path / "cards.json"),
            banlist_source=str(tmp_path / "banlist.json"),
        )
    assert not Card.objects.filter(game="dbs").exists()


@pytest.mark.django_db
def test_import_games_runs_the_dbs_import(tmp_path, records, settings, capsys):
    (tmp_path / "dbs").mkdir()
    _write(tmp_path / "dbs", records, [])
    settings.CARD_DATA_DIR = str(tmp_path)
    call_command("import_games", "--game", "dbs")
    assert "3 records, created 3" in capsys.readouterr().out
    assert Card.objects.filter(game="dbs").count() == 3


def _edit_a_card(tmp_path, records):
    Card.objects.filter(game="dbs", name_key="BT1-006").update(release_date=None)  # e.g. another import reset it


def _change_a_file(tmp_path, records):
    _write(tmp_path / "dbs", records[:2], [])


@pytest.mark.django_db
@pytest.mark.parametrize(
    "between, imported",
    [
        pytest.param(lambda tmp_path, records: None, False, id="nothing-changed-skipped"),
        pytest.param(_edit_a_card, True, id="a-card-written-since-imported"),
        pytest.param(_change_a_file, True, id="a-data-file-changed-imported"),
    ],
)
def test_import_games_skips_a_game_whose_files_and_cards_are_unchanged(tmp_path, records, settings, capsys, between,
                                                                      imported):  # fmt: skip
    (tmp_path / "dbs").mkdir()
    _write(tmp_path / "dbs", records, [])
    settings.CARD_DATA_DIR = str(tmp_path)
    call_command("import_games", "--game", "dbs")
    capsys.readouterr()
    between(tmp_path, records)
    call_command("import_games", "--game", "dbs")
    out = capsys.readouterr().out
    assert ("skipped" not in out) is imported, out
    assert Card.objects.filter(game="dbs", release_date__isnull=True).count() == 0  # the edit repaired, when made
    call_command("import_games", "--game", "dbs", "--force")
    assert "skipped" not in capsys.readouterr().out


def _import_fails(**options):
    raise catalogue.DbsImportError("bad data")


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
@pytest.mark.parametrize(
    "fails",
    [pytest.param(False, id="imported"), pytest.param(True, id="import-failed")],
)
def test_import_games_says_that_a_games_import_runs_while_it_runs(tmp_path, records, settings, monkeypatch, fails):
    """`make run` serves while import_games runs: the game's pages say its cards are on the way (importing_since, set
    before the import's transaction and seen by other connections), and stop saying so once it ends, however."""
    from django.db import connections

    from cards.selectors import catalogue_import_running

    (tmp_path / "dbs").mkdir()
    _write(tmp_path / "dbs", records, [])
    settings.CARD_DATA_DIR = str(tmp_path)
    seen = []
    real_import = catalogue.data_import

    def observed(**options):
        seen.append(catalogue_import_running(game="dbs"))
        return (_import_fails if fails else real_import)(**options)

    monkeypatch.setattr(catalogue, "data_import", observed)
    if fails:
        with pytest.raises(catalogue.DbsImportError):
            call_command("import_games", "--game", "dbs")
    else:
        call_command("import_games", "--game", "dbs")
    connections.close_all()
    assert seen[0] is not None
    assert catalogue_import_running(game="dbs") is None
