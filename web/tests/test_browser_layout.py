"""Layout and card pictures in Debian's Chromium (Playwright), at 390 px (a phone) and 1366 px, in English and
Japanese: no page is wider than the screen, the editor's tile controls (−, +, the zone menu) overlap neither each
other nor the card's name or tile in either view, the card search shows its results above its filters on a phone,
and the official card images show when the browser can load them (the drawn tile staying when it cannot).

The official image host is answered by Playwright (`context.route`): a picture that loads (an SVG of the card's shape)
or a failed request, so that the tests never reach the real site. Screenshots: artifacts/screenshots/layout-*.png.
"""

import datetime
import json
import re

import pytest
from django.conf import settings
from django.utils import timezone

from web.tests.catalogue import LEGAL_MAIN, catalogue_import
from web.tests.test_browser import browser, eager_celery, shot  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

WIDTHS = {"phone": (390, 844), "desktop": (1366, 900)}
LANGUAGES = ("en", "ja")
# A picture of the official card's shape (384 × 536), what the image host answers in these tests.
PICTURE = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="384" height="536" viewBox="0 0 384 536">'
    '<rect width="384" height="536" rx="18" fill="#2a3f7a"/><rect x="20" y="60" width="344" height="250" fill="#9ab"/>'
    '<text x="30" y="40" font-size="28" fill="#fff">OFFICIAL</text></svg>'
)


@pytest.fixture
def world(live_server, eager_celery):  # noqa: F811
    """Alice's deck in every zone (the editor, the solo board), a public deck, and her event with her registration."""
    from django.contrib.auth import get_user_model

    from decks.services import deck_create
    from games.dm.rules.decklist import parse_json
    from tournaments.services import event_create, registration_submit

    catalogue_import()
    alice = get_user_model().objects.create_user(username="alice", password="a-long-passw0rd!")
    decklist = {
        "main": [{"card": name, "count": 4} for name in LEGAL_MAIN],
        "hyperspatial": [{"card": "テスト超次元獣アルファ", "count": 1}, {"card": "テスト超次元獣ベータ", "count": 2}],
        "gr": [{"card": "テストGRロボ", "count": 2}],
        "considering": [{"card": "テスト天空騎士", "count": 1}],
    }
    deck = deck_create(
        owner=alice, name="アリスの超長いデッキ名前テスト・ボルシャック速攻型", decklist=parse_json(decklist)
    )
    deck_create(owner=alice, name="Public fire", visibility="public", decklist=parse_json({"main": decklist["main"]}))
    today = timezone.localdate()
    event = event_create(
        organizer=alice,
        name="テスト大会 Summer Championship",
        date=today + datetime.timedelta(days=7),
        registration_deadline=timezone.now() + datetime.timedelta(days=3),
    )
    registration_submit(event_id=event.id, user=alice, deck_id=deck.id, accept_illegal=True)
    return {"user": alice, "deck": deck, "event": event, "base": live_server.url}


def _context(browser, world, *, width: str, language: str, pictures: str = "load"):  # noqa: F811
    """A signed-in browser context at this width and language; the image host answers `pictures`: load or fail."""
    from django.test import Client

    client = Client()
    client.force_login(world["user"])
    viewport_width, viewport_height = WIDTHS[width]
    context = browser.new_context(viewport={"width": viewport_width, "height": viewport_height}, locale="en-US")
    context.set_default_timeout(15_000)
    context.add_cookies(
        [
            {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
             "url": world["base"]},
            {"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": world["base"]},
        ]
    )  # fmt: skip
    context.picture_requests = []
    context.pictures = pictures  # a test may switch it: the answer is not cached

    def answer(route):
        context.picture_requests.append(route.request.url)
        if context.pictures == "load":
            route.fulfill(status=200, content_type="image/svg+xml", body=PICTURE, headers={"Cache-Control": "no-store"})
        else:
            route.abort()

    context.route(f"https://{settings.CARD_IMAGE_HOST}/**", answer)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return context, page


def _shot_part(page, selector: str, name: str, height: int = 900) -> None:
    """The first `height` pixels of one part of the page (a long phone page is too tall to look at whole)."""
    from web.tests.test_browser import SCREENSHOTS

    box = page.locator(selector).first.bounding_box()
    scroll = page.evaluate("[window.scrollX, window.scrollY]")
    clip = {"x": 0, "y": box["y"] + scroll[1], "width": page.viewport_size["width"], "height": height}
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True, clip=clip)


def _pages(world) -> dict[str, str]:
    from cards.models import Card

    card = Card.objects.get(name_ja="テスト爆炎王")
    deck, event = world["deck"], world["event"]
    return {
        "card-search": "/cards/?q=テスト",
        "card-page": f"/cards/{card.id}/",
        "my-decks": "/decks/",
        "public-decks": "/decks/public/",
        "editor": f"/decks/{deck.id}/",
        "solo": f"/decks/{deck.id}/solo/",
        "versions": f"/decks/{deck.id}/versions/",
        "events": "/tournaments/",
        "event": f"/tournaments/{event.id}/",
        "event-register": f"/tournaments/{event.id}/register/",
    }


def _page_width(page) -> tuple[int, int]:
    return page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")


# Every pair of boxes in one deck row that overlap: the tile (or the list row's name), the card name, and each
# visible control. Rows of one list must not overlap each other either.
OVERLAPS = """() => {
  const boxes = (nodes) => nodes.filter((n) => n && n.getClientRects().length)
    .map((n) => [n, n.getBoundingClientRect()]);
  const label = (n) => n.dataset.action || n.className || n.tagName;
  const hit = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const found = [];
  for (const row of document.querySelectorAll("#deck-zones li.entry")) {
    const parts = boxes([row.querySelector(".tile"), row.querySelector(".tile-name") || row.querySelector(".name"),
                         ...row.querySelectorAll(".actions > *")]);
    for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
      const [a, ra] = parts[i], [b, rb] = parts[j];
      if (a.contains(b) || b.contains(a)) continue;  // the name inside its tile
      if (hit(ra, rb)) found.push(`${row.dataset.cardId}: ${label(a)} / ${label(b)}`);
    }
    const r = row.getBoundingClientRect();
    for (const [n, rn] of boxes([...row.querySelectorAll(".actions > *")]))
      if (rn.right > r.right + 0.5 || rn.left < r.left - 0.5)
        found.push(`${row.dataset.cardId}: ${label(n)} outside its row`);
  }
  for (const list of document.querySelectorAll("#deck-zones ul.entries")) {
    const rows = boxes([...list.children]);
    for (let i = 0; i < rows.length; i++) for (let j = i + 1; j < rows.length; j++)
      if (hit(rows[i][1], rows[j][1])) found.push(`rows ${rows[i][0].dataset.cardId} / ${rows[j][0].dataset.cardId}`);
  }
  return found;
}"""


def _editor_views(page) -> dict[str, list[str]]:
    """The overlaps of each view, with the official pictures shown and with the drawn tiles (pictures failing)."""
    overlaps: dict[str, list[str]] = {"stack": [], "list": []}
    for pictures in ("load", "fail"):
        page.context.pictures = pictures
        page.reload()
        page.wait_for_selector("body[data-editor-ready=true]")
        for view in ("stack", "list"):
            page.locator("#view-mode").select_option(view)
            page.wait_for_selector(f"#deck-zones[data-view={view}] li.entry")
            page.wait_for_load_state("networkidle")
            assert page.locator("#deck-zones li.entry").count() == len(LEGAL_MAIN) + 4
            assert page.locator("#deck-zones .tile.has-img").count() == (
                len(LEGAL_MAIN) + 4 if pictures == "load" and view == "stack" else 0
            )
            overlaps[view] += [f"{pictures}: {overlap}" for overlap in page.evaluate(OVERLAPS)]
    page.context.pictures = "load"
    page.reload()
    page.wait_for_selector("body[data-editor-ready=true]")
    return overlaps


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("width", list(WIDTHS))
def test_every_page_fits_the_screen_and_editor_controls_do_not_overlap(browser, world, width, language):  # noqa: F811
    context, page = _context(browser, world, width=width, language=language)
    too_wide, overlaps = {}, {}
    try:
        for name, path in _pages(world).items():
            page.goto(world["base"] + path)
            page.wait_for_load_state("networkidle")
            if name == "editor":
                page.wait_for_selector("body[data-editor-ready=true]")
                overlaps = _editor_views(page)
                for view in ("list", "stack"):
                    page.locator("#view-mode").select_option(view)
                    page.wait_for_load_state("networkidle")
                    if _page_width(page)[0] > _page_width(page)[1]:
                        too_wide[f"{name}-{view}"] = _page_width(page)
                    shot(page, f"layout-{name}-{view}-{WIDTHS[width][0]}-{language}")
                    _shot_part(page, "#zone-main", f"layout-{name}-{view}-{WIDTHS[width][0]}-{language}-main")
                continue
            if name == "solo":
                page.wait_for_selector("#solo-hand li")
            scroll_width, inner_width = _page_width(page)
            if scroll_width > inner_width:
                too_wide[name] = (scroll_width, inner_width)
            shot(page, f"layout-{name}-{WIDTHS[width][0]}-{language}")
            _shot_part(page, "main", f"layout-{name}-{WIDTHS[width][0]}-{language}-top")
        assert page.evaluate("document.documentElement.lang") == language
        assert (too_wide, overlaps, page.errors) == ({}, {"stack": [], "list": []}, [])
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_card_search_shows_results_above_the_filters_on_a_phone(browser, world, language):  # noqa: F811
    context, page = _context(browser, world, width="phone", language=language)
    try:
        page.goto(world["base"] + "/cards/?q=テスト")
        first_result = page.locator("#card-results li").first.bounding_box()
        filters = page.locator("#card-filters").bounding_box()
        search_box = page.locator("#id_q").bounding_box()
        # The box, then the first result within the first screen, then the filters.
        assert search_box["y"] < first_result["y"] < WIDTHS["phone"][1] < filters["y"] + filters["height"]
        assert first_result["y"] < filters["y"]
        # The filters still belong to the search: a civilization ticked below the results narrows them.
        page.locator("#card-filters input[name=civ][value=water]").check()
        page.locator("#card-filters button[type=submit]").click()
        page.wait_for_url(re.compile(r"civ=water"))
        names = page.locator("#card-results .tile-name").all_inner_texts()
        assert names and all(
            name
            in {
                "テスト水流兵",
                "テスト深海獣",
                "テスト炎水の戦士",
                "テスト渦潮",
                "テスト水兵",
                "テストGRロボ",
                "テスト超次元獣ベータ",
            }
            for name in names
        )
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_card_pages_printings_are_stacked_on_a_phone(browser, world, language):  # noqa: F811
    """At 390 px the printings table was six columns a few characters wide (レアリティ one character a line): each
    printing is now a block of named cells."""
    from cards.models import Card

    context, page = _context(browser, world, width="phone", language=language)
    card = Card.objects.get(name_ja="テスト爆炎王")
    try:
        page.goto(f"{world['base']}/cards/{card.id}/")
        assert not page.locator("table.printings thead").is_visible()
        cell = page.locator("table.printings tbody td").first
        label = cell.evaluate("(td) => getComputedStyle(td, '::before').content")
        assert label.strip('"') == ("セット: " if language == "ja" else "Set: ")
        shot(page, f"layout-card-page-phone-{language}")
    finally:
        context.close()


def _official_id(name_ja: str) -> str:
    """The test catalogue's printing is DM-99 number len(name): its official id by the site's pattern."""
    return f"dm99-{len(name_ja):03d}"


@pytest.mark.parametrize(
    ("pictures", "tiles_with_picture"),
    [
        pytest.param("load", "all", id="host-answers-picture-shown"),
        pytest.param("fail", "none", id="host-fails-drawn-tile-stays"),
    ],
)
def test_official_pictures_on_card_page_search_editor_preview_and_solo_board(
    browser,  # noqa: F811
    world,
    pictures,
    tiles_with_picture,
):
    from cards.models import Card

    context, page = _context(browser, world, width="desktop", language="en", pictures=pictures)
    card = Card.objects.get(name_ja="テスト爆炎王")
    official = _official_id(card.name_ja)
    try:
        page.goto(f"{world['base']}/cards/{card.id}/")
        page.wait_for_load_state("networkidle")
        link = page.locator("#official-page")
        assert link.get_attribute("href") == f"https://{settings.CARD_IMAGE_HOST}/card/detail/?id={official}"
        printing_links = page.locator("table.printings a").evaluate_all("(links) => links.map((a) => a.href)")
        assert printing_links == [f"https://{settings.CARD_IMAGE_HOST}/card/detail/?id={official}"]
        shown = page.locator(".card-picture .tile.has-img img.tile-img")
        drawn_type = page.locator(".card-picture .tile .tile-type")
        if tiles_with_picture == "all":
            assert shown.evaluate("(img) => [img.naturalWidth, img.src]") == [
                384, f"https://{settings.CARD_IMAGE_HOST}/wp-content/card/cardimage/{official}.jpg"]  # fmt: skip
            assert not drawn_type.is_visible()
        else:
            assert (page.locator(".card-picture img").count(), drawn_type.is_visible()) == (0, True)
        assert page.locator("td.abilities").inner_text() == "W・ブレイカー"
        shot(page, f"layout-card-page-picture-{pictures}")

        page.goto(world["base"] + "/cards/?q=テスト")
        page.wait_for_load_state("networkidle")
        # The pictures load lazily: scrolled through, every tile has asked for its own.
        for tile in page.locator("#card-results .tile").all():
            tile.scroll_into_view_if_needed()
        page.wait_for_load_state("networkidle")
        counts = page.evaluate("[document.querySelectorAll('#card-results .tile').length, "
                               "document.querySelectorAll('#card-results .tile.has-img').length, "
                               "document.querySelectorAll('#card-results img').length]")  # fmt: skip
        assert counts[1:] == ([counts[0], counts[0]] if tiles_with_picture == "all" else [0, 0])

        page.goto(f"{world['base']}/decks/{world['deck'].id}/")
        page.wait_for_selector("body[data-editor-ready=true]")
        page.wait_for_load_state("networkidle")
        page.locator("#deck-zones li.entry").first.hover()
        preview = page.locator(".tile-preview")
        preview.wait_for(state="visible")
        page.wait_for_load_state("networkidle")
        preview_state = preview.evaluate(
            "(p) => [p.querySelectorAll('.tile.has-img').length, p.querySelector('.tile-abilities')?.textContent ?? '']"
        )
        assert preview_state[0] == (1 if tiles_with_picture == "all" else 0)
        shot(page, f"layout-editor-preview-picture-{pictures}")

        # A search result's preview: its picture and abilities come from /editor/card-previews/.
        page.mouse.move(5, 5)
        # The previews are asked for once the results are shown; a preview opened before they come keeps the card
        # as the list gave it (the page has been idle since it loaded: waiting for idle does not wait for them).
        with page.expect_response(lambda response: "/editor/card-previews/" in response.url) as previews:
            page.locator("#editor-search").fill("テスト爆炎王")
        previews.value.finished()
        result = page.locator('#search-results li[aria-selected=true]:has-text("テスト爆炎王")')
        result.wait_for()
        page.wait_for_load_state("networkidle")
        result.hover()
        preview.wait_for(state="visible")
        # the preview is drawn at once from the result, then again when /editor/card-previews/ answers (on a busy
        # machine after the pointer came): its abilities are the sign of the second drawing
        preview.locator(".tile-abilities").wait_for()
        result_preview = preview.evaluate(
            "(p) => [p.querySelectorAll('.tile.has-img').length, p.querySelector('.tile-abilities')?.textContent]"
        )
        assert result_preview == [1 if tiles_with_picture == "all" else 0, "W・ブレイカー"]
        shot(page, f"layout-editor-result-preview-picture-{pictures}")

        page.goto(f"{world['base']}/decks/{world['deck'].id}/solo/")
        page.wait_for_selector("#solo-hand li .tile")
        page.wait_for_load_state("networkidle")
        hand = page.evaluate("[document.querySelectorAll('#solo-hand .tile').length, "
                             "document.querySelectorAll('#solo-hand .tile.has-img').length]")  # fmt: skip
        assert hand == ([5, 5] if tiles_with_picture == "all" else [5, 0])
        shot(page, f"layout-solo-picture-{pictures}")
        assert page.errors == []
        assert len(context.picture_requests) > 0
    finally:
        context.close()


def test_no_external_picture_when_turned_off(browser, world, settings):  # noqa: F811
    settings.CARD_IMAGES_EXTERNAL = False
    context, page = _context(browser, world, width="desktop", language="en")
    try:
        for path in ("/cards/?q=テスト", _pages(world)["card-page"], _pages(world)["solo"]):
            page.goto(world["base"] + path)
            page.wait_for_load_state("networkidle")
        page.goto(f"{world['base']}/decks/{world['deck'].id}/")
        page.wait_for_selector("body[data-editor-ready=true]")
        page.wait_for_load_state("networkidle")
        config = json.loads(page.locator("#editor-config").inner_text())
        assert {card["image"] for card in config["state"]["cards"].values()} == {None}
        # The official pages stay linked; nothing was asked of the image host.
        assert context.picture_requests == []
        page.goto(world["base"] + _pages(world)["card-page"])
        assert page.locator("#official-page").count() == 1
    finally:
        context.close()
