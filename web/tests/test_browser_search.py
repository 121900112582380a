"""Card search in Debian's Chromium (Playwright), on the search page and in the deck editor: the pages after the
first are appended with the "more" button and on scroll; a misspelt name finds nothing, says so and offers the
closest names, and a suggestion clicked finds the card (in the editor, Enter then adds it). Shot at phone width in
English and Japanese (artifacts/screenshots/search-*.png)."""

import pytest

from web.tests.test_browser import SCREENSHOTS, browser, eager_celery, log_in, open_editor, page, shot  # noqa: F401
from web.tests.test_browser import _owned_deck as owned_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

MANY = 100  # cards named テスト量産兵NNN: more than two pages of the search page (48) and three of the editor (30)
MISSPELT = "テスト紅連竜"  # one wrong kanji
MEANT = "テスト紅蓮竜"
PHONE = {"width": 390, "height": 844}


def _many_cards() -> None:
    from cards.services import card_import
    from cards.tests.factories import CardRecordFactory
    from web.tests.catalogue import RECORDS

    extra = [
        CardRecordFactory(name_ja=f"テスト量産兵{i:03d}", civilizations=["Water"], cost=i % 9 + 1, power_value=1000)
        for i in range(MANY)
    ]
    card_import(records=[dict(item) for item in RECORDS] + extra)


def view_around(page, locator, name: str) -> None:  # noqa: F811
    """A phone screen's height of the page ending below `locator` (a full-page shot of a hundred cards is too tall
    to read), taken without scrolling (scrolling to the button would load the next page)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    box = locator.bounding_box()
    bottom = box["y"] + box["height"] + page.evaluate("window.scrollY") + 40
    clip = {"x": 0, "y": max(0, bottom - PHONE["height"]), "width": PHONE["width"], "height": PHONE["height"]}
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True, clip=clip)


def _set_language(page, label: str, lang: str) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page.get_by_role("button", name=label).click()
    expect(page.locator("html")).to_have_attribute("lang", lang)


@pytest.mark.parametrize(("label", "lang", "more", "none"), [
    ("English", "en", "More cards", "No card matches this search."),
    ("日本語", "ja", "さらに表示", "この検索に合うカードはありません。"),
], ids=["en", "ja"])  # fmt: skip
def test_search_page_more_on_scroll_and_suggestions_at_phone_width(page, label, lang, more, none):  # noqa: F811
    from playwright.sync_api import expect

    _many_cards()
    page.set_viewport_size(PHONE)
    page.goto(page.base + "/cards/")
    _set_language(page, label, lang)
    page.goto(page.base + "/cards/?q=量産兵")
    results = page.locator("#card-results > li")
    expect(results).to_have_count(48)
    button = page.get_by_role("link", name=more)
    button.click()  # the button: keyboards, screen readers
    expect(results).to_have_count(96)
    expect(page.locator("nav.pager")).to_be_hidden()  # one list now
    expect(results.nth(48).locator("a")).to_be_focused()  # the keyboard goes on with the first card appended
    expect(page.locator("#more-status")).to_contain_text("96")
    view_around(page, page.locator(".more-results"), f"search-page-more-phone-{lang}")
    button.scroll_into_view_if_needed()  # scrolling to the end loads the rest
    expect(results).to_have_count(MANY)
    expect(button).to_be_hidden()
    names = results.locator(".tile-name a").all_inner_texts()
    assert names == [f"テスト量産兵{i:03d}" for i in range(MANY)]  # name order, each card once
    assert results.nth(60).locator("a").get_attribute("href").endswith("/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.goto(page.base + f"/cards/?q={MISSPELT}")
    expect(page.locator("#no-results")).to_contain_text(none)
    suggestion = page.locator("#no-results .suggestions a").first
    expect(suggestion.locator("span[lang=ja]")).to_have_text(MEANT)
    shot(page, f"search-page-no-match-phone-{lang}")
    suggestion.click()
    expect(page.locator("#card-results > li").first).to_contain_text(MEANT)
    assert not page.errors


@pytest.mark.parametrize(("label", "lang", "more", "none"), [
    ("English", "en", "More cards", f"No card matches “{MISSPELT}”."),
    ("日本語", "ja", "さらに表示", f"「{MISSPELT}」に合うカードはありません。"),
], ids=["en", "ja"])  # fmt: skip
def test_editor_search_more_and_suggestions_at_phone_width(page, label, lang, more, none):  # noqa: F811
    from playwright.sync_api import expect

    _many_cards()
    deck = owned_deck(f"searcher-{lang}")
    page.set_viewport_size(PHONE)
    log_in(page, f"searcher-{lang}")
    _set_language(page, label, lang)
    open_editor(page, deck)
    search = page.locator("#editor-search")
    results = page.locator("#search-results > li")

    search.press_sequentially("量産兵")
    expect(results).to_have_count(30)
    expect(page.locator("#search-shown")).to_contain_text(f"{MANY}")
    page.get_by_role("button", name=more).click()
    expect(results).to_have_count(60)
    expect(page.locator("#search-results > li[aria-selected=true]")).to_contain_text("テスト量産兵030")
    expect(search).to_be_focused()  # Enter adds the chosen card, as before
    assert page.get_by_role("button", name=more).bounding_box()["height"] >= 44  # a thumb's target
    shot(page, f"search-editor-more-phone-{lang}")
    results.last.scroll_into_view_if_needed()  # the end of the list loads the next page
    expect(results).to_have_count(90)
    results.last.scroll_into_view_if_needed()
    expect(results).to_have_count(MANY)
    expect(page.locator("#search-more")).to_be_hidden()

    search.fill("")
    search.press_sequentially(MISSPELT)
    expect(page.locator("#search-status")).to_have_text(none)
    expect(results).to_have_count(0)
    suggestion = page.locator("#search-suggestions button.suggestion").first
    expect(suggestion).to_have_text(MEANT if lang == "ja" else "Test Crimson Wyrm")
    shot(page, f"search-editor-no-match-phone-{lang}")
    box = suggestion.bounding_box()
    assert box["height"] >= 30 and box["x"] + box["width"] <= PHONE["width"]
    suggestion.click()
    expect(page.locator("#search-results > li[aria-selected=true]")).to_contain_text(MEANT)
    expect(page.locator("#search-suggestions")).to_be_hidden()
    page.keyboard.press("Enter")
    expect(page.locator(f'#zone-main li.entry:has-text("{MEANT}")')).to_have_count(1)
    assert not page.errors
