"""The official addresses of a card number agree with the data's own `image_url` and `image_url_back` on every
record of the real cards.json (../shared/data/dbs, its README: "Every card record carries image_url ... built from
these patterns")."""

import pytest

from games.dbs.rules.official import card_image, card_image_back, card_list_page


def test_every_records_image_is_the_one_built_from_its_number(real_records):
    records = real_records
    assert len(records) > 6000
    fronts = [(r["card_number"], r["image_url"]) for r in records if card_image(r["card_number"]) != r["image_url"]]
    assert fronts == []
    backs = [r for r in records if r.get("image_url_back")]
    assert {r["card_type"] for r in backs} == {"Leader"}
    assert [r["card_number"] for r in backs if card_image_back(r["card_number"]) != r["image_url_back"]] == []


@pytest.mark.parametrize(
    "number, page",
    [
        ("BT1-001", "https://www.dbs-cardgame.com/europe-en/cardlist/index.php?search=true&free=BT1-001"),
        ("P-757", "https://www.dbs-cardgame.com/europe-en/cardlist/index.php?search=true&free=P-757"),
    ],
)
def test_the_card_list_is_searched_by_the_number(number, page):
    assert card_list_page(number) == page
