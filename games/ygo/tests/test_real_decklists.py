"""Acceptance: real published .ydk files (decklists/README.md) import with every card in its zone and are judged
against the OCG list of their date; the Forbidden/Limited findings are checked against limits.json's entries."""

from datetime import date
from pathlib import Path

import pytest

from games.ygo.rules.decklist import read_text, read_ydk
from games.ygo.rules.legality import check_deck
from games.ygo.rules.vocabulary import DeckZone, LineStatus, ViolationCode

FILES = sorted((Path(__file__).parent / "decklists").glob("*.ydk"))
SECTION = {"#main": DeckZone.MAIN, "#extra": DeckZone.EXTRA, "!side": DeckZone.SIDE}


def _numbers_per_section(text: str) -> dict[DeckZone, list[int]]:
    """The file read the plainest way: the numbers under each heading."""
    out: dict[DeckZone, list[int]] = {zone: [] for zone in DeckZone}
    zone = DeckZone.MAIN
    for line in text.splitlines():
        line = line.strip()
        if line in SECTION:
            zone = SECTION[line]
        elif line.isdigit():
            out[zone].append(int(line))
    return out


def test_there_are_at_least_three_real_files():
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_real_ydk_imports_every_card_into_its_zone(catalogue, path):
    text = path.read_text(encoding="utf-8")
    decklist = read_ydk(text, catalogue)
    assert decklist.unresolved == ()
    assert decklist.lines[0].status == LineStatus.IGNORED and decklist.lines[0].text.startswith("#source: https://")
    numbers = _numbers_per_section(text)
    for zone in DeckZone:
        assert decklist.count(zone) == len(numbers[zone])
        read = sorted(line.card.id for line in decklist.lines if line.status == LineStatus.CARD and line.zone == zone)
        assert read == sorted(catalogue.by_password(n).id for n in numbers[zone])


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_real_ydk_judged_against_the_list_of_its_date(catalogue, limits, limit_records, path):
    decklist = read_ydk(path.read_text(encoding="utf-8"), catalogue)
    cards = {card.id: card for zone in DeckZone for card, _ in decklist.cards(zone)}
    assert all(not card.aliases for card in cards.values())  # so copies per name are copies per card below
    as_of = max(card.release_date for card in cards.values() if card.release_date)
    report = check_deck(decklist, as_of=as_of, limits=limits)

    record = [r for r in limit_records if r["effective"] <= as_of.isoformat()][-1]
    allowed = {
        **{k: 2 for k in record["semi_limited"]},
        **{k: 1 for k in record["limited"]},
        **{k: 0 for k in record["forbidden"]},
    }
    copies: dict[int, int] = {}
    for zone in DeckZone:
        for card, n in decklist.cards(zone):
            copies[card.id] = copies.get(card.id, 0) + n
    expected = sorted(
        ("FORBIDDEN" if allowed[k] == 0 else "LIMITED", k, n, allowed[k])
        for k, n in copies.items()
        if k in allowed and n > allowed[k]
    )
    listed_codes = (ViolationCode.FORBIDDEN, ViolationCode.LIMITED)
    found = sorted((str(v.code), v.cards[0].id, v.count, v.limit) for v in report.violations if v.code in listed_codes)
    assert found == expected
    assert report.limit_list.effective.isoformat() == record["effective"]
    # Nothing else: sizes, zones, 3 copies and the card pool hold on the deck's own date.
    assert [v.code for v in report.violations if v.code not in listed_codes] == []
    assert report.legal == (expected == [])


def test_the_starter_deck_is_legal_on_its_date(catalogue, limits):
    (path,) = [p for p in FILES if p.stem == "starter-deck-2014"]
    decklist = read_ydk(path.read_text(encoding="utf-8"), catalogue)
    as_of = max(card.release_date for zone in DeckZone for card, _ in decklist.cards(zone) if card.release_date)
    report = check_deck(decklist, as_of=as_of, limits=limits)
    assert (report.legal, report.counts) == (True, {"main": 40, "extra": 0, "side": 0})


# The names the 2009 list writes its own way (nicknames and misspellings of the time): reported, never dropped.
EXTRA_WIN_UNRESOLVED = {
    "Distractor": DeckZone.MAIN,
    "Gale Dora": DeckZone.MAIN,  # Gale Dogra
    "Cat of Ill Omen": DeckZone.MAIN,  # A Cat of Ill Omen
    "Giant Turnade": DeckZone.MAIN,  # Giant Trunade
    "Solemn Judgement": DeckZone.MAIN,  # Solemn Judgment
    "Air Hummingbird": DeckZone.SIDE,  # Neo-Spacian Air Hummingbird
    "Zero Guardna": DeckZone.SIDE,  # Zero Gardna
    "Frembell Urquizas": DeckZone.EXTRA,  # Flamvell Uruquizas
    "Arms Aid": DeckZone.EXTRA,
}


def test_real_ocg_text_list_of_2009(catalogue, limits, limit_records):
    text = (Path(__file__).parent / "decklists" / "extra-win-ocg-2009.txt").read_text(encoding="utf-8")
    decklist = read_text(text, catalogue)
    assert {z.value: decklist.count(z) for z in DeckZone} == {"main": 40, "extra": 5, "side": 15}
    assert {line.written: line.zone for line in decklist.unresolved} == EXTRA_WIN_UNRESOLVED
    assert [line.text for line in decklist.lines if line.status == LineStatus.HEADING] == ["Side :", "Extra :"]
    # Every card under "Extra :" is an Extra Deck monster, and none above the Side heading is.
    assert all(card.deck_zone == DeckZone.EXTRA for card, _ in decklist.cards(DeckZone.EXTRA))
    assert all(card.deck_zone == DeckZone.MAIN for card, _ in decklist.cards(DeckZone.MAIN))

    as_of = date(2009, 10, 20)  # the day it was published
    report = check_deck(decklist, as_of=as_of, limits=limits)
    unknown = sorted(v.cards[0].name for v in report.violations if v.code == ViolationCode.UNKNOWN_CARD)
    assert unknown == sorted(EXTRA_WIN_UNRESOLVED)
    _assert_the_listed_findings_are_the_lists(decklist, report, limit_records, as_of)


def test_real_ocg_text_list_of_2018_written_count_colon_name(catalogue, limits, limit_records):
    """A list written `2:焔征竜ーブラスター` (the count, a colon, the name; the long-vowel mark ー for the dash －)
    under ■モンスター(22枚) / ■魔法(12枚) / ■罠(6枚): every line a card, 40 in all, judged on the day it was posted."""
    text = (Path(__file__).parent / "decklists" / "dragon-rulers-2018.txt").read_text(encoding="utf-8")
    decklist = read_text(text, catalogue)
    card_lines = [line for line in decklist.lines if line.status == LineStatus.CARD]
    assert (len(card_lines), decklist.unresolved) == (25, ())
    assert {z.value: decklist.count(z) for z in DeckZone} == {"main": 40, "extra": 0, "side": 0}
    assert [line.text for line in decklist.lines if line.status == LineStatus.HEADING] == [
        "■モンスター(22枚)", "■魔法(12枚)", "■罠(6枚)"
    ]  # fmt: skip
    written = {line.written: line.card.name for line in card_lines if line.card is not None}
    assert written["焔征竜ーブラスター"] == "焔征竜－ブラスター"
    assert written["ドラグニティーコルセスカ"] == "ドラグニティ－コルセスカ"
    as_of = date(2018, 1, 16)  # the day it was posted
    report = check_deck(decklist, as_of=as_of, limits=limits)
    assert report.counts == {"main": 40, "extra": 0, "side": 0}
    _assert_the_listed_findings_are_the_lists(decklist, report, limit_records, as_of)
    assert report.violations  # the post plays a house list: under the official one some copies are over


def _assert_the_listed_findings_are_the_lists(decklist, report, limit_records, as_of: date) -> None:
    """The Forbidden and Limited findings are exactly the cards over the copies `limits.json`'s list in force on
    `as_of` allows (the data read directly, not through the rules' loader)."""
    record = [r for r in limit_records if r["effective"] <= as_of.isoformat()][-1]
    assert report.limit_list.effective.isoformat() == record["effective"]
    listed = {
        **{k: 2 for k in record["semi_limited"]},
        **{k: 1 for k in record["limited"]},
        **{k: 0 for k in record["forbidden"]},
    }
    copies: dict[int, int] = {}
    for zone in DeckZone:
        for card, n in decklist.cards(zone):
            copies[card.id] = copies.get(card.id, 0) + n
    over = sorted(k for k, n in copies.items() if k in listed and n > listed[k])
    assert (
        sorted(v.cards[0].id for v in report.violations if v.code in (ViolationCode.FORBIDDEN, ViolationCode.LIMITED))
        == over
    )
    assert {str(v.code) for v in report.violations} <= {"UNKNOWN_CARD", "FORBIDDEN", "LIMITED"}
