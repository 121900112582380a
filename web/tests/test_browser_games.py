"""A Yu-Gi-Oh! player's path in Debian's Chromium (Playwright), in Japanese and English, with the real OCG data and a
real tournament .ydk (games/ygo/tests/decklists/shaddoll-2015.ydk, its #source line names its address): the home page
→ choose the game → search 灰流うらら and はるうらら → create a deck (the form asks for the game and offers the
OCG's format) → import the .ydk file → legality on a date. No Duel Masters word appears on the deck's pages.
Screenshots at 1366 and 390 px: artifacts/screenshots/games-ygo-<step>-<width>-<language>.png."""

from pathlib import Path

import pytest
from django.conf import settings

from web.tests.test_browser import CHROMIUM_ARGS, PASSWORD, SCREENSHOTS, browser, eager_celery  # noqa: F401
from web.tests.test_games_real import DM_WORDS, YDK

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

WIDTHS = {"1366": (1366, 900), "390": (390, 844)}
DATA = Path(settings.CARD_DATA_DIR) / "ygo"


@pytest.fixture
def ygo_world(live_server, eager_celery):  # noqa: F811
    if not (DATA / "cards.json").exists():
        pytest.skip("the OCG card data is not present")
    from django.contrib.auth import get_user_model

    from games import registry

    registry.get("ygo").catalogue.data_import(log=lambda text: None)
    user = get_user_model().objects.create_user(username="yugi", password=PASSWORD)
    return {"user": user, "base": live_server.url}


def _signed_in(browser, world, language):  # noqa: F811
    from django.test import Client

    client = Client()
    client.force_login(world["user"])
    context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="en-US")
    context.set_default_timeout(60_000)  # a loaded machine: a page of the real data may take long
    context.add_cookies(
        [
            {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
             "url": world["base"]},
            {"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": world["base"]},
        ]
    )  # fmt: skip
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return context, page


def _shots(page, step: str, language: str) -> None:
    """The page at both widths (the path runs at 1366 px)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width, (x, y) in WIDTHS.items():
        page.set_viewport_size({"width": x, "height": y})
        page.wait_for_timeout(150)
        page.screenshot(path=str(SCREENSHOTS / f"games-ygo-{step}-{width}-{language}.png"), full_page=True)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"{step} at {width} px scrolls sideways by {overflow} px"
    page.set_viewport_size({"width": 1366, "height": 900})


def _dm_words(page) -> list[str]:
    text = page.evaluate("document.body.innerText")
    return [word for word in DM_WORDS if word in text]


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_ygo_player_goes_from_the_home_page_to_a_legal_check_of_a_real_ydk(browser, ygo_world, language):  # noqa: F811
    from playwright.sync_api import expect

    context, page = _signed_in(browser, ygo_world, language)
    base = ygo_world["base"]
    try:
        page.goto(base + "/")
        page.locator('.game-choice a[data-game="ygo"]').click()
        expect(page.locator("body")).to_have_attribute("data-game", "ygo")
        expect(page.locator('.game-switch a[data-game="ygo"]')).to_have_attribute("aria-current", "true")
        _shots(page, "home", language)

        page.fill("#home-q", "灰流うらら")
        page.locator("#home-q").press("Enter")
        expect(page.locator("#card-results")).to_contain_text("灰流うらら")
        expect(page.locator("#card-filters")).to_be_visible()
        _shots(page, "search", language)
        page.fill("#id_q", "はるうらら")
        page.locator("#id_q").press("Enter")
        expect(page.locator("#card-results")).to_contain_text("灰流うらら")

        # My decks, in the remembered game: the form asks for the game and offers the OCG's formats (the OCG's own
        # and GENESYS), no other game's.
        page.goto(base + "/decks/")
        expect(page.locator("#id_game")).to_have_value("ygo")
        expect(page.locator("#id_format option")).to_have_count(2)
        values = page.locator("#id_format option").evaluate_all("options => options.map(o => o.value)")
        assert sorted(values) == ["genesys", "ocg"]
        _shots(page, "my-decks", language)
        page.fill("#id_name", "Shaddoll 2015")
        page.click("#create-deck")
        page.wait_for_selector("body[data-editor-ready=true]")
        deck_url = page.url

        page.goto(deck_url + "import/")
        page.set_input_files("#id_file", str(YDK))
        page.click('button[name="preview"]')
        expect(page.locator("#import-lines")).to_be_visible()
        expect(page.locator("#import-other-game")).to_have_count(0)
        expect(page.locator('button[name="apply"]')).to_be_enabled()
        _shots(page, "import", language)
        assert _dm_words(page) == []
        # A comment line the reader ignores shows its text (the file's first: "#source: https://...").
        expect(page.locator("#import-lines tbody tr").first.locator("td").nth(1)).to_contain_text("#source: https://")
        # On a phone a line's cells stack, each named by its column: a zone's word is on one line, never broken letter
        # by letter down a column one character wide (as it was in a table of six columns at 390 px).
        page.set_viewport_size({"width": 390, "height": 844})
        expect(page.locator("#import-lines thead")).to_be_hidden()
        zone = page.locator("#import-lines tbody tr").filter(has=page.locator(".st-card")).first.locator("td").nth(3)
        expect(zone).to_have_attribute("data-label", "ゾーン" if language == "ja" else "Zone")
        ems = zone.evaluate("td => td.getBoundingClientRect().height / parseFloat(getComputedStyle(td).fontSize)")
        assert ems < 2.5, ems  # one line (about 1.4 em with its padding); the broken word was six lines
        page.set_viewport_size({"width": 1366, "height": 900})
        page.click('button[name="apply"]')
        page.wait_for_selector("body[data-editor-ready=true]")

        # Legality on a date: 2015-04-01, when マンジュ・ゴッド was Semi-Limited and 簡易融合 Limited.
        page.evaluate("document.getElementById('deck-settings').open = true")
        page.fill("#deck-as-of", "2015-04-01")
        page.locator("#deck-as-of").dispatch_event("change")
        expect(page.locator("#legality")).to_have_attribute("data-status", "illegal")
        expect(page.locator('#legality li[data-code="LIMITED"]')).to_have_count(2)
        semi = "準制限" if language == "ja" else "Semi-Limited"
        expect(page.locator('#legality li[data-code="LIMITED"]').first).to_contain_text(semi)
        _shots(page, "editor", language)
        assert _dm_words(page) == []
        for group in ("level", "type"):
            page.select_option("#group-by", group)
            assert _dm_words(page) == []
        _deck_pages(page, deck_url, language, game="ygo", move_to="monster")
        _more_search_tiles(page, base + "/cards/?game=ygo&q=ドラゴン")
        assert page.errors == []
    finally:
        context.close()


def _deck_pages(page, deck_url: str, language: str, *, game: str, move_to: str) -> None:
    """The deck's other pages in its game's words: the statistics, the opening-hand odds, a sample hand on the
    solo board with a card moved out of it, and the deck in my decks with its game's columns."""
    from playwright.sync_api import expect

    prefix = "" if game == "ygo" else "dbs-"
    page.goto(deck_url)
    page.wait_for_selector("body[data-editor-ready=true]")
    expect(page.locator("#stats svg, #stats table").first).to_be_visible(timeout=60_000)
    page.locator("#stats").scroll_into_view_if_needed()
    assert _dm_words(page) == []
    page.goto(deck_url + "simulate/")
    expect(page.locator("main table").first).to_be_visible(timeout=60_000)
    _shots(page, f"{prefix}odds", language)
    assert _dm_words(page) == []
    page.goto(deck_url + "solo/")
    page.wait_for_selector("body[data-solo-ready=true]")
    page.click("#solo-new")  # a sample hand
    hand = page.locator("#board-hand li")
    dealt = hand.count()
    assert dealt == (5 if game == "ygo" else 6)
    hand.first.locator("select.board-move").select_option(move_to)
    expect(page.locator(f"#board-{move_to} li")).to_have_count(1)
    expect(hand).to_have_count(dealt - 1)
    _shots(page, f"{prefix}board", language)
    assert _dm_words(page) == []
    page.goto(deck_url.rsplit("/decks/", 1)[0] + "/decks/")
    _shots(page, f"{prefix}my-decks-listed", language)
    assert _dm_words(page) == []
    row = page.locator("table.deck-list tbody tr").first
    if game == "ygo":  # the Main Deck by kind and its monsters' Attributes
        expect(row.locator("td.deck-kinds")).to_contain_text("モンスター" if language == "ja" else "Monster")
        expect(row.locator(".colour-dots .colour").first).to_be_visible()
    else:  # the leader and the colours
        expect(row.locator(".key-card")).to_contain_text("リーダー" if language == "ja" else "Leader")
        expect(row.locator(".colour-dots .colour").first).to_be_visible()


def _more_search_tiles(page, url: str) -> None:
    """The card search's next page, appended by the script, draws the same tiles as the server's pages: its type
    line on every tile, each appended tile as the next page itself draws it."""
    from playwright.sync_api import expect

    page.goto(url)
    results = page.locator("#card-results > li")
    expect(results).to_have_count(48)
    page.locator("#more-results").click()
    expect(results.nth(48)).to_be_attached(timeout=60_000)  # a loaded machine: the next page may take long
    types = results.locator(".tile-type:not(.tile-stats)").all_inner_texts()
    assert len(types) == results.count() and all(text.strip() for text in types)
    appended = results.nth(48).evaluate(DRAWN)
    page.goto(url + "&page=2")
    assert page.locator("#card-results > li").first.evaluate(DRAWN) == appended


# A tile's markup without its official picture (loaded, or dropped when the host does not answer, at its own time).
DRAWN = """node => {
  const copy = node.cloneNode(true);
  copy.querySelectorAll("img").forEach((img) => img.remove());
  copy.querySelectorAll(".has-img").forEach((tile) => tile.classList.remove("has-img"));
  return copy.outerHTML;
}"""


@pytest.fixture
def dbs_world(live_server, eager_celery):  # noqa: F811
    if not (Path(settings.CARD_DATA_DIR) / "dbs" / "cards.json").exists():
        pytest.skip("the DBS card data is not present")
    from django.contrib.auth import get_user_model

    from games import registry

    registry.get("dbs").catalogue.data_import(log=lambda text: None)
    user = get_user_model().objects.create_user(username="goku", password=PASSWORD)
    return {"user": user, "base": live_server.url}


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_dbs_player_creates_a_deck_from_a_real_list_with_its_leader(browser, dbs_world, language):  # noqa: F811
    from playwright.sync_api import expect

    from web.tests.test_games_real import DBS_LIST

    context, page = _signed_in(browser, dbs_world, language)
    base = dbs_world["base"]
    try:
        page.goto(base + "/cards/?game=dbs&q=Son+Goku")
        expect(page.locator("#card-results")).to_contain_text("Son Goku")
        _shots(page, "dbs-search", language)
        # The new-deck form: choosing the game reloads it with that game's format, the name kept.
        page.goto(base + "/decks/?game=dm")
        page.fill("#id_name", "Goku Black")
        page.select_option("#id_game", "dbs")
        page.wait_for_url("**game=dbs**")
        expect(page.locator("#id_name")).to_have_value("Goku Black")
        expect(page.locator("#id_format option")).to_have_count(1)
        page.click("#create-deck")
        page.wait_for_selector("body[data-editor-ready=true]")
        page.goto(page.url + "import/")
        page.fill("#id_text", DBS_LIST.read_text(encoding="utf-8"))
        page.click('button[name="preview"]')
        expect(page.locator('button[name="apply"]')).to_be_enabled()
        page.click('button[name="apply"]')
        page.wait_for_selector("body[data-editor-ready=true]")
        expect(page.locator("#legality")).to_have_attribute("data-status", "legal")
        _shots(page, "dbs-editor", language)
        assert _dm_words(page) == []
        deck_url = page.url.split("?", 1)[0]
        _deck_pages(page, deck_url, language, game="dbs", move_to="battle")
        _more_search_tiles(page, base + "/cards/?game=dbs&q=Goku")
        assert page.errors == []
    finally:
        context.close()
