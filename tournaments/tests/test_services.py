"""Tournaments: frozen registrations, illegal flag, deadline lock, amendments, the audit chain, batch import,
re-validation on Celery, publication."""

from datetime import date, timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError, transaction
from django.utils import timezone

from decks import services as deck_services
from decks.tests.fixtures import MAIN, legal_deck_json
from games.dm.rules.decklist import parse_json, parse_text
from tournaments import jobs, services
from tournaments.audit_guard import audit_guard_disabled
from tournaments.models import AuditEntry, Event, Registration, RevalidationJob
from tournaments.tasks import revalidate_event

SHORT_TEXT = "\n".join(f"4 {name}" for name, *_ in MAIN[:9])  # 36 cards: only DECK_SIZE (100.2)


@pytest.fixture
def event(organizer):
    return services.event_create(
        organizer=organizer,
        name="CS",
        date=timezone.localdate() + timedelta(days=3),
        registration_deadline=timezone.now() + timedelta(days=2),
    )


@pytest.fixture
def legal_deck(cards, owner):
    return deck_services.deck_create(owner=owner, name="legal", decklist=parse_json(legal_deck_json()))


@pytest.fixture
def illegal_deck(cards, owner):
    return deck_services.deck_create(owner=owner, name="short", decklist=parse_text(SHORT_TEXT))


def test_event_regulation_date_defaults_to_the_event_date(event):
    assert event.regulation_date == event.date


def test_registration_freezes_snapshot_hash_and_report(event, legal_deck, owner):
    registration = services.registration_submit(event_id=event.id, user=owner, deck_id=legal_deck.id)
    assert registration.status == "legal" and registration.legality_report["legal"] is True
    assert registration.deck_hash == deck_services.snapshot_canonical_hash(registration.snapshot)
    # One deck hash: the legality report's is the registration's (games.dm.rules.deck_hash).
    assert registration.legality_report["deck_hash"] == registration.deck_hash
    deck_services.deck_update(deck_id=legal_deck.id, user=owner, if_match=1, decklist=parse_text("4 テスト火竜"))
    registration.refresh_from_db()
    assert sum(e["count"] for e in registration.snapshot["entries"]["main"]) == 40  # the later edit is not seen


def test_canonical_hash_ignores_order_names_and_considering(event, legal_deck):
    snapshot = deck_services.deck_snapshot(deck=legal_deck)
    shuffled = {
        **snapshot,
        "name": "other",
        "entries": {
            **{zone: list(reversed(rows)) for zone, rows in snapshot["entries"].items()},
            "considering": [{"card_id": 1, "name_ja": "x", "count": 3}],
        },
    }
    assert deck_services.snapshot_canonical_hash(shuffled) == deck_services.snapshot_canonical_hash(snapshot)


def test_illegal_deck_only_with_the_flag(event, illegal_deck, owner):
    with pytest.raises(services.DeckIllegal) as refused:
        services.registration_submit(event_id=event.id, user=owner, deck_id=illegal_deck.id)
    assert "DECK_SIZE" in {v["code"] for v in refused.value.report["violations"]}
    assert not Registration.objects.exists()
    flagged = services.registration_submit(event_id=event.id, user=owner, deck_id=illegal_deck.id, accept_illegal=True)
    assert flagged.status == "illegal"


def test_replace_before_the_deadline_then_locked(event, legal_deck, illegal_deck, owner):
    services.registration_submit(event_id=event.id, user=owner, deck_id=illegal_deck.id, accept_illegal=True)
    replaced = services.registration_submit(event_id=event.id, user=owner, deck_id=legal_deck.id)
    assert replaced.status == "legal" and Registration.objects.count() == 1
    Event.objects.filter(id=event.id).update(registration_deadline=timezone.now() - timedelta(seconds=1))
    with pytest.raises(services.RegistrationClosed):
        services.registration_submit(event_id=event.id, user=owner, deck_id=illegal_deck.id, accept_illegal=True)


def test_explicit_lock_closes_registration(event, legal_deck, owner, organizer, other):
    with pytest.raises(services.NotOrganizer):
        services.event_lock(event_id=event.id, user=other)
    services.event_lock(event_id=event.id, user=organizer)
    with pytest.raises(services.RegistrationClosed):
        services.registration_submit(event_id=event.id, user=owner, deck_id=legal_deck.id)


def test_only_the_organizer_amends_with_a_reason(event, illegal_deck, owner, organizer):
    registration = services.registration_submit(
        event_id=event.id, user=owner, deck_id=illegal_deck.id, accept_illegal=True
    )
    Event.objects.filter(id=event.id).update(registration_deadline=timezone.now() - timedelta(seconds=1))
    with pytest.raises(services.NotOrganizer):
        services.registration_amend(
            registration_id=registration.id, user=owner, reason="x", decklist=parse_json(legal_deck_json())
        )
    with pytest.raises(services.ReasonRequired):
        services.registration_amend(
            registration_id=registration.id, user=organizer, reason=" ", decklist=parse_json(legal_deck_json())
        )
    amended = services.registration_amend(
        registration_id=registration.id,
        user=organizer,
        reason="judge fixed a typo",
        decklist=parse_json(legal_deck_json()),
    )
    assert amended.status == "legal"
    entry = AuditEntry.objects.filter(event=event).order_by("-sequence").first()
    assert (entry.action, entry.payload["reason"], entry.payload["old_status"]) == (
        "amend",
        "judge fixed a typo",
        "illegal",
    )


def test_audit_trail_is_chained(event, legal_deck, illegal_deck, owner, organizer):
    services.registration_submit(event_id=event.id, user=owner, deck_id=illegal_deck.id, accept_illegal=True)
    services.registration_submit(event_id=event.id, user=owner, deck_id=legal_deck.id)
    services.event_lock(event_id=event.id, user=organizer)
    entries = list(AuditEntry.objects.filter(event=event).order_by("sequence"))
    assert [e.action for e in entries] == ["submit", "replace", "lock"]
    assert entries[0].prev_hash == services.GENESIS_HASH
    assert [e.prev_hash for e in entries[1:]] == [e.entry_hash for e in entries[:-1]]
    assert services.audit_chain_verify() == []


def _entries(event):
    return AuditEntry.objects.filter(event=event).order_by("sequence")


def _alter_payload(event):  # the first submission was flagged illegal: pretend it was legal
    first = _entries(event)[0]
    assert first.payload["status"] == "illegal"
    AuditEntry.objects.filter(id=first.id).update(payload={**first.payload, "status": "legal"})


def _alter_action(event):
    AuditEntry.objects.filter(id=_entries(event)[0].id).update(action="amend")


def _alter_time(event):
    first = _entries(event)[0]
    AuditEntry.objects.filter(id=first.id).update(created_at=first.created_at - timedelta(hours=1))


def _remove_entry(event):
    _entries(event)[1].delete()


def _rehash_entry(event):  # a forged hash on entry 1 no longer matches its content nor entry 2's prev_hash
    AuditEntry.objects.filter(id=_entries(event)[0].id).update(entry_hash="f" * 64)


TAMPER_CASES = [
    ("altered-payload", _alter_payload),
    ("altered-action", _alter_action),
    ("altered-time", _alter_time),
    ("removed-entry", _remove_entry),
    ("forged-hash", _rehash_entry),
]


@pytest.mark.parametrize("tamper", [c[1] for c in TAMPER_CASES], ids=[c[0] for c in TAMPER_CASES])
def test_verify_audit_chain_detects_tampering(event, illegal_deck, legal_deck, owner, organizer, tamper):
    services.registration_submit(event_id=event.id, user=owner, deck_id=illegal_deck.id, accept_illegal=True)
    services.registration_submit(event_id=event.id, user=owner, deck_id=legal_deck.id)
    services.event_lock(event_id=event.id, user=organizer)
    out = StringIO()
    call_command("verify_audit_chain", stdout=out)
    assert "intact" in out.getvalue()
    with pytest.raises(IntegrityError), transaction.atomic():
        tamper(event)  # the database refuses it (tournaments.audit_guard) ...
    assert services.audit_chain_verify() == []
    with audit_guard_disabled():
        tamper(event)  # ... so play an attacker who can drop the triggers: the chain still tells
    err = StringIO()
    with pytest.raises(CommandError, match="audit chain broken"):
        call_command("verify_audit_chain", stderr=err)
    assert f"event {event.id}" in err.getvalue()


def test_csv_batch_import(event, organizer, other, cards):
    legal_text = "\n".join(f"4 {name}" for name, *_ in MAIN)
    csv_text = f'player,decklist\nother,"{legal_text}"\nwalk-in,"{SHORT_TEXT}"\ntypo,"4 テスト火童"\n,"4 テスト火竜"\n'
    results = services.registrations_import_csv(event_id=event.id, user=organizer, csv_text=csv_text)
    assert [(r["player"], r["status"]) for r in results] == [
        ("other", "legal"),
        ("walk-in", "illegal"),
        ("typo", "error"),
        ("", "error"),
    ]
    assert results[1]["violations"] == ["DECK_SIZE"]
    assert results[2]["lines"][0]["candidates"][0]["name_ja"] == "テスト火竜"
    assert Registration.objects.get(player_name="other").player == other
    assert Registration.objects.get(player_name="walk-in").player is None
    assert [e.action for e in AuditEntry.objects.filter(event=event)] == ["import", "import"]
    with pytest.raises(services.CsvRejected):
        services.registrations_import_csv(event_id=event.id, user=organizer, csv_text="name,cards\nx,y\n")


def test_revalidation_runs_on_celery_after_commit(event, illegal_deck, legal_deck, owner, other, organizer, monkeypatch,
                                                  eager_celery, django_capture_on_commit_callbacks):  # fmt: skip
    services.registration_submit(event_id=event.id, user=owner, deck_id=legal_deck.id)
    services.registrations_import_csv(
        event_id=event.id, user=organizer, csv_text=f'player,decklist\nzed,"{SHORT_TEXT}"\n'
    )
    sent = []
    monkeypatch.setattr(
        revalidate_event, "delay", lambda job_id: sent.append(job_id) or revalidate_event.apply((job_id,))
    )
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        job = services.revalidation_job_create(event_id=event.id, user=organizer)
    assert sent == [] and len(callbacks) == 1  # nothing is sent before the commit
    callbacks[0]()
    job = RevalidationJob.objects.get(id=job.id)
    assert sent == [job.id]
    assert (job.status, job.total, job.done) == ("done", 2, 2)
    by_player = {r["player"]: r for r in job.results}
    assert by_player["owner"]["status_now"] == "legal" and by_player["zed"]["violations"] == ["DECK_SIZE"]
    assert not any(r["changed"] for r in job.results)
    assert revalidate_event.name == "tournaments.revalidate_event"


def test_revalidation_sees_a_regulation_change(event, organizer, cards, monkeypatch):
    """An event moved to a format that does not use the GR zone: the same frozen lists now fail (re-validation
    uses the event's regulation now, the registration keeps its report from the moment it was made)."""
    from games.dm.models import DmFormat
    from regulations.models import Format

    services.registrations_import_csv(
        event_id=event.id,
        user=organizer,
        csv_text="player,deck_json\n" + '"p1","' + _csv_json(legal_deck_json()) + '"\n',
    )
    DmFormat.objects.create(format=Format.objects.create(code="nogr", name="No GR"), uses_gr=False)
    Event.objects.filter(id=event.id).update(format_code="nogr")
    job = RevalidationJob.objects.create(event=event, requested_by=organizer)
    jobs.revalidation_job_run(job_id=job.id)
    job.refresh_from_db()
    assert job.results[0]["status_at_registration"] == "legal"
    assert job.results[0]["status_now"] == "illegal" and job.results[0]["changed"] is True


def _csv_json(data: dict) -> str:
    import json

    return json.dumps(data, ensure_ascii=False).replace('"', '""')


def test_publication(event, organizer):
    from tournaments.selectors import event_decklists_published

    assert not event_decklists_published(event)
    Event.objects.filter(id=event.id).update(publish_decklists=True, date=date(2000, 1, 1))
    assert event_decklists_published(Event.objects.get(id=event.id))  # automatically, after the event day
    services.event_lock(event_id=event.id, user=organizer)
    services.event_publish(event_id=event.id, user=organizer)
    assert AuditEntry.objects.filter(event=event, action="publish").count() == 1


def test_deadline_lock_is_recorded_once(event, legal_deck, owner):
    services.registration_submit(event_id=event.id, user=owner, deck_id=legal_deck.id)
    assert services.event_lock_if_due(event_id=event.id) is False  # before the deadline
    Event.objects.filter(id=event.id).update(registration_deadline=timezone.now() - timedelta(seconds=1))
    with pytest.raises(services.RegistrationClosed):
        services.registration_submit(event_id=event.id, user=owner, deck_id=legal_deck.id)
    assert services.event_lock_if_due(event_id=event.id) is False  # already recorded
    locks = AuditEntry.objects.filter(event=event, action="lock")
    assert [(e.actor_name, e.payload["registrations"]) for e in locks] == [("", 1)]
    assert services.audit_chain_verify(event_id=event.id) == []


# --- withdrawal --------------------------------------------------------------------------------------------


def test_player_withdraws_before_the_deadline_and_may_register_again(event, legal_deck, owner, organizer):
    registration = services.registration_submit(event_id=event.id, user=owner, deck_id=legal_deck.id)
    services.registration_withdraw(registration_id=registration.id, user=owner)
    assert not Registration.objects.filter(event=event).exists()  # gone from the list, exports, re-validation
    entry = AuditEntry.objects.filter(event=event).order_by("-sequence").first()
    assert (entry.action, entry.actor_name, entry.registration_id_ref) == ("withdraw", "owner", registration.id)
    assert entry.payload == {"player": "owner", "deck_hash": registration.deck_hash, "status": "legal"}
    again = services.registration_submit(event_id=event.id, user=owner, deck_id=legal_deck.id)
    actions = list(AuditEntry.objects.filter(event=event).order_by("sequence").values_list("action", flat=True))
    assert again.id != registration.id and actions == ["submit", "withdraw", "submit"]
    assert services.audit_chain_verify(event_id=event.id) == []


def _deadline_passed(event, organizer):
    Event.objects.filter(id=event.id).update(registration_deadline=timezone.now() - timedelta(seconds=1))


def _locked_by_organizer(event, organizer):
    services.event_lock(event_id=event.id, user=organizer)


WITHDRAW_REFUSED = [
    ("other-player", None, "other", services.NotRegistrant),
    ("organizer", None, "organizer", services.NotRegistrant),
    ("after-deadline", _deadline_passed, "owner", services.RegistrationClosed),
    ("after-lock", _locked_by_organizer, "owner", services.RegistrationClosed),
]


@pytest.mark.parametrize(
    ("close", "who", "error"), [c[1:] for c in WITHDRAW_REFUSED], ids=[c[0] for c in WITHDRAW_REFUSED]
)
def test_withdrawal_refused(event, legal_deck, owner, other, organizer, close, who, error):
    registration = services.registration_submit(event_id=event.id, user=owner, deck_id=legal_deck.id)
    if close:
        close(event, organizer)
    with pytest.raises(error):
        services.registration_withdraw(
            registration_id=registration.id, user={"owner": owner, "other": other, "organizer": organizer}[who]
        )
    assert Registration.objects.filter(id=registration.id).exists()
    assert not AuditEntry.objects.filter(event=event, action="withdraw").exists()


def _locked_and_deadline_passed(event, organizer):
    services.event_lock(event_id=event.id, user=organizer)
    Event.objects.filter(id=event.id).update(registration_deadline=timezone.now() - timedelta(seconds=1))


IMPORT_REFUSED = [
    # the lock entry signs the field: a row imported after it would change what was signed
    ("after-deadline", _deadline_passed),
    ("after-lock", _locked_by_organizer),
    ("locked-and-deadline-passed", _locked_and_deadline_passed),
]


@pytest.mark.parametrize("close", [c[1] for c in IMPORT_REFUSED], ids=[c[0] for c in IMPORT_REFUSED])
def test_csv_import_refused_once_the_registrations_are_locked(event, organizer, cards, close):
    from decks.tests.fixtures import token_client

    close(event, organizer)
    entries_before = AuditEntry.objects.filter(event=event).count()
    csv_text = f'player,decklist\nwalk-in,"{SHORT_TEXT}"\n'
    with pytest.raises(services.RegistrationClosed) as refused:
        services.registrations_import_csv(event_id=event.id, user=organizer, csv_text=csv_text)
    assert refused.value.code == "REGISTRATION_CLOSED"
    response = token_client(organizer).post(
        f"/api/v1/events/{event.id}/registrations/import/", {"csv": csv_text}, format="json"
    )
    assert (response.status_code, response.json()["error"]["code"]) == (409, "REGISTRATION_CLOSED")
    assert not Registration.objects.filter(event=event).exists()
    # the deadline's lock entry may be recorded by the refusal itself; never an import entry
    assert AuditEntry.objects.filter(event=event).count() - entries_before <= 1
    assert not AuditEntry.objects.filter(event=event, action="import").exists()


def test_csv_import_after_an_unlock_is_accepted(event, organizer, cards):
    services.event_lock(event_id=event.id, user=organizer)
    services.event_unlock(event_id=event.id, user=organizer, reason="a late player")
    results = services.registrations_import_csv(
        event_id=event.id, user=organizer, csv_text=f'player,decklist\nwalk-in,"{SHORT_TEXT}"\n'
    )
    assert [r["status"] for r in results] == ["illegal"]


def test_withdraw_api(event, legal_deck, owner):
    from decks.tests.fixtures import token_client

    registration = services.registration_submit(event_id=event.id, user=owner, deck_id=legal_deck.id)
    client = token_client(owner)
    url = f"/api/v1/events/{event.id}/registrations/{registration.id}/"
    assert client.delete(url).status_code == 204
    assert client.get(f"/api/v1/events/{event.id}/registrations/").json()["count"] == 0
    gone = client.delete(url)
    assert gone.status_code == 404 and gone.json()["error"]["code"] == "NOT_FOUND"
    registration = services.registration_submit(event_id=event.id, user=owner, deck_id=legal_deck.id)
    Event.objects.filter(id=event.id).update(registration_deadline=timezone.now() - timedelta(seconds=1))
    closed = client.delete(f"/api/v1/events/{event.id}/registrations/{registration.id}/")
    assert closed.status_code == 409 and closed.json()["error"]["code"] == "REGISTRATION_CLOSED"


@pytest.mark.parametrize(
    "deadline_days, accepted",
    [
        pytest.param(2, True, id="deadline-before-the-event"),
        pytest.param(3, True, id="deadline-on-the-event-day"),
        pytest.param(4, False, id="deadline-after-the-event"),
    ],
)
def test_the_registration_deadline_is_not_after_the_event(cards, organizer, deadline_days, accepted):
    event_day = timezone.localdate() + timedelta(days=3)
    deadline = timezone.make_aware(
        timezone.datetime.combine(timezone.localdate() + timedelta(days=deadline_days), timezone.datetime.min.time())
    )
    create = lambda: services.event_create(  # noqa: E731
        organizer=organizer, name="CS", date=event_day, registration_deadline=deadline
    )
    if accepted:
        assert create().registration_deadline == deadline
    else:
        with pytest.raises(services.EventInvalid) as info:
            create()
        assert info.value.field == "registration_deadline"
        assert not Event.objects.exists()


PUBLISH_CASES = [
    # (how the registrations stand, the error code or None, the audit actions after the attempt)
    pytest.param("open", "REGISTRATION_OPEN", [], id="open-refused"),
    pytest.param("locked", None, ["lock", "publish"], id="locked-by-the-organizer"),
    pytest.param("deadline-passed", None, ["lock", "publish"], id="deadline-passed-lock-recorded-first"),
]


@pytest.mark.parametrize("state, code, actions", PUBLISH_CASES)
def test_decklists_are_published_only_once_registration_is_closed(event, organizer, state, code, actions):
    """The finding: decklists could be published while players could still register or replace a deck."""
    if state == "locked":
        services.event_lock(event_id=event.id, user=organizer)
    elif state == "deadline-passed":
        Event.objects.filter(id=event.id).update(registration_deadline=timezone.now() - timedelta(seconds=1))
    if code is None:
        services.event_publish(event_id=event.id, user=organizer)
    else:
        with pytest.raises(services.RegistrationOpen) as raised:
            services.event_publish(event_id=event.id, user=organizer)
        assert (raised.value.code, raised.value.status_code) == (code, 409)
    assert list(AuditEntry.objects.filter(event=event).values_list("action", flat=True)) == actions
    assert (Event.objects.get(id=event.id).decklists_published_at is not None) is (code is None)


@pytest.mark.parametrize(
    "published, code", [(False, None), (True, "DECKLISTS_PUBLISHED")], ids=["unpublished", "published"]
)
def test_registration_cannot_reopen_once_the_decklists_are_published(event, organizer, published, code):
    """The other way round: unlocking after the publication would reopen registration with the field shown."""
    services.event_lock(event_id=event.id, user=organizer)
    if published:
        services.event_publish(event_id=event.id, user=organizer)
    if code is None:
        assert services.event_unlock(event_id=event.id, user=organizer, reason="a late player").locked_at is None
    else:
        with pytest.raises(services.DecklistsPublished) as raised:
            services.event_unlock(event_id=event.id, user=organizer, reason="a late player")
        assert (raised.value.code, raised.value.status_code) == (code, 409)
        assert Event.objects.get(id=event.id).locked_at is not None
    assert AuditEntry.objects.filter(event=event, action="unlock").count() == (0 if code else 1)
