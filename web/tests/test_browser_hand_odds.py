"""The editor's hand odds panel in Debian's Chromium (Playwright): an OCG deck whose groups were saved on its odds
page shows the exact odds going first and second, and a "+" on a card of a group changes them live."""

import pytest

from web.tests.test_browser import browser, eager_celery, shot  # noqa: F401
from web.tests.test_browser_editor_games import GAMES, _open, world  # noqa: F401
from web.tests.test_browser_layout import _context

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_the_editor_recomputes_the_saved_groups_odds_on_every_edit(browser, world):  # noqa: F811
    from playwright.sync_api import expect

    from decks.models import DeckEntry
    from decks.services import deck_update

    deck = world["decks"]["ygo"]
    first = DeckEntry.objects.filter(deck=deck, zone="main").order_by("id").first()
    groups = {
        "groups": [{"name": "starters", "cards": [first.card_id]}],
        "conditions": [{"group": "starters", "at_least": 1}],
    }
    deck = deck_update(deck_id=deck.id, user=world["user"], if_match=deck.version, odds_groups=groups)
    context, page = _context(browser, world, width="desktop", language="en")
    try:
        _open(page, world, "ygo")
        panel = page.locator("#hand-odds")
        expect(panel).to_contain_text("Going first")
        # 3 copies of 39 cards: 1 - C(36, 5) / C(39, 5) = 34.52 %.
        expect(panel).to_contain_text("34.52%")
        row = page.locator(f'#zone-main li.entry[data-card-id="{first.card_id}"]')
        row.focus()
        page.keyboard.press("-")  # 2 copies of 38 cards: 1 - C(36, 5) / C(38, 5) = 24.89 %
        expect(panel).to_contain_text("24.89%")
        shot(page, "editor-hand-odds")
        assert page.errors == []
    finally:
        context.close()
