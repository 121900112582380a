"""Words on the deck and card pages as players use them: a twinpact's two costs, the text export's zone headings in
the page's language, the printable sheet without the considering list.

The findings: a twinpact's lower half always showed cost "–"; the text export wrote `# main` on a Japanese page; the
printable sheet printed the considering list (検討中), which is not part of the deck.
"""

import pytest
from django.test import Client

from web.tests.catalogue import LEGAL_MAIN, RECORDS

TOP, BOTTOM = "テスト双竜", "テスト双呪文"
TWINPACT = f"{TOP}/{BOTTOM}"


@pytest.fixture
def twinpact(db):
    """The web tests' catalogue and one twinpact: a cost-3 creature over a cost-6 spell (as the data gives them)."""
    from cards.services import card_import
    from cards.tests.factories import CardRecordFactory, FaceRecordFactory

    twin = CardRecordFactory(
        name_ja=TWINPACT,
        face_names_ja=[TOP, BOTTOM],
        civilizations=["Fire"],
        twin=True,
        cost=3,
        power_value=4000,
        races=["ドラゴン"],
        faces=[
            FaceRecordFactory(name_ja=TOP, role="twinpact_top", civilizations=["Fire"], cost=3, power_value=4000),
            FaceRecordFactory(name_ja=BOTTOM, role="twinpact_bottom", civilizations=["Fire"], cost=6, spell=True),
        ],
    )
    card_import(records=[*(dict(record) for record in RECORDS), dict(twin)])
    from cards.models import Card

    return Card.objects.get(name_ja=TWINPACT)


def _bottom_gem(html: str) -> str:
    return html.split('class="tile-half tile-bottom"><span class="gem"')[1].split(">", 1)[1].split("<")[0]


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_card_page_shows_both_halves_costs(twinpact, language):
    page = Client().get(f"/cards/{twinpact.id}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    badge = page.split('class="cost-badge">')[1].split("<")[0]
    assert (badge, _bottom_gem(page)) == ("3 / 6", "6")


def test_the_search_tiles_show_the_lower_halfs_cost(twinpact):
    page = Client().get("/cards/", {"q": "テスト双竜"}).content.decode()
    assert _bottom_gem(page) == "6"


def test_the_deck_page_and_the_sheet_show_the_lower_halfs_cost(twinpact, user):
    from decks.services import deck_create
    from games.dm.rules.decklist import parse_json

    deck = deck_create(
        owner=user, name="Twin", decklist=parse_json({"main": [{"card": TWINPACT, "count": 4}]}), visibility="public"
    )
    assert _bottom_gem(Client().get(f"/decks/{deck.id}/").content.decode()) == "6"
    sheet = Client().get(f"/decks/{deck.id}/export/sheet/").content.decode()
    assert _bottom_gem(sheet) == "6" and '<td class="n">3 / 6</td>' in sheet


def test_the_editor_previews_carry_both_halves_costs(twinpact):
    """The editor's search results come from the cards API; their previews (static/js/tile.js) get the halves."""
    response = Client().get("/editor/card-previews/", {"ids": str(twinpact.id)})
    halves = response.json()["cards"][str(twinpact.id)]["halves"]
    assert [(half["name_ja"], half["cost"]) for half in halves] == [(TOP, 3), (BOTTOM, 6)]


# --- exports ---------------------------------------------------------------------------------------------------


@pytest.fixture
def full_deck(catalogue, user):
    from decks.services import deck_create
    from games.dm.rules.decklist import parse_json

    decklist = parse_json(
        {
            "main": [{"card": name, "count": 4} for name in LEGAL_MAIN],
            "hyperspatial": [{"card": "テスト超次元獣アルファ", "count": 1}],
            "gr": [{"card": "テストGRロボ", "count": 2}],
            "considering": [{"card": "テスト天空騎士", "count": 2}],
        }
    )
    return deck_create(owner=user, name="Full", decklist=decklist, visibility="public")


EXPORT_HEADINGS = [
    # (page language, the headings written)
    pytest.param("ja", ["# メインデッキ", "# 超次元ゾーン", "# 超GRゾーン", "# 検討中"], id="ja"),
    pytest.param("en", ["# main", "# hyperspatial", "# gr", "# considering"], id="en-the-zone-codes-as-before"),
]


@pytest.mark.parametrize(("language", "headings"), EXPORT_HEADINGS)
def test_the_text_export_heads_the_zones_in_the_pages_language(full_deck, language, headings):
    from games.dm.rules.decklist import parse_text

    text = Client().get(f"/decks/{full_deck.id}/export/text/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert [line for line in text.splitlines() if line.startswith("#")] == headings
    # Read back: every card in the zone it was exported from.
    zones = {(str(line.zone), line.card, line.count) for line in parse_text(text).lines}
    assert (("main", LEGAL_MAIN[0], 4) in zones, ("gr", "テストGRロボ", 2) in zones) == (True, True)
    assert ("considering", "テスト天空騎士", 2) in zones


def test_the_api_text_export_keeps_the_zone_codes(full_deck, user):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(user)
    text = client.get(f"/api/v1/decks/{full_deck.id}/export/text/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert [line for line in text.splitlines() if line.startswith("#")] == EXPORT_HEADINGS[1].values[1]


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_printable_sheet_leaves_out_the_considering_list(full_deck, language):
    sheet = Client().get(f"/decks/{full_deck.id}/export/sheet/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    captions = [part.split("</caption>")[0] for part in sheet.split("<caption>")[1:]]
    zones = {
        "ja": ["メインデッキ", "超次元ゾーン", "超GRゾーン"],
        "en": ["Main deck", "Hyperspatial zone", "Super GR zone"],
    }
    assert [caption.split(" (")[0] for caption in captions] == zones[language]
    assert "テスト天空騎士" not in sheet


def test_the_services_sheet_leaves_out_the_considering_list(full_deck):
    from decks.services import deck_export_sheet

    sheet = deck_export_sheet(full_deck)
    assert ("テスト天空騎士" in sheet, "テストGRロボ" in sheet) == (False, True)
