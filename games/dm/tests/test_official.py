"""The official card site's id of a printing (games.dm.official), checked on the real card data
(settings.CARD_DATA_SOURCE): real printings with the id the official site gives them (the sources are cited in
docs/catalogue.md), printings that get no id, the share of printings that get one (printed, read from the data),
and ids that name one card only."""

import collections
import json
import re
from pathlib import Path

import pytest
from django.conf import settings

from games.dm.official import SEVERAL_LISTS, official_card, official_card_id, official_card_of_printings

# The set codes the official ids cover (games.dm.official `_CLASSIC_SET`, `_YEARLY_SET`), written again as the spec.
MAPPED_FAMILIES = r"^(DM|DMR|DMRP|DMEX|DMX|DMC)-\d{2}$|^DM\d{2}-(RP|EX|BD|SD)\d{1,2}$"


@pytest.fixture(scope="module")
def records() -> list[dict]:
    path = Path(settings.CARD_DATA_SOURCE)
    if not path.exists():
        pytest.skip("the real card data is not beside the repository")
    return json.loads(path.read_text(encoding="utf-8"))


def _printing(records, name_ja: str, set_code: str, number: str | None) -> dict:
    """The real printing (it must exist in the data: the table is about real printings, not made-up ones)."""
    found = [
        p
        for record in records
        if record["name_ja"] == name_ja
        for p in record["printings"]
        if p["set_code"] == set_code and p["number"] == number
    ]
    assert found, (name_ja, set_code, number)
    return found[0]


# Real printings -> the official id. The ids of these cards are the ones the official site uses (sources in
# docs/catalogue.md "Official card pages and images").
MAPPED = [
    pytest.param("サイバー・ブレイン", "DM-01", "52", "dm01-052", id="DM-01-plain-number"),
    pytest.param("アクア・パトロール", "DM-15", "2", "dm15-002", id="DM-15-one-digit"),
    pytest.param("バジュラズ・ソウル", "DM-15", "S4", "dm15-s04", id="DM-15-super-rare"),
    pytest.param("龍仙ロマネスク", "DM-25", "S4", "dm25-s04", id="DM-25-super-rare"),
    pytest.param("聖鎧亜キング・アルカディアス", "DM-26", "S3", "dm26-s03", id="DM-26-super-rare"),
    pytest.param("英知と追撃の宝剣", "DM-11", "S3", "dm11-s03", id="DM-11-super-rare"),
    pytest.param("母なる紋章", "DM-24", "30", "dm24-030", id="DM-24"),
    pytest.param("母なる紋章", "DMX-01", "10", "dmx01-010", id="DMX-01"),
    pytest.param("ガロウズ・セブ・カイザー", "DMR-01", "V1a", "dmr01-v01a", id="DMR-01-victory-side-a"),
    pytest.param("ヨミジ 丁-二式", "DMRP-12", "22", "dmrp12-022", id="DMRP-12"),
    pytest.param("邪幽 ジャガイスト", "DM23-EX1", "4", "dm23ex1-004", id="DM23-EX1-yearly-code"),
    pytest.param("超暴淵 ボジャガイスト", "DM24-RP4", "S3", "dm24rp4-S03", id="DM24-RP4-capital-S"),
    pytest.param("幻緑の双月/母なる星域", "DMEX-16", "78", "dmex16-078", id="DMEX-16-twinpact"),
]

UNMAPPED = [
    pytest.param("超次元バイス・ホール", "OF-Y10", "P19", id="promo-group-OF"),
    pytest.param("バジュラズ・ソウル", "DMEX-17", "超7", id="kanji-prefixed-number"),
    pytest.param("超暴淵 ボジャガイスト", "DM24-RP4", "秘4", id="secret-rare-number"),
    pytest.param("天災 デドダム", "DM23-RP1", "T6", id="yearly-T-number"),
    pytest.param("天災 デドダム", "DMRP-20", "13A", id="capital-letter-variant"),
    pytest.param("天災 デドダム", "NET-059", None, id="no-number"),
    pytest.param("天災 デドダム", "DM26-SD1", "13", id="product-with-several-lists"),
    pytest.param("インフェルノ・サイン", "DMD-10", "11", id="deck-family-without-known-ids"),
]


@pytest.mark.parametrize(("name_ja", "set_code", "number", "expected"), MAPPED)
def test_real_printing_gets_the_official_id(records, name_ja, set_code, number, expected):
    printing = _printing(records, name_ja, set_code, number)
    assert official_card_id(printing["set_code"], printing["number"]) == expected


@pytest.mark.parametrize(("name_ja", "set_code", "number"), UNMAPPED)
def test_real_printing_without_a_known_id_gets_none(records, name_ja, set_code, number):
    printing = _printing(records, name_ja, set_code, number)
    assert (official_card_id(printing["set_code"], printing["number"]), official_card(set_code, number)) == (None, None)


@pytest.mark.parametrize(
    ("set_code", "number", "twinpact", "host", "page", "image"),
    [
        pytest.param("DM-15", "S4", False, "dm.takaratomy.co.jp", "https://dm.takaratomy.co.jp/card/detail/?id=dm15-s04",
                     "https://dm.takaratomy.co.jp/wp-content/card/cardimage/dm15-s04.jpg", id="card"),
        pytest.param("DMEX-04", "52", True, "dm.takaratomy.co.jp", "https://dm.takaratomy.co.jp/card/detail/?id=dmex04-052",
                     "https://dm.takaratomy.co.jp/wp-content/card/cardimage/dmex04-052a.jpg", id="twinpact-image-a"),
        pytest.param("DM-01", "52", False, "img.example", "https://img.example/card/detail/?id=dm01-052",
                     "https://img.example/wp-content/card/cardimage/dm01-052.jpg", id="host-setting"),
    ],
)  # fmt: skip
def test_official_page_and_image_addresses(set_code, number, twinpact, host, page, image):
    found = official_card(set_code, number, twinpact=twinpact, host=host)
    assert (found.page_url, found.image_url) == (page, image)


@pytest.mark.parametrize(
    ("printings", "first_set", "expected"),
    [
        pytest.param([{"set_code": "DMX-22", "number": "53"}, {"set_code": "DM-15", "number": "2"}], "DM-15",
                     "dm15-002", id="first-release-first"),
        pytest.param([{"set_code": "OF-Y10", "number": "P19"}, {"set_code": "DM-37", "number": "29"}], "OF-Y10",
                     "dm37-029", id="first-release-unmapped-next-one"),
        pytest.param([{"set_code": "DMR-01", "number": "60b", "shared_face": True}], "DMR-01", None,
                     id="shared-face-only"),
        pytest.param([{"set_code": "DM-01", "number": "52", "tcg": True}], "DM-01", None, id="english-tcg-only"),
    ],
)  # fmt: skip
def test_picture_printing_of_a_card(printings, first_set, expected):
    found = official_card_of_printings(printings, first_set=first_set)
    assert (found.id if found else None) == expected


def test_several_lists_under_one_code_are_exactly_the_excluded_products(records):
    """A set code whose number appears in two lists (collector ids `EX15 39/50` and `EX15 39/100`, `DMX12-a` and
    `DMX12-b`) gets no id: the number names no single card. The set is read from the data, among the codes the
    mapping would otherwise cover."""
    lists: dict[str, dict[str, set]] = collections.defaultdict(lambda: collections.defaultdict(set))
    for record in records:
        for p in record["printings"]:
            if p["number"] and p["collector_id"]:
                total = re.search(r"/(\S+)$", p["collector_id"])
                part = re.match(r"^\S+?-([a-z])\b", p["collector_id"])
                lists[p["set_code"]][p["number"]].add((total and total.group(1), part and part.group(1)))
    several = {code for code, numbers in lists.items() if any(len(found) > 1 for found in numbers.values())}
    covered = {code for code in several if re.match(MAPPED_FAMILIES, code)}
    assert covered == set(SEVERAL_LISTS)


def test_an_official_id_names_one_card_except_the_sides_of_one_physical_card(records):
    """Two records with one id are sides of one physical card: faces the data marks as shared (`shared_face`, e.g.
    the three cards of `dmr01-060b`), or the two sides of DM25-EX4's double-sided super rares, which the data gives
    as two records without the mark."""
    names: dict[str, set[str]] = collections.defaultdict(set)
    unmarked: dict[str, set[str]] = collections.defaultdict(set)
    for record in records:
        for p in record["printings"]:
            card_id = official_card_id(p["set_code"], p["number"])
            if card_id is None:
                continue
            assert re.fullmatch(r"dm[a-z]*\d{2}(?:(?:rp|ex|bd|sd)\d{1,2})?-(?:[sv]\d{2}|S\d{2}|\d{3})[a-d]?", card_id)
            names[card_id].add(record["name_ja"])
            if not p.get("shared_face"):
                unmarked[card_id].add(record["name_ja"])
    shared_unmarked = {card_id for card_id, found in unmarked.items() if len(found) > 1}
    shared = {card_id for card_id, found in names.items() if len(found) > 1}
    assert shared_unmarked == {"dm25ex4-S09", "dm25ex4-S12"}
    assert len(shared) < len(names) / 100


def test_share_of_real_printings_with_an_official_id(records, capsys):
    """How many printings link to the official site and show its image, read from the data (printed, not asserted
    against a constant); every printing without one is in one of the documented groups."""
    printings = [p for record in records for p in record["printings"]]
    mapped = [p for p in printings if official_card_id(p["set_code"], p["number"])]
    cards_with_picture = sum(
        1
        for record in records
        if official_card_of_printings(record["printings"], twinpact=record.get("twinpact", False))
    )
    groups: collections.Counter = collections.Counter()
    for p in printings:
        if official_card_id(p["set_code"], p["number"]):
            continue
        code, number = p["set_code"], p["number"]
        if not number:
            groups["no number"] += 1
        elif code in SEVERAL_LISTS:
            groups["several lists under one code"] += 1
        elif not re.match(MAPPED_FAMILIES, code):
            family = re.sub(r"(SDn)[A-Z]$", r"\1A…Y", re.sub(r"\d+", "n", code))  # the 25 decks of DM26-SD1
            groups[f"set family {family}"] += 1
        else:
            groups["number form without a known id"] += 1
    assert len(mapped) + sum(groups.values()) == len(printings)
    assert 0 < len(mapped) < len(printings)
    with capsys.disabled():
        print(
            f"\nofficial ids: {len(mapped)} of {len(printings)} printings ({len(mapped) / len(printings):.1%}); "
            f"{cards_with_picture} of {len(records)} cards have a picture ({cards_with_picture / len(records):.1%}); "
            f"without: {dict(groups.most_common())}"
        )
