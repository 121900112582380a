"""The reader, one table row per layout players publish; the writer round trip. Cards come from the hand-made
catalogue (fixtures.py), where each card exists for one case."""

import unicodedata

import pytest

from games.dbs.rules import decklist as reader
from games.dbs.rules.cards import _DASHES, fold_number
from games.dbs.rules.decklist import _INVISIBLE, DecklistTooLong, _clean, read_decklist, write_decklist
from games.dbs.rules.vocabulary import LineStatus, Zone

CARD, HEADING, IGNORED = LineStatus.CARD, LineStatus.HEADING, LineStatus.IGNORED
UNKNOWN, AMBIGUOUS = LineStatus.UNKNOWN, LineStatus.AMBIGUOUS
LEADER, MAIN, Z, SIDE = Zone.LEADER, Zone.MAIN, Zone.Z, Zone.SIDE

# (the list, then for its LAST line: status, zone, count, base card number)
LAYOUTS = [
    pytest.param("4 Filler BT9-001 [BT9-001]", CARD, MAIN, 4, "BT9-001", id="count-name-[number]"),
    pytest.param("4x BT9-001", CARD, MAIN, 4, "BT9-001", id="4x-number"),
    pytest.param("4 x BT9-001", CARD, MAIN, 4, "BT9-001", id="4-x-number"),
    pytest.param("x4 BT9-001", CARD, MAIN, 4, "BT9-001", id="x4-number"),
    pytest.param("BT9-001 x4", CARD, MAIN, 4, "BT9-001", id="number-x4"),
    pytest.param("BT9-001 ×3", CARD, MAIN, 3, "BT9-001", id="number-times-sign"),
    pytest.param("BT9-001 (2)", CARD, MAIN, 2, "BT9-001", id="number-(count)"),
    pytest.param("BT9-001 4", CARD, MAIN, 4, "BT9-001", id="number-space-count"),
    pytest.param("bt9-001 x4", CARD, MAIN, 4, "BT9-001", id="lower-case-number"),
    pytest.param("４ ＢＴ9－001", CARD, MAIN, 4, "BT9-001", id="full-width"),
    pytest.param("4 BT1-080_PR", CARD, MAIN, 4, "BT1-080", id="listed-variant-folded-to-base"),
    pytest.param("4 BT1-080_GDR", CARD, MAIN, 4, "BT1-080", id="unlisted-printing-suffix-folded"),
    pytest.param("2 EX1-01", CARD, MAIN, 2, "EX01-01", id="source-spelling-of-a-number"),
    pytest.param("Main Deck\n3 Kamehameha", CARD, MAIN, 3, "BT1-080", id="name-under-heading"),
    pytest.param("3 kamehameha!", CARD, MAIN, 3, "BT1-080", id="name-case-and-punctuation-folded"),
    pytest.param("2 SS Rose Goku Black", CARD, MAIN, 2, "BT29-088", id="name-without-the-data's-accent"),
    pytest.param("3 Kaméhameha", CARD, MAIN, 3, "BT1-080", id="name-with-an-accent-the-data-lacks"),
    pytest.param("2 Android 17", CARD, MAIN, 2, "BT1-051", id="count-and-name-ending-in-a-digit"),
    pytest.param("Main Deck\nAndroid 17", CARD, MAIN, 1, "BT1-051", id="name-ending-in-a-digit-no-count"),
    pytest.param("7 Shadow Dragons Assembled", CARD, MAIN, 1, "BT25-104", id="name-beginning-with-a-number"),
    pytest.param("Son Goku // SS Son Goku, Awakened [BT1-001]", CARD, LEADER, 1, "BT1-001", id="leader-line"),
    pytest.param("Son Goku // Son Goku, Kaioken", CARD, LEADER, 1, "BT4-001", id="leader-by-front-and-back"),
    pytest.param("Main Deck\nSon Goku // SS Son Goku, Awakened", CARD, LEADER, 1, "BT1-001", id="leader-line-in-main"),
    pytest.param("Leader: Vegeta // SS Vegeta, Pride", CARD, LEADER, 1, "BT1-002", id="inline-leader"),
    pytest.param("Leader\nSS Vegeta, Pride", CARD, LEADER, 1, "BT1-002", id="leader-by-back-name"),
    pytest.param("Leader\nSon Goku", AMBIGUOUS, LEADER, 1, None, id="leader-front-name-of-two-leaders"),
    pytest.param("BT18-010", CARD, Z, 1, "BT18-010", id="z-card-without-heading-goes-to-z"),
    pytest.param("Z-Deck\n2 Shared Name", CARD, Z, 2, "BT18-012", id="name-narrowed-by-z-heading"),
    pytest.param("2 Twin Name", AMBIGUOUS, MAIN, 2, None, id="name-under-two-numbers"),
    pytest.param("3 Kamehamaha", UNKNOWN, MAIN, 3, None, id="misspelt-name"),
    pytest.param("2 BT99-999", UNKNOWN, MAIN, 2, None, id="unknown-number"),
    pytest.param("100000123", UNKNOWN, MAIN, 1, None, id="simulator-id"),
    pytest.param("3 100000123", UNKNOWN, MAIN, 3, None, id="count-and-simulator-id"),
    pytest.param("Main Deck (60)", HEADING, MAIN, 60, None, id="heading-with-count"),
    pytest.param("Main Deck: 50", HEADING, MAIN, 50, None, id="heading-colon-count"),
    pytest.param("Z-Deck (7)", HEADING, Z, 7, None, id="z-heading"),
    pytest.param("Z Deck", HEADING, Z, None, None, id="z-heading-spaced"),
    pytest.param("Side Deck - 15", HEADING, SIDE, 15, None, id="side-heading-dash-count"),
    pytest.param("Sideboard", HEADING, SIDE, None, None, id="sideboard"),
    pytest.param("== Leader ==", HEADING, LEADER, None, None, id="decorated-leader-heading"),
    pytest.param("_____Z Deck_____", HEADING, Z, None, None, id="deckplanet-export-rule"),
    pytest.param(
        "_____Side Deck_____\n2 Kamehameha_PR [BT1-080]", CARD, SIDE, 2, "BT1-080", id="deckplanet-suffixed-name"
    ),
    # untap.in's export: `//play-1` (the leader, in play at the start), `//deck-1`, `//sideboard-1`; numbers in
    # lower case in brackets, a note in brackets where the writer had no number.
    pytest.param("//play-1\n1 Son Goku (bt1-001)", CARD, LEADER, 1, "BT1-001", id="untap-play-section-leader"),
    pytest.param("//deck-1", HEADING, MAIN, None, None, id="untap-deck-section"),
    pytest.param("//sideboard-1\n2 Kamehameha (bt1-080_spr)", CARD, SIDE, 2, "BT1-080", id="untap-sideboard"),
    pytest.param("//deck-1\n1 Android 17 (set 01)", CARD, MAIN, 1, "BT1-051", id="name-with-a-note-in-brackets"),
    pytest.param("//deck-1\n2 Kamehameha (special)", CARD, MAIN, 2, "BT1-080", id="name-with-a-word-note"),
    pytest.param("Battle (40)", HEADING, None, 40, None, id="group-heading"),
    # The count first, as players write a category (issue 28): a heading, never a card line of 40 unknown copies.
    pytest.param("40 Battle", HEADING, None, 40, None, id="group-heading-count-first"),
    pytest.param("10 Extra", HEADING, None, 10, None, id="group-heading-count-first-extra"),
    pytest.param("Deck name: Goku aggro", IGNORED, None, None, None, id="title"),
    pytest.param("// sideboard plan", IGNORED, None, None, None, id="comment"),
    pytest.param("//play-1\n// source: a paste", IGNORED, None, None, None, id="comment-after-a-section-marker"),
    pytest.param("Total: 60", IGNORED, None, None, None, id="total"),
    pytest.param("|---|---|", IGNORED, None, None, None, id="table-rule"),
    pytest.param("Goku aggro by someone", IGNORED, None, None, None, id="free-text-without-count"),
]


@pytest.mark.parametrize(("text", "status", "zone", "count", "number"), LAYOUTS)
def test_each_layout_reads_to_status_zone_count_and_number(catalogue, text, status, zone, count, number):
    line = read_decklist(text, catalogue).lines[-1]
    assert (line.status, line.zone, line.count, line.card_number) == (status, zone, count, number)


@pytest.mark.parametrize(
    ("text", "candidates"),
    [
        pytest.param("2 Twin Name", ("BT2-010", "BT3-010"), id="ambiguous-lists-every-number"),
        pytest.param("3 Kamehamaha", ("BT1-080",), id="unknown-suggests-the-close-name"),
        pytest.param("Leader\nSon Goku", ("BT1-001", "BT4-001"), id="leader-candidates-only-leaders"),
    ],
)
def test_unresolved_lines_carry_candidates(catalogue, text, candidates):
    assert read_decklist(text, catalogue).lines[-1].candidates[: len(candidates)] == candidates


@pytest.mark.parametrize(
    ("text", "zone", "inferred"),
    [
        pytest.param("4 BT18-010", Z, True, id="no-heading-z-card-to-its-zone"),
        pytest.param("1 BT1-001", LEADER, True, id="no-heading-leader-to-its-zone"),
        pytest.param("Main Deck\n4 BT18-010", MAIN, False, id="explicit-heading-stands-for-a-misplaced-card"),
        pytest.param("Z-Deck\n4 BT9-001", Z, False, id="explicit-z-heading-stands"),
    ],
)
def test_zone_from_heading_or_from_the_card(catalogue, text, zone, inferred):
    line = read_decklist(text, catalogue).lines[-1]
    assert (line.zone, line.zone_inferred) == (zone, inferred)


def test_variants_are_counted_as_their_base_number(catalogue):
    decklist = read_decklist("2 BT1-080\n1 BT1-080_PR\n1 Kamehameha [BT1-080_SPR]", catalogue)
    assert decklist.copies(MAIN) == {"BT1-080": 4}
    assert [line.written_number for line in decklist.lines] == [None, "BT1-080_PR", "BT1-080_SPR"]


def test_every_non_blank_line_gets_a_status(catalogue):
    text = "Deck name: test\n\nLeader\nBT1-001\nMain Deck (4)\n4 BT9-001\nnonsense words\n\n3 Unknown Card Name x\n"
    decklist = read_decklist(text, catalogue)
    assert [line.line for line in decklist.lines] == [1, 3, 4, 5, 6, 7, 9]
    assert all(line.status in LineStatus for line in decklist.lines)


def test_unknown_and_ambiguous_lines_count_in_their_zone(catalogue):
    decklist = read_decklist("Main Deck\n4 BT9-001\n2 Twin Name\n3 100000123\nZ-Deck\n1 Nothing Like It x", catalogue)
    assert decklist.counts() == {"leader": 0, "main": 9, "z": 1, "side": 0}
    assert len(decklist.unresolved()) == 3


def test_writer_round_trip_keeps_every_zone_and_unresolved_line(catalogue):
    text = (
        "Leader\nSon Goku // SS Son Goku, Awakened [BT1-001]\nMain Deck\n4x BT9-001\n2 BT1-080_PR\n2 Kamehameha\n"
        "2 Twin Name\nZ-Deck\nBT18-010 x3\nSide Deck\n4 BT9-002\n"
    )
    first = read_decklist(text, catalogue)
    written = write_decklist(first, catalogue)
    again = read_decklist(written, catalogue)
    for zone in Zone:
        assert again.copies(zone) == first.copies(zone)
    assert again.counts() == first.counts()
    assert [line.text for line in again.unresolved()] == ["2 Twin Name"]
    assert "1 Son Goku // SS Son Goku, Awakened [BT1-001]" in written.splitlines()
    assert "Main Deck (10)" in written.splitlines()


def test_an_absurdly_long_list_is_refused(catalogue):
    with pytest.raises(DecklistTooLong):
        read_decklist("1 BT9-001\n" * 501, catalogue)


# A catalogue keeps the reading of each line it read, by the line and the zone in force (decklist._READINGS): a list
# read again, or a line met again in another list, reads as it did the first time, line numbers and errors included.
# (the lists, read one after another)
READ_AGAIN = [
    pytest.param(["Z-Deck\n2 Shared Name", "Main Deck\n2 Shared Name"], id="one-line-under-two-headings"),
    pytest.param(["2 Shared Name", "Z-Deck\n2 Shared Name"], id="one-line-without-and-under-a-heading"),
    pytest.param(["4 BT9-001\n2 Kamehameha", "\n\nDeck name: x\n2 Kamehameha\n4 BT9-001"], id="lines-moved-down"),
    pytest.param(["Leader: Vegeta // SS Vegeta, Pride\n1 BT9-001", "1 BT9-001"], id="inline-zone-goes-on-below"),
    pytest.param(["Leader: 0 Kamehameha\n1 BT9-001", "0 Kamehameha\n1 BT9-001"], id="inline-zone-of-a-bad-count"),
    pytest.param(["0 Kamehameha\n3 Kamehameha", "3 Kamehameha\nKamehameha x0"], id="count-errors"),
    pytest.param(["40 Battle\n3 Kamehamaha", "//sideboard-1\n3 Kamehamaha"], id="group-heading-and-marker"),
    pytest.param(["Main Deck\n2 Twin Name", "Z-Deck\n2 Twin Name", "Leader\nSon Goku"], id="unresolved-lines"),
]


@pytest.mark.parametrize("texts", READ_AGAIN)
def test_a_line_read_again_reads_as_it_did_the_first_time(catalogue, texts):
    first = []
    for text in texts:  # each list read with nothing kept from another
        reader._READINGS.pop(catalogue, None)
        first.append(read_decklist(text, catalogue))
    reader._READINGS.pop(catalogue, None)
    assert [read_decklist(text, catalogue) for text in texts * 2] == first * 2


@pytest.mark.parametrize(
    "raw",
    [
        pytest.param("  4   Kamehameha  [BT1-080] ", id="ascii-spaces"),
        pytest.param("\t4x bt10-100\t", id="ascii-tabs-lower-case"),
        pytest.param("４ ＢＴ9－001", id="full-width"),
        pytest.param("\ufeff4 BT9\u2011001", id="bom-and-non-breaking-hyphen"),
        pytest.param("Main\u200bDeck", id="zero-width-space"),
    ],
)
def test_a_line_is_cleaned_and_a_number_folded_as_nfkc_does_it(raw):
    # The reader skips NFKC for an ASCII line (NFKC leaves ASCII as it is): the same text either way.
    assert _clean(raw) == " ".join(unicodedata.normalize("NFKC", _INVISIBLE.sub("", raw)).split())
    assert fold_number(raw) == unicodedata.normalize("NFKC", raw).translate(_DASHES).strip().upper()
