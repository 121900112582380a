"""Layouts of pasted lists that lost cards ("Duel Masters as players play it", item 1): the reader and the resolver
together over a small catalogue built from the record factory (no database).

The importer's promise, kept by construction: a line that carries a count is a card line (known, unknown or
ambiguous), never an ignored line."""

import pytest

from cards.tests.factories import CardRecordFactory
from games.dm.resolver import Resolver, decklist_parse, decklist_read
from games.dm.rules.vocabulary import LineStatus

SPIAL = "*/弐幻スパイアル/*"
KERBEROCK = "*/弐幻ケルベロック/*"
RANJA = "幽具ランジャ"
BOLSHACK = "ボルシャック・ドラゴン"
HAND = "デーモン・ハンド"
EARTH = "母なる大地"
GAGA = "イオの伝道師ガガ・パックン"
GEO = "タイタンの大地ジオ・ザ・マン"
GR_CARD = "ヤッタレ・ピッピー"

MAIN_NAMES = (SPIAL, KERBEROCK, RANJA, BOLSHACK, HAND, EARTH)


@pytest.fixture(scope="module")
def resolver():
    records = [CardRecordFactory(name_ja=name) for name in MAIN_NAMES]
    records += [CardRecordFactory(name_ja=name, psychic_creature=True) for name in (GAGA, GEO)]
    records.append(CardRecordFactory(name_ja=GR_CARD, gr_creature=True))
    return Resolver.from_records(records)


def read(text: str, resolver: Resolver):
    return decklist_read(decklist_parse(text, resolver=resolver), resolver=resolver)


def entries(rows) -> list[tuple[str, str | None, int | None, str | None]]:
    return [
        (row.status.value, row.card.name_ja if row.card else None, row.count, row.zone.value if row.zone else None)
        for row in rows
        if row.status != LineStatus.HEADING
    ]


# One line each: (the line, [(status, card, count)]).
LINES = [
    pytest.param("スパイアル4", [("card", SPIAL, 4)], id="name-part-count-glued-after"),
    pytest.param("4スパイアル", [("card", SPIAL, 4)], id="count-glued-before-name-part"),
    pytest.param("ランジャ4 st", [("card", RANJA, 4)], id="glued-count-then-st"),
    pytest.param("ケルベロック2 st", [("card", KERBEROCK, 2)], id="glued-count-then-st-2"),
    pytest.param("スパイアル4(殿)", [("card", SPIAL, 4)], id="glued-count-then-parenthesised-note"),
    pytest.param("スパイアル4★", [("card", SPIAL, 4)], id="glued-count-then-star"),
    pytest.param("スパイアル 4 殿", [("card", SPIAL, 4)], id="spaced-count-then-hall-of-fame-mark"),
    pytest.param("ボルシャック・ドラゴン×3 st", [("card", BOLSHACK, 3)], id="times-count-then-st"),
    pytest.param("ナゾノカード4", [("unknown", None, 4)], id="unknown-name-glued-count-is-a-card"),
    pytest.param("4ナゾノカード st", [("unknown", None, 4)], id="unknown-name-count-before-and-note"),
    pytest.param(
        f"1×《{BOLSHACK}》 3×《{HAND}》 1×《{EARTH}》 |",
        [("card", BOLSHACK, 1), ("card", HAND, 3), ("card", EARTH, 1)],
        id="several-entries-on-one-line",
    ),
    pytest.param(
        f"1×《{BOLSHACK}》 4×《ナゾノカード》 2×《{HAND}》",
        [("card", BOLSHACK, 1), ("unknown", None, 4), ("card", HAND, 2)],
        id="several-entries-one-unknown",
    ),
    pytest.param(
        f"《{BOLSHACK}》×2 《{EARTH}》×4", [("card", BOLSHACK, 2), ("card", EARTH, 4)], id="several-entries-count-after"
    ),
    # A shop's table with the cost and the civilization before the name (`枚数 | コスト | 文明 | カード名 | 収録`).
    pytest.param(f"40 | 3 | 火 | 《{BOLSHACK}》 | DMR12 |", [("card", BOLSHACK, 40)], id="table-cost-civ-then-name"),
    pytest.param(f"4 | 3 | 火 | {HAND} | DMR12 |", [("card", HAND, 4)], id="table-cost-civ-then-bare-name"),
    pytest.param("4 | 3 | 火 | 《ナゾノカード》 | DMR12 |", [("unknown", None, 4)], id="table-cost-civ-unknown-name"),
    pytest.param(
        f"1×《{BOLSHACK}》(殿) 3×《{HAND}》 st 2×《{EARTH}》★",
        [("card", BOLSHACK, 1), ("card", HAND, 3), ("card", EARTH, 2)],
        id="several-entries-with-notes",
    ),
]


@pytest.mark.parametrize(("line", "expected"), LINES)
def test_a_line_with_a_count_is_a_card(resolver, line, expected):
    assert [entry[:3] for entry in entries(read(line, resolver))] == expected


NOT_CARDS = [
    pytest.param("①デッキレシピ", id="numbered-heading"),
    pytest.param("Code:1059について", id="no-count"),
    pytest.param("DMRP-04", id="set-code-ending-in-digits"),
    pytest.param("画像1", id="image-caption"),
    pytest.param("第4", id="short-word-with-a-digit"),
]


@pytest.mark.parametrize("line", NOT_CARDS)
def test_a_line_without_a_card_count_is_no_card(resolver, line):
    assert [row.status for row in read(line, resolver) if row.status != LineStatus.HEADING] in (
        [],
        [LineStatus.IGNORED],
    )


def zone_totals(rows) -> dict[str, int]:
    totals: dict[str, int] = {}
    for row in rows:
        if row.count is not None and row.zone is not None:
            totals[row.zone.value] = totals.get(row.zone.value, 0) + row.count
    return totals


# Where the cards of a list count, by zone.
ZONES = [
    pytest.param(
        f"デッキレシピ\n4 {BOLSHACK}\n4 {HAND}\n1 {GAGA}\n1 {GEO}\n",
        {"main": 8, "hyperspatial": 2},
        id="psychics-after-main-heading-without-blank-line",
    ),
    pytest.param(
        f"4 {BOLSHACK}\n1 {GAGA}\n4 {HAND}\n1 {GR_CARD}\n",
        {"main": 8, "hyperspatial": 1, "gr": 1},
        id="psychic-and-gr-mixed-into-the-main-block",
    ),
    pytest.param(
        f"| 枚数 | カード名 |\n| 4 | {BOLSHACK} |\n| 4 | {HAND} |\n"
        f"| 枚数 | サイキック |\n| 1 | {GAGA} |\n| 1 | {GEO} |\n| 1 | イオの伝道師ガ",
        {"main": 8, "hyperspatial": 3},
        id="cut-last-row-of-a-psychic-table",
    ),
    pytest.param(
        f"メイン\n4 {BOLSHACK}\n4 {HAND}\n\nサイキック 2\n1 {GAGA}\n1 タイタンの大地ジオ・ザ・マソ\n",
        {"main": 8, "hyperspatial": 2},
        id="unknown-line-among-psychics-under-a-group-heading",
    ),
    pytest.param(
        f"メイン\n4 {BOLSHACK}\n超次元\n1 {GAGA}\n1 {BOLSHACK}\n",
        {"main": 4, "hyperspatial": 2},
        id="under-a-hyperspatial-heading-the-written-zone-stands",
    ),
]


@pytest.mark.parametrize(("text", "totals"), ZONES)
def test_cards_count_in_their_zone(resolver, text, totals):
    assert zone_totals(read(text, resolver)) == totals


def test_the_reported_list_keeps_every_card(resolver):
    # The reported paste: every line a count-bearing card line, 40 main-deck cards in all, none ignored.
    lines = [f"{name}4" for name in ("スパイアル", "ケルベロック", "ランジャ")] + [
        "ランジャ4 st",
        "ケルベロック2 st",
        f"1×《{BOLSHACK}》 3×《{HAND}》 1×《{EARTH}》 |",
        f"4{BOLSHACK}",
        f"{HAND}×4",
        f"{EARTH} 4枚",
        "4ナゾノカード",
        "1 スパイアル (殿)",
    ]
    rows = read("\n".join(lines), resolver)
    assert [row.written for row in rows if row.status == LineStatus.IGNORED] == []
    assert zone_totals(rows) == {"main": 40}
