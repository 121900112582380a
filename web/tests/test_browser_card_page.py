"""The card page in Debian's Chromium (Playwright): a signed-in player adds copies to one of their decks at phone
width and sees the success message with the deck's link; the public decks using the card are listed. Shot in
English, Japanese and at phone width (artifacts/screenshots/card-page-*.png)."""

import re

import pytest

from web.tests.test_browser import PASSWORD, browser, eager_celery, page, shot  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

CARD = "テスト爆炎王"


def _decks():
    """Alice's private deck (where the card is added) and Bob's public deck that plays three copies of it."""
    from django.contrib.auth import get_user_model

    from decks.services import deck_create
    from games.dm.rules.decklist import parse_json

    users = get_user_model().objects
    alice = users.create_user(username="alice", password=PASSWORD)
    bob = users.create_user(username="bob", password=PASSWORD)
    mine = deck_create(owner=alice, name="アリスの火デッキ")
    deck_create(
        owner=bob,
        name="ボブの速攻",
        visibility="public",
        decklist=parse_json({"main": [{"card": CARD, "count": 3}, {"card": "テスト紅蓮竜", "count": 4}]}),
    )
    return mine


def test_card_page_adds_copies_at_phone_width_in_both_languages(page):  # noqa: F811
    from playwright.sync_api import expect

    from cards.models import Card

    deck = _decks()
    card = Card.objects.get(name_ja=CARD)
    url = f"{page.base}/cards/{card.id}/"

    page.goto(url)
    expect(page.locator(".add-to-deck")).to_contain_text("Log in to add this card")
    shot(page, "card-page-anonymous-en")

    page.get_by_role("link", name="Log in to add this card to one of your decks.").click()
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(url)  # back on the card page
    expect(page.locator("table.public-decks")).to_contain_text("ボブの速攻")
    shot(page, "card-page-en")

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(url)
    page.get_by_label("Copies").select_option("2")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator(".messages")).to_contain_text(f"Added 2 × {CARD} to アリスの火デッキ.")
    shot(page, "card-page-added-phone-en")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator(".messages a").click()
    page.wait_for_url(re.compile(rf"/decks/{deck.id}/$"))
    deck.refresh_from_db()
    assert (deck.version, list(deck.entries.values_list("zone", "quantity"))) == (2, [("main", 2)])

    page.goto(url)
    page.get_by_role("button", name="日本語").click()
    page.wait_for_selector("html[lang=ja]")
    expect(page.locator(".add-to-deck h2")).to_have_text("デッキに追加")
    page.get_by_label("枚数").select_option("1")
    page.get_by_role("button", name="追加", exact=True).click()
    expect(page.locator(".messages")).to_contain_text(f"{CARD}を1枚、アリスの火デッキに追加しました。")
    shot(page, "card-page-added-phone-ja")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.set_viewport_size({"width": 1280, "height": 900})
    shot(page, "card-page-ja")
    deck.refresh_from_db()
    assert (deck.version, list(deck.entries.values_list("zone", "quantity"))) == (3, [("main", 3)])
    assert page.errors == []
