"""Decklist parsing: every text format, JSON input, and unreadable lines by number."""

import pytest

from games.dm.rules.decklist import (
    MAX_COUNT,
    DecklistFormatError,
    DecklistLine,
    decklist_to_json,
    decklist_to_text,
    parse_json,
    parse_text,
)
from games.dm.rules.vocabulary import DeckZone, LineStatus

MAIN, HYPER, GR, CONSIDERING = DeckZone.MAIN, DeckZone.HYPERSPATIAL, DeckZone.GR, DeckZone.CONSIDERING

CARD_LINES = [
    pytest.param("4 ボルシャック・ドラゴン", ("ボルシャック・ドラゴン", 4), id="count-space-name"),
    pytest.param("4x ボルシャック・ドラゴン", ("ボルシャック・ドラゴン", 4), id="count-x-name"),
    pytest.param("4 x Bolshack Dragon", ("Bolshack Dragon", 4), id="count-space-x-name"),
    pytest.param("3× アクア・ハルカス", ("アクア・ハルカス", 3), id="count-times-name"),
    pytest.param("アクア・ハルカス x4", ("アクア・ハルカス", 4), id="name-x-count"),
    pytest.param("アクア・ハルカス ×4", ("アクア・ハルカス", 4), id="name-times-count"),
    pytest.param("アクア・ハルカス×2", ("アクア・ハルカス", 2), id="name-times-count-no-space"),
    pytest.param("アクア・ハルカス 4枚", ("アクア・ハルカス", 4), id="name-count-mai"),
    pytest.param("《アクア・ハルカス》 4枚", ("アクア・ハルカス", 4), id="bracketed-mai"),
    pytest.param("《アクア・ハルカス》×4", ("アクア・ハルカス", 4), id="bracketed-times"),
    pytest.param("アクア・ハルカス　４枚", ("アクア・ハルカス", 4), id="full-width-digit-and-space"),
    pytest.param("2 13番目の計画", ("13番目の計画", 2), id="name-starting-with-digits"),
    pytest.param("1 零獄王秘伝 ZERO×STRIKE", ("零獄王秘伝 ZERO×STRIKE", 1), id="name-containing-times"),
    pytest.param("4 1234", (1234, 4), id="card-id"),
    pytest.param("2 VV-8, Forbidden Machine", ("VV-8, Forbidden Machine", 2), id="english-with-digit"),
    pytest.param("4 */弐幻キューギョドリ/*", ("*/弐幻キューギョドリ/*", 4), id="name-starting-with-star"),
    pytest.param("4x */弐幻キューギョドリ/*", ("*/弐幻キューギョドリ/*", 4), id="count-x-name-starting-with-star"),
    pytest.param("4 xenoparts", ("xenoparts", 4), id="name-starting-with-x"),
    pytest.param("1 ♪2×2-4×5+17=1", ("♪2×2-4×5+17=1", 1), id="name-with-times-and-digits"),
    pytest.param("《♪2×2-4×5+17=1》 ×2", ("♪2×2-4×5+17=1", 2), id="bracketed-name-with-times"),
]


@pytest.mark.parametrize(("text", "expected"), CARD_LINES)
def test_card_line_formats(text, expected):
    decklist = parse_text(text)
    assert decklist.errors == ()
    assert [(line.card, line.count) for line in decklist.lines] == [expected]
    assert decklist.lines[0].zone == MAIN  # default section is the main deck
    assert decklist.lines[0].line == 1


HEADERS = [
    pytest.param("main", MAIN, id="main"),
    pytest.param("# main", MAIN, id="hash-main"),
    pytest.param("メイン", MAIN, id="ja-main"),
    pytest.param("デッキ:", MAIN, id="ja-deck-colon"),
    pytest.param("Main deck (40)", MAIN, id="main-deck-with-count"),
    pytest.param("hyperspatial", HYPER, id="hyperspatial"),
    pytest.param("超次元:", HYPER, id="ja-hyperspatial-colon"),
    pytest.param("＃超次元ゾーン（8枚）", HYPER, id="ja-hyperspatial-zone-full-width"),
    pytest.param("GR", GR, id="gr"),
    pytest.param("# 超GR", GR, id="ja-gr"),
    pytest.param("超ＧＲ：", GR, id="ja-gr-full-width"),
    pytest.param("considering", CONSIDERING, id="considering"),
    # デュエパーティー: the partner's own heading.
    pytest.param("パートナー", DeckZone.PARTNER, id="ja-partner"),
    pytest.param("【パートナー】", DeckZone.PARTNER, id="ja-partner-bracketed"),
    pytest.param("Partner:", DeckZone.PARTNER, id="partner-colon"),
    pytest.param("# パートナーゾーン（1枚）", DeckZone.PARTNER, id="ja-partner-zone-with-count"),
]


@pytest.mark.parametrize(("header", "zone"), HEADERS)
def test_section_headers(header, zone):
    decklist = parse_text(f"4 before\n{header}\n2 after\n")
    assert decklist.errors == ()
    assert [(line.zone, line.card, line.line) for line in decklist.lines] == [(MAIN, "before", 1), (zone, "after", 3)]


# Lines that are not cards: each is kept as a note with its status, never an error, never a card.
NOT_CARDS = [
    pytest.param("アクア・ハルカス", LineStatus.IGNORED, id="name-without-count"),
    pytest.param("# sideboard stuff", LineStatus.IGNORED, id="unknown-hash-header"),
    pytest.param("『赤単ブランド』", LineStatus.IGNORED, id="title-in-quotes"),
    pytest.param("【赤単ブランド】", LineStatus.IGNORED, id="title-in-lenticular-brackets"),
    pytest.param("■デッキレシピ : 赤白ドラグナー", LineStatus.IGNORED, id="title-with-square"),
    pytest.param("デッキ名: 赤単", LineStatus.IGNORED, id="deck-name-line"),
    pytest.param("数 | カード名 | コスト | 種類 | 文明 |", LineStatus.IGNORED, id="table-header-row"),
    pytest.param("---|---|---|---|", LineStatus.IGNORED, id="table-rule"),
    pytest.param("// a comment", LineStatus.IGNORED, id="comment"),
    pytest.param("火文明*16", LineStatus.HEADING, id="group-civilization-star-count"),
    pytest.param("クリーチャー 29", LineStatus.HEADING, id="group-creatures-count"),
    pytest.param("‐クリーチャー*16", LineStatus.HEADING, id="group-nested-under-a-dash"),
    pytest.param("‐‐クリーチャー*8", LineStatus.HEADING, id="group-nested-under-two-dashes"),
    pytest.param("多文明*8", LineStatus.HEADING, id="group-multicolored-star-count"),
    pytest.param("ゼロ文明*4", LineStatus.HEADING, id="group-zero-civilization"),
    pytest.param("‐火・自然*8", LineStatus.HEADING, id="group-civilization-pair"),
    pytest.param("光 35枚", LineStatus.HEADING, id="group-light-mai"),
    pytest.param("11 ツインパクト", LineStatus.HEADING, id="group-count-first"),
    pytest.param("呪文40枚", LineStatus.HEADING, id="group-count-glued-mai"),
    pytest.param("Darkness [20]", LineStatus.HEADING, id="group-english-civilization-bracketed-count"),
    # Category headings with a count, as published (issue 28): 「 13 呪文その他」 from an official coverage page's list
    # (as the issue quotes it, with its leading space), 「14 クリーチャー」 and "12 Spells" as players write them.
    pytest.param(" 13 呪文その他", LineStatus.HEADING, id="group-words-run-together-count-first"),
    pytest.param("13 呪文・その他", LineStatus.HEADING, id="group-words-joined-count-first"),
    pytest.param("14 クリーチャー", LineStatus.HEADING, id="group-creatures-count-first"),
    pytest.param("12 Spells", LineStatus.HEADING, id="group-english-spells-count-first"),
    pytest.param("Total: 40", LineStatus.IGNORED, id="total-line"),
    pytest.param("合計40枚", LineStatus.IGNORED, id="ja-total-line"),
    pytest.param("7 3 |", LineStatus.IGNORED, id="table-cell-of-numbers-only"),
]


@pytest.mark.parametrize(("text", "status"), NOT_CARDS)
def test_lines_that_are_not_cards_get_a_status(text, status):
    decklist = parse_text(f"4 fine\n\n{text}\n4 also fine\n")
    assert [line.card for line in decklist.lines] == ["fine", "also fine"]
    assert decklist.errors == ()
    assert [(note.line, note.text, note.status) for note in decklist.notes] == [(3, text.strip(), status)]


COUNT_ERRORS = [
    pytest.param("0 アクア・ハルカス", id="zero-count"),
    pytest.param("1000 アクア・ハルカス", id="huge-count"),
]


@pytest.mark.parametrize("text", COUNT_ERRORS)
def test_counts_out_of_range_are_reported_with_their_number(text):
    decklist = parse_text(f"4 fine\n\n{text}\n")
    assert [line.card for line in decklist.lines] == ["fine"]
    assert [(error.line, error.text) for error in decklist.errors] == [(3, text)]
    assert f"1 to {MAX_COUNT}" in decklist.errors[0].message


def test_blank_lines_are_skipped_and_comments_noted():
    decklist = parse_text("\n\n   \n// note\n")
    assert (decklist.lines, decklist.errors) == ((), ())
    assert [(note.line, note.status) for note in decklist.notes] == [(4, LineStatus.IGNORED)]


PUBLISHED_LAYOUTS = [
    pytest.param("×4 アクア・ハルカス", ("アクア・ハルカス", 4), id="times-count-first"),
    pytest.param("アクア・ハルカス*4", ("アクア・ハルカス", 4), id="name-star-count"),
    pytest.param("アクア・ハルカス 4", ("アクア・ハルカス", 4), id="name-space-count"),
    pytest.param("アクア・ハルカス4枚", ("アクア・ハルカス", 4), id="name-count-mai-glued"),
    pytest.param("4枚 アクア・ハルカス", ("アクア・ハルカス", 4), id="count-mai-name"),
    pytest.param("アクア・ハルカス【3枚】", ("アクア・ハルカス", 3), id="name-lenticular-count"),
    pytest.param("- アクア・ハルカス (4)", ("アクア・ハルカス", 4), id="bullet-name-parenthesised-count"),
    pytest.param("4×《アクア・ハルカス", ("アクア・ハルカス", 4), id="unbalanced-bracket"),
    pytest.param("4 x 《アクア・ハルカス", ("アクア・ハルカス", 4), id="count-x-unbalanced-bracket"),
    pytest.param("≪アクア・ハルカス≫×4", ("アクア・ハルカス", 4), id="double-angle-brackets"),
    pytest.param("4 アクア・ハルカス 3 クリ 序盤に出す", ("アクア・ハルカス", 4), id="deck-site-row-with-comment"),
    pytest.param("4 | アクア・ハルカス | 3 | クリ | 水 | |", ("アクア・ハルカス", 4), id="table-row"),
    pytest.param("  4x アクア・ハルカス  | ", ("アクア・ハルカス", 4), id="table-cell-on-its-own-line"),
    pytest.param("| 2 アクア・ハルカス |", ("アクア・ハルカス", 2), id="table-cell-between-rules"),
    pytest.param("4: Bronze-Arm Tribe", ("Bronze-Arm Tribe", 4), id="count-colon-name"),
    pytest.param("・アクア・ハルカス 1枚(殿堂カード)", ("アクア・ハルカス", 1), id="bullet-name-count-mai-note"),
    pytest.param("アクア・ハルカス ×1 (殿)", ("アクア・ハルカス", 1), id="name-times-count-note"),
]


@pytest.mark.parametrize(("text", "expected"), PUBLISHED_LAYOUTS)
def test_published_layouts_without_the_catalogue(text, expected):
    decklist = parse_text(text)
    assert [(line.card, line.count) for line in decklist.lines] == [expected]


# Brackets around a name go; brackets that are part of it stay (`〈BOOON・スカイ〉`, `<5000GT.Star>`): cut, the name
# would fold into another card's (`アクア・ジェット＜BOOON・スカイ＞` is another record).
BRACKETS = [
    pytest.param("4 アクア・ジェット〈BOOON・スカイ〉", "アクア・ジェット〈BOOON・スカイ〉", id="own-angle-brackets"),
    pytest.param(
        "4 アクア・ジェット＜BOOON・スカイ＞", "アクア・ジェット<BOOON・スカイ>", id="own-full-width-less-greater"
    ),
    pytest.param(
        "《アクア・ジェット〈BOOON・スカイ〉》 ×4", "アクア・ジェット〈BOOON・スカイ〉", id="own-brackets-inside-quotes"
    ),
    pytest.param("4x <BAKUOOON <5000GT.Star>>", "BAKUOOON <5000GT.Star>", id="own-brackets-inside-same-kind"),
    pytest.param(
        "アクア・ジェット〈BOOON・スカイ〉×4", "アクア・ジェット〈BOOON・スカイ〉", id="own-brackets-count-after"
    ),
    pytest.param("4 帝王坂∞＜…………！＞", "帝王坂∞<............!>", id="own-brackets-punctuation"),
    pytest.param(
        "4×《アクア・ジェット〈BOOON・スカイ〉", "アクア・ジェット〈BOOON・スカイ〉", id="unbalanced-open-quote"
    ),
    pytest.param("4 アクア・ハルカス》", "アクア・ハルカス", id="stray-closing-quote"),
    pytest.param("4 <<アクア・ハルカス>>", "アクア・ハルカス", id="doubled-brackets"),
    pytest.param(
        "4 アクア・ジェット〈BOOON・スカイ〉〉", "アクア・ジェット〈BOOON・スカイ〉", id="one-closing-too-many"
    ),
]


@pytest.mark.parametrize(("text", "name"), BRACKETS)
def test_brackets_that_are_part_of_a_name_are_kept(text, name):
    decklist = parse_text(text)
    assert [(line.card, line.count) for line in decklist.lines] == [(name, 4)]


@pytest.mark.parametrize(
    ("card", "name"),
    [
        pytest.param("アクア・ジェット＜BOOON・スカイ＞", "アクア・ジェット＜BOOON・スカイ＞", id="own-brackets"),
        pytest.param(
            "《アクア・ジェット〈BOOON・スカイ〉》", "アクア・ジェット〈BOOON・スカイ〉", id="quoted-own-brackets"
        ),
    ],
)
def test_json_names_keep_their_own_brackets(card, name):
    assert [line.card for line in parse_json({"main": [{"card": card, "count": 1}]}).lines] == [name]


# A line that looks like a table row or a title but names a card (`|` and `Author` are parts of these names).
AUTHOR_SPELL = 'Author-Unknown-Machine/"Magical", Water Summon Spell'
KNOWN_LOOKALIKES = {"神聖十二神騎:||", AUTHOR_SPELL, "アクア・ハルカス"}
LOOKALIKE_LINES = [
    pytest.param("4 神聖十二神騎:||", ("神聖十二神騎:||", 4), id="name-ending-in-bars"),
    pytest.param("《神聖十二神騎:||》 ×4", ("神聖十二神騎:||", 4), id="name-ending-in-bars-count-after"),
    pytest.param(f"{AUTHOR_SPELL} ×4", (AUTHOR_SPELL, 4), id="name-starting-with-author"),
    pytest.param("Author: someone 2", None, id="title-line-still-a-title"),
    pytest.param("4 | アクア・ハルカス | 3 | クリ | 水 | |", ("アクア・ハルカス", 4), id="table-row-still-a-table-row"),
]


@pytest.mark.parametrize(("text", "expected"), LOOKALIKE_LINES)
def test_a_known_name_is_read_whatever_it_looks_like(text, expected):
    known = lambda name: name if name in KNOWN_LOOKALIKES else None  # noqa: E731
    decklist = parse_text(text, identify=known, identify_whole=known)
    assert [(line.card, line.count) for line in decklist.lines] == ([expected] if expected else [])


# Where a name ends and a comment begins: only a whole name cuts the line, never a part of another card's name.
WHOLE = {"アクア・ハルカス", "Crystal Lancer"}
PART = {"Crystal"}  # the part after a title of a card the catalogue knows (`Faerie Crystal`)
NAME_CUTS = [
    pytest.param("4 アクア・ハルカス 序盤に出す", ("アクア・ハルカス", 4), id="whole-name-then-comment"),
    pytest.param("2x Crystal Paladin", ("Crystal Paladin", 2), id="unknown-name-starting-with-a-part"),
    pytest.param("2x Crystal Lancer", ("Crystal Lancer", 2), id="whole-name"),
]


@pytest.mark.parametrize(("text", "expected"), NAME_CUTS)
def test_a_comment_is_cut_at_a_whole_name_only(text, expected):
    decklist = parse_text(
        text,
        identify=lambda name: name if name in WHOLE | PART else None,
        identify_whole=lambda name: name if name in WHOLE else None,
    )
    assert [(line.card, line.count) for line in decklist.lines] == [expected]


JSON_CASES = [
    pytest.param(
        {"main": [{"card": "A", "count": 4}], "hyperspatial": [{"card": 17, "count": 2}], "gr": [{"card": "G"}]},
        [(MAIN, "A", 4), (HYPER, 17, 2), (GR, "G", 1)],
        id="zones-ids-default-count",
    ),
    pytest.param({"main": [{"card": "42", "count": 1}]}, [(MAIN, 42, 1)], id="digit-string-is-id"),
    pytest.param({"considering": [{"card": "C", "count": 1}]}, [(CONSIDERING, "C", 1)], id="considering"),
    pytest.param({}, [], id="empty"),
]


@pytest.mark.parametrize(("data", "expected"), JSON_CASES)
def test_parse_json(data, expected):
    decklist = parse_json(data)
    assert decklist.errors == ()
    assert [(line.zone, line.card, line.count) for line in decklist.lines] == expected


JSON_ENTRY_ERRORS = [
    pytest.param({"main": [{"card": "", "count": 1}]}, "'card'", id="empty-name"),
    pytest.param({"main": [{"card": None, "count": 1}]}, "'card'", id="null-card"),
    pytest.param({"main": [{"card": True, "count": 1}]}, "'card'", id="bool-card"),
    pytest.param({"main": [{"card": "A", "count": 0}]}, "the count", id="zero-count"),
    pytest.param({"main": [{"card": "A", "count": "4"}]}, "the count", id="string-count"),
    pytest.param({"main": ["A"]}, "object", id="entry-not-object"),
]


@pytest.mark.parametrize(("data", "message"), JSON_ENTRY_ERRORS)
def test_parse_json_entry_errors(data, message):
    decklist = parse_json(data)
    assert decklist.lines == ()
    assert len(decklist.errors) == 1 and message in decklist.errors[0].message
    assert decklist.errors[0].line == 1


@pytest.mark.parametrize(
    "data",
    [
        pytest.param([], id="not-an-object"),
        pytest.param({"side": []}, id="unknown-zone"),
        pytest.param({"main": {}}, id="zone-not-list"),
    ],
)
def test_parse_json_structure_errors(data):
    with pytest.raises(DecklistFormatError):
        parse_json(data)


def test_text_and_json_round_trip():
    original = parse_text("4 A\n2 1234\n# hyperspatial\n1 P\n# gr\n2 G\n")
    again = parse_text(decklist_to_text(original))
    assert [(x.zone, x.card, x.count) for x in again.lines] == [(x.zone, x.card, x.count) for x in original.lines]
    assert parse_json(decklist_to_json(original)).lines == tuple(
        DecklistLine(zone=x.zone, card=x.card, count=x.count, line=None) for x in original.lines
    )


# With the catalogue, `<count> <known name>` is a card line at once; a heading or group word stays a heading even
# when the catalogue also knows it (a nickname, a card named like a civilization).
KNOWN_TOO = {"アクア・ハルカス", "超次元", "ツインパクト", "光"}
COUNT_FIRST = [
    pytest.param("4 アクア・ハルカス", [("アクア・ハルカス", 4)], [], id="count-known-name"),
    pytest.param("8 超次元", [], [(1, LineStatus.HEADING)], id="count-zone-word"),
    pytest.param("11 ツインパクト", [], [(1, LineStatus.HEADING)], id="count-group-word"),
    pytest.param("35 光", [], [(1, LineStatus.HEADING)], id="count-civilization"),
    pytest.param("13 呪文その他", [], [(1, LineStatus.HEADING)], id="count-group-words-run-together"),
]


@pytest.mark.parametrize(("text", "cards", "notes"), COUNT_FIRST)
def test_count_first_lines_with_the_catalogue(text, cards, notes):
    decklist = parse_text(text, identify=lambda name: name if name in KNOWN_TOO else None)
    assert [(line.card, line.count) for line in decklist.lines] == cards
    assert [(note.line, note.status) for note in decklist.notes] == notes


# Table rows read with the catalogue: a row's other name cells are other entries only when they name another card.
TABLE_IDS = {
    "勝利のプリンプリン": 1,
    "勝利のガイアール・カイザー": 2,
    "唯我独尊ガイアール・オレドラゴン": (1, 2),  # the back face both share: an ambiguous name
    "時空の英雄アンタッチャブル": 3,
    "変幻の覚醒者アンタッチャブル・パワード": 3,
    "アクア・ハルカス": 4,
    "アクア・ガード": 5,
}
TABLE_ROWS = [
    pytest.param(
        "1 | 勝利のプリンプリン | 5 | 唯我独尊ガイアール・オレドラゴン | 30 | |||||",
        [("勝利のプリンプリン", 1)],
        id="psychic-row-with-a-shared-back-face",
    ),
    pytest.param(
        "2 | 時空の英雄アンタッチャブル | 2 | 変幻の覚醒者アンタッチャブル・パワード | 7 |",
        [("時空の英雄アンタッチャブル", 2)],
        id="psychic-row-with-its-back-face",
    ),
    pytest.param(
        "4 | アクア・ハルカス | 2 | アクア・ガード",
        [("アクア・ハルカス", 4), ("アクア・ガード", 2)],
        id="two-entries-flattened",
    ),
]


@pytest.mark.parametrize(("text", "cards"), TABLE_ROWS)
def test_table_rows_with_the_catalogue(text, cards):
    decklist = parse_text(text, identify=TABLE_IDS.get)
    assert [(line.card, line.count) for line in decklist.lines] == cards


# A space-separated table whose header row puts the count column after the name column (an official site's table).
HEADER = "文明 カード名 種類 コスト 枚数 種族 レアリティ"
COLUMN_TABLES = [
    pytest.param(
        f"{HEADER}\nアクア・ハルカス クリーチャー 3 3 リキッド・ピープル C\n"
        "アクア・ガード クリーチャー 1 2 リキッド・ピープル C",
        [("アクア・ハルカス", 3), ("アクア・ガード", 2)],
        id="count-column-after-the-name",
    ),
    pytest.param("アクア・ハルカス クリーチャー 3 3 リキッド・ピープル C", [], id="no-header-no-count-column"),
    pytest.param(
        f"{HEADER}\n\nアクア・ハルカス クリーチャー 3 3 リキッド・ピープル C", [], id="a-blank-line-ends-the-table"
    ),
    pytest.param(
        f"{HEADER}\n未知のカード クリーチャー 3 3 リキッド・ピープル C", [], id="an-unknown-name-is-not-a-row"
    ),
]


@pytest.mark.parametrize(("text", "cards"), COLUMN_TABLES)
def test_space_separated_tables_with_a_count_column(text, cards):
    decklist = parse_text(text, identify=TABLE_IDS.get)
    assert [(line.card, line.count) for line in decklist.lines] == cards


# A line read from the memo (a batch repeats lines) reads as it did the first time, in its own place: the zone of
# the heading above it, a heading switching the zone, the zone inferred after a blank line.
MEMO_TEXTS = [
    pytest.param("4 アクア・ハルカス\n超次元\n4 アクア・ハルカス\n", id="same-line-under-another-heading"),
    pytest.param(
        "超次元\n4 アクア・ハルカス\n\n4 アクア・ハルカス\nメイン\n4 アクア・ハルカス\n", id="blank-line-and-headings"
    ),
    pytest.param("8 超次元\n4 アクア・ハルカス\n11 ツインパクト\n4 アクア・ハルカス\n", id="headings-with-counts"),
    pytest.param(
        "4枚\nアクア・ハルカス\n4 アクア・ハルカス\nアクア・ハルカス\n", id="group-count-ended-by-a-card-line"
    ),
    pytest.param("0 アクア・ハルカス\n4 アクア・ハルカス\n0 アクア・ハルカス\n", id="count-errors-are-not-remembered"),
]


@pytest.mark.parametrize("text", MEMO_TEXTS)
def test_remembered_lines_read_as_the_first_time(text):
    identify = lambda name: name if name in KNOWN_TOO else None  # noqa: E731
    fresh = parse_text(text, identify=identify)
    memo: dict = {}
    first = parse_text(text, identify=identify, memo=memo)
    again = parse_text(text, identify=identify, memo=memo)
    assert memo  # something was remembered
    assert first == fresh and again == fresh
