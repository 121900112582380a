"""End to end in Debian's Chromium (Playwright): sign up, search, build a deck with the keyboard, legality live,
psychic cards to the hyperspatial zone, save, version diff, a goldfish run with its chart, export, escaping."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections

from web.tests.catalogue import LEGAL_MAIN, catalogue_import

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(settings.BASE_DIR) / "artifacts" / "screenshots"
PASSWORD = "a-long-passw0rd!"


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (make browser)")
    before = connections[DEFAULT_DB_ALIAS]
    with sync_playwright() as playwright:
        # Playwright's sync API runs the tests in another context, and Django's connections are context-local: when
        # the test database was set up before (non-browser tests ran first), the migration data serialized for
        # `serialized_rollback` sits on the earlier connection object only (pytest-django issue #1117). Hand it on.
        after = connections[DEFAULT_DB_ALIAS]
        serialized = getattr(before, "_test_serialized_contents", None)
        if after is not before and serialized is not None and not hasattr(after, "_test_serialized_contents"):
            after._test_serialized_contents = serialized
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def eager_celery():
    from deckbuilder.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.fixture
def page(browser, live_server, eager_celery):
    catalogue_import()
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.dialogs = []
    page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.base = live_server.url
    yield page
    context.close()


def shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def sign_up(page, username: str) -> None:
    page.goto(page.base + "/accounts/signup/")
    page.get_by_label("Username").fill(username)
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    shot(page, "signup")
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(re.compile(r"/decks/$"))


def create_deck(page, name: str) -> None:
    page.goto(page.base + "/decks/")
    page.locator("#id_name").fill(name)
    page.locator("#create-deck").click()
    page.wait_for_url(re.compile(r"/decks/\d+/$"))
    page.wait_for_selector("body[data-editor-ready=true]")


def search_and_choose(page, text: str, expected: str) -> None:
    box = page.locator("#editor-search")
    box.fill("")
    box.press_sequentially(text)
    page.wait_for_selector(f'#search-results li[aria-selected=true]:has-text("{expected}")')


def counter(page, zone: str):
    return page.locator(f"[data-zone-counter={zone}]")


def test_full_deck_building_flow(page):
    from playwright.sync_api import expect

    sign_up(page, "player1")

    # Card search with the query language and the filter widgets.
    page.goto(page.base + "/cards/")
    page.locator("#id_q").fill("race:ドラゴン")
    page.get_by_label("Fire").check()
    page.get_by_role("button", name="Search", exact=True).click()
    expect(page.locator("#card-results")).to_contain_text("テスト紅蓮竜")
    expect(page.locator("#card-results")).not_to_contain_text("テスト深海獣")
    shot(page, "card-browser")
    page.get_by_role("link", name="テスト紅蓮竜").click()
    expect(page.locator("h1")).to_contain_text("テスト紅蓮竜")
    shot(page, "card-detail")

    # A legal 40-card deck, built with the keyboard only: type, Enter x4.
    create_deck(page, "Keyboard deck")
    for index, name in enumerate(LEGAL_MAIN, start=1):
        search_and_choose(page, name, name)
        for _ in range(4):
            page.keyboard.press("Enter")
        expect(counter(page, "main")).to_have_text(f"{index * 4}/40")
    expect(page.locator("#legality")).to_have_attribute("data-status", "legal")
    expect(page.locator("#stats svg").first).to_be_visible()

    # A fifth copy: COPY_LIMIT appears with its rule number and the card is highlighted; "-" removes it again.
    search_and_choose(page, "テスト紅蓮竜", "テスト紅蓮竜")
    page.keyboard.press("Enter")
    violation = page.locator('#legality li[data-code="COPY_LIMIT"]')
    expect(violation).to_be_visible()
    expect(violation.locator(".rule")).to_have_text(re.compile(r"^100\.2"))
    entry = page.locator('#zone-entries li.offending:has-text("テスト紅蓮竜")')
    expect(entry).to_contain_text("5×")
    shot(page, "editor-copy-limit")
    entry.focus()
    page.keyboard.press("-")
    expect(violation).to_have_count(0)
    expect(page.locator("#zone-entries li.offending")).to_have_count(0)
    expect(page.locator("#legality")).to_have_attribute("data-status", "legal")

    # Psychic creatures go to the hyperspatial zone on their own.
    search_and_choose(page, "テスト超次元獣", "テスト超次元獣")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(counter(page, "hyperspatial")).to_have_text("2")
    expect(counter(page, "main")).to_have_text("40/40")
    page.locator("#tab-hyperspatial").click()
    expect(page.locator("#zone-entries li")).to_have_count(2)
    expect(page.locator("#legality")).to_have_attribute("data-status", "legal")
    shot(page, "editor")

    # A psychic moved to the main deck with the mouse (the row's zone menu) is kept there and flagged
    # ZONE_MISPLACED; key 2 moves it back to the hyperspatial zone and the violation goes away.
    psychic_row = page.locator('#zone-entries li:has-text("テスト超次元獣アルファ")')
    psychic_row.locator("select.zone-select").select_option("main")
    misplaced = page.locator('#legality li[data-code="ZONE_MISPLACED"]')
    expect(misplaced).to_be_visible()
    expect(counter(page, "hyperspatial")).to_have_text("1")
    expect(counter(page, "main")).to_have_text("41/40")
    page.locator("#tab-main").click()
    moved = page.locator('#zone-entries li.offending:has-text("テスト超次元獣アルファ")')
    expect(moved).to_contain_text("ZONE_MISPLACED")
    shot(page, "editor-zone-misplaced")
    moved.focus()
    page.keyboard.press("2")
    expect(misplaced).to_have_count(0)
    expect(counter(page, "hyperspatial")).to_have_text("2")
    expect(counter(page, "main")).to_have_text("40/40")
    expect(page.locator("#legality")).to_have_attribute("data-status", "legal")

    # Main deck -> considering with the keyboard (key 4), and back with the mouse from the considering tab.
    page.locator('#zone-entries li:has-text("テスト火炎兵")').focus()
    page.keyboard.press("4")
    expect(counter(page, "considering")).to_have_text("4")
    expect(counter(page, "main")).to_have_text("36/40")
    expect(page.locator("#legality")).to_have_attribute("data-status", "buildable")
    page.locator("#tab-considering").click()
    page.locator('#zone-entries li:has-text("テスト火炎兵") select.zone-select').select_option("main")
    expect(counter(page, "considering")).to_have_text("0")
    expect(counter(page, "main")).to_have_text("40/40")
    expect(page.locator("#legality")).to_have_attribute("data-status", "legal")

    # Save through the decks API (If-Match), then see the diff in the version history.
    page.locator("#save-deck").click()
    expect(page.locator("#save-state")).to_have_text("Saved")
    page.goto(page.url + "versions/")
    latest = page.locator(".version").first
    expect(latest).to_contain_text("Version 2")
    expect(latest.locator(".diff-add")).to_have_count(len(LEGAL_MAIN) + 2)
    expect(latest).to_contain_text("+4 テスト紅蓮竜")
    expect(latest).to_contain_text("+1 テスト超次元獣アルファ")
    shot(page, "versions")

    # Import: every pasted line gets a status before anything is applied.
    page.get_by_role("link", name="Import").click()
    page.locator("#id_text").fill("4 テスト火炎兵\n2 ないカード\n1 テスト超次元獣ベータ")
    page.get_by_role("button", name="Check lines").click()
    expect(page.locator("#import-lines .st-card")).to_have_count(2)
    expect(page.locator("#import-lines .st-unknown")).to_have_count(1)
    expect(page.locator("#import-lines")).to_contain_text("→")  # the psychic creature moved to its own zone
    expect(page.locator("#import-lines button[name=drop]")).to_have_count(1)  # an unknown line can be removed
    expect(page.locator("#import-legality")).to_be_visible()
    shot(page, "import-preview")

    # A goldfish run (Celery eager here): progress, then the kill-turn charts.
    page.get_by_role("link", name="Simulations").click()
    page.locator("#sim-kind").select_option("goldfish")
    page.locator("#sim-games").fill("1000")
    page.locator("#sim-seed").fill("7")
    page.locator("#sim-run").click()
    expect(page.locator("#goldfish-charts svg").first).to_be_visible(timeout=60_000)
    expect(page.locator("#sim-status")).to_contain_text("done")
    # error bars and every card of the deck with its played share (effects modeled or run as vanilla)
    expect(page.locator("#sim-results")).to_contain_text("95% interval")
    expect(page.locator("#goldfish-cards")).to_contain_text("テスト紅蓮竜")
    shot(page, "simulation")
    page.locator("#sim-kind").select_option("opening_hands")
    page.locator("#sim-run").click()
    expect(page.locator("#sim-results table")).to_contain_text("Test Crimson Wyrm", timeout=60_000)
    expect(page.locator("#sim-results table tbody tr")).to_have_count(len(LEGAL_MAIN))

    # Export: text (reads back), JSON, printable sheet.
    deck_url = page.url.rsplit("simulate/", 1)[0]
    text = page.request.get(deck_url + "export/text/").text()
    assert "4 テスト紅蓮竜" in text and "テスト超次元獣アルファ" in text
    exported = page.request.get(deck_url + "export/json/").json()
    assert sum(row["count"] for row in exported["main"]) == 40
    page.goto(deck_url + "export/sheet/")
    expect(page.locator("body")).to_contain_text("テスト紅蓮竜")
    shot(page, "deck-sheet")
    assert page.errors == []


def test_script_in_a_deck_name_is_text(page):
    from playwright.sync_api import expect

    name = "<script>alert(1)</script>"
    sign_up(page, "player2")
    create_deck(page, name)
    expect(page.locator("#deck-title")).to_have_text(name)
    page.goto(page.base + "/decks/")
    expect(page.get_by_role("link", name=name)).to_be_visible()
    shot(page, "my-decks")
    assert page.dialogs == []
    assert page.errors == []


def test_phone_width_and_japanese(page):
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 390, "height": 844})
    sign_up(page, "player3")
    page.get_by_role("button", name="日本語").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    create_deck(page, "スマホのデッキ")
    search_and_choose(page, "Test Gale", "テスト疾風ドラゴン")
    page.keyboard.press("Enter")
    expect(counter(page, "main")).to_have_text("1/40")
    expect(page.locator("#legality")).to_contain_text("構築中")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    shot(page, "editor-phone-ja")


def test_tournament_organizer_and_player_pages(page):
    from playwright.sync_api import expect

    sign_up(page, "organizer")
    page.goto(page.base + "/tournaments/")
    page.get_by_label("Name").fill("Store CS")
    page.get_by_label("Event date", exact=True).fill("2030-01-10")
    page.locator("#id_registration_deadline").fill("2030-01-09")
    page.get_by_role("button", name="Create event").click()
    expect(page.locator("h1")).to_have_text("Store CS")
    expect(page.get_by_role("button", name="Lock registrations")).to_be_visible()
    event_url = page.url
    page.get_by_role("button", name="Log out").click()

    sign_up(page, "player4")
    create_deck(page, "Short deck")
    search_and_choose(page, "テスト火炎兵", "テスト火炎兵")
    page.keyboard.press("Enter")
    expect(counter(page, "main")).to_have_text("1/40")
    page.locator("#save-deck").click()
    expect(page.locator("#save-state")).to_have_text("Saved")
    page.goto(event_url + "register/")
    page.get_by_role("button", name="Register", exact=True).click()
    expect(page.locator(".legality.illegal")).to_contain_text("DECK_SIZE")
    page.get_by_label("Register it anyway").check()
    page.get_by_role("button", name="Register", exact=True).click()
    expect(page.locator("main")).to_contain_text("Your registration")
    shot(page, "tournament-player")
    page.get_by_role("button", name="Log out").click()

    page.goto(page.base + "/accounts/login/")
    page.get_by_label("Username").fill("organizer")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(event_url)
    expect(page.locator("#registrations")).to_contain_text("player4")
    expect(page.locator("#registrations")).to_contain_text("DECK_SIZE")
    shot(page, "tournament-organizer")

    # Re-validation (Celery eager here): the job's progress and the result per player.
    page.get_by_role("button", name="Re-validate all registrations").click()
    expect(page.locator("#reval-status")).to_have_attribute("data-status", "done")
    expect(page.locator("#reval-results")).to_contain_text("player4")
    expect(page.locator("#reval-results")).to_contain_text("DECK_SIZE")
    shot(page, "tournament-revalidation")

    # A job still running: the page polls the tournaments API and updates progress and results when it ends.
    from tournaments.models import RevalidationJob

    event_id = int(event_url.rstrip("/").rsplit("/", 1)[1])
    job = RevalidationJob.objects.create(event_id=event_id, status="running", total=1, done=0)
    page.goto(f"{event_url}?job={job.id}")
    expect(page.locator("#reval-status")).to_contain_text("running · 0/1")
    result = {"player": "player4", "status_at_registration": "illegal", "status_now": "legal", "changed": True}
    RevalidationJob.objects.filter(id=job.id).update(status="done", done=1, results=[{**result, "violations": []}])
    expect(page.locator("#reval-status")).to_have_attribute("data-status", "done")
    expect(page.locator("#reval-results tr.changed")).to_contain_text("player4")
    expect(page.locator("#reval-progress")).to_have_attribute("value", "1")

    # Amending the registration with a reason.
    page.locator("#registrations").get_by_role("link", name="Amend: player4").click()
    page.get_by_label("Reason (kept in the audit trail)").fill("Judge call")
    page.get_by_label("Decklist").fill("\n".join(f"4 {name}" for name in LEGAL_MAIN))
    page.get_by_role("button", name="Amend").click()
    expect(page.locator("main")).to_contain_text("The registration of player4 was amended: Legal.")
    assert page.errors == []
