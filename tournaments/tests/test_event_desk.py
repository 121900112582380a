"""The organizer's event desk (tournaments.services / selectors / apis): settings editable until the lock and
audited, unlock with a reason, delete, capacity, deck checks against the registered list, and CSV both ways for
Japan (Japan time, UTF-8 with a BOM or Shift-JIS out; UTF-8 with or without BOM and Shift-JIS/CP932 in)."""

import csv
import io
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.tests.factories import UserFactory
from decks import services as deck_services
from decks.tests.fixtures import GR, MAIN, PSYCHIC, legal_deck_json, token_client
from games.dm.rules.decklist import parse_json, parse_text
from tournaments import selectors, services
from tournaments.models import AuditEntry, Event, Registration
from tournaments.tests.round_trip import assert_export_reimports

LEGAL_TEXT = "\n".join(
    ["# main", *(f"4 {name}" for name, *_ in MAIN), "# hyperspatial", f"4 {PSYCHIC}", "# gr", *(f"2 {n}" for n in GR)]
)
SHORT_TEXT = "\n".join(f"4 {name}" for name, *_ in MAIN[:9])  # 36 cards: DECK_SIZE


def _event(organizer, **values):
    return services.event_create(
        organizer=organizer,
        name="Store CS",
        date=timezone.localdate() + timedelta(days=10),
        registration_deadline=timezone.now() + timedelta(days=9),
        **values,
    )


def _import(event, organizer, rows: list[tuple[str, str]]) -> list[dict]:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["player", "decklist"])
    writer.writerows(rows)
    return services.registrations_import_csv(event_id=event.id, user=organizer, csv_text=out.getvalue())


@pytest.fixture
def event(organizer, cards):
    event = _event(organizer)
    _import(event, organizer, [("alice", LEGAL_TEXT), ("bob", SHORT_TEXT)])
    return event


# --- settings ----------------------------------------------------------------------------------------------


def test_settings_change_is_audited_and_rechecks_the_registrations(event, organizer):
    """Moving the event to a format without the GR zone turns alice's list illegal; the audit entry names every
    changed setting (old, new) and every status that changed."""
    from games.dm.models import DmFormat
    from regulations.models import Format

    DmFormat.objects.create(format=Format.objects.create(code="nogr", name="No GR"), uses_gr=False)
    services.event_update(event_id=event.id, user=organizer, format_code="nogr", capacity=32, name="Store CS")
    statuses = dict(Registration.objects.filter(event=event).values_list("player_name", "status"))
    assert statuses == {"alice": "illegal", "bob": "illegal"}
    entry = AuditEntry.objects.filter(event=event).order_by("-sequence").first()
    assert entry.action == "settings"
    assert entry.payload["changed"] == {"format_code": ["advance", "nogr"], "capacity": [None, 32]}  # name unchanged
    alice = Registration.objects.get(event=event, player_name="alice").id
    assert entry.payload["status_changes"] == [
        {"registration": alice, "player": "alice", "from": "legal", "to": "illegal"}
    ]
    assert services.audit_chain_verify(event_id=event.id) == []


SETTINGS_REFUSED = [
    # (changes, the field named in EventInvalid)
    pytest.param({"capacity": 1}, "capacity", id="capacity-below-the-registrations"),
    pytest.param({"capacity": 0}, "capacity", id="capacity-zero"),
    pytest.param({"date": timezone.localdate()}, "registration_deadline", id="event-before-its-deadline"),
]


@pytest.mark.parametrize(("changes", "field"), SETTINGS_REFUSED)
def test_settings_refused_write_nothing(event, organizer, changes, field):
    before = AuditEntry.objects.filter(event=event).count()
    with pytest.raises(services.EventInvalid) as refused:
        services.event_update(event_id=event.id, user=organizer, **changes)
    assert refused.value.field == field
    assert AuditEntry.objects.filter(event=event).count() == before
    assert Event.objects.get(id=event.id).capacity is None


def test_settings_are_frozen_by_the_lock_and_only_for_the_organizer(event, organizer, other):
    with pytest.raises(services.NotOrganizer):
        services.event_update(event_id=event.id, user=other, capacity=40)
    services.event_lock(event_id=event.id, user=organizer)
    with pytest.raises(services.EventLocked):
        services.event_update(event_id=event.id, user=organizer, capacity=40)


# --- unlock and delete -------------------------------------------------------------------------------------


def test_unlock_needs_a_reason_and_is_audited(event, organizer, other):
    services.event_lock(event_id=event.id, user=organizer)
    with pytest.raises(services.ReasonRequired):
        services.event_unlock(event_id=event.id, user=organizer, reason="  ")
    with pytest.raises(services.NotOrganizer):
        services.event_unlock(event_id=event.id, user=other, reason="late walk-ins")
    unlocked = services.event_unlock(event_id=event.id, user=organizer, reason="late walk-ins")
    assert unlocked.locked_at is None and services.event_is_open(unlocked)
    entry = AuditEntry.objects.filter(event=event).order_by("-sequence").first()
    assert (entry.action, entry.payload["reason"], entry.actor_name) == ("unlock", "late walk-ins", "organizer")
    assert services.audit_chain_verify(event_id=event.id) == []


def test_unlock_after_the_deadline_needs_a_new_deadline(event, organizer):
    Event.objects.filter(id=event.id).update(registration_deadline=timezone.now() - timedelta(hours=1))
    assert services.event_lock_if_due(event_id=event.id)
    with pytest.raises(services.EventInvalid) as refused:
        services.event_unlock(event_id=event.id, user=organizer, reason="extend")
    assert refused.value.field == "registration_deadline"
    new_deadline = timezone.now() + timedelta(days=1)
    services.event_unlock(event_id=event.id, user=organizer, reason="extend", registration_deadline=new_deadline)
    assert not services.event_lock_if_due(event_id=event.id)  # it does not lock itself again at once
    assert Event.objects.get(id=event.id).registration_deadline == new_deadline


def test_delete_only_an_event_without_an_audit_trail(event, organizer, other):
    empty = _event(organizer)
    with pytest.raises(services.NotOrganizer):
        services.event_delete(event_id=empty.id, user=other)
    services.event_delete(event_id=empty.id, user=organizer)
    assert not Event.objects.filter(id=empty.id).exists()
    with pytest.raises(services.EventHasAuditTrail):
        services.event_delete(event_id=event.id, user=organizer)
    assert Event.objects.filter(id=event.id).exists()


# --- capacity ----------------------------------------------------------------------------------------------


def test_a_full_event_refuses_a_new_player_but_not_a_replacement(organizer, cards, owner, other):
    event = _event(organizer, capacity=1)
    deck = deck_services.deck_create(owner=owner, name="legal", decklist=parse_json(legal_deck_json()))
    services.registration_submit(event_id=event.id, user=owner, deck_id=deck.id)
    services.registration_submit(event_id=event.id, user=owner, deck_id=deck.id)  # a replacement: no new seat
    theirs = deck_services.deck_create(owner=other, name="legal", decklist=parse_json(legal_deck_json()))
    with pytest.raises(services.EventFull):
        services.registration_submit(event_id=event.id, user=other, deck_id=theirs.id)
    response = token_client(other).post(
        f"/api/v1/events/{event.id}/registrations/", {"deck_id": theirs.id}, format="json"
    )
    assert (response.status_code, response.json()["error"]["code"]) == (409, "EVENT_FULL")


IMPORT_CAPACITY = [
    # (capacity, already registered, players in the CSV, refused with a message containing)
    pytest.param(2, [], ["a", "b", "c"], "the CSV has 3 rows but the event takes at most 2", id="more-rows"),
    pytest.param(2, ["alice"], ["b", "c"], "would have 3 players (1 already registered)", id="with-registered"),
    pytest.param(2, ["alice"], ["alice", "b"], None, id="replacement-fits"),
    pytest.param(None, [], ["a", "b", "c"], None, id="no-limit"),
]


@pytest.mark.parametrize(("capacity", "registered", "players", "message"), IMPORT_CAPACITY)
def test_import_refuses_more_players_than_the_capacity(organizer, cards, capacity, registered, players, message):
    event = _event(organizer)
    _import(event, organizer, [(name, LEGAL_TEXT) for name in registered])
    Event.objects.filter(id=event.id).update(capacity=capacity)
    if message is None:
        results = _import(event, organizer, [(name, LEGAL_TEXT) for name in players])
        assert [r["status"] for r in results] == ["legal"] * len(players)
        return
    with pytest.raises(services.CsvRejected) as refused:
        _import(event, organizer, [(name, LEGAL_TEXT) for name in players])
    assert message in refused.value.message and "nothing was imported" in refused.value.message
    assert Registration.objects.filter(event=event).count() == len(registered)


# --- CSV decoding ------------------------------------------------------------------------------------------

CSV_TEXT = "player,decklist\r\n山田,4 テスト火竜\r\n"
DECODED = [
    pytest.param(CSV_TEXT.encode("utf-8"), id="utf-8"),
    pytest.param(CSV_TEXT.encode("utf-8-sig"), id="utf-8-with-bom"),
    pytest.param(CSV_TEXT.encode("cp932"), id="shift-jis-cp932"),
]


@pytest.mark.parametrize("data", DECODED)
def test_csv_decode_accepts_what_excel_in_japan_saves(data):
    assert services.csv_decode(data) == CSV_TEXT


def test_csv_decode_refuses_other_bytes():
    with pytest.raises(services.CsvRejected):
        services.csv_decode(b"\x81\xff\xfe player")


# --- deck checks -------------------------------------------------------------------------------------------


def test_deck_check_shows_the_difference_from_the_registered_list(event):
    alice = Registration.objects.get(event=event, player_name="alice")
    same = selectors.deck_check(registration=alice, decklist=parse_text(LEGAL_TEXT))
    assert same["matches"] and same["deck_hash"] == alice.deck_hash
    assert same["cards"] == {"main": 40, "hyperspatial": 4, "gr": 12, "partner": 0}
    swapped = LEGAL_TEXT.replace(f"4 {MAIN[0][0]}", f"3 {MAIN[0][0]}\n1 {MAIN[1][0]}")
    check = selectors.deck_check(registration=alice, decklist=parse_text(swapped))
    assert not check["matches"]
    assert [(r["name_ja"], r["count"]) for r in check["zones"]["main"]["removed"]] == [(MAIN[0][0], 1)]
    assert [(r["name_ja"], r["count"]) for r in check["zones"]["main"]["added"]] == [(MAIN[1][0], 1)]
    assert check["zones"]["gr"] == {"added": [], "removed": []}


def test_the_qr_text_reads_back_to_the_registered_list(event):
    """A judge pastes what the deck sheet's QR code holds: the list by card id, which matches."""
    alice = Registration.objects.get(event=event, player_name="alice")
    text = selectors.registration_qr_text(alice)
    assert text.startswith(f"// alice {alice.deck_hash}\n# main\n")
    assert selectors.deck_check(registration=alice, decklist=parse_text(text))["matches"]


# --- CSV export and round trips ----------------------------------------------------------------------------


@pytest.mark.parametrize(("encoding", "codec", "bom"), [("utf-8", "utf-8", True), ("sjis", "cp932", False)])
def test_export_is_in_japan_time_for_excel(event, encoding, codec, bom):
    data = selectors.registration_export_csv(event=event, encoding=encoding)
    assert data.startswith("\ufeff".encode()) == bom
    text = data.decode(codec).removeprefix("\ufeff")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["player"] for r in rows] == ["alice", "bob"]
    alice = Registration.objects.get(event=event, player_name="alice")
    assert rows[0]["submitted_at"] == timezone.localtime(alice.submitted_at).isoformat(timespec="seconds")
    assert rows[0]["submitted_at"].endswith("+09:00")
    assert rows[1]["violations"] == "DECK_SIZE"


@pytest.mark.parametrize("encoding", ["utf-8", "sjis"])
def test_csv_round_trip(event, organizer, encoding):
    """Export, then import the file into another event: the same players with the same decks and deck hashes."""
    rows = assert_export_reimports(event=event, organizer=organizer, encoding=encoding)
    assert [(r["player"], r["status"]) for r in rows] == [("alice", "legal"), ("bob", "illegal")]
    assert rows[0]["hyperspatial"] == f"4 {PSYCHIC}"


FORMULA_PLAYERS = [
    # (the player's name in the import CSV, the name stored (the import strips it), the cell the export writes)
    pytest.param(
        '=HYPERLINK("http://x.example")',
        '=HYPERLINK("http://x.example")',
        '\'=HYPERLINK("http://x.example")',
        id="equals",
    ),
    pytest.param("+81-90", "+81-90", "'+81-90", id="plus"),
    pytest.param("-kun", "-kun", "'-kun", id="minus"),
    pytest.param("@SUM(1+1)", "@SUM(1+1)", "'@SUM(1+1)", id="at"),
    pytest.param("\t=1", "=1", "'=1", id="tab-stripped-then-equals"),
    pytest.param("yamada", "yamada", "yamada", id="plain"),
]


@pytest.mark.parametrize("player, stored, cell", FORMULA_PLAYERS)
def test_export_neutralises_formula_cells_and_reads_them_back(organizer, cards, player, stored, cell):
    """The finding: a player name from the organizer's import was exported unchanged, so `=...` ran in Excel."""
    event = _event(organizer)
    assert [r["player"] for r in _import(event, organizer, [(player, LEGAL_TEXT)])] == [stored]
    data = selectors.registration_export_csv(event=event)
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    assert [r["player"] for r in rows] == [cell]
    copy = _event(organizer)
    services.registrations_import_csv(event_id=copy.id, user=organizer, csv_text=services.csv_decode(data))
    assert list(Registration.objects.filter(event=copy).values_list("player_name", flat=True)) == [stored]


EXPORT_REQUESTS = [
    # (path suffix, Accept header, status, content type starts with)
    pytest.param("csv/", "text/csv", 200, "text/csv; charset=utf-8", id="accept-text-csv"),
    pytest.param("csv/", "application/json", 200, "text/csv; charset=utf-8", id="accept-json-still-csv"),
    pytest.param("csv/?encoding=sjis", "*/*", 200, "text/csv; charset=Shift_JIS", id="shift-jis"),
    pytest.param("csv/?encoding=latin-1", "text/csv", 400, "application/json", id="unknown-encoding"),
    pytest.param("json/", "text/csv", 200, "application/json", id="json-whatever-accept"),
]


@pytest.mark.parametrize(("suffix", "accept", "status", "content_type"), EXPORT_REQUESTS)
def test_export_api_negotiation(event, organizer, suffix, accept, status, content_type):
    response = token_client(organizer).get(
        f"/api/v1/events/{event.id}/registrations/export/{suffix}", HTTP_ACCEPT=accept
    )
    assert response.status_code == status
    assert response["Content-Type"].startswith(content_type)


def test_export_api_refuses_others_before_publication_in_json(event):
    response = token_client(UserFactory(username="stranger")).get(
        f"/api/v1/events/{event.id}/registrations/export/csv/", HTTP_ACCEPT="text/csv"
    )
    assert (response.status_code, response.json()["error"]["code"]) == (403, "PERMISSION_DENIED")


def test_import_api_takes_a_shift_jis_file(organizer, cards):
    from django.core.files.uploadedfile import SimpleUploadedFile

    event = _event(organizer)
    body = io.StringIO()
    csv.writer(body).writerows([["player", "decklist"], ["山田", LEGAL_TEXT], ["鈴木", "4 存在しないカード"]])
    upload = SimpleUploadedFile("entries.csv", body.getvalue().encode("cp932"), content_type="text/csv")
    response = token_client(organizer).post(
        f"/api/v1/events/{event.id}/registrations/import/", {"file": upload}, format="multipart"
    )
    assert response.status_code == 200
    results = response.json()["results"]
    assert [(r["row"], r["player"], r["status"]) for r in results] == [(2, "山田", "legal"), (3, "鈴木", "error")]
    assert results[1]["lines"][0]["written"] == "存在しないカード"


def test_overlay_preview_and_recheck(event, organizer, cards):
    """The preview names the decks an overlay changes without storing anything; event_recheck stores them."""
    from regulations.services import overlay_create

    overlay = overlay_create(
        owner=organizer, name="ban", base_format="advance", entries=[{"card": MAIN[0][0], "status": "banned"}]
    )
    rows = selectors.overlay_preview(event=event, overlay_id=overlay.slug)
    assert [(r["player"], r["status_now"], r["status_with_overlay"], r["changed"]) for r in rows] == [
        ("alice", "legal", "illegal", True),
        ("bob", "illegal", "illegal", False),
    ]
    assert Registration.objects.get(event=event, player_name="alice").status == "legal"
    Event.objects.filter(id=event.id).update(overlay_id=overlay.slug)
    changes = services.event_recheck(event_id=event.id, user=organizer, reason="overlay edited")
    alice = Registration.objects.get(event=event, player_name="alice").id
    assert changes == [{"registration": alice, "player": "alice", "from": "legal", "to": "illegal"}]
    assert services.audit_chain_verify(event_id=event.id) == []
    assert AuditEntry.objects.filter(event=event).order_by("-sequence").first().payload["reason"] == "overlay edited"
