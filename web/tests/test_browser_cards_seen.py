"""Seeing the cards of the OCG and of Dragon Ball Super in Debian's Chromium (Playwright), with real published decks
(web/tests/real_games.py) in their owner's editor at 1366 and 390 px: a tile's name is never cut (every name whole,
wrapped: "Goku Black, Invasion From the Future" is told from "Goku Black, Surprise Attack"), every tile's name links
the card's page, the OCG's Extra Deck of 14 is a grid across the deck (not a narrow column), DBS tiles and the card
page carry the official picture by card number (on DBS_CARD_IMAGE_HOST, answered here by a test picture) and the
official card list. Screenshots: artifacts/screenshots/seen-<game>-<width>-<language>.png."""

import pytest
from django.conf import settings

from web.tests.test_browser import browser, eager_celery  # noqa: F401
from web.tests.test_browser_layout import PICTURE, WIDTHS, _context, _shot_part

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

# Every tile name whose text does not fit its box (clipped by a line clamp or an ellipsis).
CUT_NAMES = """() => [...document.querySelectorAll('#deck-zones .tile-name')]
  .filter((n) => n.scrollHeight > n.clientHeight + 1 || n.scrollWidth > n.clientWidth + 1)
  .map((n) => n.textContent)"""


@pytest.fixture
def world(live_server, eager_celery):  # noqa: F811
    from django.contrib.auth import get_user_model

    from web.tests.real_games import real_deck

    alice = get_user_model().objects.create_user(username="alice", password="a-long-passw0rd!")
    decks = {game: real_deck(owner=alice, game=game, name=f"Alice {game}") for game in ("ygo", "dbs")}
    return {"user": alice, "decks": decks, "base": live_server.url}


def _dbs_pictures(context):
    """The DBS image host answers a picture of the card's shape (never the real site)."""
    context.dbs_requests = []

    def answer(route):
        context.dbs_requests.append(route.request.url)
        route.fulfill(status=200, content_type="image/svg+xml", body=PICTURE, headers={"Cache-Control": "no-store"})

    context.route(f"https://{settings.DBS_CARD_IMAGE_HOST}/**", answer)


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("game", ["ygo", "dbs"])
def test_the_decks_tiles_show_whole_names_and_link_their_cards(browser, world, game, width, language):  # noqa: F811
    context, page = _context(browser, world, width=width, language=language)
    deck = world["decks"][game]
    page.goto(f"{world['base']}/decks/{deck.id}/")
    page.wait_for_selector("body[data-editor-ready=true]")
    page.locator("#view-mode").select_option("stack")
    page.wait_for_selector("#deck-zones[data-view=stack] li.entry")
    assert page.evaluate(CUT_NAMES) == []
    links = page.locator("#deck-zones .tile-name a")
    rows = page.locator("#deck-zones li.entry")
    assert links.count() == rows.count() > 10
    first_id = rows.first.get_attribute("data-card-id")
    assert links.first.get_attribute("href") == f"/cards/{first_id}/"
    if game == "ygo" and width == "desktop":
        extra, zones = page.locator("#zone-extra").bounding_box(), page.locator("#deck-zones").bounding_box()
        assert extra["width"] > 0.9 * zones["width"]  # a grid across the deck
        assert extra["height"] < 900  # 14 tiles in rows, not a 4,000 px column
    _shot_part(page, "#deck-zones", f"seen-{game}-{width}-{language}", height=1800)
    assert page.errors == []
    context.close()


def test_dbs_tiles_and_card_page_show_the_official_picture(browser, world):  # noqa: F811
    from cards.models import Card

    context, page = _context(browser, world, width="desktop", language="en")
    _dbs_pictures(context)
    page.goto(f"{world['base']}/decks/{world['decks']['dbs'].id}/")
    page.wait_for_selector("body[data-editor-ready=true]")
    page.locator("#view-mode").select_option("stack")
    leader = Card.objects.get(game="dbs", dbs__card_number="BT29-086")
    image = f"https://{settings.DBS_CARD_IMAGE_HOST}/images/cardlist/cardimg/BT29-086.png"
    tile = page.locator(f"#zone-leader li.entry[data-card-id='{leader.id}'] .tile")
    assert tile.locator("img.tile-img").get_attribute("src") == image
    page.wait_for_selector(f"#zone-leader li.entry[data-card-id='{leader.id}'] .tile.has-img")
    # The card page: both sides of the Leader and the official card list by its number.
    page.goto(f"{world['base']}/cards/{leader.id}/")
    sources = page.locator("#game-details .game-pictures img").evaluate_all("(nodes) => nodes.map((n) => n.src)")
    assert sources == [image, image.replace(".png", "_b.png")]
    link = page.locator("#game-details a.official-link", has_text="Official card list")
    assert link.get_attribute("href").endswith("/europe-en/cardlist/index.php?search=true&free=BT29-086")
    _shot_part(page, "main", "seen-dbs-card-page-en", height=1200)
    assert image in context.dbs_requests
    assert page.errors == []
    context.close()
