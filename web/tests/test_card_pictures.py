"""What a card looks like on the pages: every printing links to its official card page (games.dm.official), the card
page, the search tiles, the editor's and the solo board's card data carry the official image (the drawn tile stays
underneath: static/js/card_images.js), `CARD_IMAGES_EXTERNAL = False` turns the images off and keeps the links, and
the card's facts (abilities as the catalogue gives them) are written on the card page and in the editor's data."""

import json
import re

import pytest
from django.test import Client

from accounts.tests.factories import UserFactory
from cards.models import Card
from cards.tests.factories import CardRecordFactory, FaceRecordFactory, PrintingRecordFactory
from games.dm.editor import card_abilities

pytestmark = pytest.mark.django_db

HOST = "dm.takaratomy.co.jp"
CANT_ATTACK_PLAYERS = "このクリーチャーは、相手プレイヤーを攻撃できない。"


@pytest.fixture
def cards(db):
    from cards.services import card_import

    records = [
        CardRecordFactory(
            name_ja="テスト爆炎竜", civilizations=["Fire"], cost=7, power_value=12000, breaker="triple",
            breaker_ja="T・ブレイカー", speed_attacker=True, shield_trigger=False, keywords_ja=["T・ブレイカー"],
            printings=[PrintingRecordFactory(set_code="OF-Y10", number="P1"),
                       PrintingRecordFactory(set_code="DM-15", number="S4")],
        ),
        CardRecordFactory(
            name_ja="テスト守護者", civilizations=["Light"], cost=3, power_value=3000, blocker=True,
            cant_attack_players=True,
            printings=[PrintingRecordFactory(set_code="NET-001", number=None)],
        ),
        CardRecordFactory(
            name_ja="テスト上/テスト下", twinpact=True, civilizations=["Water"], cost=4, power_value=4000,
            faces=[FaceRecordFactory(name_ja="テスト上", role="twinpact_top", blocker=True),
                   FaceRecordFactory(name_ja="テスト下", role="twinpact_bottom", spell=True, shield_trigger=True,
                                     keywords_ja=["S・トリガー"])],
            printings=[PrintingRecordFactory(set_code="DMEX-04", number="52")],
        ),
    ]  # fmt: skip
    card_import(records=records, source="fixture")
    return {card.name_ja: card for card in Card.objects.all()}


def _page(path: str, user=None) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.get(path)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    ("name", "official_id", "image"),
    [
        pytest.param("テスト爆炎竜", "dm15-s04", "dm15-s04.jpg", id="second-printing-has-the-id"),
        pytest.param("テスト上/テスト下", "dmex04-052", "dmex04-052a.jpg", id="twinpact-image-a"),
        pytest.param("テスト守護者", None, None, id="no-printing-with-an-id"),
    ],
)
def test_card_page_links_the_official_page_and_shows_its_image(cards, name, official_id, image):
    body = _page(f"/cards/{cards[name].id}/")
    links = re.findall(r'<a href="(https://[^"]+)" rel="noopener noreferrer"', body)
    images = re.findall(r'<img class="tile-img" src="([^"]+)"', body)
    if official_id is None:
        assert (links, images, "No official card page is known" in body) == ([], [], True)
    else:
        page = f"https://{HOST}/card/detail/?id={official_id}"
        assert page in links
        assert images == [f"https://{HOST}/wp-content/card/cardimage/{image}"]
        assert 'id="official-page"' in body


def test_every_printing_with_an_id_links_its_own_page(cards):
    body = _page(f"/cards/{cards['テスト爆炎竜'].id}/")
    table = re.search(r'<table class="printings[^"]*">(.*?)</table>', body, re.S).group(1)
    last_cells = [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)[-1] for row in re.findall(r"<tr>(.*?)</tr>", table)[1:]]
    links = [re.search(r'href="([^"]+)"', cell).group(1) if "href" in cell else None for cell in last_cells]
    assert links == [f"https://{HOST}/card/detail/?id=dm15-s04", None]  # DM-15 S4, then OF-Y10 P1 (no id)


@pytest.mark.parametrize(
    ("name", "abilities"),
    [
        pytest.param("テスト爆炎竜", "スピードアタッカー、T・ブレイカー", id="flags-and-breaker-once"),
        pytest.param(
            "テスト守護者",
            "ブロッカー、このクリーチャーは、相手プレイヤーを攻撃できない。",
            id="blocker-cant-attack-players",
        ),
    ],
)
def test_card_page_writes_the_abilities_the_catalogue_has(cards, name, abilities):
    body = _page(f"/cards/{cards[name].id}/")
    assert re.search(r'<td lang="ja" class="abilities">(.*?)</td>', body).group(1) == abilities


def test_card_page_writes_each_faces_abilities(cards):
    body = _page(f"/cards/{cards['テスト上/テスト下'].id}/")
    faces = re.search(r"<h2>Faces</h2>.*?<tbody>(.*?)</tbody>", body, re.S).group(1)
    assert re.findall(r'<td lang="ja">(.*?)</td>', faces) == ["ブロッカー", "S・トリガー"]


def test_card_search_tiles_carry_the_official_image(cards):
    body = _page("/cards/?q=テスト")
    assert sorted(re.findall(r'<img class="tile-img" src="([^"]+)"', body)) == [
        f"https://{HOST}/wp-content/card/cardimage/dm15-s04.jpg",
        f"https://{HOST}/wp-content/card/cardimage/dmex04-052a.jpg",
    ]


def test_editor_and_solo_card_data_carry_image_page_and_abilities(cards):
    from decks.services import deck_create
    from games.dm.rules.decklist import parse_json

    user = UserFactory(username="alice")
    main = [{"card": "テスト爆炎竜", "count": 4}, {"card": "テスト守護者", "count": 4}]
    deck = deck_create(owner=user, name="d", decklist=parse_json({"main": main}))
    burner, guard = str(cards["テスト爆炎竜"].id), str(cards["テスト守護者"].id)
    editor = json.loads(
        re.search(
            r'id="editor-config" type="application/json">(.*?)</script>', _page(f"/decks/{deck.id}/", user)
        ).group(1)
    )
    solo = json.loads(
        re.search(
            r'id="solo-config" type="application/json">(.*?)</script>', _page(f"/decks/{deck.id}/solo/", user)
        ).group(1)
    )
    for data in (editor["state"]["cards"], solo["cards"]):
        assert (data[burner]["image"], data[burner]["page"], data[burner]["abilities"]) == (
            f"https://{HOST}/wp-content/card/cardimage/dm15-s04.jpg",
            f"https://{HOST}/card/detail/?id=dm15-s04",
            ["スピードアタッカー", "T・ブレイカー"],
        )
        assert (data[guard]["image"], data[guard]["page"]) == (None, None)


def test_external_images_off_keeps_the_links(cards, settings):
    settings.CARD_IMAGES_EXTERNAL = False
    card_page = _page(f"/cards/{cards['テスト爆炎竜'].id}/")
    search = _page("/cards/?q=テスト")
    assert ("<img" in card_page, "<img" in search) == (False, False)
    assert f"https://{HOST}/card/detail/?id=dm15-s04" in card_page


def test_image_host_setting(cards, settings):
    settings.CARD_IMAGE_HOST = "cards.example"
    body = _page(f"/cards/{cards['テスト爆炎竜'].id}/")
    assert re.findall(r'<img class="tile-img" src="([^"]+)"', body) == [
        "https://cards.example/wp-content/card/cardimage/dm15-s04.jpg"
    ]


@pytest.mark.parametrize(
    ("facts", "expected"),
    [
        pytest.param({}, [], id="none"),
        pytest.param({"evolution": True, "shield_trigger": True}, ["進化", "S・トリガー"], id="evolution-trigger"),
        pytest.param({"breaker": "double"}, ["W・ブレイカー"], id="breaker-from-the-code"),
        pytest.param({"breaker": "other", "breaker_ja": "8・ブレイカー"}, ["8・ブレイカー"],
                     id="breaker-as-the-data-writes-it"),
        pytest.param({"power_attacker_bonus": 2000, "slayer": True}, ["スレイヤー", "パワーアタッカー+2000"],
                     id="slayer-power-attacker"),
        pytest.param({"blocker": True, "keywords_ja": ["ブロッカー", "マッハファイター"]},
                     ["ブロッカー", "マッハファイター"], id="keywords-not-repeated"),
    ],
)  # fmt: skip
def test_card_abilities_as_the_card_prints_them(facts, expected):
    from types import SimpleNamespace

    assert card_abilities(SimpleNamespace(**facts)) == expected


def test_read_only_deck_page_tiles_carry_the_official_image(cards):
    from decks.services import deck_create
    from games.dm.rules.decklist import parse_json

    owner = UserFactory(username="bob")
    main = [{"card": "テスト爆炎竜", "count": 4}, {"card": "テスト守護者", "count": 4}]
    deck = deck_create(owner=owner, name="public", visibility="public", decklist=parse_json({"main": main}))
    body = _page(f"/decks/{deck.id}/", UserFactory(username="carol"))
    assert re.findall(r'<img class="tile-img" src="([^"]+)"', body) == [
        f"https://{HOST}/wp-content/card/cardimage/dm15-s04.jpg"
    ]


@pytest.mark.parametrize(
    ("ids", "expected"),
    [
        pytest.param("{burner},{guard}", {"burner": ("dm15-s04.jpg", ["スピードアタッカー", "T・ブレイカー"]),
                                          "guard": (None, ["ブロッカー", CANT_ATTACK_PLAYERS])},
                     id="two-cards"),
        pytest.param("{burner},x,,-1", {"burner": ("dm15-s04.jpg", ["スピードアタッカー", "T・ブレイカー"])},
                     id="non-numbers-ignored"),
        pytest.param("", {}, id="none-asked"),
    ],
)  # fmt: skip
def test_editor_search_result_previews(cards, ids, expected):
    """The editor's search results come from the cards API, which carries no image or abilities: the editor asks
    /editor/card-previews/ for them (static/js/editor.js addPreviews)."""
    named = {"burner": cards["テスト爆炎竜"].id, "guard": cards["テスト守護者"].id}
    response = Client().get("/editor/card-previews/", {"ids": ids.format(**named)})
    data = response.json()["cards"]
    image = f"https://{HOST}/wp-content/card/cardimage/"
    assert {
        key: ((data[str(named[key])]["image"] or "").removeprefix(image) or None, data[str(named[key])]["abilities"])
        for key in named
        if str(named[key]) in data
    } == expected
