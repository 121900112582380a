"""Acceptance: real decklists from OCG tournament reports (tournament_lists.py, decklists/README.md) are read with
every line resolved and every card in its zone, in the counts the source states, and are judged against the official
list in force on the day of the event exactly as limits.json lists it: each card's status, each finding, the verdict.
"""

import pytest

from games.ygo.rules.decklist import read_decklist
from games.ygo.rules.legality import check_deck
from games.ygo.rules.vocabulary import DeckZone, LimitStatus, LineStatus, ViolationCode
from games.ygo.tests.tournament_lists import TOURNAMENT_LISTS

CASES = [pytest.param(item, id=item.id) for item in TOURNAMENT_LISTS]


def _record_in_force(records: list[dict], day: str) -> dict:
    return [record for record in records if record["effective"] <= day][-1]


def _allowed(record: dict) -> dict[int, int]:
    return {
        **{k: 2 for k in record["semi_limited"]},
        **{k: 1 for k in record["limited"]},
        **{k: 0 for k in record["forbidden"]},
    }


def test_there_are_three_real_tournament_lists_a_ydk_and_a_japanese_list():
    assert len(TOURNAMENT_LISTS) >= 3
    assert any(item.file.endswith(".ydk") for item in TOURNAMENT_LISTS)
    japanese = [item for item in TOURNAMENT_LISTS if item.file.endswith(".txt")]
    assert any("サイドデッキ" in item.path.read_text(encoding="utf-8") for item in japanese)
    for item in TOURNAMENT_LISTS:
        first = item.path.read_text(encoding="utf-8").splitlines()[0]
        assert first.lstrip("# ").startswith("source: https://")


@pytest.mark.parametrize("item", CASES)
def test_every_line_is_resolved_and_every_card_is_in_its_zone(catalogue, item):
    decklist = read_decklist(item.path.read_text(encoding="utf-8"), catalogue)
    assert decklist.source_format == ("ydk" if item.file.endswith(".ydk") else "text")
    assert decklist.unresolved == ()
    ignored = [line.text for line in decklist.lines if line.status == LineStatus.IGNORED]
    assert [text for text in ignored if not text.startswith("#")] == list(item.title)
    assert {zone.value: decklist.count(zone) for zone in DeckZone} == item.counts
    # Every card is in the zone its source put it in (the Main Deck may have no heading of its own), and Main and
    # Extra hold only cards of their own zone.
    for line in decklist.lines:
        if line.status != LineStatus.CARD:
            continue
        assert line.zone == (line.written_zone or DeckZone.MAIN), line.text
        if line.zone is not DeckZone.SIDE:
            assert line.card.deck_zone == line.zone, line.text


@pytest.mark.parametrize("item", CASES)
def test_judged_against_the_list_of_its_day_as_the_official_list_says(catalogue, limits, limit_records, item):
    decklist = read_decklist(item.path.read_text(encoding="utf-8"), catalogue)
    report = check_deck(decklist, as_of=item.day, limits=limits)
    record = _record_in_force(limit_records, item.day.isoformat())
    assert record["effective"] == item.list_effective
    assert report.limit_list.effective.isoformat() == item.list_effective

    # Each card's status on the list in force is the one the official list gives it.
    listed = {int(k): key for key in ("forbidden", "limited", "semi_limited") for k in record[key]}
    cards = {card.id: card for zone in DeckZone for card, _ in decklist.cards(zone)}
    for konami_id in cards:
        expected = LimitStatus(listed[konami_id]) if konami_id in listed else LimitStatus.UNLIMITED
        assert report.limit_list.status(konami_id) == expected, cards[konami_id].name

    # The findings are the cards played above what the list allows (copies of a name across the three zones).
    allowed = _allowed(record)
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
    assert (report.legal, report.violations, report.warnings) == (item.legal, (), ())
