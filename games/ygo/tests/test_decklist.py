"""The decklist reader (.ydk and name lists: every line gets a status, zone and count) and the writers."""

from pathlib import Path

import pytest

from games.ygo.rules.decklist import (
    COUNTED_STATUSES,
    YdkLines,
    decklist_of,
    read_decklist,
    read_text,
    read_ydk,
    write_text,
    write_ydk,
)
from games.ygo.rules.vocabulary import DeckZone, LineStatus

MAIN, EXTRA, SIDE = DeckZone.MAIN, DeckZone.EXTRA, DeckZone.SIDE
CARD, HEADING, IGNORED, UNKNOWN, AMBIGUOUS = (
    LineStatus.CARD,
    LineStatus.HEADING,
    LineStatus.IGNORED,
    LineStatus.UNKNOWN,
    LineStatus.AMBIGUOUS,
)


def _lines(decklist):
    """(status, zone, count, English name or the written text) of every line."""
    return [
        (line.status, line.zone, line.count, line.card.name_en if line.card else line.written or None)
        for line in decklist.lines
    ]


YDK_CASES = [
    pytest.param(
        "#created by someone\n#main\n55144522\n55144522\n#extra\n86066372\n!side\n14558127\n",
        [
            (IGNORED, None, 0, None),
            (HEADING, MAIN, 0, None),
            (CARD, MAIN, 1, "Pot of Greed"),
            (CARD, MAIN, 1, "Pot of Greed"),
            (HEADING, EXTRA, 0, None),
            (CARD, EXTRA, 1, "Accesscode Talker"),
            (HEADING, SIDE, 0, None),
            (CARD, SIDE, 1, "Ash Blossom & Joyous Spring"),
        ],
        id="three-sections-and-created-by",
    ),
    pytest.param(
        "#main\r\n89631140\r\n27847700\r\n",
        [(HEADING, MAIN, 0, None), (CARD, MAIN, 1, "Blue-Eyes White Dragon"), (CARD, MAIN, 1, "Polymerization")],
        id="alternate-art-passwords-and-crlf",
    ),
    pytest.param(
        "#main\n99999999\n#extra\n12345\n",
        [
            (HEADING, MAIN, 0, None),
            (UNKNOWN, MAIN, 1, "99999999"),
            (HEADING, EXTRA, 0, None),
            (UNKNOWN, EXTRA, 1, "12345"),
        ],
        id="unknown-passwords-kept-in-their-zone",
    ),
    pytest.param(
        "#main\n05318639\n  \n#a comment\n",
        [(HEADING, MAIN, 0, None), (CARD, MAIN, 1, "Mystical Space Typhoon"), (IGNORED, None, 0, None)],
        id="leading-zero-blank-and-comment",
    ),
    pytest.param(
        "55144522\n86066372\n",
        [(CARD, MAIN, 1, "Pot of Greed"), (CARD, EXTRA, 1, "Accesscode Talker")],
        id="no-heading-zone-from-the-card",
    ),
    pytest.param(
        "#main\n86066372\n#extra\n55144522\n",
        [
            (HEADING, MAIN, 0, None),
            (CARD, MAIN, 1, "Accesscode Talker"),
            (HEADING, EXTRA, 0, None),
            (CARD, EXTRA, 1, "Pot of Greed"),
        ],
        id="written-zone-stands-under-a-heading",
    ),
]


@pytest.mark.parametrize("text, expected", YDK_CASES)
def test_ydk_reader(catalogue, text, expected):
    decklist = read_decklist(text, catalogue)
    assert decklist.source_format == "ydk"
    assert _lines(decklist) == expected


ASH = "Ash Blossom & Joyous Spring"
TEXT_CARD_CASES = [
    pytest.param("3 灰流うらら", (CARD, MAIN, 3, ASH), id="count-first"),
    pytest.param("灰流うらら x3", (CARD, MAIN, 3, ASH), id="name-x3"),
    pytest.param("灰流うらら ×2", (CARD, MAIN, 2, ASH), id="name-times-sign"),
    pytest.param("灰流うらら×2", (CARD, MAIN, 2, ASH), id="name-times-sign-glued"),
    pytest.param("灰流うらら×3枚", (CARD, MAIN, 3, ASH), id="name-times-sign-and-mai"),
    pytest.param("灰流うらら x 2 枚", (CARD, MAIN, 2, ASH), id="name-x-spaced-mai"),
    pytest.param("3x Ash Blossom & Joyous Spring", (CARD, MAIN, 3, ASH), id="3x-name"),
    pytest.param("灰流うらら 3枚", (CARD, MAIN, 3, ASH), id="name-3-mai"),
    pytest.param("灰流うらら　３枚", (CARD, MAIN, 3, ASH), id="full-width-digit-and-space"),
    pytest.param("《灰流うらら》 ２", (CARD, MAIN, 2, ASH), id="brackets-trailing-full-width-count"),
    pytest.param("- 《灰流うらら》3", (CARD, MAIN, 3, ASH), id="bullet-brackets-glued-count"),
    pytest.param("はるうらら", (CARD, MAIN, 1, ASH), id="reading-no-count"),
    pytest.param("3 灰流うらら (Ash Blossom)", (CARD, MAIN, 3, ASH), id="trailing-note-in-parentheses"),
    pytest.param("灰流うらら（はるうらら） ×3", (CARD, MAIN, 3, ASH), id="full-width-parentheses-note"),
    pytest.param("Harpie Lady 1", (CARD, MAIN, 1, "Harpie Lady 1"), id="digit-in-the-name"),
    pytest.param("2 Harpie Lady 1", (CARD, MAIN, 2, "Harpie Lady 1"), id="count-and-digit-in-the-name"),
    pytest.param("Accesscode Talker x1", (CARD, EXTRA, 1, "Accesscode Talker"), id="extra-monster-goes-to-extra"),
    pytest.param("3 No Such Card", (UNKNOWN, MAIN, 3, "No Such Card"), id="unknown-counted-name"),
    pytest.param("Black Luster Soldier", (AMBIGUOUS, MAIN, 1, "Black Luster Soldier"), id="ambiguous-name"),
    pytest.param("Deck by Taro", (IGNORED, None, 0, None), id="title-ignored"),
    pytest.param("// my notes", (IGNORED, None, 0, None), id="comment-ignored"),
    pytest.param("合計 40枚", (IGNORED, None, 0, None), id="total-ja-ignored"),
    pytest.param("総数[60]", (IGNORED, None, 0, None), id="total-bracketed-ignored"),
    pytest.param("Total: 40 cards", (IGNORED, None, 0, None), id="total-en-ignored"),
    # What published lists write (tests/decklists' sources and the pages behind games/ygo/README.md's real input).
    pytest.param("灰流うらら×2枚△", (CARD, MAIN, 2, ASH), id="a-mark-after-the-count"),
    pytest.param("灰流うらら×2(好み次第で1でもok)", (CARD, MAIN, 2, ASH), id="a-note-after-the-count"),
    pytest.param("灰流うらら×3 (new)", (CARD, MAIN, 3, ASH), id="a-spaced-note-after-the-count"),
    pytest.param("灰流うらら 3枚 ←", (CARD, MAIN, 3, ASH), id="an-arrow-after-the-count"),
    pytest.param("No Such Card×2枚△", (UNKNOWN, MAIN, 2, "No Such Card"), id="unknown-name-mark-after-the-count"),
    pytest.param("2:灰流うらら", (CARD, MAIN, 2, ASH), id="count-colon-name"),
    pytest.param("2 : 灰流うらら", (CARD, MAIN, 2, ASH), id="count-spaced-colon-name"),
    pytest.param("閃刀姫ーレイ ×1", (CARD, MAIN, 1, "Sky Striker Ace - Raye"), id="long-vowel-mark-for-the-dash"),
    pytest.param("Cards: 41", (IGNORED, None, 0, None), id="total-cards-colon-ignored"),
    pytest.param("CS優勝 2020", (IGNORED, None, 0, None), id="title-ending-in-a-year-ignored"),
    pytest.param("Shonen Jump Championship, February 2005", (IGNORED, None, 0, None), id="en-title-ending-in-a-year"),
]


@pytest.mark.parametrize("text, expected", TEXT_CARD_CASES)
def test_text_card_lines(catalogue, text, expected):
    decklist = read_text(text, catalogue)
    assert _lines(decklist) == [expected]


@pytest.mark.parametrize("text, expected", TEXT_CARD_CASES)
def test_a_remembered_line_reads_as_it_did(catalogue, text, expected):
    memo: dict = {}
    assert _lines(read_text(text, catalogue, memo=memo)) == [expected]
    assert list(memo) == [text.strip()]
    assert _lines(read_text(text, catalogue, memo=memo)) == [expected]  # from the memo


@pytest.mark.parametrize(
    ("first", "again", "expected"),
    [
        # The zone is the heading in force where the line is read again, never the one it was first read under.
        pytest.param("サイドデッキ\n3 灰流うらら", "3 灰流うらら", (CARD, MAIN, 3, ASH), id="no-heading-now"),
        pytest.param("3 灰流うらら", "サイドデッキ\n3 灰流うらら", (CARD, SIDE, 3, ASH), id="under-a-heading-now"),
        pytest.param(
            "エクストラデッキ\nAccesscode Talker",
            "Accesscode Talker",
            (CARD, EXTRA, 1, "Accesscode Talker"),
            id="its-own-zone-without-heading",
        ),  # fmt: skip
        pytest.param("3 No Such Card", "Side\n3 No Such Card", (UNKNOWN, SIDE, 3, "No Such Card"), id="unknown"),
    ],
)
def test_a_remembered_line_takes_the_zone_where_it_is_read_again(catalogue, first, again, expected):
    memo: dict = {}
    read_text(first, catalogue, memo=memo)
    assert _lines(read_text(again, catalogue, memo=memo))[-1] == expected


def test_a_remembered_line_with_a_count_no_deck_has_is_an_error_again(catalogue):
    memo: dict = {}
    for _ in range(2):
        decklist = read_text("1000 灰流うらら", catalogue, memo=memo)
        assert ([error.line for error in decklist.errors], decklist.lines) == ([1], ())


HEADING_CASES = [
    pytest.param("メインデッキ", MAIN, id="main-ja"),
    pytest.param("【メインデッキ】(40枚)", MAIN, id="main-ja-bracketed-count"),
    pytest.param("エクストラデッキ：15枚", EXTRA, id="extra-ja-colon-count"),
    pytest.param("サイドデッキ", SIDE, id="side-ja"),
    pytest.param("エキストラデッキ(15)", EXTRA, id="extra-ja-older-spelling"),
    pytest.param("融合デッキ", EXTRA, id="fusion-deck-ja-before-2008"),
    pytest.param("Fusion Deck:", EXTRA, id="fusion-deck-en"),
    pytest.param("Main", MAIN, id="main-en"),
    pytest.param("Main Deck (40)", MAIN, id="main-deck-count"),
    pytest.param("Extra Deck: 15", EXTRA, id="extra-deck-colon-count"),
    pytest.param("Side Deck [15]", SIDE, id="side-deck-square-count"),
    pytest.param("## Side", SIDE, id="markdown-side"),
    pytest.param("Monsters (18)", None, id="group-heading-monsters"),
    pytest.param("魔法カード（12枚）", None, id="group-heading-spells-ja"),
    pytest.param("☆モンスター(13枚)", None, id="starred-group-heading"),
    # The count first, as players write a category (issue 28): a heading, never a card line of unknown copies.
    pytest.param("12 Spells", None, id="group-heading-count-first-spells"),
    pytest.param("20 Monsters", None, id="group-heading-count-first-monsters"),
    pytest.param("8 Traps", None, id="group-heading-count-first-traps"),
    pytest.param("13 魔法", None, id="group-heading-count-first-ja"),
]


@pytest.mark.parametrize("text, zone", HEADING_CASES)
@pytest.mark.parametrize("memo", [None, {}], ids=["read", "remembered"])
def test_text_headings(catalogue, text, zone, memo):
    for _ in range(2):
        assert _lines(read_text(text, catalogue, memo=memo)) == [(HEADING, zone, 0, None)]


def test_text_zones_follow_headings_and_an_unheaded_block_infers_zones(catalogue):
    text = "\n".join(
        [
            "3 灰流うらら",
            "アクセスコード・トーカー",
            "サイドデッキ",
            "アクセスコード・トーカー",
            "エクストラデッキ",
            "強欲な壺",
        ]
    )
    decklist = read_text(text, catalogue)
    assert [(line.zone, line.count) for line in decklist.lines if line.status == CARD] == [
        (MAIN, 3),
        (EXTRA, 1),
        (SIDE, 1),
        (EXTRA, 1),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A table's count cell copied on a line of its own, the name on the next (an English deck profile's list).
        pytest.param(
            "1\nPot of Greed\n3\nMystical Space Typhoon",
            [
                (IGNORED, None, 0, None),
                (CARD, MAIN, 1, "Pot of Greed"),
                (IGNORED, None, 0, None),
                (CARD, MAIN, 3, "Mystical Space Typhoon"),
            ],
            id="count-then-name",
        ),  # fmt: skip
        # A count written on the name's line is that line's; a number no card count is (40) counts nothing.
        pytest.param(
            "3\nMystical Space Typhoon x2\n40\nPot of Greed",
            [
                (IGNORED, None, 0, None),
                (CARD, MAIN, 2, "Mystical Space Typhoon"),
                (IGNORED, None, 0, None),
                (CARD, MAIN, 1, "Pot of Greed"),
            ],
            id="own-count-wins-and-40-is-no-count",
        ),  # fmt: skip
        pytest.param(
            "3\n\n// note\nPot of Greed",
            [(IGNORED, None, 0, None), (IGNORED, None, 0, None), (CARD, MAIN, 1, "Pot of Greed")],
            id="a-line-between",
        ),  # fmt: skip
    ],
)
@pytest.mark.parametrize("memo", [None, {}], ids=["read", "remembered"])
def test_a_count_alone_on_its_line_is_the_next_names(catalogue, text, expected, memo):
    assert _lines(read_text(text, catalogue, memo=memo)) == expected


@pytest.mark.parametrize(
    ("text", "status", "count", "first"),
    [
        # Misspelt names of the real lists behind games/ygo/tests/decklists/README.md and their pages.
        pytest.param("ボルドヘッジホッグ×3", UNKNOWN, 3, "ボルト・ヘッジホッグ", id="counted-misspelt-name"),
        pytest.param("1×《ハーピィの羽根箒》", UNKNOWN, 1, "ハーピィの羽根帚", id="another-kanji"),
        pytest.param("Ash Blosom ×1", UNKNOWN, 1, "灰流うらら", id="english-misspelt-name"),
        pytest.param(
            "オッドアイズ・レボリューション・ドラゴン 3",
            UNKNOWN,
            3,
            "超天新龍オッドアイズ・レボリューション・ドラゴン",
            id="name-without-its-title",
        ),
        # Without a count: an unknown card line when the whole line is all but a card's name, else no card.
        pytest.param("閃著竜 スターダスト", UNKNOWN, 1, "閃珖竜 スターダスト", id="no-count-misspelt-name"),
        pytest.param("えん魔竜レッド・デーモン", UNKNOWN, 1, "琰魔竜 レッド・デーモン", id="no-count-kana-for-kanji"),
        pytest.param("関東CS優勝/ワイルドマン", IGNORED, 0, None, id="a-title-holding-a-name-part"),
        pytest.param("今回は征竜を紹介します", IGNORED, 0, None, id="prose"),
        pytest.param("Deck by Taro", IGNORED, 0, None, id="english-title"),
        pytest.param("3 No Such Card", UNKNOWN, 3, None, id="nothing-close"),
    ],
)
def test_an_unknown_line_offers_the_closest_card_names(catalogue, text, status, count, first):
    (line,) = read_text(text, catalogue).lines
    assert (line.status, line.count) == (status, count)
    assert (line.candidates[0].name if line.candidates else None) == first
    assert len(line.candidates) <= 3


def test_only_the_first_unknown_lines_of_a_list_are_given_names(catalogue):
    from games.ygo.rules.decklist import SUGGESTED_LINES

    text = "\n".join(f"{n % 3 + 1} ボルドヘッジホッグ{'ー' * n}" for n in range(SUGGESTED_LINES + 5))
    lines = read_text(text, catalogue).lines
    assert [bool(line.candidates) for line in lines] == [True] * SUGGESTED_LINES + [False] * 5


def test_copies_of_one_card_on_several_lines_are_summed(catalogue):
    decklist = read_text("2 灰流うらら\nAsh Blossom & Joyous Spring\n14558128", catalogue)
    assert [(card.name_en, n) for card, n in decklist.cards(MAIN)] == [(ASH, 3)]


def test_every_non_blank_line_is_reported(catalogue):
    text = "Title\n\nメインデッキ\n3 灰流うらら\n3 Unknown Thing\nBlack Luster Soldier\n"
    decklist = read_text(text, catalogue)
    assert [line.line for line in decklist.lines] == [1, 3, 4, 5, 6]
    assert decklist.count(MAIN) == 7  # unresolved lines still take their place


@pytest.mark.parametrize("language", ["ja", "en"])
def test_text_writer_round_trip(catalogue, language):
    source = read_ydk("#main\n14558127\n14558127\n55144522\n#extra\n86066372\n!side\n23434538\n", catalogue)
    again = read_text(write_text(source, language=language), catalogue)
    assert {z: [(c.id, n) for c, n in rows] for z, rows in again.zones.items()} == {
        z: [(c.id, n) for c, n in rows] for z, rows in source.zones.items()
    }
    assert not again.unresolved


def test_ydk_writer_round_trip_uses_printed_passwords_and_keeps_unknown_ones(catalogue):
    source = read_ydk("#main\n89631140\n99999999\n#extra\n86066372\n!side\n", catalogue)
    written = write_ydk(source)
    assert written.splitlines() == [
        "#created by deckbuilder",
        "#main",
        "89631139",
        "99999999",
        "#extra",
        "86066372",
        "!side",
    ]
    again = read_ydk(written, catalogue)
    assert [(c.id, n) for c, n in again.cards(MAIN)] == [(c.id, n) for c, n in source.cards(MAIN)]
    assert [line.written for line in again.unresolved] == ["99999999"]


@pytest.mark.parametrize(
    "text, written_zone, zone, moved",
    [
        pytest.param("アクセスコード・トーカー", None, "extra", True, id="no-heading-extra-monster-moved"),
        pytest.param("強欲な壺", None, "main", False, id="no-heading-main-card"),
        pytest.param("サイドデッキ\nアクセスコード・トーカー", "side", "side", False, id="under-a-heading"),
    ],
)
def test_line_json_has_the_duel_masters_line_shape(catalogue, text, written_zone, zone, moved):
    row = read_text(text, catalogue).lines[-1].as_dict()
    assert set(row) == {
        "line",
        "text",
        "written",
        "status",
        "count",
        "written_zone",
        "zone",
        "moved",
        "card",
        "candidates",
        "suggestions_skipped",
    }
    assert (row["written_zone"], row["zone"], row["moved"], row["status"]) == (written_zone, zone, moved, "card")
    assert set(row["card"]) == {"id", "name_ja", "name_en"}


@pytest.mark.parametrize(
    "text, source_format, first",
    [
        pytest.param("\ufeff#main\r\n89631139\r\n!side\r\n55144522\r\n", "ydk", (HEADING, MAIN, 0, None), id="ydk"),
        pytest.param("\ufeffメインデッキ\n3 灰流うらら\n", "text", (HEADING, MAIN, 0, None), id="text"),
    ],
)
def test_a_byte_order_mark_before_the_first_line_is_no_part_of_it(catalogue, text, source_format, first):
    decklist = read_decklist(text, catalogue)
    assert (decklist.source_format, _lines(decklist)[0], decklist.unresolved) == (source_format, first, ())
    assert decklist.lines[0].text in ("#main", "メインデッキ")


def test_a_side_heading_written_hash_side_is_the_side_deck(catalogue):
    decklist = read_decklist("#created by app\n#main\n89631139\n#extra\n86066372\n#side\n55144522\n", catalogue)
    assert {zone.value: decklist.count(zone) for zone in DeckZone} == {"main": 1, "extra": 1, "side": 1}
    assert write_ydk(decklist).splitlines()[-2:] == ["!side", "55144522"]


# The .ydk reader gathers the zones' cards and the unresolved lines as it reads: what decklist_of gathers from them.
YDK_GATHERED = [
    *[
        pytest.param(path.read_text(encoding="utf-8"), id=path.stem)
        for path in sorted((Path(__file__).parent / "decklists").glob("*.ydk"))
    ],
    pytest.param("89631140\n86066372\n89631140\n", id="no-heading-each-card-to-its-zone"),
    pytest.param("#main\n99999999\n89631140\n99999999\n#extra\n12345\n", id="unknown-passwords-kept-in-order"),
    pytest.param("#main\n86066372\n!side\n86066372\n86066372\n", id="extra-card-in-main-and-side"),
    pytest.param("#created by x\n#main\n\n  05318639 \n#a comment\n05318639\n", id="comments-and-blanks"),
    # What the reader counting each heading's lines at once (read_ydk) must read as the line-by-line reader does:
    pytest.param("#main\n89631139\n89631140\n55144522\n89631139\n", id="alternate-artwork-beside-the-printed"),
    pytest.param("#main\n55144522\n#extra\n86066372\n#main\n55144522\n89631139\n", id="a-heading-written-twice"),
    pytest.param("#MAIN\n55144522\n#Extra\n86066372\n!SIDE\n14558127\n", id="headings-in-capitals"),
    pytest.param("#main\n55144522\nnot a password\n55144522\n", id="a-line-neither-password-nor-comment"),
    pytest.param("!side\n14558127\n#main\n55144522\n#extra\n86066372\n", id="side-first"),
    pytest.param("#main\n55144522\n!side\n14558127\n#side\n14558127\n", id="both-side-headings"),
    pytest.param("55144522\n#main\n55144522\n", id="a-card-before-the-first-heading"),
    pytest.param("#main\n５５１４４５２２\n55144522\n", id="full-width-digits-ignored"),
    pytest.param("#main\n" + "55144522\n" * 1001, id="more-lines-than-read"),
]


@pytest.mark.parametrize("text", YDK_GATHERED)
def test_a_ydk_gathers_its_zones_as_decklist_of_does(catalogue, text):
    read = read_ydk(text, catalogue)
    assert read == decklist_of(list(read.lines), "ydk")


@pytest.mark.parametrize("text", YDK_GATHERED)
def test_a_ydk_line_counts_are_those_of_its_lines(catalogue, text):
    """The copies the core counts (line_counts, before any line is read) are its card lines' counts, read after."""
    read = read_ydk(text, catalogue)
    counts = list(read.line_counts)
    assert counts == [line.count for line in read.lines if line.status in COUNTED_STATUSES]


def test_a_ydk_of_known_passwords_is_checked_without_reading_its_lines(catalogue):
    read = read_ydk("#main\n55144522\n55144522\n#extra\n86066372\n!side\n14558127\n", catalogue)
    assert isinstance(read.lines, YdkLines) and read.lines.copies == 4
    assert read.lines._read is None  # the cards per zone and the copies were counted without a ReadLine
    assert [line.line for line in read.lines] == [1, 2, 3, 4, 5, 6, 7]  # then read, numbered as written


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("#main\n55144522\n99999999\n", id="an-unknown-password"),
        pytest.param("#main\n055144522\n", id="a-leading-zero"),
        pytest.param("#main\n55144522\n" * 2, id="a-heading-written-twice"),
    ],
)
def test_a_ydk_the_counting_cannot_read_is_read_line_by_line(catalogue, text):
    read = read_ydk(text, catalogue)
    assert isinstance(read.lines, tuple)
    assert read == decklist_of(list(read.lines), "ydk")
