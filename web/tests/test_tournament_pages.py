"""The organizer's tournament tools: a re-validation job (progress and result per player) and amending a
registration with a reason (tournaments.services through the pages)."""

import json
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from accounts.tests.factories import UserFactory
from web.tests.catalogue import LEGAL_MAIN

PASSWORD = "a-long-passw0rd!"


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def eager_celery():
    from deckbuilder.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.fixture
def people(db):
    return {name: UserFactory(username=name, password=PASSWORD) for name in ("organizer", "player", "other")}


@pytest.fixture
def event(people, catalogue):
    """An open event with two registrations: a short deck (flagged illegal) and a legal 40-card deck."""
    from django.contrib.auth import get_user_model

    from decks.services import deck_create
    from games.dm.rules.decklist import parse_json
    from tournaments.services import event_create, registration_submit

    day = timezone.localdate() + timedelta(days=30)
    event = event_create(
        organizer=people["organizer"],
        name="Store CS",
        date=day,
        registration_deadline=timezone.now() + timedelta(days=29),
    )
    short = deck_create(
        owner=people["player"], name="Short", decklist=parse_json({"main": [{"card": "テスト火炎兵", "count": 4}]})
    )
    registration_submit(event_id=event.id, user=people["player"], deck_id=short.id, accept_illegal=True)
    other = get_user_model().objects.get(username="other")
    legal = deck_create(
        owner=other, name="Legal", decklist=parse_json({"main": [{"card": n, "count": 4} for n in LEGAL_MAIN]})
    )
    registration_submit(event_id=event.id, user=other, deck_id=legal.id)
    return event


def test_revalidation_job_shows_progress_and_result_per_player(
    people, event, eager_celery, django_capture_on_commit_callbacks
):
    organizer = _client(people["organizer"])
    page = organizer.get(f"/tournaments/{event.id}/").content.decode()
    assert 'name="revalidate"' in page and "reval-progress" not in page  # no job yet

    with django_capture_on_commit_callbacks(execute=True):
        response = organizer.post(f"/tournaments/{event.id}/", {"revalidate": "1"})
    assert response.status_code == 302
    job_id = int(re.search(r"\?job=(\d+)", response["Location"]).group(1))

    page = organizer.get(response["Location"]).content.decode()
    assert 'id="reval-status" role="status" aria-live="polite" data-status="done"' in page
    assert '<progress id="reval-progress" max="2" value="2">' in page
    results = page.split('id="reval-results"')[1].split("</table>")[0]
    rows = re.findall(r"<tr(?: class=\"changed\")?>\s*<td>(\w+)</td>", results)
    assert rows == ["other", "player"]  # one result per registration, by player name
    # each violation in words (web.verdict), its stable code only a small tag beside
    words = r'<span class="violation-text">Main deck: 36 cards short</span> <span class="code">DECK_SIZE</span>'
    assert re.search(words, results)
    config = json.loads(re.search(r'id="revalidation-config" type="application/json">(.*?)</script>', page).group(1))
    assert config == {"url": f"/api/v1/events/{event.id}/revalidations/{job_id}/", "status": "done"}

    # The page's script polls this API: progress and the per-player results.
    job = organizer.get(config["url"]).json()
    assert (job["status"], job["done"], job["total"]) == ("done", 2, 2)
    by_player = {row["player"]: row for row in job["results"]}
    assert by_player["player"]["status_now"] == "illegal" and by_player["other"]["status_now"] == "legal"
    assert not any(row["changed"] for row in job["results"])  # the regulation did not change since


REVALIDATION_ACCESS = [
    # (who, expected status of starting a job) -- only the organizer may start one
    pytest.param("other", 403, id="a-player"),
    pytest.param(None, 403, id="anonymous"),
]


@pytest.mark.parametrize(("who", "status"), REVALIDATION_ACCESS)
def test_only_the_organizer_revalidates(people, event, who, status):
    from tournaments.models import RevalidationJob

    client = _client(people[who]) if who else Client()
    assert client.post(f"/tournaments/{event.id}/", {"revalidate": "1"}).status_code == status
    assert "revalidate" not in client.get(f"/tournaments/{event.id}/").content.decode()
    assert not RevalidationJob.objects.exists()


def _registration(event, player: str):
    from tournaments.models import Registration

    return Registration.objects.get(event=event, player_name=player)


def test_amend_page_prefills_the_decklist_and_amends_with_a_reason(people, event):
    from tournaments.models import AuditEntry

    organizer = _client(people["organizer"])
    registration = _registration(event, "player")
    url = f"/tournaments/{event.id}/registrations/{registration.id}/amend/"
    assert f'href="{url}"' in organizer.get(f"/tournaments/{event.id}/").content.decode()
    page = organizer.get(url).content.decode()
    assert "# main\n4 テスト火炎兵" in page  # the registered list, ready to edit

    text = "\n".join(f"4 {name}" for name in LEGAL_MAIN)
    response = organizer.post(url, {"reason": "Judge call: list written on paper", "text": text})
    assert response.status_code == 302
    registration.refresh_from_db()
    assert registration.status == "legal"
    entry = AuditEntry.objects.filter(event=event, action="amend").get()
    assert entry.payload["reason"] == "Judge call: list written on paper"
    assert entry.payload["old_status"] == "illegal" and entry.payload["status"] == "legal"
    messages = organizer.get(f"/tournaments/{event.id}/").content.decode()
    assert "The registration of player was amended: Legal." in messages


AMEND_REJECTED = [
    # (reason, text, what the page shows) -- nothing is written in any of these
    pytest.param("", "4 テスト紅蓮竜", "errorlist", id="no-reason"),
    pytest.param("   ", "4 テスト紅蓮竜", "errorlist", id="blank-reason"),
    pytest.param("typo", "4 テスト紅蓮竜\n2 存在しないカード", 'id="amend-lines"', id="unknown-card"),
]


@pytest.mark.parametrize(("reason", "text", "shown"), AMEND_REJECTED)
def test_amend_rejected_writes_nothing(people, event, reason, text, shown):
    from tournaments.models import AuditEntry

    registration = _registration(event, "player")
    response = _client(people["organizer"]).post(
        f"/tournaments/{event.id}/registrations/{registration.id}/amend/", {"reason": reason, "text": text}
    )
    assert response.status_code == 200
    assert shown in response.content.decode()
    before = registration.deck_hash
    registration.refresh_from_db()
    assert registration.deck_hash == before
    assert not AuditEntry.objects.filter(event=event, action="amend").exists()


AMEND_ACCESS = [
    pytest.param("player", 403, id="the-player-themself"),
    pytest.param("other", 403, id="another-player"),
    pytest.param(None, 302, id="anonymous-to-log-in"),
]


@pytest.mark.parametrize(("who", "status"), AMEND_ACCESS)
def test_only_the_organizer_amends(people, event, who, status):
    registration = _registration(event, "player")
    client = _client(people[who]) if who else Client()
    url = f"/tournaments/{event.id}/registrations/{registration.id}/amend/"
    assert client.get(url).status_code == status
    assert client.post(url, {"reason": "x", "text": "4 テスト紅蓮竜"}).status_code == status
    assert _client(people["organizer"]).get(f"/tournaments/{event.id}/registrations/999999/amend/").status_code == 404


@pytest.mark.parametrize(
    "who, status, registrations_left",
    [
        pytest.param("player", 302, 1, id="player-withdraws-own"),
        pytest.param("organizer", 404, 2, id="organizer-has-no-registration"),
    ],
)
def test_withdraw_from_the_registration_page(people, event, who, status, registrations_left):
    from tournaments.models import AuditEntry, Registration

    client = _client(people[who])
    page = client.get(f"/tournaments/{event.id}/register/").content.decode()
    assert ("withdraw" in page) == (who == "player")
    response = client.post(f"/tournaments/{event.id}/withdraw/")
    assert response.status_code == status
    assert Registration.objects.filter(event=event).count() == registrations_left
    assert AuditEntry.objects.filter(event=event, action="withdraw").count() == (who == "player")


def test_withdraw_needs_a_log_in_and_a_post(people, event):
    assert Client().post(f"/tournaments/{event.id}/withdraw/").status_code == 302  # to the log-in page
    assert _client(people["player"]).get(f"/tournaments/{event.id}/withdraw/").status_code == 405


# --- the event desk ----------------------------------------------------------------------------------------


def _amend(people, event, player="player", reason="Judge call: list written on paper"):
    registration = _registration(event, player)
    text = "\n".join(f"4 {name}" for name in LEGAL_MAIN)
    _client(people["organizer"]).post(
        f"/tournaments/{event.id}/registrations/{registration.id}/amend/", {"reason": reason, "text": text}
    )
    return registration


FILTERS = [
    # (?show=, players listed) -- "player" registered a short (illegal) deck, "other" a legal one
    pytest.param("all", ["other", "player"], id="all"),
    pytest.param("illegal", ["player"], id="illegal"),
    pytest.param("unresolved", ["player"], id="unresolved"),
    pytest.param("amended", [], id="amended-none-yet"),
]


@pytest.mark.parametrize(("show", "players"), FILTERS)
def test_registration_filters(people, event, show, players):
    page = _client(people["organizer"]).get(f"/tournaments/{event.id}/?show={show}").content.decode()
    table = page.split('id="registrations"')[1].split("</table>")[0] if players else ""
    assert re.findall(r"<tr>\s*<td[^>]*>(\w+)", table) == players


def test_an_amended_illegal_registration_is_resolved(people, event):
    """After an amendment the registration leaves "unresolved" and shows under "amended"."""
    _amend(people, event)
    organizer = _client(people["organizer"])
    amended = organizer.get(f"/tournaments/{event.id}/?show=amended").content.decode()
    assert re.findall(r"<tr>\s*<td[^>]*>(\w+)", amended.split('id="registrations"')[1]) == ["player"]
    unresolved = organizer.get(f"/tournaments/{event.id}/?show=unresolved").content.decode()
    assert 'id="registrations"' not in unresolved


def test_settings_form_saves_until_the_lock(people, event):
    organizer = _client(people["organizer"])
    page = organizer.get(f"/tournaments/{event.id}/").content.decode()
    assert 'id="settings-form"' in page and 'id="unlock-form"' not in page
    form = {
        "settings": "1",
        "settings-name": "Store CS (final)",
        "settings-date": event.date.isoformat(),
        "settings-registration_deadline": (event.date - timedelta(days=1)).isoformat(),
        "settings-format": "advance",
        "settings-capacity": "64",
        "settings-overlay": "",
    }
    deadline = event.registration_deadline
    form["settings-registration_deadline"] = timezone.localdate(deadline).isoformat()
    assert organizer.post(f"/tournaments/{event.id}/", form).status_code == 302
    event.refresh_from_db()
    assert (event.name, event.capacity) == ("Store CS (final)", 64)
    assert event.registration_deadline == deadline  # the same day keeps its time of day
    too_small = organizer.post(f"/tournaments/{event.id}/", {**form, "settings-capacity": "1"})
    assert too_small.status_code == 400 and "2 players are registered" in too_small.content.decode()
    organizer.post(f"/tournaments/{event.id}/", {"lock": "1"})
    page = organizer.get(f"/tournaments/{event.id}/").content.decode()
    assert 'id="settings-form"' not in page and 'id="unlock-form"' in page


def test_settings_form_refuses_a_point_cap_for_a_duel_masters_event(people, event):
    """GENESYS's point cap (issue 28) is the OCG's: a Duel Masters event's form answers in words, nothing changes."""
    organizer = _client(people["organizer"])
    form = {
        "settings": "1",
        "settings-name": event.name,
        "settings-date": event.date.isoformat(),
        "settings-registration_deadline": timezone.localdate(event.registration_deadline).isoformat(),
        "settings-format": "advance",
        "settings-point_cap": "120",
        "settings-overlay": "",
    }
    refused = organizer.post(f"/tournaments/{event.id}/", form, HTTP_ACCEPT_LANGUAGE="ja")
    assert refused.status_code == 400
    assert "ポイント上限は GENESYS の大会でのみ設定できます" in refused.content.decode()
    event.refresh_from_db()
    assert event.point_cap is None


def test_unlock_with_a_reason_from_the_page(people, event):
    from tournaments.models import AuditEntry

    organizer = _client(people["organizer"])
    organizer.post(f"/tournaments/{event.id}/", {"lock": "1"})
    refused = organizer.post(f"/tournaments/{event.id}/", {"unlock": "1", "unlock-reason": ""})
    assert refused.status_code == 400 and "errorlist" in refused.content.decode()
    assert organizer.post(f"/tournaments/{event.id}/", {"unlock": "1", "unlock-reason": "walk-ins"}).status_code == 302
    event.refresh_from_db()
    assert event.locked_at is None
    assert AuditEntry.objects.filter(event=event, action="unlock").get().payload["reason"] == "walk-ins"


def test_delete_from_the_page(people, event):
    from tournaments.models import Event
    from tournaments.services import event_create

    organizer = _client(people["organizer"])
    assert 'name="delete"' not in organizer.get(f"/tournaments/{event.id}/").content.decode()  # it has a trail
    organizer.post(f"/tournaments/{event.id}/", {"delete": "1"})
    assert Event.objects.filter(id=event.id).exists()
    empty = event_create(
        organizer=people["organizer"], name="Empty", date=event.date, registration_deadline=event.registration_deadline
    )
    assert _client(people["other"]).post(f"/tournaments/{empty.id}/", {"delete": "1"}).status_code == 403
    assert organizer.post(f"/tournaments/{empty.id}/", {"delete": "1"})["Location"] == "/tournaments/"
    assert not Event.objects.filter(id=empty.id).exists()


def test_published_decklists_are_readable_by_anyone(people, event):
    anonymous = Client()
    assert 'id="decklists"' not in anonymous.get(f"/tournaments/{event.id}/").content.decode()
    assert anonymous.get(f"/tournaments/{event.id}/print/").status_code == 403
    _client(people["organizer"]).post(f"/tournaments/{event.id}/", {"lock": "1"})
    _client(people["organizer"]).post(f"/tournaments/{event.id}/", {"publish": "1"})
    page = anonymous.get(f"/tournaments/{event.id}/").content.decode()
    lists = page.split('id="decklists"')[1]
    assert lists.count('class="panel decklist"') == 2
    assert '<span class="qty">4</span> テスト火炎兵' in lists


def test_print_pack_one_sheet_per_player_with_hash_and_qr(people, event):
    from tournaments.models import Registration

    page = _client(people["organizer"]).get(f"/tournaments/{event.id}/print/").content.decode()
    assert page.count('class="deck-sheet"') == 2
    assert page.count("<svg") == 2  # a QR code per sheet, rendered on the server
    for registration in Registration.objects.filter(event=event):
        assert f'<code class="deck-hash">{registration.deck_hash}</code>' in page
    assert _client(people["other"]).get(f"/tournaments/{event.id}/print/").status_code == 403


def test_deck_check_page_shows_the_difference(people, event):
    registration = _registration(event, "other")
    organizer = _client(people["organizer"])
    url = f"/tournaments/{event.id}/deck-check/"
    same = "\n".join(f"4 {name}" for name in LEGAL_MAIN)
    page = organizer.post(url, {"registration": registration.id, "text": same}).content.decode()
    assert "The deck matches the registered list." in page
    differs = same.replace(f"4 {LEGAL_MAIN[0]}", f"3 {LEGAL_MAIN[0]}")
    page = organizer.post(url, {"registration": registration.id, "text": differs}).content.decode()
    assert "The deck differs from the registered list." in page
    diff = page.split('id="deck-diff"')[1].split("</table>")[0]
    assert re.findall(r'<tr class="diff-(\w+)">.*?<td>([^<]+)</td><td class="num">([^<]+)</td>', diff) == [
        ("removed", LEGAL_MAIN[0], "−1")
    ]
    unknown = organizer.post(url, {"registration": registration.id, "text": "4 存在しないカード"}).content.decode()
    assert 'id="deck-check-lines"' in unknown
    assert _client(people["player"]).get(url).status_code == 403


def test_amend_page_shows_violations_and_previews_the_change(people, event):
    from tournaments.models import AuditEntry

    registration = _registration(event, "player")
    url = f"/tournaments/{event.id}/registrations/{registration.id}/amend/"
    organizer = _client(people["organizer"])
    page = organizer.get(url).content.decode()
    assert "DECK_SIZE" in page.split('id="current-violations"')[1].split("</ul>")[0]
    text = "\n".join(f"4 {name}" for name in LEGAL_MAIN)
    preview = organizer.post(url, {"preview": "1", "reason": "", "text": text}).content.decode()
    diff = preview.split('id="amend-diff"')[1].split("</section>")[0]
    added = re.findall(r'<tr class="diff-added"><td>[^<]+</td><td>([^<]+)</td><td class="num">\+4</td>', diff)
    assert sorted(added) == sorted(set(LEGAL_MAIN) - {"テスト火炎兵"})  # it was registered with 4 of those
    assert "diff-removed" not in diff
    assert not AuditEntry.objects.filter(action="amend").exists()  # a preview writes nothing


def test_the_player_sees_the_amendment_and_the_registered_list(people, event):
    _amend(people, event, reason="Wrong zone on paper")
    page = _client(people["player"]).get(f"/tournaments/{event.id}/register/").content.decode()
    notice = page.split('id="amendments"')[1].split("</div>")[0]
    assert "Wrong zone on paper" in notice and "organizer" in notice
    registered = page.split('id="my-registration"')[1].split("</section>")[0]
    assert f'<span class="qty">4</span> {LEGAL_MAIN[0]}' in registered
    other = _client(people["other"]).get(f"/tournaments/{event.id}/register/").content.decode()
    assert 'id="amendments"' not in other
    # The event page tells the player too, and links to the registration page.
    assert 'id="mine-amended"' in _client(people["player"]).get(f"/tournaments/{event.id}/").content.decode()
    assert 'id="mine-amended"' not in _client(people["other"]).get(f"/tournaments/{event.id}/").content.decode()


def test_audit_page_shows_the_verified_chain_and_downloads(people, event):
    _amend(people, event)
    organizer = _client(people["organizer"])
    page = organizer.get(f"/tournaments/{event.id}/audit/").content.decode()
    assert 'data-verified="true"' in page
    actions = re.findall(r'data-action="(\w+)">([^<]+)</span>', page.split('id="audit"')[1])
    assert actions == [
        ("submit", "Deck submitted"),
        ("submit", "Deck submitted"),
        ("amend", "Amended by the organizer"),
    ]
    download = organizer.get(f"/tournaments/{event.id}/audit/?download=json")
    body = json.loads(download.content)
    assert body["verified"] is True and [e["sequence"] for e in body["entries"]] == [1, 2, 3]
    assert body["entries"][2]["created_at"].endswith("+09:00")
    assert _client(people["player"]).get(f"/tournaments/{event.id}/audit/").status_code == 403


def test_audit_page_shows_a_broken_chain(people, event):
    from tournaments.audit_guard import audit_guard_disabled
    from tournaments.models import AuditEntry

    with audit_guard_disabled():
        AuditEntry.objects.filter(event=event, sequence=1).update(actor_name="someone else")
    page = _client(people["organizer"]).get(f"/tournaments/{event.id}/audit/").content.decode()
    assert 'data-verified="false"' in page and '<tr class="broken">' in page


@pytest.mark.parametrize("codec", ["utf-8-sig", "utf-8", "cp932"])
def test_import_page_reads_excel_csv(people, event, codec):
    from django.core.files.uploadedfile import SimpleUploadedFile

    text = 'player,decklist\r\n山田,"' + "\n".join(f"4 {n}" for n in LEGAL_MAIN) + '"\r\n鈴木,4 存在しないカード\r\n'
    upload = SimpleUploadedFile("entries.csv", text.encode(codec), content_type="text/csv")
    page = _client(people["organizer"]).post(f"/tournaments/{event.id}/import/", {"file": upload}).content.decode()
    results = page.split('id="import-results"')[1]
    assert re.findall(r'<td class="num">(\d+)</td><td>([^<]+)</td>', results) == [("2", "山田"), ("3", "鈴木")]
    assert "Lines that name no card (or several):" in results and "存在しないカード" in results


@pytest.mark.parametrize("language, message", [("en", "Registrations for this event are closed."),
                                               ("ja", "この大会の登録は締め切られています。")])  # fmt: skip
def test_import_page_refuses_a_locked_event(people, event, language, message):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tournaments import services
    from tournaments.models import Registration

    services.event_lock(event_id=event.id, user=people["organizer"])
    before = Registration.objects.filter(event=event).count()
    upload = SimpleUploadedFile(
        "entries.csv", "player,decklist\r\nlate,4 テスト火炎兵\r\n".encode(), content_type="text/csv"
    )
    client = _client(people["organizer"])
    response = client.post(f"/tournaments/{event.id}/import/", {"file": upload}, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 409
    assert message in response.content.decode()
    assert Registration.objects.filter(event=event).count() == before


def test_import_page_refuses_more_players_than_the_capacity(people, event):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tournaments.models import Event, Registration

    Event.objects.filter(id=event.id).update(capacity=3)
    rows = "".join(f"p{i},4 テスト火炎兵\r\n" for i in range(4))
    upload = SimpleUploadedFile("entries.csv", ("player,decklist\r\n" + rows).encode(), content_type="text/csv")
    response = _client(people["organizer"]).post(f"/tournaments/{event.id}/import/", {"file": upload})
    assert response.status_code == 400
    assert "The CSV has 4 rows but the event takes at most 3 players" in response.content.decode()
    assert Registration.objects.filter(event=event).count() == 2


def test_overlay_from_the_browser_previews_the_decks_it_changes(people, event):
    """A ban of a card "other" plays: saving shows that their deck turns illegal; using the overlay for the event
    re-checks the registrations (audited); editing it again (unbanned) re-checks them back."""
    from tournaments.models import AuditEntry, Registration

    organizer = _client(people["organizer"])
    url = f"/tournaments/{event.id}/overlay/"
    form = {"save": "1", "name": "Store ban", "entries": f"banned {LEGAL_MAIN[0]}", "combos": ""}
    response = organizer.post(url, form)
    assert response.status_code == 302
    slug = response["Location"].split("?overlay=")[1]
    page = organizer.get(response["Location"]).content.decode()
    assert "Registered decks it changes: 1" in page
    changes = page.split('id="overlay-changes"')[1].split("</table>")[0]
    assert re.findall(r'<tr class="changed">\s*<td[^>]*>(\w+)</td>', changes) == ["other"]
    assert Registration.objects.get(event=event, player_name="other").status == "legal"  # nothing applied yet

    assert organizer.post(url, {"use": "1", "overlay_id": slug}).status_code == 302
    event.refresh_from_db()
    assert event.overlay_id == slug
    assert Registration.objects.get(event=event, player_name="other").status == "illegal"
    assert AuditEntry.objects.filter(event=event, action="settings").count() == 1
    assert "Store ban" in organizer.get(f"/tournaments/{event.id}/").content.decode()  # its content is shown

    organizer.post(url, {**form, "overlay_id": slug, "entries": f"limited {LEGAL_MAIN[0]}"})
    assert Registration.objects.get(event=event, player_name="other").status == "illegal"  # 4 copies of a limited
    organizer.post(url, {**form, "overlay_id": slug, "entries": ""})
    assert Registration.objects.get(event=event, player_name="other").status == "legal"
    assert AuditEntry.objects.filter(event=event, action="settings").count() == 3


def test_the_overlay_page_cannot_edit_an_overlay_that_another_locked_event_uses(people, event):
    """The finding: the page refused only when ITS event was locked; the service now refuses for every locked event
    that uses the overlay (409 OVERLAY_LOCKED in the API), so the page shows the refusal and stores nothing."""
    from regulations.models import EventOverlay
    from regulations.services import overlay_create
    from tournaments.services import event_create, event_lock

    overlay = overlay_create(owner=people["organizer"], name="Store ban", base_format="advance")
    locked = event_create(
        organizer=people["organizer"],
        name="Last week's CS",
        date=timezone.localdate() + timedelta(days=2),
        registration_deadline=timezone.now() + timedelta(days=1),
        overlay_id=overlay.slug,
    )
    event_lock(event_id=locked.id, user=people["organizer"])
    form = {"save": "1", "overlay_id": overlay.slug, "name": "Store ban", "entries": f"banned {LEGAL_MAIN[0]}"}
    response = _client(people["organizer"]).post(f"/tournaments/{event.id}/overlay/", {**form, "combos": ""})
    assert response.status_code == 400
    assert "1 locked tournament event(s) validate against the overlay" in response.content.decode()
    assert not EventOverlay.objects.get(slug=overlay.slug).cards.exists()


def test_the_publish_button_shows_once_registration_is_closed(people, event):
    organizer = _client(people["organizer"])
    assert 'name="publish"' not in organizer.get(f"/tournaments/{event.id}/").content.decode()
    organizer.post(f"/tournaments/{event.id}/", {"publish": "1"})  # a crafted POST is refused by the service
    event.refresh_from_db()
    assert event.decklists_published_at is None
    organizer.post(f"/tournaments/{event.id}/", {"lock": "1"})
    assert 'name="publish"' in organizer.get(f"/tournaments/{event.id}/").content.decode()


OVERLAY_REFUSED = [
    # (entries, combos, shown) -- nothing is stored
    pytest.param("forbidden テスト紅蓮竜", "", "Unreadable line: forbidden テスト紅蓮竜", id="unknown-status-word"),
    pytest.param("banned 存在しないカード", "", 'id="overlay-problems"', id="unknown-card"),
    pytest.param("", "テスト紅蓮竜", "Unreadable line: テスト紅蓮竜", id="combo-of-one-card"),
]


@pytest.mark.parametrize(("entries", "combos", "shown"), OVERLAY_REFUSED)
def test_overlay_refused_stores_nothing(people, event, entries, combos, shown):
    from regulations.models import EventOverlay

    response = _client(people["organizer"]).post(
        f"/tournaments/{event.id}/overlay/", {"save": "1", "name": "x", "entries": entries, "combos": combos}
    )
    assert response.status_code == 400 and shown in response.content.decode()
    assert not EventOverlay.objects.exists()


def test_only_the_organizer_edits_the_overlay(people, event):
    assert _client(people["player"]).get(f"/tournaments/{event.id}/overlay/").status_code == 403
    assert Client().get(f"/tournaments/{event.id}/overlay/").status_code == 302


@pytest.mark.parametrize("who", ["organizer", "player", "anonymous"])
def test_the_audit_trail_head_is_published_on_the_event_page(people, event, who):
    """Players keep what they saw: the head (count, last hash, signature) on the event page pins the history."""
    from tournaments.selectors import audit_head

    head = audit_head(event=event)
    assert head["count"] == 2 and head["signature"]  # two submissions, signed
    client = Client() if who == "anonymous" else _client(people[who])
    page = client.get(f"/tournaments/{event.id}/").content.decode()
    block = page.split('id="audit-head"')[1].split("</p>")[0]
    assert (head["hash"] in block, head["signature"] in block, "2 entries" in block) == (True, True, True)


def test_the_printed_pack_carries_the_audit_trail_head(people, event):
    from tournaments.selectors import audit_head

    page = _client(people["organizer"]).get(f"/tournaments/{event.id}/print/").content.decode()
    assert page.count(audit_head(event=event)["hash"]) == 2  # on every sheet


def test_import_page_finding_the_gate_full_answers_503(people, event, settings):
    """The import checks every list (seconds of CPU): behind the process's gate of expensive requests."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from api import concurrency
    from tournaments.models import Registration

    settings.EXPENSIVE_REQUESTS_PER_PROCESS = 1
    settings.EXPENSIVE_REQUESTS_QUEUE_PER_PROCESS = 0
    settings.EXPENSIVE_REQUEST_WAIT_SECONDS = 0
    gate = concurrency.expensive_gate()

    def upload():
        return SimpleUploadedFile("entries.csv", b"player,decklist\r\np0,4 \xe3\x83\x86\r\n", content_type="text/csv")

    client = _client(people["organizer"])
    before = Registration.objects.filter(event=event).count()
    assert gate.enter(wait_seconds=0)  # a decklist check holds the one slot
    try:
        busy = client.post(f"/tournaments/{event.id}/import/", {"file": upload()})
    finally:
        gate.leave()
    assert (busy.status_code, busy["Retry-After"]) == (503, "1")
    assert Registration.objects.filter(event=event).count() == before
    assert client.post(f"/tournaments/{event.id}/import/", {"file": upload()}).status_code == 200


# --- words (issue "Duel Masters as players play it", item 6) ---------------------------------------------------


def _published(people, event):
    organizer = _client(people["organizer"])
    organizer.post(f"/tournaments/{event.id}/", {"lock": "1"})
    organizer.post(f"/tournaments/{event.id}/", {"publish": "1"})


ORDER = [
    # (who, the page's sections in order)
    pytest.param("anonymous", ["decklists", "registrations-heading", "audit-head"], id="a-player-reads-lists-first"),
    pytest.param("player", ["decklists", "registrations-heading", "audit-head"], id="a-registered-player-too"),
    pytest.param("organizer", ["audit-head", "registrations-heading", "decklists"], id="the-desk-keeps-its-order"),
]


@pytest.mark.parametrize(("who", "order"), ORDER)
def test_the_public_event_page_leads_with_the_published_lists(people, event, who, order):
    _published(people, event)
    client = Client() if who == "anonymous" else _client(people[who])
    page = client.get(f"/tournaments/{event.id}/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    positions = {section: page.index(f'id="{section}"') for section in order}
    assert sorted(positions, key=positions.get) == order


VIOLATION_WORDS = [
    # (language, the short registration's violation as shown)
    pytest.param("ja", "メインデッキ：36枚足りない", id="ja"),
    pytest.param("en", "Main deck: 36 cards short", id="en"),
]


@pytest.mark.parametrize(("language", "shown"), VIOLATION_WORDS)
def test_the_event_pages_show_violations_as_players_read_them(people, event, language, shown):
    organizer = _client(people["organizer"])
    desk = organizer.get(f"/tournaments/{event.id}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    mine = _client(people["player"]).get(f"/tournaments/{event.id}/register/", HTTP_ACCEPT_LANGUAGE=language)
    registration = _registration(event, "player")
    amend = organizer.get(
        f"/tournaments/{event.id}/registrations/{registration.id}/amend/", HTTP_ACCEPT_LANGUAGE=language
    )
    assert [shown in page for page in (desk, mine.content.decode(), amend.content.decode())] == [True, True, True]


def test_the_event_desk_links_the_japanese_csv(people, event):
    page = _client(people["organizer"]).get(f"/tournaments/{event.id}/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    link = page.split('id="export-csv-ja"')[0].rsplit("<a ", 1)[1]
    assert f'href="/api/v1/events/{event.id}/registrations/export/csv/?header=ja"' in link
    assert "CSV（表計算ソフト用・日本語の見出し）" in page


AUDIT_DETAILS = [
    # (language, the amend entry's details as shown: label, value)
    pytest.param("ja", [("player", "プレイヤー", "player"), ("reason", "理由", "Judge call: list written on paper"),
                        ("old_status", "以前の構築判定", "不適正"), ("status", "構築判定", "構築ルールに適合")],
                 id="ja"),
    pytest.param("en", [("player", "Player", "player"), ("reason", "Reason", "Judge call: list written on paper"),
                        ("old_status", "Previous legality", "Illegal"), ("status", "Legality", "Legal")], id="en"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "details"), AUDIT_DETAILS)
def test_the_audit_pages_details_are_in_the_pages_language(people, event, language, details):
    _amend(people, event)
    page = _client(people["organizer"]).get(f"/tournaments/{event.id}/audit/", HTTP_ACCEPT_LANGUAGE=language)
    amend_row = page.content.decode().split('data-action="amend"')[1].split("</tr>")[0]
    shown = {
        key: (label, value)
        for key, label, value in re.findall(r'<div data-key="(\w+)"><strong>([^<]+)</strong>: ([^<]*)</div>', amend_row)
    }
    assert [(key, *shown[key]) for key, _, _ in details] == details


CHAIN_PROBLEMS = [
    pytest.param("ja", "ハッシュが内容と一致しません（記録が改変されています）", id="ja"),
    pytest.param("en", "its hash does not match its content (the entry was altered)", id="en"),
]


@pytest.mark.parametrize(("language", "problem"), CHAIN_PROBLEMS)
def test_the_audit_pages_chain_problems_are_in_the_pages_language(people, event, language, problem):
    from tournaments.audit_guard import audit_guard_disabled
    from tournaments.models import AuditEntry

    with audit_guard_disabled():
        AuditEntry.objects.filter(event=event, sequence=1).update(actor_name="someone else")
    page = _client(people["organizer"]).get(f"/tournaments/{event.id}/audit/", HTTP_ACCEPT_LANGUAGE=language)
    problems = page.content.decode().split('id="chain-problems"')[1].split("</ul>")[0]
    assert f'<li data-sequence="1">#1: {problem}</li>' in problems


def _payload_keys(value) -> set[str]:
    """Every key of a stored payload, nested ones too (a registration id keying a digest is data, not a key)."""
    if isinstance(value, dict):
        return {k for k in value if not k.isdigit()} | set().union(*map(_payload_keys, value.values()))
    if isinstance(value, list):
        return set().union(set(), *map(_payload_keys, value))
    return set()


@pytest.fixture
def every_audit_entry(people, event):
    """One entry of every action: submit (the fixture), replace, withdraw, amend, import, settings (a change and a
    re-check), lock, unlock, the automatic lock's reason, publish."""
    from decks.services import deck_create
    from games.dm.rules.decklist import parse_json
    from tournaments import services
    from tournaments.models import AuditEntry

    organizer, player = people["organizer"], people["player"]
    again = deck_create(
        owner=player, name="Again", decklist=parse_json({"main": [{"card": n, "count": 4} for n in LEGAL_MAIN]})
    )
    services.registration_submit_or_replace(event_id=event.id, user=player, deck_id=again.id)
    _amend(people, event)
    services.registrations_import_csv(
        event_id=event.id,
        user=organizer,
        csv_text='player,decklist\nwalk-in,"' + "\n".join(f"4 {name}" for name in LEGAL_MAIN) + '"\n',
    )
    services.registration_withdraw(registration_id=_registration(event, "player").id, user=player)
    services.event_update(event_id=event.id, user=organizer, name="Store CS (renamed)", capacity=64)
    services.event_recheck(event_id=event.id, user=organizer, reason="overlay edited")
    services.event_lock(event_id=event.id, user=organizer)
    services.event_unlock(
        event_id=event.id, user=organizer, reason="late entry", registration_deadline=timezone.now() + timedelta(days=1)
    )
    services.event_lock(event_id=event.id, user=organizer)
    services.event_publish(event_id=event.id, user=organizer)
    entries = list(AuditEntry.objects.filter(event=event).order_by("sequence"))
    assert {e.action for e in entries} >= {"submit", "replace", "amend", "import", "withdraw", "settings", "lock",
                                           "unlock", "publish"}  # fmt: skip
    return entries


def test_every_audit_payload_key_has_a_label_in_both_languages(every_audit_entry):
    from django.utils import translation

    from web.audit import _LABELS

    keys = set().union(*(_payload_keys(e.payload) for e in every_audit_entry))
    assert keys - set(_LABELS) == set()
    with translation.override("en"):
        english = {key: str(_LABELS[key]) for key in keys}
    with translation.override("ja"):
        japanese = {key: str(_LABELS[key]) for key in keys}
    assert {key for key in keys if japanese[key] == english[key] or japanese[key] == key} == set()


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_audit_page_shows_no_raw_key(people, event, every_audit_entry, language):
    keys = set().union(*(_payload_keys(e.payload) for e in every_audit_entry))
    page = _client(people["organizer"]).get(f"/tournaments/{event.id}/audit/", HTTP_ACCEPT_LANGUAGE=language)
    details = re.findall(r'<td class="audit-payload">(.*?)</td>', page.content.decode(), flags=re.S)
    assert len(details) == len(every_audit_entry)
    # A label is shown as `<strong>label</strong>: value`, a nested one as `label: value` inside the value.
    shown = set(re.findall(r"<strong>([^<]+)</strong>", "".join(details)))
    shown |= set(
        re.findall(r"(?:^|[:;>] ?)([A-Za-z_]+): ", "".join(re.sub(r"<strong>[^<]+</strong>", "", d) for d in details))
    )
    assert shown & keys == set()
