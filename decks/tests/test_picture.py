"""The deck's picture (decks/picture.py) and the Open Graph / Twitter card tags of public and unlisted deck pages:
the og:image a pasted link shows is a PNG of that deck, fetched signed out; a private deck has neither."""

import io
import re

import pytest
from django.test import Client
from PIL import Image

from decks import services
from decks.picture import deck_picture_draw, font_path
from decks.tests.fixtures import legal_deck_json
from games.dm.rules.decklist import parse_json

pytestmark = pytest.mark.django_db


def _meta(html: str, name: str) -> str | None:
    found = re.search(rf'<meta (?:property|name)="{re.escape(name)}" content="([^"]*)"', html)
    return found.group(1) if found else None


@pytest.mark.parametrize("visibility", ["public", "unlisted"])
def test_a_shared_deck_link_carries_an_og_image_that_is_a_png_of_that_deck(cards, owner, visibility):
    deck = services.deck_create(
        owner=owner, name="火文明ビート", visibility=visibility, decklist=parse_json(legal_deck_json())
    )
    page = Client().get(f"/decks/shared/{deck.share_slug}/")
    html = page.content.decode()
    image_url = _meta(html, "og:image")
    assert image_url and image_url.startswith("http://testserver/decks/shared/")
    assert (_meta(html, "og:title"), _meta(html, "twitter:card")) == ("火文明ビート", "summary_large_image")
    picture = Client().get(image_url.removeprefix("http://testserver"))
    assert (picture.status_code, picture["Content-Type"]) == (200, "image/png")
    image = Image.open(io.BytesIO(picture.content))
    assert (image.format, image.width) == ("PNG", 1200) and image.height >= 630
    # Cached per deck version: the same bytes again, and other bytes once the deck changes.
    assert Client().get(image_url.removeprefix("http://testserver")).content == picture.content
    services.deck_update(deck_id=deck.id, user=owner, if_match=deck.version, name="水文明")
    assert Client().get(image_url.removeprefix("http://testserver")).content != picture.content


def test_a_private_deck_has_no_card_tags_and_no_picture_for_others(cards, owner):
    deck = services.deck_create(owner=owner, name="secret", decklist=parse_json(legal_deck_json()))
    client = Client()
    client.force_login(owner)
    assert "og:image" not in client.get(f"/decks/{deck.id}/").content.decode()
    assert Client().get(f"/decks/shared/{deck.share_slug}/picture.png").status_code == 404
    assert Client().get(f"/decks/{deck.id}/picture.png").status_code == 404
    assert client.get(f"/decks/{deck.id}/picture.png")["Content-Type"] == "image/png"


def test_the_picture_draws_every_zone_and_without_a_japanese_font_still_draws(cards, owner, settings):
    deck = services.deck_create(owner=owner, name="x", decklist=parse_json(legal_deck_json()))
    from datetime import date

    with_font = Image.open(io.BytesIO(deck_picture_draw(deck, as_of=date(2024, 5, 1))))
    font_path.cache_clear()
    settings.DECK_PICTURE_FONT = "/nonexistent/font.ttf"
    from decks import picture

    picture._font.cache_clear()
    try:
        without = Image.open(io.BytesIO(deck_picture_draw(deck, as_of=date(2024, 5, 1))))
    finally:
        font_path.cache_clear()
        picture._font.cache_clear()
    assert with_font.size == without.size and with_font.tobytes() != without.tobytes()


def test_a_deck_whose_format_is_not_loaded_is_drawn_without_a_verdict(cards, owner):
    from decks.models import Deck

    deck = services.deck_create(owner=owner, name="x", visibility="public", decklist=parse_json(legal_deck_json()))
    Deck.objects.filter(id=deck.id).update(format_code="not_loaded_here")
    picture = Client().get(f"/decks/shared/{deck.share_slug}/picture.png")
    assert (picture.status_code, Image.open(io.BytesIO(picture.content)).format) == (200, "PNG")
    code = services.deck_export_code(Deck.objects.get(id=deck.id))
    assert Client().get(f"/decks/code/{code}/").status_code == 200
