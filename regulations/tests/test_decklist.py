"""Decklist parsing: every text format, JSON input, and unreadable lines by number."""

import pytest

from dmrules.decklist import (
    Decklist,
    DecklistFormatError,
    DecklistLine,
    decklist_to_json,
    decklist_to_text,
    parse_json,
    parse_text,
)
from dmrules.vocabulary import DeckZone

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
]


@pytest.mark.parametrize(("header", "zone"), HEADERS)
def test_section_headers(header, zone):
    decklist = parse_text(f"4 before\n{header}\n2 after\n")
    assert decklist.errors == ()
    assert [(line.zone, line.card, line.line) for line in decklist.lines] == [(MAIN, "before", 1), (zone, "after", 3)]


UNREADABLE = [
    pytest.param("アクア・ハルカス", "no card count", id="no-count"),
    pytest.param("0 アクア・ハルカス", "at least 1", id="zero-count"),
    pytest.param("1000 アクア・ハルカス", "at most 999", id="huge-count"),
    pytest.param("# sideboard stuff", "unknown section", id="unknown-header"),
    pytest.param("《アクア・ハルカス》", "no card count", id="bracketed-without-count"),
]


@pytest.mark.parametrize(("text", "message"), UNREADABLE)
def test_unreadable_lines_are_reported_with_their_number(text, message):
    decklist = parse_text(f"4 fine\n\n{text}\n4 also fine\n")
    assert [line.card for line in decklist.lines] == ["fine", "also fine"]
    assert len(decklist.errors) == 1
    error = decklist.errors[0]
    assert (error.line, error.text) == (3, text)
    assert message in error.message


def test_every_unreadable_line_is_reported():
    decklist = parse_text("bad one\n4 good\nbad two\n// a comment\n\n0 bad three\n")
    assert [error.line for error in decklist.errors] == [1, 3, 6]
    assert [line.line for line in decklist.lines] == [2]


def test_blank_lines_and_comments_are_ignored():
    assert parse_text("\n\n   \n// note\n") == Decklist(lines=(), errors=())


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
    pytest.param({"main": [{"card": "A", "count": 0}]}, "'count'", id="zero-count"),
    pytest.param({"main": [{"card": "A", "count": "4"}]}, "'count'", id="string-count"),
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
