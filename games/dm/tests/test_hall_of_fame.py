"""import_regulations: every entry matched to a card identity (or reported by name), idempotent, replayable."""

import json
from datetime import date
from io import StringIO

import pytest
from django.core.management import call_command

from games.dm.hall_of_fame import RegulationImportError, regulation_import
from games.dm.legality import regulation_of
from regulations.models import RegulationEvent, RegulationEventCard
from regulations.selectors import regulation_changes, regulation_in_force
from regulations.tests.catalogue import BANNED, COMBO, LIMITED, PSYCHICS, RUBY, SEALED_X, TWIN, hall_of_fame


def test_matching_report(hof):
    assert (hof.events, hof.created, hof.entries, hof.matched) == (13, 13, 16, 15)
    assert hof.unmatched == ["ドリル・スコール"]  # reported by name, never dropped
    assert hof.matched_by == {"card_key": 8, "name": 5, "loose_name": 1, "faces": 1}


MATCHES = [
    pytest.param("エメラル", LIMITED, "card_key", id="card-key"),
    pytest.param("無双竜機ボルバルザーク", BANNED, "name", id="exact-name"),
    pytest.param("竜魔神王バルカディア・NEX", RUBY, "loose_name", id="list-name-without-ruby"),
    pytest.param(
        "時空の支配者ディアボロス Z/最凶の覚醒者デビル・ディアボロス Z", PSYCHICS[0], "faces", id="shared-back-face"
    ),
    pytest.param(TWIN.replace("/", "／"), TWIN, "name", id="twinpact-joined-with-slash"),
    pytest.param(COMBO[0], COMBO[0], "name", id="combo-side-by-name"),
]


@pytest.mark.parametrize(("listed", "card_name", "how"), MATCHES)
def test_entries_match_one_card_identity(hof, cards, listed, card_name, how):
    row = RegulationEventCard.objects.filter(listed_name=listed).first()
    assert row is not None
    assert (row.card_id, row.matched_by) == (cards[card_name], how)


def test_unmatched_entry_is_kept_with_its_name(hof):
    row = RegulationEventCard.objects.get(listed_name="ドリル・スコール")
    assert row.card_id is None and row.name_key == "ドリル・スコール" and row.matched_by == ""


def test_reimport_is_idempotent(hof):
    again = regulation_import(data=hall_of_fame(), source="fixture")
    assert (again.created, again.updated, again.unchanged, again.removed) == (0, 0, 13, 0)
    assert RegulationEvent.objects.count() == 13


def test_reimport_updates_changed_and_removes_vanished_events(hof):
    data = hall_of_fame()
    data["events"] = data["events"][:-1]
    data["events"][0]["on_release"] = True
    report = regulation_import(data=data, source="fixture")
    assert (report.created, report.updated, report.removed) == (0, 1, 1)


REPLAY = [
    pytest.param(date(2009, 12, 31), {}, id="before-the-first-event"),
    pytest.param(date(2010, 1, 1), {LIMITED: "limited", BANNED: "limited"}, id="first-day"),
    pytest.param(date(2012, 6, 1), {LIMITED: "limited", BANNED: "banned", RUBY: "limited"}, id="promoted-to-banned"),
    pytest.param(
        date(2016, 1, 1),
        {
            LIMITED: "limited",
            BANNED: "banned",
            RUBY: "limited",
            PSYCHICS[0]: "limited",
            TWIN: "limited",
            SEALED_X: "limited",
            "ドリル・スコール": "limited",
        },
        id="unmatched-entry-still-listed",
    ),
    pytest.param(
        date(2021, 1, 1),
        {BANNED: "banned", RUBY: "limited", TWIN: "limited", SEALED_X: "limited", "ドリル・スコール": "limited"},
        id="released-again",
    ),
]


@pytest.mark.parametrize(("as_of", "expected"), REPLAY)
def test_regulation_in_force_replays_events_in_date_order(hof, as_of, expected):
    in_force = regulation_in_force(format_code="advance", as_of=as_of)
    assert {item.name: str(item.status) for item in in_force.cards} == expected
    assert in_force.available


def test_combos_in_force(hof):
    assert [len(c.cards) for c in regulation_in_force(format_code="advance", as_of=date(2012, 1, 1)).combos] == [2]
    assert regulation_in_force(format_code="advance", as_of=date(2020, 1, 1)).combos == ()
    (combo,) = regulation_in_force(format_code="advance", as_of=date(2023, 1, 1)).combos
    assert sorted(name for _key, _id, name in combo.cards) == sorted(COMBO)


def test_changes_between_two_dates(hof):
    changes = regulation_changes(format_code="advance", since=date(2011, 1, 1), until=date(2018, 1, 1))
    assert {(c["card"]["name"], c["from"], c["to"]) for c in changes["cards"]} >= {
        (LIMITED, "limited", "unrestricted"),
        (BANNED, "limited", "banned"),
        (RUBY, "unrestricted", "limited"),
    }
    assert len(changes["combos_added"]) == 1 and changes["combos_removed"] == []


def test_original_follows_the_list_of_advance(hof):
    """The file names no format: its events are advance's, and the same Hall of Fame binds オリジナル (issue 28)."""
    advance = regulation_in_force(format_code="advance", as_of=date(2023, 1, 1))
    in_force = regulation_in_force(format_code="original", as_of=date(2023, 1, 1))
    assert in_force.available and in_force.format_code == "original"
    assert (in_force.cards, in_force.combos, in_force.label) == (advance.cards, advance.combos, advance.label)
    assert regulation_of(format_code="original", as_of=date(2023, 1, 1)) == regulation_of(
        format_code="advance", as_of=date(2023, 1, 1)
    )


def test_command_prints_the_report(cards, tmp_path):
    path = tmp_path / "hof.json"
    path.write_text(json.dumps(hall_of_fame(), ensure_ascii=False), encoding="utf-8")
    out = StringIO()
    call_command("import_regulations", str(path), "--json", stdout=out)
    report = json.loads(out.getvalue())
    assert (report["events"], report["matched"], report["unmatched"]) == (13, 15, ["ドリル・スコール"])


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param("not json", "not valid JSON", id="not-json"),
        pytest.param("[]", "'events' list", id="not-an-object"),
        pytest.param('{"events": [{"kind": "card", "to": "sideways"}]}', "not understood", id="bad-status"),
    ],
)
def test_bad_files_are_refused(cards, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(RegulationImportError, match=message):
        regulation_import(source=str(path))
    assert RegulationEvent.objects.count() == 0
