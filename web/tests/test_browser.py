"""End to end in Debian's Chromium (Playwright): sign up, search, build a deck with the keyboard, legality live,
psychic cards to the hyperspatial zone, save, version diff, a goldfish run with its chart, export, escaping."""

import json
import re
import time
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
    entry = page.locator('#zone-main li.entry.offending:has-text("テスト紅蓮竜")')
    expect(entry).to_contain_text("5×")
    shot(page, "editor-copy-limit")
    entry.focus()
    page.keyboard.press("-")
    expect(violation).to_have_count(0)
    expect(page.locator("#deck-zones li.entry.offending")).to_have_count(0)
    expect(page.locator("#legality")).to_have_attribute("data-status", "legal")

    # Psychic creatures go to the hyperspatial zone on their own.
    search_and_choose(page, "テスト超次元獣", "テスト超次元獣")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(counter(page, "hyperspatial")).to_have_text("2")
    expect(counter(page, "main")).to_have_text("40/40")
    expect(page.locator("#zone-hyperspatial li.entry")).to_have_count(2)
    expect(page.locator("#legality")).to_have_attribute("data-status", "legal")
    shot(page, "editor")

    # A psychic moved to the main deck with the mouse (the row's zone menu) is kept there and flagged
    # ZONE_MISPLACED; key 2 moves it back to the hyperspatial zone and the violation goes away.
    psychic_row = page.locator('#zone-hyperspatial li.entry:has-text("テスト超次元獣アルファ")')
    psychic_row.locator("select.zone-select").select_option("main")
    misplaced = page.locator('#legality li[data-code="ZONE_MISPLACED"]')
    expect(misplaced).to_be_visible()
    expect(counter(page, "hyperspatial")).to_have_text("1")
    expect(counter(page, "main")).to_have_text("41/40")
    moved = page.locator('#zone-main li.entry.offending:has-text("テスト超次元獣アルファ")')
    expect(moved).to_contain_text("ZONE_MISPLACED")
    shot(page, "editor-zone-misplaced")
    moved.focus()
    page.keyboard.press("2")
    expect(misplaced).to_have_count(0)
    expect(counter(page, "hyperspatial")).to_have_text("2")
    expect(counter(page, "main")).to_have_text("40/40")
    expect(page.locator("#legality")).to_have_attribute("data-status", "legal")

    # Main deck -> considering with the keyboard (key 4), and back with the mouse from the considering tab.
    page.locator('#zone-main li.entry:has-text("テスト火炎兵")').focus()
    page.keyboard.press("4")
    expect(counter(page, "considering")).to_have_text("4")
    expect(counter(page, "main")).to_have_text("36/40")
    expect(page.locator("#legality")).to_have_attribute("data-status", "buildable")
    page.locator('#zone-considering li.entry:has-text("テスト火炎兵") select.zone-select').select_option("main")
    expect(counter(page, "considering")).to_have_text("0")
    expect(counter(page, "main")).to_have_text("40/40")
    expect(page.locator("#legality")).to_have_attribute("data-status", "legal")

    # Every change was saved as it happened (decks API, If-Match); the session is one version in the history.
    expect(page.locator("#save-state")).to_have_text("Saved")
    page.goto(page.url + "versions/")
    expect(page.locator(".version")).to_have_count(2)
    latest = page.locator(".version").first
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
    """390×844: search and deck without scrolling past help, 44 px touch targets, visible feedback on an add."""
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 390, "height": 844})
    sign_up(page, "player3")
    page.get_by_role("button", name="日本語").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    create_deck(page, "スマホのデッキ")
    search = page.locator("#editor-search")
    assert search.bounding_box()["y"] + search.bounding_box()["height"] < 844 / 2  # no page of help above it
    expect(page.locator("#search-help")).to_be_hidden()  # the help folds away
    search_and_choose(page, "Test Gale", "テスト疾風ドラゴン")
    page.keyboard.press("Enter")
    expect(counter(page, "main")).to_have_text("1/40")
    feedback = page.locator("#add-feedback")
    expect(feedback).to_be_visible()
    expect(feedback).to_contain_text("テスト疾風ドラゴン")
    expect(feedback).to_contain_text("メインデッキに 1 枚")
    box = feedback.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 844  # on screen, wherever the page is scrolled
    expect(page.locator("#legality")).to_contain_text("メインデッキ：39枚足りない")
    shot(page, "editor-phone-ja")
    small = page.evaluate(
        """() => [...document.querySelectorAll(
                 '#deck-zones button, #deck-zones select, #search-results button, #editor-search, .deck-controls select'
               )]
            .map((node) => node.getBoundingClientRect())
            .filter((r) => r.width && (r.width < 44 || r.height < 44)).length"""
    )
    assert small == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    deck_top = page.locator("#deck-zones").bounding_box()["y"]
    assert deck_top < 844 * 1.5  # the deck starts right below the search results, not a page further down


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


# Words allowed in Japanese mode: names of things that are written in Latin letters in Japanese too, file formats,
# and the search-language keywords shown as examples.
JA_ALLOWED_WORDS = {
    "DM",
    "TCG",  # the product's name (TCGデッキビルダー) and the OCG's (遊☆戯☆王OCG), written so in Japanese too
    "OCG",
    "GR",
    "API",
    "JSON",
    "CSV",
    "PNG",  # the deck's picture (a file format), written so in Japanese too
    "GENESYS",  # the OCG format's own name, as the official Japanese pages write it
    "ydk",  # the .ydk decklist file of the Yu-Gi-Oh! OCG simulators: a file extension, written so in Japanese too
    "UTF",  # the encodings offered for the CSV export (UTF-8, Shift-JIS) are written so in Japanese too
    "JIS",
    "OK",
    "English",
    "SHA",
    "ID",
    "p50",
    "p90",
    "Enter",
    "Shift",
    "Delete",
    "Ctrl",
    "Tab",
    "Esc",
    "civ",
    "fire",
    "cost",
    "type",
    "creature",
    "race",
    "is",
    "trigger",
    "zone",
    "gr",
    "blocker",
    "main",
    "hyperspatial",
    "considering",
    "x4",
    "4x",
    "S",
    "W",
    "T",
    "Q",
    "v1",
    "v2",
    "v3",
}
# Elements whose text is data, not UI: English card names (lang="en"), user-typed names, codes shown as references
# (violation codes beside their Japanese message, deck hashes), the language switch, and the legality report's
# messages, which are the regulations app's own Japanese texts (`message_ja`).
JA_DATA_SELECTORS = ", ".join(
    ['[lang="en"]', ".code", ".rule", "code", ".user-text", ".lang", ".hash", "time", "script", "style"]
    + ["[aria-hidden=true]", ".report-message"]
)
ENGLISH_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]+")


def _visible_english(page) -> list[str]:
    text = page.evaluate(
        """(skip) => {
          const hidden = (node) => node.closest(skip) || node.closest('[hidden]')
            || getComputedStyle(node).display === 'none' || getComputedStyle(node).visibility === 'hidden';
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          const words = [];
          for (let text = walker.nextNode(); text; text = walker.nextNode()) {
            if (!hidden(text.parentElement)) words.push(text.textContent);
          }
          for (const node of document.body.querySelectorAll('[title],[aria-label],[placeholder]')) {
            if (!hidden(node)) words.push(node.title, node.getAttribute('aria-label') || '', node.placeholder || '');
          }
          return words.join(' ') + ' ' + document.title;
        }""",
        JA_DATA_SELECTORS,
    )
    return sorted({word for word in ENGLISH_WORD.findall(text) if word not in JA_ALLOWED_WORDS})


def _crawl_fixture(live_server):
    """A player with a deck (two versions), another player's public deck, an event with a registration."""
    from datetime import date, datetime, time

    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from decks.services import deck_create, deck_update, deck_version_restore
    from games.dm.rules.decklist import parse_json
    from tournaments.services import event_create, registration_submit

    users = get_user_model().objects
    player = users.create_user(username="たろう", password=PASSWORD)
    other = users.create_user(username="はなこ", password=PASSWORD)
    decklist = parse_json({"main": [{"card": name, "count": 4} for name in LEGAL_MAIN]})
    deck = deck_create(owner=player, name="赤青速攻", decklist=decklist, visibility="public")
    deck = deck_update(deck_id=deck.id, user=player, if_match=deck.version, visibility="unlisted")
    deck = deck_version_restore(deck_id=deck.id, user=player, if_match=deck.version, number=1)  # a version note
    theirs = deck_create(owner=other, name="光闇コントロール", decklist=decklist, visibility="public")
    deadline = timezone.make_aware(datetime.combine(date(2030, 1, 9), time(23, 59)))
    event = event_create(organizer=player, name="店舗大会", date=date(2030, 1, 10), registration_deadline=deadline)
    registration = registration_submit(event_id=event.id, user=player, deck_id=deck.id)
    return {"deck": deck, "theirs": theirs, "event": event, "registration": registration}


def test_japanese_mode_shows_no_english_on_any_page(page, live_server):
    """Every page in Japanese (a crawl): no English UI word, no internal code; screenshots in both languages."""
    from cards.models import Card

    data = _crawl_fixture(live_server)
    deck, event = data["deck"], data["event"]
    card = Card.objects.get(name_ja="テスト爆炎王")
    pages = {
        "home": "/",
        "cards": "/cards/?q=ドラゴン",
        "cards-error": "/cards/?q=civ:purple",
        "my-decks": "/decks/",
        "public-decks": "/decks/public/",
        "editor": f"/decks/{deck.id}/",
        "deck-view": f"/decks/{data['theirs'].id}/",
        "versions": f"/decks/{deck.id}/versions/",
        "import": f"/decks/{deck.id}/import/",
        "sheet": f"/decks/{deck.id}/export/sheet/",
        "simulate": f"/decks/{deck.id}/simulate/",
        "solo": f"/decks/{deck.id}/solo/",
        "tournaments": "/tournaments/",
        "tournament": f"/tournaments/{event.id}/",
        "tournament-register": f"/tournaments/{event.id}/register/",
        "tournament-amend": f"/tournaments/{event.id}/registrations/{data['registration'].id}/amend/",
    }
    pages["card"] = f"/cards/{card.id}/"
    unchecked = {}
    page.goto(page.base + "/accounts/login/")
    for language, button in (("en", "English"), ("ja", "日本語")):
        page.get_by_role("button", name=button).click()
        page.wait_for_selector(f'html[lang="{language}"]')
        for name, url in [("login", "/accounts/login/"), ("signup", "/accounts/signup/")]:
            page.goto(page.base + url)
            shot(page, f"page-{name}-{language}")
    page.goto(page.base + "/accounts/login/")
    page.get_by_label("ユーザー名").fill("たろう")
    page.get_by_label("パスワード").fill(PASSWORD)
    page.get_by_role("button", name="ログイン").click()
    page.wait_for_url(re.compile(r"/decks/$"))
    leaks = {}
    for name, url in {**pages, **unchecked}.items():
        page.goto(page.base + url)
        if name == "editor":
            page.wait_for_selector("body[data-editor-ready=true]")
        page.wait_for_load_state("networkidle")
        shot(page, f"page-{name}-ja")
        if name not in unchecked and (words := _visible_english(page)):
            leaks[name] = words
    page.get_by_role("button", name="English").click()
    page.wait_for_selector('html[lang="en"]')
    for name, url in {**pages, **unchecked}.items():
        page.goto(page.base + url)
        page.wait_for_load_state("networkidle")
        shot(page, f"page-{name}-en")
    assert leaks == {}, json.dumps(leaks, ensure_ascii=False)
    assert page.errors == []


def _owned_deck(username: str, *, main: list[str] | None = None):
    """A user (logged in through the page later) and their deck with four of each given card."""
    from django.contrib.auth import get_user_model

    from decks.services import deck_create
    from games.dm.rules.decklist import parse_json

    user = get_user_model().objects.create_user(username=username, password=PASSWORD)
    decklist = parse_json({"main": [{"card": name, "count": 4} for name in main or []]})
    return deck_create(owner=user, name=f"{username}'s deck", decklist=decklist)


def log_in(page, username: str) -> None:
    page.goto(page.base + "/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/decks/$"))


def open_editor(page, deck) -> None:
    page.goto(f"{page.base}/decks/{deck.id}/")
    page.wait_for_selector("body[data-editor-ready=true]")


def server_counts(deck) -> dict[tuple[str, str], int]:
    from decks.models import DeckEntry

    return {(e.zone, e.card.name_ja): e.quantity for e in DeckEntry.objects.filter(deck=deck).select_related("card")}


def add_by_keyboard(page, name: str, times: int = 1) -> None:
    search_and_choose(page, name, name)
    for _ in range(times):
        page.keyboard.press("Enter")


def test_closing_the_tab_mid_edit_loses_nothing(page):
    """Changes not yet on the server (saves fail, the tab closes) come back from the draft, merged, and are saved."""
    from playwright.sync_api import expect

    deck = _owned_deck("closer")
    log_in(page, "closer")
    open_editor(page, deck)
    # Saves fail (the server cannot be reached), then the connection drops and the tab is closed: not even the save
    # sent when the page is left reaches the server.
    page.route("**/api/v1/decks/**", lambda route: route.abort())
    add_by_keyboard(page, "テスト紅蓮竜", 3)
    add_by_keyboard(page, "テスト超次元獣アルファ", 1)
    expect(counter(page, "main")).to_have_text("3/40")
    expect(page.locator("#save-state")).to_have_text("Not saved")
    expect(counter(page, "hyperspatial")).to_have_text("1")
    assert server_counts(deck) == {}
    # Meanwhile the deck is changed elsewhere (so the save sent as the tab closes is refused: If-Match).
    from decks.services import deck_update

    deck_update(deck_id=deck.id, user=deck.owner, if_match=1, description="changed elsewhere")
    page.close(run_before_unload=False)
    time.sleep(0.5)
    assert server_counts(deck) == {}

    again = page.context.new_page()
    again.base = page.base
    again.errors = []
    again.on("pageerror", lambda error: again.errors.append(str(error)))
    open_editor(again, deck)
    expect(counter(again, "main")).to_have_text("3/40")
    expect(counter(again, "hyperspatial")).to_have_text("1")
    expect(again.locator("#sync-notice")).to_contain_text("both changes were kept")
    expect(again.locator("#save-state")).to_have_text("Saved")
    assert server_counts(deck) == {("main", "テスト紅蓮竜"): 3, ("hyperspatial", "テスト超次元獣アルファ"): 1}
    deck.refresh_from_db()
    assert deck.description == "changed elsewhere"
    shot(again, "editor-restored-draft")
    assert again.errors == []


def test_two_tabs_editing_one_deck(page):
    """A change saved from another tab is merged, never overwritten; the same card changed in both is offered."""
    from playwright.sync_api import expect

    deck = _owned_deck("twotabs")
    log_in(page, "twotabs")
    open_editor(page, deck)
    other = page.context.new_page()
    other.base = page.base
    open_editor(other, deck)

    add_by_keyboard(page, "テスト紅蓮竜", 2)
    expect(page.locator("#save-state")).to_have_text("Saved")
    add_by_keyboard(other, "テスト深海獣", 1)  # this tab still holds version 1: a 412, then a merge
    expect(other.locator("#sync-notice")).to_contain_text("both changes were kept")
    expect(other.locator("#save-state")).to_have_text("Saved")
    expect(counter(other, "main")).to_have_text("3/40")
    assert server_counts(deck) == {("main", "テスト紅蓮竜"): 2, ("main", "テスト深海獣"): 1}

    # The same card changed in both tabs: the player chooses; nothing is written before.
    other.locator('#zone-main li.entry:has-text("テスト紅蓮竜")').focus()
    other.keyboard.press("+")
    expect(other.locator("#save-state")).to_have_text("Saved")
    page.locator('#zone-main li.entry:has-text("テスト紅蓮竜")').focus()
    page.keyboard.press("-")
    notice = page.locator("#sync-notice")
    expect(notice).to_contain_text("Test Crimson Wyrm")
    assert server_counts(deck)[("main", "テスト紅蓮竜")] == 3
    shot(page, "editor-conflict")
    notice.get_by_role("button", name="Keep my version").click()
    expect(page.locator("#save-state")).to_have_text("Saved")
    assert server_counts(deck) == {("main", "テスト紅蓮竜"): 1, ("main", "テスト深海獣"): 1}
    from decks.models import DeckVersion

    assert DeckVersion.objects.filter(deck=deck).count() <= 4  # one per editing session (two tabs), not per click


GROUP_CASES = [
    # group by, expected count per group of the legal 40-card test deck (web/tests/catalogue.py)
    pytest.param("type", {"Creature": 32, "Spell": 8}, id="by-type"),
    pytest.param("cost", {"1": 4, "2": 12, "3": 12, "4": 8, "5": 4}, id="by-cost"),
]


@pytest.mark.parametrize(("group", "expected"), GROUP_CASES)
def test_grouped_whole_deck_view_counts(page, group, expected):
    from playwright.sync_api import expect

    deck = _owned_deck(f"grouper{group}", main=LEGAL_MAIN)
    log_in(page, f"grouper{group}")
    open_editor(page, deck)
    page.locator("#group-by").select_option(group)
    for view in ("stack", "list"):
        page.locator("#view-mode").select_option(view)
        counts = page.locator("#zone-main .group-count")
        expect(counts).to_have_count(len(expected))
        shown = {node.get_attribute("data-group-count"): int(node.inner_text()) for node in counts.all()}
        assert shown == expected
        expect(page.locator(f"#zone-main ul.entries.{view} li.entry")).to_have_count(len(LEGAL_MAIN))
        expect(page.locator("#deck-zones")).not_to_contain_text("[object")
        for zone in ("hyperspatial", "gr", "considering"):
            expect(page.locator(f"#zone-{zone}")).to_be_visible()  # all four zones on one screen
        shot(page, f"editor-grouped-{group}-{view}")


def test_solo_board_deals_and_plays(page):
    from playwright.sync_api import expect

    deck = _owned_deck("solo", main=LEGAL_MAIN)
    log_in(page, "solo")
    page.goto(f"{page.base}/decks/{deck.id}/solo/")
    page.wait_for_selector("body[data-solo-ready=true]")
    count = lambda area: page.locator(f"[data-solo-count={area}]")  # noqa: E731
    expect(count("shields")).to_have_text("5")
    expect(count("hand")).to_have_text("5")
    expect(page.locator("#solo-library")).to_have_attribute("data-count", "30")
    hand = page.locator("#solo-hand li").all_inner_texts()

    page.locator("#solo-hand li").first.get_by_role("button", name="Charge mana").click()
    expect(count("mana")).to_have_text("1")
    expect(count("hand")).to_have_text("4")
    page.locator("#solo-mana li").first.get_by_role("button", name="Tap").click()
    expect(page.locator("#solo-mana li.tapped")).to_have_count(1)
    page.locator("#solo-draw").click()
    expect(count("hand")).to_have_text("5")
    page.locator("#solo-hand li").first.get_by_role("button", name="Summon / cast").click()
    expect(count("battle")).to_have_text("1")
    page.locator("#solo-battle li").first.get_by_role("button", name="Attack a shield").click()
    expect(count("shields")).to_have_text("4")
    expect(count("hand")).to_have_text("5")
    shot(page, "solo-board")

    page.locator("#solo-deal").click()  # the same seed deals the same hand
    expect(count("hand")).to_have_text("5")
    assert page.locator("#solo-hand li").all_inner_texts() == hand
    page.locator("#solo-new").click()
    expect(count("shields")).to_have_text("5")
    assert page.errors == []


def test_enter_adds_the_first_result_the_server_returns(page):
    """The editor keeps the server's order (the server ranks the exact name first): no re-sorting in the browser."""
    from playwright.sync_api import expect

    from cards.models import Card

    deck = _owned_deck("ranker")
    log_in(page, "ranker")
    open_editor(page, deck)
    first, second = Card.objects.get(name_ja="テスト紅蓮竜"), Card.objects.get(name_ja="テスト火炎兵")

    def reply(route):
        response = route.fetch()
        body = response.json()
        rows = {row["id"]: row for row in body["results"]}
        body["results"] = [rows[first.id], rows[second.id]]  # a cost-3 card ranked above a cost-1 card
        route.fulfill(response=response, json=body)

    page.route("**/api/v1/cards/?q=*", reply)
    search = page.locator("#editor-search")
    search.press_sequentially("civ:fire cost<=3")  # both cards, a handful of results
    expect(page.locator("#search-results li").first).to_contain_text("テスト紅蓮竜")
    page.keyboard.press("Enter")
    expect(page.locator('#zone-main li.entry:has-text("テスト紅蓮竜")')).to_have_count(1)
    expect(page.locator('#zone-main li.entry:has-text("テスト火炎兵")')).to_have_count(0)
