"""The solo board of an OCG deck and of a Dragon Ball Super deck in Debian's Chromium (Playwright), each drawn from
the areas and setup its game declares (games/ygo/rules/board.py, games/dbs/rules/board.py; one board page,
static/js/board.js), with real published decks (web/tests/real_games.py): the OCG's sample hand of 5 (6 going
second), its Extra Deck in its own area, a card moved from the hand to a monster zone and on to the graveyard, the
log; DBS's leader in its area, 8 life cards and a hand of 6 from the deck, the Z-Deck beside it. No Duel Masters
area (shields, mana, hyperspatial, GR) on either. Pages at 390 and 1366 px in English and Japanese without a
horizontal scroll. Screenshots: artifacts/screenshots/board-<game>-<width>-<language>.png."""

import pytest

from web.tests.test_browser import browser, eager_celery  # noqa: F401
from web.tests.test_browser_layout import WIDTHS, _context, _page_width, _shot_part

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

DUEL_MASTERS_WORDS = ["Shield", "Mana", "Hyperspatial", "GR", "シールド", "マナ", "超次元", "超GR", "デュエマ"]


@pytest.fixture
def world(live_server, eager_celery):  # noqa: F811
    from django.contrib.auth import get_user_model

    from web.tests.real_games import real_deck

    alice = get_user_model().objects.create_user(username="alice", password="a-long-passw0rd!")
    decks = {game: real_deck(owner=alice, game=game, name=f"Alice {game}") for game in ("ygo", "dbs")}
    return {"user": alice, "decks": decks, "base": live_server.url}


def _open_board(page, world, game):
    page.goto(f"{world['base']}/decks/{world['decks'][game].id}/solo/")
    page.wait_for_selector("body[data-solo-ready=true]")


def _count(page, area) -> str:
    return page.locator(f"[data-solo-count={area}]").inner_text()


def test_ygo_sample_hand_and_a_card_moved_across_the_board(browser, world):  # noqa: F811
    context, page = _context(browser, world, width="desktop", language="en")
    _open_board(page, world, "ygo")
    # PR p.9: 5 cards going first; the Extra Deck (14 in this list) in its own area, the rest of the 40 in the deck.
    assert _count(page, "hand") == "5"
    assert _count(page, "extra") == "14"
    assert page.locator("#solo-status").inner_text().startswith("Turn 1 · 35 cards in the deck")
    page.locator("#solo-going").select_option("second")  # PR p.16: going second, 6 cards by the first Main Phase
    assert _count(page, "hand") == "6"
    page.locator("#solo-going").select_option("first")
    page.locator("#solo-new").click()  # another sample hand, another seed
    assert _count(page, "hand") == "5"

    first = page.locator("#board-hand li").first
    card_id = first.get_attribute("data-card-id")
    first.locator("select.board-move").select_option("monster")
    assert _count(page, "hand") == "4"
    assert _count(page, "monster") == "1 / 5"
    moved = page.locator(f"#board-monster li[data-card-id='{card_id}']")
    moved.get_by_role("button", name="Defense position").click()
    assert page.locator("#board-monster li.tapped").count() == 1
    page.locator(f"#board-monster li[data-card-id='{card_id}'] select.board-move").select_option("graveyard")
    assert _count(page, "graveyard") == "1"
    assert "Main Monster Zones → Graveyard" in page.locator("#solo-log li").first.inner_text()
    # An Extra Deck monster to the Extra Monster Zone by the menu, any card anywhere.
    page.locator("#board-extra li select.board-move").first.select_option("extra_monster")
    assert _count(page, "extra_monster") == "1 / 2"
    page.locator("#solo-draw").click()
    assert _count(page, "hand") == "5"
    body = page.locator("main").inner_text()
    assert not [word for word in DUEL_MASTERS_WORDS if word in body]
    assert page.errors == []
    context.close()


def test_dbs_board_deals_leader_life_and_hand(browser, world):  # noqa: F811
    from django.conf import settings

    from web.tests.test_browser_layout import PICTURE

    context, page = _context(browser, world, width="desktop", language="en")
    context.dbs_pictures = []

    def picture(route):
        context.dbs_pictures.append(route.request.url)
        route.fulfill(status=200, content_type="image/svg+xml", body=PICTURE)

    context.route(f"https://{settings.DBS_CARD_IMAGE_HOST}/**", picture)
    _open_board(page, world, "dbs")
    # 5-2-1-6 and 5-2-1-7: the leader in its area, 6 cards in hand, then 8 life from the top of the 60-card deck.
    assert _count(page, "leader") == "1"
    assert _count(page, "hand") == "6"
    assert _count(page, "life") == "8"
    assert _count(page, "z_deck") == "10"
    assert "46 cards in the deck" in page.locator("#solo-status").inner_text()
    assert page.locator("#board-life .card-back").count() == 8
    assert page.locator("#solo-going").count() == 0  # going first or second deals the same
    page.locator("#board-life li select.board-move").first.select_option("hand")  # a life card taken
    assert (_count(page, "life"), _count(page, "hand")) == ("7", "7")
    page.locator("#board-hand li select.board-move").first.select_option("energy")
    page.locator("#board-energy").get_by_role("button", name="Rest").click()
    assert page.locator("#board-energy li.tapped").count() == 1
    # The leader is two-sided (2-3-2-1-2): Awaken turns it to its back side, its own name, power and picture.
    faces = page.evaluate("JSON.parse(document.getElementById('solo-config').textContent)")
    leader_id = page.locator("#board-leader li").first.get_attribute("data-card-id")
    front, back = faces["cards"][leader_id]["faces"]
    name = page.locator("#board-leader .tile-name")
    assert name.inner_text() == front["name"]
    awaken = page.locator("#board-leader").get_by_role("button", name="Awaken")
    awaken.click()
    assert name.inner_text() == back["name"] and awaken.get_attribute("aria-pressed") == "true"
    assert page.locator("#board-leader .tile-power").inner_text() == back["power"]
    assert f"{front['name']}: Awaken → {back['name']}." in page.locator("#solo-log li").first.inner_text()
    image = faces["cards"][leader_id].get("image_back")
    if image:  # external pictures on: the awakened side's official picture (…_b.png) is asked for
        assert image.endswith("_b.png") and image in context.dbs_pictures
    body = page.locator("main").inner_text()
    assert not [word for word in DUEL_MASTERS_WORDS if word in body]
    assert page.errors == []
    context.close()


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("game", ["ygo", "dbs"])
def test_board_fits_every_width_in_both_languages(browser, world, game, width, language):  # noqa: F811
    context, page = _context(browser, world, width=width, language=language)
    _open_board(page, world, game)
    scroll_width, inner_width = _page_width(page)
    assert scroll_width <= inner_width
    if language == "ja":
        names = page.locator("#board h3").all_inner_texts()
        assert any("手札" in name for name in names)
    _shot_part(page, "main", f"board-{game}-{width}-{language}", height=2400 if width == "phone" else 1400)
    assert page.errors == []
    context.close()
