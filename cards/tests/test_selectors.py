"""Search ranking (cards.selectors.card_search): the exact name first, then names that start with the words typed,
then names that contain them, each group in name order. The editor's Enter adds the first result."""

import pytest

from cards.models import Card
from cards.selectors import card_search
from cards.services import card_import
from cards.tests.factories import CardRecordFactory

NAMES = [
    "アーク・ボルシャック・ドラゴン",
    "ネオ・ボルシャック・ドラゴン",
    "ボルシャック・ドラゴン",
    "ボルシャック・ドラゴン・ネクスト",
    "ボルシャック・NEX",
]


@pytest.fixture
def ranked(db):
    card_import(records=[CardRecordFactory(name_ja=name) for name in NAMES], source="fixture")
    return dict(Card.objects.values_list("id", "name_ja"))


RANKING = [
    pytest.param(
        "ボルシャック・ドラゴン",
        [
            "ボルシャック・ドラゴン",
            "ボルシャック・ドラゴン・ネクスト",
            "アーク・ボルシャック・ドラゴン",
            "ネオ・ボルシャック・ドラゴン",
        ],
        id="exact-then-prefix-then-contains",
    ),
    pytest.param("ﾎﾞﾙｼｬｯｸ・ﾄﾞﾗｺﾞﾝ", None, id="half-width-query-ranks-the-same"),
    pytest.param("ボルシャック", [NAMES[4], NAMES[2], NAMES[3], NAMES[0], NAMES[1]], id="prefix-before-contains"),
]


@pytest.mark.parametrize(("q", "expected"), RANKING)
def test_the_exact_name_comes_first(ranked, q, expected):
    names = [ranked[card_id] for card_id in card_search(q=q)]
    expected = expected or [
        "ボルシャック・ドラゴン",
        "ボルシャック・ドラゴン・ネクスト",
        "アーク・ボルシャック・ドラゴン",
        "ネオ・ボルシャック・ドラゴン",
    ]
    assert names == expected


def test_an_explicit_order_is_kept(ranked):
    names = [ranked[card_id] for card_id in card_search(q="ボルシャック・ドラゴン", order="-name")]
    assert names == sorted(names, reverse=True)
