"""2ブロック (issue 28): a card is in the pool when one of its printings (of its name) carries the mark of the block in
force on the date or of the one before it; a card whose printings' blocks are not known is a warning naming it; the
Hall of Fame of advance on top (docs/legality.md, `2block`).

Sources: the event rules 6.4 as quoted on note.com (blocks.json `rule_2block`) and the official Creators' Letter
Vol.39. The first part runs the pure engine on made-up blocks (each rule of the product-to-block reading); the second
runs the service, `POST /api/v1/legality/` and `manage.py check_deck` on real records, real sets, the real blocks and
the real Hall of Fame events (settings.CARD_DATA_SOURCE, SET_DATA_SOURCE, BLOCK_DATA_SOURCE, REGULATION_DATA_SOURCE):
every card is found by a lookup in the data, never named here."""

import io
import json
import sys
from datetime import date
from pathlib import Path
from types import MappingProxyType

import pytest
from django.conf import settings
from django.core.management import call_command

from cards.tests.factories import CardFactsFactory
from games.dm.rules.decklist import parse_text
from games.dm.rules.legality import Block, BlockList, CardPool, DeckInput, FormatRules, check_deck
from games.dm.rules.vocabulary import DeckZone
from regulations import services

NOT_IN, UNKNOWN = "NOT_IN_BLOCK", "BLOCK_UNKNOWN"

# ------------------------------------------------------------------------------------ the engine, made-up blocks

BLOCKS = BlockList(
    blocks=(
        Block("一", "One", "1", date(2020, 4, 1), frozenset({"A-1", "A-2"})),
        Block("二", "Two", None, date(2021, 4, 1), frozenset({"B-1"})),
        Block("三", "Three", "3", date(2022, 4, 1), frozenset({"C-1"})),
    ),
    set_dates=MappingProxyType(
        {
            "A-1": date(2020, 4, 1),
            "B-1": date(2021, 4, 1),
            "C-1": date(2022, 4, 1),
            "OLD": date(2010, 1, 1),  # a product long before the blocks
            "DECK-20": date(2020, 6, 1),  # a deck of block 一's year: at most its mark or 二's
            "DECK-21-MARCH": date(2021, 3, 20),  # a deck out just before 二's first booster: may carry its mark
            "DECK-22": date(2022, 5, 1),
        }
    ),
    not_products=frozenset({"NET-1"}),
)
RULES = FormatRules(code="2block", name="2 Block", name_ja="2ブロック", hall_of_fame=False, block_count=2)
ON_2022 = date(2022, 6, 1)  # window: 二 + 三


def _codes(sets: tuple[str, ...], *, as_of: date = ON_2022, blocks: BlockList | None = BLOCKS) -> list[str]:
    card = CardFactsFactory(name_ja="札", set_codes=sets)
    report = check_deck(
        DeckInput(main=((card, 1),)), format_rules=RULES, card_pool=CardPool(as_of=as_of), blocks=blocks
    )
    items = (*report.violations, *report.warnings)  # the release check's own warnings aside
    return [item.code for item in items if item.code in (NOT_IN, UNKNOWN)]


@pytest.mark.parametrize(
    ("sets", "expected"),
    [
        pytest.param(("C-1",), [], id="booster-of-the-block-in-force"),
        pytest.param(("B-1",), [], id="booster-of-the-previous-block-without-a-mark"),
        pytest.param(("A-1",), [NOT_IN], id="booster-of-an-older-block"),
        pytest.param(("OLD",), [NOT_IN], id="product-before-every-block"),
        pytest.param(("OLD", "A-2", "C-1"), [], id="a-reprint-in-the-window-is-enough"),
        pytest.param(("DECK-20",), [UNKNOWN], id="deck-of-the-year-before-may-carry-the-next-mark"),
        pytest.param(("DECK-21-MARCH",), [UNKNOWN], id="deck-just-before-a-block-of-the-window"),
        pytest.param(("DECK-22",), [UNKNOWN], id="deck-of-the-block-in-force"),
        pytest.param(("PROMO",), [UNKNOWN], id="undated-promo"),
        pytest.param(("A-1", "PROMO"), [UNKNOWN], id="old-booster-and-undated-promo"),
        pytest.param((), [UNKNOWN], id="no-printing"),
        pytest.param(("NET-1",), [UNKNOWN], id="only-a-tournament-list"),
        pytest.param(("NET-1", "A-1"), [NOT_IN], id="a-tournament-list-says-nothing"),
    ],
)
def test_a_printing_is_read_by_its_product(sets, expected):
    assert _codes(sets) == expected


def test_one_year_later_the_older_block_leaves():
    assert _codes(("B-1",), as_of=date(2022, 3, 31)) == []  # window 一 + 二
    assert _codes(("A-1",), as_of=date(2022, 3, 31)) == []
    assert _codes(("A-1",), as_of=date(2022, 4, 1)) == [NOT_IN]  # 三 began: window 二 + 三


def test_a_product_a_year_before_the_window_is_outside_for_certain():
    on_2023 = BlockList(
        blocks=(*BLOCKS.blocks, Block("四", "Four", "4", date(2023, 4, 1), frozenset({"D-1"}))),
        set_dates=BLOCKS.set_dates,
    )
    assert _codes(("DECK-20",), as_of=date(2023, 6, 1), blocks=on_2023) == [NOT_IN]  # window 三 + 四
    assert _codes(("DECK-22",), as_of=date(2023, 6, 1), blocks=on_2023) == [UNKNOWN]


@pytest.mark.parametrize(
    ("as_of", "blocks"),
    [pytest.param(date(2019, 1, 1), BLOCKS, id="before-the-first-block"), pytest.param(ON_2022, None, id="no-data")],
)
def test_no_block_in_force_is_one_warning_and_no_violation(as_of, blocks):
    card = CardFactsFactory(name_ja="札", set_codes=("A-1",))
    report = check_deck(
        DeckInput(main=((card, 1),)), format_rules=RULES, card_pool=CardPool(as_of=as_of), blocks=blocks
    )
    assert [item.code for item in report.violations if item.code == NOT_IN] == []
    assert [(item.code, item.cards) for item in report.warnings if item.code == UNKNOWN] == [(UNKNOWN, ())]


def test_the_warning_names_the_card_and_its_products_and_the_violation_the_blocks():
    old = CardFactsFactory(name_ja="古い札", set_codes=("A-1",))
    promo = CardFactsFactory(name_ja="プロモ札", set_codes=("A-1", "PROMO"))
    deck = DeckInput(main=((old, 1), (promo, 1)))
    report = check_deck(deck, format_rules=RULES, card_pool=CardPool(as_of=ON_2022), blocks=BLOCKS)
    (violation,) = [item for item in report.violations if item.code == NOT_IN]
    assert violation.cards[0].name == "古い札" and violation.rule == "2B 6.4" and violation.zone == DeckZone.MAIN
    assert "Two" in violation.message and "Three (3)" in violation.message and "2022-06-01" in violation.message
    assert "二・三（3）" in violation.message_ja
    (warning,) = [item for item in report.warnings if item.code == UNKNOWN]
    assert warning.cards[0].name == "プロモ札" and "PROMO" in warning.message and "PROMO" in warning.message_ja


def test_one_name_is_one_card_whatever_record_carries_the_printing():
    """ "or cards of the same name": two records of one name (width variants) pool their printings."""
    first = CardFactsFactory(name_ja="同名", name_key="同名", set_codes=("A-1",))
    second = CardFactsFactory(name_ja="同名", name_key="同名", set_codes=("C-1",))
    report = check_deck(
        DeckInput(main=((first, 2), (second, 2))), format_rules=RULES, card_pool=CardPool(as_of=ON_2022), blocks=BLOCKS
    )
    assert [item.code for item in (*report.violations, *report.warnings) if item.code in (NOT_IN, UNKNOWN)] == []


def test_a_format_without_a_block_rule_reads_no_block():
    card = CardFactsFactory(name_ja="札", set_codes=("A-1",))
    rules = FormatRules(code="advance", hall_of_fame=False)
    report = check_deck(
        DeckInput(main=((card, 1),)), format_rules=rules, card_pool=CardPool(as_of=ON_2022), blocks=BLOCKS
    )
    assert [item.code for item in (*report.violations, *report.warnings) if item.code in (NOT_IN, UNKNOWN)] == []


# ------------------------------------------------------------------------------ the real data, through the service


def _load(path) -> list | dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


class RealData:
    """Lookups in the shared data: plain main-deck cards (facts known, no twinpact, a name no other record has, on
    no Hall of Fame list) by the products they are printed in."""

    def __init__(self):
        self.records = _load(settings.CARD_DATA_SOURCE)
        self.sets = {record["code"]: record for record in _load(settings.SET_DATA_SOURCE)}
        self.blocks = _load(settings.BLOCK_DATA_SOURCE)["blocks"]
        self.boosters = {code for block in self.blocks for code in block["sets"]}
        self.hall_of_fame = _load(settings.REGULATION_DATA_SOURCE)
        listed = {entry["name_ja"] for entry in self.hall_of_fame["current"]}
        listed |= {name for event in self.hall_of_fame["events"] for name in event.get("names_ja") or ()}
        listed |= {event["card_key"] for event in self.hall_of_fame["events"] if event.get("card_key")}
        counts: dict[str, int] = {}
        for record in self.records:
            counts[record["name_ja"]] = counts.get(record["name_ja"], 0) + 1
        self.plain = sorted(
            (
                record
                for record in self.records
                if record.get("facts_available")
                and record.get("zone") == "main_deck"
                and not record.get("twinpact")
                and "/" not in record["name_ja"]
                and counts[record["name_ja"]] == 1
                and record["name_ja"] not in listed
            ),
            key=lambda record: record["name_ja"],
        )

    def booster(self, name_ja: str, index: int = 0) -> str:
        return next(block for block in self.blocks if block["name_ja"] == name_ja)["sets"][index]

    @staticmethod
    def codes(record) -> set[str]:
        return {printing["set_code"] for printing in record.get("printings") or ()}

    def only_in(self, predicate, *, skip: int = 0, take: int = 1) -> list[dict]:
        found = [record for record in self.plain if self.codes(record) and all(map(predicate, self.codes(record)))]
        assert len(found) >= skip + take, "the data has no such card"
        return found[skip : skip + take]

    def with_printing(self, code: str) -> dict:
        return next(record for record in self.plain if code in self.codes(record))


@pytest.fixture(scope="module")
def data():
    if not all(
        Path(path).exists()
        for path in (settings.CARD_DATA_SOURCE, settings.SET_DATA_SOURCE, settings.BLOCK_DATA_SOURCE)
    ):
        pytest.skip("no card data")
    return RealData()


# The dates: 2026-06-15, the block in force is 逆札篇 (DM26-RP1 2026-04-11), the one before 王道W; a year earlier,
# 2025-06-15, 王道W (DM25-RP1 2025-04-19) and 王道篇 (blocks.json start dates).
NOW, YEAR_BEFORE = "2026-06-15", "2025-06-15"


def _cards(data: RealData) -> dict[str, dict]:
    """Each case's card, by lookup (see each comment)."""
    hof = data.hall_of_fame
    window = {*next(b for b in data.blocks if b["name_ja"] == "王道W")["sets"]}
    # A card limited (殿堂入り) by 2026-06-15 and printed in a booster of 王道W: in the blocks, still limited.
    limited = sorted(
        entry["name_ja"]
        for entry in hof["current"]
        if entry["status"] == "limited"
        and entry["effective_date"] <= NOW
        and "/" not in entry["name_ja"]
        and any(data.codes(record) & window for record in data.records if record["name_ja"] == entry["name_ja"])
    )
    return {
        # printed in a booster of the block in force (逆札篇's first), whatever else it was printed in
        "current": data.with_printing(data.booster("逆札篇")),
        # printed only in 王道篇's first booster: in on 2025-06-15, out when 逆札篇 begins
        "rotating": data.only_in(lambda code: code == data.booster("王道篇"))[0],
        # printed only in the first set of all (DM-01, 2002): older than every block
        "old": data.only_in(lambda code: code == "DM-01")[0],
        # printed only in products of 2025 on that are no block's booster (special packs, decks): whether they
        # carry the mark of 王道W or 逆札篇 is not known
        "unknown": data.only_in(
            lambda code: code not in data.boosters and (data.sets[code]["release_date"] or "") >= "2025"
        )[0],
        "limited": next(record for record in data.records if record["name_ja"] == limited[0]),
    }


def _fillers(data: RealData, exclude: set[str]) -> list[dict]:
    """Ten cards printed only in 王道W's first booster: in the pool on both dates."""
    found = data.only_in(lambda code: code == data.booster("王道W"), take=20)
    return [record for record in found if record["name_ja"] not in exclude][:10]


@pytest.fixture
def real_blocks(db, data):
    from cards.services import card_import, set_import
    from games.dm.blocks import block_import
    from games.dm.hall_of_fame import regulation_import

    cards = _cards(data)
    fillers = _fillers(data, {record["name_ja"] for record in cards.values()})
    set_import(records=list(data.sets.values()))
    card_import(records=[*cards.values(), *fillers], source="fixture")
    block_import()
    regulation_import(source=settings.REGULATION_DATA_SOURCE)
    return {key: record["name_ja"] for key, record in cards.items()}, [record["name_ja"] for record in fillers]


def _decklist(target: str, copies: int, fillers: list[str]) -> str:
    lines = [f"{copies} {target}"]
    rest = 40 - copies
    for name in fillers:
        take = min(4, rest)
        if take == 0:
            break
        lines.append(f"{take} {name}")
        rest -= take
    assert rest == 0
    return "\n".join(lines) + "\n"


# (id, case, copies, as_of, expected violation codes, expected warning codes)
CASES = [
    ("current-block", "current", 4, NOW, [], []),
    ("rotating-in-force-a-year-before", "rotating", 4, YEAR_BEFORE, [], []),
    ("rotating-out-a-year-later", "rotating", 4, NOW, [NOT_IN], []),
    ("older-than-every-block", "old", 4, NOW, [NOT_IN], []),
    ("products-of-unknown-block", "unknown", 4, NOW, [], [UNKNOWN]),
    ("hall-of-fame-in-the-block-one-copy", "limited", 1, NOW, [], []),
    ("hall-of-fame-in-the-block-two-copies", "limited", 2, NOW, ["HALL_OF_FAME"], []),
]


def _named(items: list[dict], name: str) -> list[str]:
    return [item["code"] for item in items if any(card["name"] == name for card in item["cards"])]


@pytest.mark.parametrize(
    ("case", "copies", "as_of", "violations", "warnings"), [pytest.param(*c[1:], id=c[0]) for c in CASES]
)
def test_two_block_through_the_service(real_blocks, case, copies, as_of, violations, warnings):
    names, fillers = real_blocks
    text = _decklist(names[case], copies, fillers)
    report = services.legality_report(decklist=parse_text(text), format_code="2block", as_of=date.fromisoformat(as_of))
    assert [item["code"] for item in report["violations"]] == violations
    assert _named(report["violations"], names[case]) == violations
    assert [item["code"] for item in report["warnings"]] == warnings
    assert _named(report["warnings"], names[case]) == warnings  # the warning names the card
    assert report["legal"] is (violations == [])
    assert report["regulation"]["label"] == f"advance {as_of}"  # the Hall of Fame of advance, on top


@pytest.mark.parametrize(
    ("case", "copies", "as_of", "violations", "warnings"), [pytest.param(*c[1:], id=c[0]) for c in CASES]
)
def test_two_block_over_the_legality_api(real_blocks, client, case, copies, as_of, violations, warnings):
    names, fillers = real_blocks
    body = {"text": _decklist(names[case], copies, fillers), "format": "2block", "as_of": as_of}
    response = client.post("/api/v1/legality/", body, format="json")
    assert response.status_code == 200
    assert [item["code"] for item in response.json()["violations"]] == violations
    assert [item["code"] for item in response.json()["warnings"]] == warnings


@pytest.mark.parametrize(
    ("case", "as_of", "code", "exit_code"),
    [("rotating", YEAR_BEFORE, None, 0), ("rotating", NOW, NOT_IN, 1), ("unknown", NOW, None, 0)],
)
def test_two_block_through_check_deck(real_blocks, monkeypatch, case, as_of, code, exit_code):
    names, fillers = real_blocks
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(_decklist(names[case], 4, fillers).encode())))
    with pytest.raises(SystemExit) as exit_info:
        call_command("check_deck", "-", "--format", "2block", "--as-of", as_of, "--json", stdout=out, stderr=err)
    assert exit_info.value.code == exit_code
    report = json.loads(out.getvalue())
    assert [item["code"] for item in report["violations"]] == ([code] if code else [])
    if case == "unknown":
        assert _named(report["warnings"], names[case]) == [UNKNOWN]


def test_the_same_decks_in_advance_know_no_block(real_blocks):
    names, fillers = real_blocks
    report = services.legality_report(
        decklist=parse_text(_decklist(names["old"], 4, fillers)), format_code="advance", as_of=date.fromisoformat(NOW)
    )
    assert report["violations"] == [] and report["warnings"] == []


def test_the_block_import_is_idempotent(db, data):
    from games.dm.blocks import block_import
    from games.dm.models import DmBlock

    first = block_import()
    second = block_import()
    assert (first.created, first.blocks) == (len(data.blocks), len(data.blocks))
    assert (second.created, second.updated, second.unchanged) == (0, 0, len(data.blocks))
    boosters = {code for block in data.blocks for code in block["sets"]}
    assert {code for row in DmBlock.objects.all() for code in row.sets} == boosters


def test_block_counts_over_the_full_data(data):
    """`manage.py block_counts`: every record is in, outside or not known; the three add up to the data."""
    import re

    out = io.StringIO()
    call_command("block_counts", "--as-of", NOW, stdout=out)
    found = re.search(
        r"(\d+) card records: (\d+) in the blocks, (\d+) outside \(NOT_IN_BLOCK\), (\d+) not known", out.getvalue()
    )
    assert found, out.getvalue()
    total, legal, flagged, warned = map(int, found.groups())
    assert total == len(data.records) == legal + flagged + warned
    assert min(legal, flagged, warned) > 0
    assert "王道W + 逆札篇" in out.getvalue()
