"""The organizer's day in Debian's Chromium (Playwright), from the browser alone: create the event, two players
register three decks (one illegal), lock, amend with a reason (the player sees it), publish (anyone reads the lists),
print the deck sheets, a deck check with a differing physical list, the audit page with a verified chain, CSV out
and in. Every page is also shot in Japanese and at phone width (artifacts/screenshots/desk-*.png)."""

import csv
import io
import re

import pytest

from web.tests.catalogue import LEGAL_MAIN
from web.tests.test_browser import CHROMIUM_ARGS, PASSWORD, browser, eager_celery, shot, sign_up  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

SHORT = "4 テスト火炎兵"  # 4 cards: DECK_SIZE
SWAPPED_IN = "テスト水兵"  # alice's final list plays one of these instead of her fourth copy of the last card


@pytest.fixture
def desk(browser, live_server, eager_celery):  # noqa: F811
    """A page whose confirm() dialogs are accepted (lock, delete), collecting script errors."""
    from web.tests.catalogue import catalogue_import

    catalogue_import()
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.base = live_server.url
    yield page
    context.close()


def _deck(username: str, name: str, text: str):
    """A player's deck in their account (the deck editor has its own browser tests)."""
    from django.contrib.auth import get_user_model

    from decks.services import deck_create
    from games.dm.rules.decklist import parse_text

    owner = get_user_model().objects.get(username=username)
    return deck_create(owner=owner, name=name, decklist=parse_text(text))


def _log_in(page, username: str) -> None:
    page.goto(page.base + "/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/decks/$|/$"))


def _log_out(page) -> None:
    page.get_by_role("button", name="Log out").click()


def _register(page, event_url: str, deck_name: str, *, illegal: bool = False) -> None:
    from playwright.sync_api import expect

    page.goto(event_url + "register/")
    page.locator("#register-deck").select_option(label=deck_name)
    page.get_by_role("button", name="Register", exact=True).click()
    if illegal:
        expect(page.locator(".legality.illegal")).to_contain_text("DECK_SIZE")
        page.get_by_label("Register it anyway").check()
        page.get_by_role("button", name="Register", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Your deck is registered.")


def _all_languages_and_phone(page, name: str) -> None:
    """The current page in English, Japanese and at phone width (390×844) in Japanese; nothing wider than a phone."""
    shot(page, f"desk-{name}-en")
    page.get_by_role("button", name="日本語").click()
    page.wait_for_selector("html[lang=ja]")
    shot(page, f"desk-{name}-ja")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, f"desk-{name}-phone-ja")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
    page.set_viewport_size({"width": 1280, "height": 900})
    page.get_by_role("button", name="English").click()
    page.wait_for_selector("html[lang=en]")


def test_the_organizers_day(desk):
    from playwright.sync_api import expect

    page = desk
    legal = "\n".join(f"4 {name}" for name in LEGAL_MAIN)

    # The organizer creates the event with a capacity.
    sign_up(page, "organizer")
    page.goto(page.base + "/tournaments/")
    page.get_by_label("Name").fill("Store CS")
    page.get_by_label("Event date", exact=True).fill("2030-01-10")
    page.locator("#id_registration_deadline").fill("2030-01-09")
    page.locator("#id_capacity").fill("64")
    page.get_by_role("button", name="Create event").click()
    expect(page.locator("h1")).to_have_text("Store CS")
    expect(page.locator("#event-summary")).to_contain_text("Capacity: 0/64")
    event_url = page.url
    event_id = int(event_url.rstrip("/").rsplit("/", 1)[1])
    _log_out(page)

    # Two accounts, three decks: alice registers one list then replaces it; bob registers an illegal one.
    sign_up(page, "alice")
    _deck("alice", "Alice first", legal)
    _deck("alice", "Alice final", legal.replace(f"4 {LEGAL_MAIN[-1]}", f"3 {LEGAL_MAIN[-1]}\n1 {SWAPPED_IN}"))
    _register(page, event_url, "Alice first")
    _register(page, event_url, "Alice final")
    _log_out(page)
    sign_up(page, "bob")
    _deck("bob", "Bob short", SHORT)
    _register(page, event_url, "Bob short", illegal=True)
    _log_out(page)

    # The event page: registrations with legality, violations and hashes; the illegal filter; then the lock.
    _log_in(page, "organizer")
    page.goto(event_url)
    expect(page.locator("#registrations tbody tr")).to_have_count(2)
    expect(page.locator("#registrations")).to_contain_text("DECK_SIZE")
    page.get_by_role("link", name="Illegal", exact=True).click()
    expect(page.locator("#registrations tbody tr")).to_have_count(1)
    expect(page.locator("#registrations")).to_contain_text("bob")
    page.goto(event_url)
    page.locator("#settings summary").click()
    expect(page.locator("#settings-form")).to_be_visible()
    _all_languages_and_phone(page, "event")

    # An overlay from the browser: a store ban of a card alice plays; the preview names her deck, nothing applied.
    page.get_by_role("link", name="Create an event overlay").click()
    page.get_by_label("Name").fill("Store ban")
    page.get_by_label("Extra bans and limits").fill(f"banned {LEGAL_MAIN[1]}")
    page.get_by_role("button", name="Save overlay").click()
    expect(page.locator("#overlay-preview h2")).to_have_text("Registered decks it changes: 1")
    expect(page.locator("#overlay-changes tr.changed")).to_contain_text("alice")
    _all_languages_and_phone(page, "overlay")
    page.goto(event_url)
    page.get_by_role("button", name="Lock registrations").click()
    expect(page.locator("#event-summary")).to_contain_text("Locked")
    expect(page.locator("#unlock-form")).to_be_visible()

    # Amend bob's list with a reason: the page shows his violations and the change before it is made.
    page.locator("#registrations").get_by_role("link", name="Amend: bob").click()
    expect(page.locator("#current-violations")).to_contain_text("DECK_SIZE")
    page.get_by_label("Decklist").fill(legal)
    page.get_by_role("button", name="Show the change").click()
    expect(page.locator("#amend-diff .diff-added")).to_have_count(len(LEGAL_MAIN) - 1)  # 4 テスト火炎兵 stays
    _all_languages_and_phone(page, "amend")  # switching the language reloads the page with the registered list
    page.get_by_label("Decklist").fill(legal)
    page.get_by_label("Reason (kept in the audit trail)").fill("Judge call: the paper list had 40 cards")
    page.get_by_role("button", name="Amend", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("The registration of bob was amended: Legal.")
    _log_out(page)

    # Bob sees the amendment, its reason and the registered list.
    _log_in(page, "bob")
    page.goto(event_url + "register/")
    expect(page.locator("#amendments")).to_contain_text("Judge call: the paper list had 40 cards")
    expect(page.locator("#my-registration")).to_contain_text(LEGAL_MAIN[1])
    _all_languages_and_phone(page, "player-amended")
    _log_out(page)

    # Publish: anyone, signed in or not, reads every list on the event page.
    _log_in(page, "organizer")
    page.goto(event_url)
    page.get_by_role("button", name="Publish decklists").click()
    expect(page.locator(".messages")).to_contain_text("The decklists are published.")
    anonymous = page.context.browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    visitor = anonymous.new_page()
    visitor.goto(event_url)
    expect(visitor.locator("#decklists .decklist")).to_have_count(2)
    expect(visitor.locator("#decklists")).to_contain_text("alice")
    expect(visitor.locator("#decklists")).to_contain_text(LEGAL_MAIN[2])
    visitor.base = page.base
    _all_languages_and_phone(visitor, "published")
    anonymous.close()

    # The printable pack: one sheet per player with its hash and QR code; print media hides the site's chrome.
    page.get_by_role("link", name="Print all decklists").first.click()
    expect(page.locator(".deck-sheet")).to_have_count(2)
    expect(page.locator(".deck-sheet .qr svg")).to_have_count(2)
    _all_languages_and_phone(page, "print")
    page.emulate_media(media="print")
    expect(page.locator(".topbar")).to_be_hidden()
    shot(page, "desk-print-media")
    page.emulate_media(media="screen")

    # A deck check: alice's physical deck differs from her registered list by one card.
    from tournaments.models import Registration
    from tournaments.selectors import registration_qr_text

    alice = Registration.objects.get(event_id=event_id, player_name="alice")
    page.goto(event_url)
    page.locator("#registrations").get_by_role("link", name="Deck check: alice").click()
    page.get_by_label("The physical deck").fill(legal)
    page.get_by_role("button", name="Compare").click()
    expect(page.locator("#deck-check-verdict")).to_have_text("The deck differs from the registered list.")
    expect(page.locator("#deck-diff .diff-removed")).to_contain_text(SWAPPED_IN)
    expect(page.locator("#deck-diff .diff-added")).to_contain_text(LEGAL_MAIN[-1])
    _all_languages_and_phone(page, "deck-check")
    page.get_by_label("The physical deck").fill(registration_qr_text(alice))  # what the sheet's QR code holds
    page.get_by_role("button", name="Compare").click()
    expect(page.locator("#deck-check-verdict")).to_have_text("The deck matches the registered list.")

    # The audit trail: who did what and when, the chain verified, a download.
    page.goto(event_url)
    page.get_by_role("link", name="Audit trail").click()
    expect(page.locator("#chain-status")).to_have_attribute("data-verified", "true")
    actions = [node.get_attribute("data-action") for node in page.locator("#audit tbody [data-action]").all()]
    assert actions == ["submit", "replace", "submit", "lock", "amend", "publish"]
    expect(page.locator("#audit tbody td:nth-child(4)").first).to_have_text("Deck submitted")
    _all_languages_and_phone(page, "audit")
    download = page.request.get(page.url + "?download=json").json()
    assert download["verified"] is True and len(download["entries"]) == 6

    # CSV out (UTF-8 with a BOM, in Japan time, Accept: text/csv) and back in as Shift-JIS on the import page.
    exported = page.request.get(
        f"{page.base}/api/v1/events/{event_id}/registrations/export/csv/", headers={"Accept": "text/csv"}
    )
    assert exported.status == 200
    body = exported.body()
    assert body.startswith("\ufeff".encode())
    rows = list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))
    assert [row["player"] for row in rows] == ["alice", "bob"] and rows[0]["submitted_at"].endswith("+09:00")
    out = io.StringIO()
    csv.writer(out).writerows([["player", "decklist"], ["山田", legal], ["鈴木", "4 ないカード"]])
    entries = [{"name": "entries.csv", "mimeType": "text/csv", "buffer": out.getvalue().encode("cp932")}]
    # This event is locked: an import is refused, as every other change of its registrations is.
    page.goto(event_url + "import/")
    page.get_by_label("CSV file").set_input_files(files=entries)
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.locator("main")).to_contain_text("Registrations for this event are closed.")
    # The same file on an open event of the organizer's.
    page.goto(page.base + "/tournaments/")
    page.get_by_label("Name").fill("Store CS, second day")
    page.get_by_label("Event date", exact=True).fill("2030-01-11")
    page.locator("#id_registration_deadline").fill("2030-01-10")
    page.get_by_role("button", name="Create event").click()
    expect(page.locator("h1")).to_have_text("Store CS, second day")
    page.goto(page.url + "import/")
    page.get_by_label("CSV file").set_input_files(files=entries)
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.locator("#import-results tbody tr")).to_have_count(2)
    expect(page.locator("#import-results")).to_contain_text("山田")
    expect(page.locator("#import-results")).to_contain_text("Lines that name no card")
    _all_languages_and_phone(page, "import")
    assert page.errors == []
