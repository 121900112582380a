"""Duel Masters' tiles in Debian's Chromium (Playwright): its keyword icons (S・トリガー, blocker, breakers, speed
attacker, each in its colour), a twinpact's two halves and both costs, and the civilizations of the frame, on the
tiles the server draws (the card search: templates/dm/tile.html) and on those the browser draws (the editor's deck
and its hover preview: static/js/tile.js with the game's own parts, static/dm/tile.js). Screenshots:
artifacts/screenshots/tiles-*.png.
"""

import pytest
from django.conf import settings

from web.tests.catalogue import LEGAL_MAIN, RECORDS
from web.tests.test_browser import browser, eager_celery, shot  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

TOP, BOTTOM = "テスト双竜", "テスト双呪文"
TWINPACT = f"{TOP}/{BOTTOM}"
TRIGGER, BLOCKER, BREAKER, SPEED = "rgb(184, 134, 11)", "rgb(47, 111, 176)", "rgb(179, 38, 30)", "rgb(217, 115, 13)"

# card -> (the tile's classes besides `tile tile-full`, its colours, its icons (class, text, title, colour), the lower
# half's text or None)
CARDS = {
    "テスト火炎弾": ("", "fire", [("kw kw-trigger", "S・トリガー", "Shield trigger", TRIGGER)], None),
    "テスト水流兵": ("", "water", [("kw kw-blocker", "Blocker", "Blocker", BLOCKER)], None),
    "テスト爆炎王": ("", "fire", [("kw kw-breaker", "W・B", "Double breaker", BREAKER)], None),
    "テスト疾風ドラゴン": ("", "fire", [("kw kw-speed", "SA", "Speed attacker", SPEED)], None),
    "テスト炎水の戦士": ("", "water fire", [], None),
    TWINPACT: (" twinpact", "fire", [], f"6{BOTTOM}Spell"),
}

TILE = """(tile) => [tile.className.replace(/ has-img| no-img/g, ""), tile.dataset.colours,
  [...tile.querySelectorAll(".kw")].map((kw) => [kw.className, kw.textContent, kw.title,
                                               getComputedStyle(kw).backgroundColor]),
  tile.querySelector(".tile-half.tile-bottom")?.textContent ?? null]"""


@pytest.fixture
def world(live_server, eager_celery):  # noqa: F811
    """The web tests' catalogue with a twinpact (a cost-3 creature over a cost-6 spell), and Alice's deck of them."""
    from django.contrib.auth import get_user_model

    from cards.services import card_import
    from cards.tests.factories import CardRecordFactory, FaceRecordFactory
    from decks.services import deck_create
    from games.dm.rules.decklist import parse_json

    twin = CardRecordFactory(
        name_ja=TWINPACT, face_names_ja=[TOP, BOTTOM], civilizations=["Fire"], twin=True, cost=3, power_value=4000,
        races=["ドラゴン"],
        faces=[FaceRecordFactory(name_ja=TOP, role="twinpact_top", civilizations=["Fire"], cost=3, power_value=4000),
               FaceRecordFactory(name_ja=BOTTOM, role="twinpact_bottom", civilizations=["Fire"], cost=6, spell=True)],
    )  # fmt: skip
    card_import(records=[*(dict(record) for record in RECORDS), dict(twin)])
    alice = get_user_model().objects.create_user(username="alice", password="a-long-passw0rd!")
    names = [*dict.fromkeys([*LEGAL_MAIN, *CARDS])]
    deck = deck_create(
        owner=alice, name="Tiles", decklist=parse_json({"main": [{"card": n, "count": 1} for n in names]})
    )
    return {"user": alice, "deck": deck, "base": live_server.url}


def _page(browser, world):  # noqa: F811
    from django.test import Client

    client = Client()
    client.force_login(world["user"])
    context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="en-US")
    context.set_default_timeout(15_000)
    context.add_cookies(
        [
            {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
             "url": world["base"]},
            {"name": settings.LANGUAGE_COOKIE_NAME, "value": "en", "url": world["base"]},
        ]
    )  # fmt: skip
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return context, page


def _expected(name: str) -> list:
    classes, colours, icons, bottom = CARDS[name]
    return [f"tile tile-full{classes}", colours, [list(icon) for icon in icons], bottom]


@pytest.mark.parametrize("name", list(CARDS))
def test_the_card_search_draws_the_games_icons_and_halves(browser, world, name):  # noqa: F811
    context, page = _page(browser, world)
    try:
        page.goto(f"{world['base']}/cards/?q={name}")
        tile = page.locator("#card-results .tile").first
        assert tile.evaluate(TILE) == _expected(name)
        shot(page, f"tiles-search-{list(CARDS).index(name)}")
        assert page.errors == []
    finally:
        context.close()


def test_the_editor_draws_the_games_icons_halves_and_costs(browser, world):  # noqa: F811
    from cards.models import Card

    ids = dict(Card.objects.filter(name_ja__in=CARDS).values_list("name_ja", "id"))
    context, page = _page(browser, world)
    try:
        page.goto(f"{world['base']}/decks/{world['deck'].id}/")
        page.wait_for_selector("body[data-editor-ready=true]")
        preview = page.locator(".tile-preview")
        drawn = {}
        for name, card_id in ids.items():
            page.mouse.move(5, 5)
            page.locator(f"#deck-zones li.entry[data-card-id='{card_id}']").hover()
            preview.wait_for(state="visible")
            drawn[name] = preview.locator(".tile").evaluate(TILE)
            if name == TWINPACT:
                shot(page, "tiles-editor-twinpact-preview")
        assert drawn == {name: _expected(name) for name in CARDS}
        shot(page, "tiles-editor")
        # The list view: the printed cost (a twinpact's both halves', the editor's summary knows its faces) and the
        # colour dots in the printed order.
        page.mouse.move(5, 5)
        page.select_option("#view-mode", "list")
        listed = {}
        for name, card_id in ids.items():
            entry = page.locator(f"#deck-zones li.entry[data-card-id='{card_id}']")
            dots = entry.locator(".colour").evaluate_all("(dots) => dots.map((dot) => dot.title).join(' ')")
            listed[name] = [entry.locator(".gem").inner_text(), dots]
        assert listed == {name: ["3/6" if name == TWINPACT else str(_cost(name)), CARDS[name][1]] for name in CARDS}
        shot(page, "tiles-editor-list")
        assert page.errors == []
    finally:
        context.close()


def _cost(name: str) -> int:
    return next(record["cost"] for record in RECORDS if record["name_ja"] == name)
