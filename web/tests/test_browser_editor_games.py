"""The deck editor of a Yu-Gi-Oh! OCG deck and of a Dragon Ball Super deck in Debian's Chromium (Playwright): a card
added by the keyboard lands in its zone (an Extra Deck monster in the Extra Deck, a Z-card in the Z-Deck), Shift+Enter
puts one in the side deck, the legality is live (the game's codes), the game's statistics are drawn; and the page at
390 px and 1366 px in English and Japanese: no horizontal scroll, no overlapping controls, the search results above
the deck on a phone. Screenshots: artifacts/screenshots/editor-<game>-<width>-<language>.png."""

import pytest

from web.tests.games_catalogue import DBS_MAIN, YGO_EXTRA, YGO_MAIN, dbs_import, ygo_import
from web.tests.test_browser import browser, eager_celery, shot  # noqa: F401
from web.tests.test_browser_layout import OVERLAPS, WIDTHS, _context, _page_width, _shot_part

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

# Each game's deck one card short of legal, the card the keyboard adds to make it legal, a card that goes to another
# zone by itself, and the name the search finds it by.
GAMES = {
    "ygo": {
        "deck": {"main": [(row[0], 3) for row in YGO_MAIN[:13]]},  # 39 cards: one short of 40
        # (the name an English page shows, the query typed, the zone it lands in)
        "add": (YGO_MAIN[13][1], "Test Continuous Trap", "main"),
        "elsewhere": (YGO_EXTRA[0][1], "Test Synchro", "extra"),
        "aside": (YGO_EXTRA[1][1], "Test Link", "side"),
        "charts": ["ygo-card-types", "ygo-levels", "ygo-attributes", "ygo-extra"],
        "help": [
            "Fusion, Synchro, Xyz and Link monsters go to the Extra Deck",
            "Shift+Enter adds to Side Deck",
            "1 / 2 / 3 move the card to Main Deck / Extra Deck / Side Deck",
        ],
    },
    "dbs": {
        "deck": {"leader": [("BT99-001", 1)], "main": [(row[0], 4) for row in DBS_MAIN[:12]] + [(DBS_MAIN[12][0], 1)]},
        "add": (DBS_MAIN[12][1], "Test Senzu", "main"),  # its second copy: 50 cards
        "elsewhere": ("Test Z Fighter", "BT99-090", "z"),
        "aside": (DBS_MAIN[13][1], "Test Beerus", "side"),
        "charts": ["dbs-cost-curve", "dbs-colors", "dbs-types"],
        "help": [
            "a Leader goes to the leader slot",
            "Shift+Enter adds to Side deck",
            "1 / 2 / 3 / 4 move the card to Leader / Main deck / Z-Deck / Side deck",
        ],
    },
}


@pytest.fixture
def world(live_server, eager_celery):  # noqa: F811
    """Alice's YGO deck and DBS deck, each one card short of legal."""
    from django.contrib.auth import get_user_model

    from cards.models import Card
    from decks.services import deck_create
    from games import registry
    from web.tests.catalogue import catalogue_import

    catalogue_import()
    ygo_import()
    dbs_import()
    alice = get_user_model().objects.create_user(username="alice", password="a-long-passw0rd!")
    decks = {}
    for game, spec in GAMES.items():
        key = "name_key" if game == "dbs" else "name_ja"
        rows = [
            (zone, Card.objects.get(game=game, **{key: name}).id, count)
            for zone, entries in spec["deck"].items()
            for name, count in entries
        ]
        decks[game] = deck_create(
            owner=alice, name=f"アリスの{game}デッキ Alice's long deck name", game=game,
            decklist=registry.get(game).decklist(rows),
        )  # fmt: skip
    decks["dm"] = deck_create(owner=alice, name="デュエパーティー候補", decklist=registry.get("dm").decklist([]))
    return {"user": alice, "decks": decks, "base": live_server.url}


def _open(page, world, game):
    page.goto(f"{world['base']}/decks/{world['decks'][game].id}/")
    page.wait_for_selector("body[data-editor-ready=true]")


def _search_enter(page, text: str, expected: str, *, shift: bool = False) -> None:
    box = page.locator("#editor-search")
    box.fill("")
    box.press_sequentially(text)
    page.wait_for_selector(f'#search-results li[aria-selected=true]:has-text("{expected}")')
    page.keyboard.press("Shift+Enter" if shift else "Enter")


@pytest.mark.parametrize("game", list(GAMES))
def test_keyboard_adds_to_the_games_zones_and_legality_is_live(browser, world, game):  # noqa: F811
    from playwright.sync_api import expect

    spec = GAMES[game]
    context, page = _context(browser, world, width="desktop", language="en")
    try:
        _open(page, world, game)
        legality = page.locator("#legality")
        expect(legality).to_have_attribute("data-status", "buildable")  # only a size is wrong: the headline says it
        expect(legality.locator("strong")).to_contain_text("1 card short")
        for chart in spec["charts"]:
            expect(page.locator(f"#stats #{chart}")).to_have_count(1)
        page.locator("details.help summary").click()  # the keyboard help names the game's zones and keys
        for text in spec["help"]:
            expect(page.locator("#search-help")).to_contain_text(text)

        # Enter adds the first result to its own zone: the deck becomes legal, live.
        name, query, zone = spec["add"]
        _search_enter(page, query, name)
        expect(legality).to_have_attribute("data-status", "legal")
        expect(page.locator(f'#zone-{zone} li.entry:has-text("{name}")')).to_have_count(1)

        # A card that goes to another zone by itself; Shift+Enter to the side deck.
        name, query, zone = spec["elsewhere"]
        _search_enter(page, query, name)
        expect(page.locator(f"#zone-{zone} li.entry")).to_have_count(1)
        name, query, zone = spec["aside"]
        _search_enter(page, query, name, shift=True)
        expect(page.locator(f'#zone-side li.entry:has-text("{name}")')).to_have_count(1)
        expect(page.locator("#add-feedback")).to_contain_text("Side")

        # In the deck: "+" on a card at its copy limit is a live COPY_LIMIT on that card; "-" takes it back.
        row = page.locator(f'#zone-main li.entry:has-text("{spec["add"][0]}")').first
        limit, have = {"ygo": (3, 1), "dbs": (4, 2)}[game]
        for count in range(have + 1, limit + 2):
            row.focus()
            page.keyboard.press("+")
            expect(row.locator(".tile-count")).to_have_text(f"×{count}")
        expect(legality.locator('li[data-code="COPY_LIMIT"]')).to_have_count(1)
        row = page.locator(f'#zone-main li.entry:has-text("{spec["add"][0]}")').first
        row.focus()
        page.keyboard.press("-")
        expect(legality.locator('li[data-code="COPY_LIMIT"]')).to_have_count(0)
        # The number keys move a card to the zone shown at that place; the save reaches the server.
        row = page.locator(f'#zone-main li.entry:has-text("{spec["add"][0]}")').first
        row.focus()
        place = {"ygo": "3", "dbs": "4"}[game]  # the side deck
        page.keyboard.press(place)
        expect(page.locator(f'#zone-side li.entry:has-text("{spec["add"][0]}")')).to_have_count(1)
        expect(page.locator("#save-state")).to_have_attribute("data-state", "saved", timeout=10_000)
        page.reload()
        page.wait_for_selector("body[data-editor-ready=true]")
        expect(page.locator(f'#zone-side li.entry:has-text("{spec["add"][0]}")')).to_have_count(1)
        shot(page, f"editor-{game}-flow")
        assert page.errors == []
    finally:
        context.close()


@pytest.mark.parametrize("language", ("en", "ja"))
@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("game", list(GAMES))
def test_the_games_editor_fits_the_screen(browser, world, game, width, language):  # noqa: F811
    context, page = _context(browser, world, width=width, language=language)
    try:
        _open(page, world, game)
        assert page.evaluate("document.documentElement.lang") == language
        overlaps, too_wide = {}, {}
        for view in ("stack", "list"):
            page.locator("#view-mode").select_option(view)
            page.wait_for_selector(f"#deck-zones[data-view={view}] li.entry")
            if view == "list" and game == "ygo":  # each row links the card's page in the official database
                links = page.locator("#deck-zones a.official-link")
                assert links.count() == len(GAMES["ygo"]["deck"]["main"])
                assert f"request_locale={language}" in links.first.get_attribute("href")
            found = page.evaluate(OVERLAPS)
            if found:
                overlaps[view] = found
            scroll_width, inner_width = _page_width(page)
            if scroll_width > inner_width:
                too_wide[view] = (scroll_width, inner_width)
        page.locator("#view-mode").select_option("stack")
        # Search results first on a phone: the first result above the deck.
        query = {"ygo": "Test", "dbs": "Test"}[game]
        box = page.locator("#editor-search")
        box.press_sequentially(query)
        page.wait_for_selector("#search-results li[aria-selected=true]")
        page.wait_for_load_state("networkidle")
        # A later answer to the typed prefixes may redraw the list: the box of the first result once it is shown.
        first_result = page.locator("#search-results li").first
        first = None
        for _ in range(20):
            first_result.wait_for(state="visible")
            first = first_result.bounding_box()
            if first is not None:
                break
            page.wait_for_timeout(100)
        assert first is not None, "the first search result is never shown"
        deck = page.locator("#deck-zones").bounding_box()
        if width == "phone":  # on a wide screen the search sits beside the deck
            assert first["y"] < deck["y"] and first["y"] < WIDTHS["phone"][1]
        scroll_width, inner_width = _page_width(page)
        if scroll_width > inner_width:
            too_wide["searching"] = (scroll_width, inner_width)
        name = f"editor-{game}-{WIDTHS[width][0]}-{language}"
        shot(page, name)
        _shot_part(page, "main", f"{name}-top")  # the first screen, and the deck's first zone, to look at
        _shot_part(page, "#deck-zones", f"{name}-deck")
        _shot_part(page, "#stats", f"{name}-stats")
        assert (overlaps, too_wide, page.errors) == ({}, {}, [])
    finally:
        context.close()


@pytest.mark.parametrize(("width", "language"), [("desktop", "en"), ("phone", "ja")])
def test_duel_party_shows_the_partner_zone_and_hides_hyperspatial_and_gr(browser, world, width, language):  # noqa: F811
    from playwright.sync_api import expect

    context, page = _context(browser, world, width=width, language=language)
    try:
        _open(page, world, "dm")
        for zone in ("main", "hyperspatial", "gr", "considering"):
            expect(page.locator(f"#zone-{zone}")).to_have_count(1)
        expect(page.locator("#zone-partner")).to_have_count(0)
        page.locator("#deck-settings").evaluate("(node) => { node.open = true; }")
        page.locator("#deck-format").select_option("duel_party")
        expect(page.locator("#zone-partner")).to_have_count(1)
        expect(page.locator("#zone-hyperspatial")).to_have_count(0)
        expect(page.locator("#zone-gr")).to_have_count(0)
        expect(page.locator("#zone-partner .zone-hint")).to_contain_text("5")
        # A cost-5 creature added by the keyboard, then moved to the partner zone by its key (2: the second zone).
        _search_enter(page, "テスト爆炎王", "テスト爆炎王")
        row = page.locator('#zone-main li.entry:has-text("テスト爆炎王")')
        expect(row).to_have_count(1)
        row.focus()
        page.keyboard.press("2")
        expect(page.locator('#zone-partner li.entry:has-text("テスト爆炎王")')).to_have_count(1)
        expect(page.locator("[data-zone-counter=partner]")).to_have_text("1/1")
        expect(page.locator("#legality li[data-code=PARTNER_INVALID]")).to_have_count(0)
        assert _page_width(page)[0] <= _page_width(page)[1]
        name = f"editor-dm-duel-party-{WIDTHS[width][0]}-{language}"
        shot(page, name)
        _shot_part(page, "#deck-zones", f"{name}-deck")
        assert page.errors == []
    finally:
        context.close()
