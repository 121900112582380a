"""ydke:// URLs (games.ygo.rules.ydke): the reference example, every real .ydk of the tests out and back to the same
deck, alternate-art passwords, and each malformed form refused with its reason."""

from collections import Counter
from pathlib import Path

import pytest

from games.base import DeckCodeError
from games.ygo.rules.decklist import read_decklist, read_ydk
from games.ygo.rules.vocabulary import DeckZone, LineStatus
from games.ygo.rules.ydke import read_ydke, write_ydke, ydke_passwords

FILES = sorted((Path(__file__).parent / "decklists").glob("*.ydk"))
# The example of the issue, after ProjectIgnis/ydke.js: main 89631139, 36996508; extra 44508094; side 5318639.
EXAMPLE = "ydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==!"


def _deck(decklist) -> dict[DeckZone, Counter]:
    """zone -> Counter(card id -> copies), resolved cards and unresolved written numbers alike."""
    out = {zone: Counter({card.id: n for card, n in decklist.cards(zone)}) for zone in DeckZone}
    for line in decklist.unresolved:
        out[line.zone]["?" + line.written] += line.count
    return out


def test_the_reference_example_decodes_to_its_passwords():
    assert ydke_passwords(EXAMPLE) == {
        DeckZone.MAIN: [89631139, 36996508],
        DeckZone.EXTRA: [44508094],
        DeckZone.SIDE: [5318639],
    }


def test_the_reference_example_reads_as_its_cards_and_writes_back_the_same_deck(catalogue):
    decklist = read_decklist(EXAMPLE, catalogue)
    assert decklist.source_format == "ydke"
    names = {zone: [card.name_en for card, _ in decklist.cards(zone)] for zone in DeckZone}
    assert names == {
        DeckZone.MAIN: ["Blue-Eyes White Dragon", "Dark Magician"],
        DeckZone.EXTRA: ["Stardust Dragon"],
        DeckZone.SIDE: ["Mystical Space Typhoon"],
    }
    # 36996508 is one of Dark Magician's alternate artworks: written back as its printed password, the same deck.
    written = write_ydke(decklist)
    assert ydke_passwords(written)[DeckZone.MAIN] == [89631139, catalogue.by_password(36996508).passwords[0]]
    assert _deck(read_decklist(written, catalogue)) == _deck(decklist)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_real_ydk_goes_out_as_ydke_and_back_to_the_same_deck(catalogue, path):
    source = read_ydk(path.read_text(encoding="utf-8"), catalogue)
    url = write_ydke(source)
    assert url.startswith("ydke://") and url.endswith("!") and "\n" not in url
    back = read_decklist(url, catalogue)
    assert back.source_format == "ydke"
    assert _deck(back) == _deck(source)
    assert sum(back.count(zone) for zone in DeckZone) == sum(source.count(zone) for zone in DeckZone) > 0


def test_an_alternate_art_password_maps_to_its_card_and_is_written_as_the_printed_one(catalogue):
    alternate = catalogue.by_password(89631139).passwords[1]  # a Blue-Eyes White Dragon alternate artwork
    url = write_ydke({DeckZone.MAIN: [(catalogue.by_password(alternate), 3)]})
    decklist = read_ydke("ydke://" + _b64(alternate, alternate, alternate) + "!!!", catalogue)
    assert [(card.passwords[0], n) for card, n in decklist.cards(DeckZone.MAIN)] == [(89631139, 3)]
    assert write_ydke(decklist) == url == "ydke://" + _b64(89631139, 89631139, 89631139) + "!!!"


def test_an_unknown_password_is_an_unknown_line_in_its_zone_and_written_back(catalogue):
    url = "ydke://" + _b64(89631139) + "!!" + _b64(12345) + "!"
    decklist = read_decklist(url, catalogue)
    assert [(line.status, line.zone, line.written) for line in decklist.unresolved] == [
        (LineStatus.UNKNOWN, DeckZone.SIDE, "12345")
    ]
    assert write_ydke(decklist) == url


def test_an_empty_deck_and_a_url_without_the_last_bang():
    assert ydke_passwords("ydke://!!!") == {DeckZone.MAIN: [], DeckZone.EXTRA: [], DeckZone.SIDE: []}
    assert ydke_passwords("  YDKE://o6lXBQ==!!  ")[DeckZone.MAIN] == [89631139]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        pytest.param("ydke://o6lXBQ==", "parts", id="one-part"),
        pytest.param("ydke://!!!!!", "parts", id="five-parts"),
        pytest.param("ydke://o6lXB!!!", "base64", id="bad-padding"),
        pytest.param("ydke://o6l*XBQ=!!!", "base64", id="not-base64"),
        pytest.param("ydke://o6lX!!!", "length", id="three-bytes"),
        pytest.param("ydke://o6lXBZyF!!!", "length", id="six-bytes"),
    ],
)
def test_a_malformed_url_is_refused_with_its_reason(catalogue, text, reason):
    with pytest.raises(DeckCodeError) as raised:
        read_decklist(text, catalogue)
    assert raised.value.reason == reason


def test_a_card_without_any_number_cannot_be_written(catalogue):
    numberless = next(card for card in catalogue.cards if card.ydk_id is None)
    with pytest.raises(DeckCodeError) as raised:
        write_ydke({DeckZone.MAIN: [(numberless, 1)]})
    assert raised.value.reason == "no_password"


def _b64(*numbers: int) -> str:
    import base64
    import struct

    return base64.b64encode(struct.pack(f"<{len(numbers)}I", *numbers)).decode()
