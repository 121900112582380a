"""Search ranking (games.dm.search.card_search): the exact name first, then names that start with the words typed,
then names that contain them, each group in name order. The editor's Enter adds the first result."""

import pytest

from cards.models import Card
from cards.services import card_import
from cards.tests.factories import CardRecordFactory
from games.dm.search import card_search

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


# Search finds what the decklist reader resolves ("Duel Masters as players play it", item 4): one name index (the
# resolver's loose keys and nicknames) behind both. (query, the card that must be found, the card that must not).
JOKER = "ジョリー・ザ・ジョニー"
READER_WORDS = [
    pytest.param("ボルシャックドラゴン", "ボルシャック・ドラゴン", None, id="name-without-middle-dot"),
    pytest.param("ボルシャック ドラゴン", "ボルシャック・ドラゴン", None, id="name-with-space-for-middle-dot"),
    pytest.param("ぼるしゃっく", "ボルシャック・NEX", None, id="hiragana"),
    pytest.param("ぼるしゃっくどらごん", "ボルシャック・ドラゴン", None, id="hiragana-whole-name"),
    pytest.param("ﾎﾞﾙｼｬｯｸ", "ボルシャック・NEX", None, id="half-width"),
    pytest.param("波夢", "ボルシャック・ドラゴン", "ボルシャック・NEX", id="nickname"),
    pytest.param("ジョーカーズ", JOKER, "ボルシャック・ドラゴン", id="race-word"),
    pytest.param("じょーかーず", JOKER, None, id="race-word-in-hiragana"),
    pytest.param("dmrp-07", JOKER, "ボルシャック・ドラゴン", id="set-code-word"),
    pytest.param("ランジャ", "幽具ランジャ", None, id="katakana-name-after-a-kanji-title"),
]


@pytest.fixture
def reader_catalogue(db):
    from cards.services import nickname_import
    from cards.tests.factories import PrintingRecordFactory

    records = [CardRecordFactory(name_ja=name) for name in (*NAMES, "幽具ランジャ")]
    records.append(
        CardRecordFactory(name_ja=JOKER, races=["ジョーカーズ"], printings=[PrintingRecordFactory(set_code="DMRP-07")])
    )
    card_import(records=records, source="fixture")
    nickname_import(data={"nicknames": [{"nickname": "波夢", "name_ja": "ボルシャック・ドラゴン", "source": "test"}]})
    return dict(Card.objects.values_list("id", "name_ja"))


@pytest.mark.parametrize(("q", "found", "not_found"), READER_WORDS)
def test_search_finds_what_the_reader_resolves(reader_catalogue, q, found, not_found):
    names = [reader_catalogue[card_id] for card_id in card_search(q=q)]
    assert found in names
    assert not_found not in names


def test_a_name_written_without_its_middle_dots_ranks_first(reader_catalogue):
    names = [reader_catalogue[card_id] for card_id in card_search(q="ボルシャックドラゴン")]
    assert names[:2] == ["ボルシャック・ドラゴン", "ボルシャック・ドラゴン・ネクスト"]


@pytest.mark.parametrize("word", ["ボルシャック", "ドラゴン", "ネクスト", "ランジャ", "アーク", "NEX", "存在しない"])
def test_a_free_word_finds_the_rows_a_containment_test_finds(reader_catalogue, word):
    # The one-string search (every row's names in one string) finds what a test per row finds, the first and the
    # last row included.
    from cards.names import loose_key
    from games.dm.search import _contains, _loose_rows, search_index_get

    index = search_index_get()
    key = loose_key(word)
    assert _loose_rows(index, key).tolist() == _contains(index.loose_texts, key).tolist()
