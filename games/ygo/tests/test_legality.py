"""Every construction rule of the OCG (rules spec 3.2) as a table: one case per code, with the page it cites."""

from datetime import date

import pytest

from games.ygo.rules.decklist import read_text, read_ydk, write_text
from games.ygo.rules.legality import Overlay, check_deck, deck_hash
from games.ygo.rules.limits import LimitList
from games.ygo.rules.vocabulary import DeckZone, LimitStatus, ViolationCode, WarningCode

MAIN, EXTRA, SIDE = DeckZone.MAIN, DeckZone.EXTRA, DeckZone.SIDE
AS_OF = date(2026, 7, 1)


@pytest.fixture(scope="module")
def fillers(catalogue, limits):
    """Unlisted cards released before 2000 without aliases: 20 for the Main Deck, 8 for the Extra Deck."""
    every_list = limits.lists

    def plain(card) -> bool:
        return (
            card.release_date is not None
            and card.release_date < date(2000, 1, 1)
            and not card.aliases
            and len(catalogue.by_name(card.name_en)) == 1
            and all(item.status(card.id) == LimitStatus.UNLIMITED for item in every_list)
        )

    main = [card for card in catalogue.cards if card.deck_zone == MAIN and plain(card)][:20]
    extra = [card for card in catalogue.cards if card.deck_zone == EXTRA and plain(card)][:8]
    assert len(main) == 20 and len(extra) == 8
    return main, extra


def _deck(fillers, main_copies=40, extra_copies=0, side_copies=0):
    """A deck of filler copies: 2 of each main card (3 of the side's), 2 of each extra card."""
    main, extra = fillers
    zones = {MAIN: [], EXTRA: [], SIDE: []}
    for zone, cards, copies, each in ((MAIN, main, main_copies, 2), (EXTRA, extra, extra_copies, 2)):
        left = copies
        for card in cards:
            if left <= 0:
                break
            zones[zone].append((card, min(each, left)))
            left -= each
    # The side takes the main fillers' third copies (the 3-copy rule still holds).
    for card in main[:side_copies]:
        zones[SIDE].append((card, 1))
    return zones


def _one(catalogue, name):
    (card,) = catalogue.by_name(name)
    return card


def _check(deck, limits, **kwargs):
    return check_deck(deck, as_of=kwargs.pop("as_of", AS_OF), limits=limits, **kwargs)


def test_a_plain_40_card_deck_is_legal(fillers, limits):
    report = _check(_deck(fillers), limits)
    assert (report.legal, report.buildable, report.codes, report.counts) == (
        True,
        True,
        [],
        {"main": 40, "extra": 0, "side": 0},
    )


@pytest.mark.parametrize(
    "main, extra, side, code, count, bound, rule",
    [
        pytest.param(39, 0, 0, ViolationCode.DECK_SIZE, 39, 40, "PR p.8, p.40", id="DECK_SIZE-39"),
        pytest.param(40, 16, 0, ViolationCode.EXTRA_DECK_SIZE, 16, 15, "PR p.8, p.42", id="EXTRA_DECK_SIZE-16"),
        pytest.param(40, 0, 16, ViolationCode.SIDE_DECK_SIZE, 16, 15, "PR p.8, p.42", id="SIDE_DECK_SIZE-16"),
    ],
)
def test_section_sizes(fillers, limits, main, extra, side, code, count, bound, rule):
    report = _check(_deck(fillers, main, extra, side), limits)
    (item,) = report.violations
    assert (item.code, item.count, item.limit, item.rule) == (code, count, bound, rule)
    assert not report.legal and report.buildable  # a deck still being built


def test_main_deck_of_60_is_legal_and_61_is_not(fillers, limits):
    main, extra = fillers
    deck60 = {MAIN: [(card, 3) for card in main]}
    assert _check(deck60, limits).legal
    deck61 = {MAIN: [*deck60[MAIN], (extra[0], 1)]}  # one more card: an Extra Deck monster, so misplaced too
    report = _check(deck61, limits)
    assert report.codes == ["DECK_SIZE", "ZONE_MISPLACED"]
    size = report.violations[0]
    assert (size.count, size.limit) == (61, 60)


@pytest.mark.parametrize(
    "main_copies, side_copies, total",
    [
        pytest.param(3, 1, 4, id="COPY_LIMIT-3-main-1-side"),
        pytest.param(2, 2, 4, id="COPY_LIMIT-2-main-2-side"),
        pytest.param(3, 0, None, id="3-copies-allowed"),
    ],
)
def test_copy_limit_counts_main_extra_and_side(fillers, limits, main_copies, side_copies, total):
    deck = _deck(fillers, main_copies=38)  # 2 each of the first 19 fillers
    card = fillers[0][0]
    deck[MAIN][0] = (card, main_copies)
    deck[MAIN].append((fillers[0][19], 4 - main_copies))  # keep the Main Deck at 40
    deck[SIDE] = [(card, side_copies)] if side_copies else []
    report = _check(deck, limits)
    found = [v for v in report.violations if v.code == ViolationCode.COPY_LIMIT]
    if total is None:
        assert found == []
    else:
        (item,) = found
        assert (item.count, item.limit, item.rule, [c.id for c in item.cards]) == (
            total,
            3,
            "PR p.40, p.41, p.42",
            [card.id],
        )


@pytest.mark.parametrize(
    "names, copies",
    [
        pytest.param(("Harpie Lady", "Cyber Harpie Lady"), (2, 2), id="COPY_LIMIT-cyber-harpie-lady-is-harpie-lady"),
        pytest.param(("Harpie Lady 1", "Harpie Lady", "Cyber Harpie Lady"), (2, 1, 1), id="COPY_LIMIT-three-names"),
    ],
)
def test_always_treated_as_shares_the_copy_limit(catalogue, fillers, limits, names, copies):
    deck = _deck(fillers, main_copies=36)
    for name, n in zip(names, copies, strict=True):
        deck[MAIN].append((_one(catalogue, name), n))
    report = _check(deck, limits)
    (item,) = [v for v in report.violations if v.code == ViolationCode.COPY_LIMIT]
    assert item.count == sum(copies)
    assert {c.id for c in item.cards} == {_one(catalogue, name).id for name in names}


def test_harpie_ladies_within_three_are_legal(catalogue, fillers, limits):
    deck = _deck(fillers, main_copies=37)
    deck[MAIN] += [(_one(catalogue, "Harpie Lady"), 1), (_one(catalogue, "Cyber Harpie Lady"), 2)]
    assert _check(deck, limits).legal


@pytest.mark.parametrize(
    "name, zone, code",
    [
        pytest.param("Accesscode Talker", MAIN, ViolationCode.ZONE_MISPLACED, id="ZONE_MISPLACED-link-in-main"),
        pytest.param(
            "Blue-Eyes Ultimate Dragon", MAIN, ViolationCode.ZONE_MISPLACED, id="ZONE_MISPLACED-fusion-in-main"
        ),
        pytest.param("Pot of Greed", EXTRA, ViolationCode.ZONE_MISPLACED, id="ZONE_MISPLACED-spell-in-extra"),
        pytest.param("Accesscode Talker", SIDE, None, id="extra-monster-in-side-is-fine"),
        pytest.param("Accesscode Talker", EXTRA, None, id="link-in-extra-is-fine"),
    ],
)
def test_zone_misplaced(catalogue, fillers, limits, name, zone, code):
    deck = _deck(fillers)
    card = _one(catalogue, name)
    deck[zone].append((card, 1))
    if zone == MAIN:
        deck[MAIN][0] = (deck[MAIN][0][0], 1)  # keep 40
    report = _check(deck, limits, as_of=date(2026, 7, 1))
    found = [v for v in report.violations if v.code == ViolationCode.ZONE_MISPLACED]
    if code is None:
        assert found == [] and "ZONE_MISPLACED" not in report.codes
    else:
        (item,) = found
        assert (item.zone, [c.id for c in item.cards], item.rule) == (zone, [card.id], "PR p.40, p.42")


@pytest.mark.parametrize(
    "status, copies, zone, code, limit",
    [
        pytest.param(LimitStatus.FORBIDDEN, 1, SIDE, ViolationCode.FORBIDDEN, 0, id="FORBIDDEN-one-in-side"),
        pytest.param(LimitStatus.LIMITED, 2, MAIN, ViolationCode.LIMITED, 1, id="LIMITED-two-of-a-limited"),
        pytest.param(LimitStatus.SEMI_LIMITED, 3, MAIN, ViolationCode.LIMITED, 2, id="LIMITED-three-of-a-semi"),
        pytest.param(LimitStatus.LIMITED, 1, MAIN, None, None, id="one-limited-is-fine"),
        pytest.param(LimitStatus.SEMI_LIMITED, 2, SIDE, None, None, id="two-semi-limited-is-fine"),
    ],
)
def test_forbidden_and_limited_use_the_list_in_force(catalogue, fillers, limits, status, copies, zone, code, limit):
    latest = limits.list_in_force(AS_OF)
    # A listed main-deck card from the data (the list decides which); released long before the date.
    konami_id = next(
        k
        for k, s in sorted(latest.statuses.items())
        if s == status
        and catalogue.by_konami_id(k) is not None
        and catalogue.by_konami_id(k).deck_zone == MAIN
        and catalogue.by_konami_id(k).release_date is not None
        and not catalogue.by_konami_id(k).aliases
    )
    card = catalogue.by_konami_id(konami_id)
    deck = _deck(fillers)
    deck[zone].append((card, copies))  # 40 + copies in the Main Deck: still within 40-60
    report = _check(deck, limits)
    found = [v for v in report.violations if v.code in (ViolationCode.FORBIDDEN, ViolationCode.LIMITED)]
    if code is None:
        assert found == []
    else:
        (item,) = found
        assert (item.code, item.count, item.limit, [c.id for c in item.cards]) == (code, copies, limit, [card.id])
        assert item.rule == f"F/L {latest.effective.isoformat()}"


def test_a_card_legal_before_its_listing_is_forbidden_after(catalogue, fillers, limits, limit_records):
    """A card first forbidden in a list: 1 copy is legal the day before, FORBIDDEN on the effective day."""
    for previous, record in zip(limit_records, limit_records[1:], strict=False):
        newly = [
            k
            for k in record["forbidden"]
            if k not in previous["forbidden"] + previous["limited"] + previous["semi_limited"]
        ]
        newly = [k for k in newly if catalogue.by_konami_id(k) and catalogue.by_konami_id(k).release_date]
        if newly:
            break
    card = catalogue.by_konami_id(newly[0])
    effective = date.fromisoformat(record["effective"])
    deck = _deck(fillers)
    deck[SIDE].append((card, 1))
    day_before = _check(deck, limits, as_of=date.fromordinal(effective.toordinal() - 1))
    on_the_day = _check(deck, limits, as_of=effective)
    assert "FORBIDDEN" not in day_before.codes
    assert "FORBIDDEN" in on_the_day.codes


@pytest.mark.parametrize(
    "extra_limits, copies, code",
    [
        pytest.param({"first": 0}, 2, ViolationCode.FORBIDDEN, id="overlay-bans-an-unlisted-card"),
        pytest.param({"first": 1}, 2, ViolationCode.LIMITED, id="overlay-limits-to-one"),
        pytest.param({"first": 3}, 2, None, id="overlay-allowing-three-changes-nothing"),
    ],
)
def test_overlay_extra_limits(fillers, limits, extra_limits, copies, code):
    card = fillers[0][0]
    overlay = Overlay(extra_limits={card.id: extra_limits["first"]}, overlay_id="event-1")
    report = _check(_deck(fillers), limits, overlay=overlay)
    found = [v for v in report.violations if v.code in (ViolationCode.FORBIDDEN, ViolationCode.LIMITED)]
    assert [(v.code, v.count, v.rule) for v in found] == ([(code, copies, "event overlay")] if code else [])


@pytest.mark.parametrize(
    "as_of, cutoff, code",
    [
        pytest.param(date(2016, 12, 31), None, ViolationCode.NOT_YET_RELEASED, id="NOT_YET_RELEASED-day-before"),
        pytest.param(date(2017, 1, 14), None, None, id="released-on-the-day"),
        pytest.param(date(2026, 7, 1), date(2016, 12, 31), ViolationCode.CARD_POOL_CUTOFF, id="CARD_POOL_CUTOFF"),
        pytest.param(date(2026, 7, 1), date(2017, 1, 14), None, id="within-the-cutoff"),
    ],
)
def test_release_dates(catalogue, fillers, limits, as_of, cutoff, code):
    ash = _one(catalogue, "灰流うらら")
    assert ash.release_date == date(2017, 1, 14)
    deck = _deck(fillers)
    deck[SIDE].append((ash, 1))
    overlay = Overlay(cutoff=cutoff) if cutoff else None
    report = _check(deck, limits, as_of=as_of, overlay=overlay)
    pool = [
        v.code for v in report.violations if v.code in (ViolationCode.NOT_YET_RELEASED, ViolationCode.CARD_POOL_CUTOFF)
    ]
    assert pool == ([code] if code else [])


def test_a_card_never_released_in_the_ocg_is_not_yet_released(catalogue, fillers, limits):
    tcg_only = next(c for c in catalogue.cards if not c.in_ocg and c.release_date is None and c.deck_zone == MAIN)
    deck = _deck(fillers)
    deck[SIDE].append((tcg_only, 1))
    report = _check(deck, limits)
    assert [(v.code, [c.id for c in v.cards]) for v in report.violations] == [
        (ViolationCode.NOT_YET_RELEASED, [tcg_only.id])
    ]
    assert report.warnings == ()


def test_release_date_unknown_is_a_warning(catalogue, fillers, limits):
    undated = next(
        c
        for c in catalogue.cards
        if c.release_date is None
        and c.in_ocg
        and c.deck_zone == MAIN
        and limits.list_in_force(AS_OF).allowed(c.id) >= 1
    )
    deck = _deck(fillers)
    deck[SIDE].append((undated, 1))
    report = _check(deck, limits)
    assert report.legal
    assert [(w.code, [c.id for c in w.cards]) for w in report.warnings] == [
        (WarningCode.RELEASE_DATE_UNKNOWN, [undated.id])
    ]


def test_no_list_in_force_is_a_warning(fillers, limits):
    report = check_deck(_deck(fillers), as_of=AS_OF, limits=None)
    assert report.legal and [w.code for w in report.warnings] == [WarningCode.LIST_UNAVAILABLE]
    assert report.report_dict()["regulation"] is None


@pytest.mark.parametrize(
    "line, code",
    [
        pytest.param("3 No Such Card At All", ViolationCode.UNKNOWN_CARD, id="UNKNOWN_CARD-name"),
        pytest.param("Black Luster Soldier", ViolationCode.AMBIGUOUS_CARD, id="AMBIGUOUS_CARD"),
    ],
)
def test_unresolved_lines(catalogue, fillers, limits, line, code):
    text = write_text(_deck(fillers)) + "\n" + line
    report = _check(read_text(text, catalogue), limits)
    assert [v.code for v in report.violations] == [code]
    assert not report.legal and not report.buildable


@pytest.mark.parametrize(
    ("line", "en", "ja"),
    [
        pytest.param(
            "3 ボルドヘッジホッグ",
            "“ボルドヘッジホッグ” is no known card. Closest: ボルト・ヘッジホッグ",
            "「ボルドヘッジホッグ」というカードは見つかりません。近い名前：《ボルト・ヘッジホッグ》",
            id="closest-names",
        ),
        pytest.param(
            "3 No Such Card At All",
            "“No Such Card At All” is no known card.",
            "「No Such Card At All」というカードは見つかりません。",
            id="none-close",
        ),
    ],
)
def test_an_unknown_card_names_the_closest_cards(catalogue, limits, line, en, ja):
    (violation,) = [v for v in _check(read_text(line, catalogue), limits).violations if v.code == "UNKNOWN_CARD"]
    assert en in violation.message and ja in violation.message_ja
    assert violation.message.endswith(".") and ("Closest" in violation.message) == ("近い名前" in violation.message_ja)


def test_unknown_password(catalogue, limits):
    report = _check(read_ydk("#main\n99999999\n", catalogue), limits)
    assert ViolationCode.UNKNOWN_CARD in report.codes
    assert report.counts["main"] == 1


def test_deck_hash_ignores_spelling_order_and_artwork(catalogue):
    ydk = read_ydk("#main\n89631140\n55144522\n89631139\n#extra\n86066372\n", catalogue)
    text = read_text(
        "メインデッキ\n強欲な壺\nBlue-Eyes White Dragon x2\nエクストラデッキ\nアクセスコード・トーカー", catalogue
    )
    other = read_text(
        "メインデッキ\n強欲な壺\nBlue-Eyes White Dragon x1\nエクストラデッキ\nアクセスコード・トーカー", catalogue
    )
    assert deck_hash(ydk) == deck_hash(text) != deck_hash(other)
    assert len(deck_hash(ydk)) == 64


HASHED_DECKS = [
    pytest.param("ydk", "#main\n89631140\n55144522\n89631139\n#extra\n86066372\n!side\n14087893\n", id="ydk"),
    pytest.param("ydk", "#main\n99999999\n99999999\n89631139\n#extra\n12345678\n", id="ydk-unknown-passwords"),
    pytest.param(
        "text",
        'メインデッキ\n3 灰流うらら\n2 "Quoted" \\ Card\n1 存在しない札\nサイドデッキ\n1 強欲な壺\n1 Ｎｏ Ｓｕｃｈ\n',
        id="text-unknown-names-with-quotes-backslash-and-kana",
    ),
    pytest.param("text", "", id="empty"),
]


@pytest.mark.parametrize("kind, text", HASHED_DECKS)
def test_deck_hash_is_the_sha256_of_the_compact_json_rows(catalogue, kind, text):
    """The form registrations store (never to change): SHA-256 of json.dumps of the sorted rows [zone, konami id,
    copies], then [zone, "?" + written, copies] for the unresolved lines."""
    import hashlib
    import json

    deck = read_ydk(text, catalogue) if kind == "ydk" else read_text(text, catalogue)
    known: dict = {}
    for zone, rows in deck.zones.items():
        for card, n in rows:
            known[(zone.value, card.id)] = known.get((zone.value, card.id), 0) + n
    unknown: dict = {}
    for line in deck.unresolved:
        key = (line.zone.value, "?" + line.written.strip())
        unknown[key] = unknown.get(key, 0) + line.count
    rows = [[z, c, n] for (z, c), n in sorted(known.items())] + [[z, w, n] for (z, w), n in sorted(unknown.items())]
    assert deck_hash(deck) == hashlib.sha256(json.dumps(rows, separators=(",", ":")).encode()).hexdigest()


def test_report_dict_has_the_duel_masters_report_keys(fillers, limits):
    report = _check(_deck(fillers, main_copies=39), limits, overlay=Overlay(cutoff=date(2020, 1, 1), overlay_id="e"))
    out = report.report_dict()
    assert set(out) == {
        "legal",
        "buildable",
        "format",
        "as_of",
        "overlay",
        "regulation",
        "deck_hash",
        "counts",
        "violations",
        "warnings",
        "errors",
    }
    assert out["regulation"]["effective_date"] == limits.list_in_force(AS_OF).effective.isoformat()
    (violation,) = out["violations"]
    assert set(violation) == {"code", "rule", "zone", "cards", "message", "message_ja", "count", "limit"}
    assert (violation["code"], violation["zone"], violation["count"]) == ("DECK_SIZE", "main", 39)
    assert "lines" in report.report_dict(with_lines=True)


def test_violations_and_read_lines_are_the_shared_ones_of_every_game(catalogue, limits):
    """One owner per concept: the OCG's violation, card reference and line status are games.base's."""
    from games.base import CardRef, LineStatus, Violation

    deck = read_text("メインデッキ\n4 灰流うらら\n1 存在しない札", catalogue)
    report = check_deck(deck, as_of=AS_OF, limits=limits)
    assert {type(item) for item in (*report.violations, *report.warnings)} == {Violation}
    assert {type(card) for item in report.violations for card in item.cards} == {CardRef}
    assert {type(line.status) for line in deck.lines} == {LineStatus}
    over = (ViolationCode.COPY_LIMIT, ViolationCode.LIMITED, ViolationCode.FORBIDDEN)
    (copies,) = [item for item in report.violations if item.code in over]
    ash = catalogue.by_name("灰流うらら")[0]
    assert copies.as_dict()["cards"] == [{"id": ash.konami_id, "name": "灰流うらら"}]  # the rules' card key


@pytest.mark.parametrize(
    "listed, status, deck_names, code, count",
    [
        pytest.param(
            "Harpie Lady",
            LimitStatus.LIMITED,
            ("Harpie Lady", "Cyber Harpie Lady"),
            ViolationCode.LIMITED,
            2,
            id="LIMITED-named-card-shares-its-limit",
        ),
        pytest.param(
            "Harpie Lady",
            LimitStatus.FORBIDDEN,
            ("Cyber Harpie Lady",),
            ViolationCode.FORBIDDEN,
            1,
            id="FORBIDDEN-named-card-forbids-its-aliases",
        ),
        pytest.param(
            "Harpie Lady 1",
            LimitStatus.FORBIDDEN,
            ("Harpie Lady 1",),
            ViolationCode.FORBIDDEN,
            1,
            id="FORBIDDEN-the-alias-card-itself-listed",
        ),
        pytest.param(
            "Harpie Lady 1",
            LimitStatus.FORBIDDEN,
            ("Harpie Lady",),
            None,
            None,
            id="the-named-card-is-free-when-only-the-alias-is-listed",
        ),
    ],
)
def test_list_and_always_treated_as(catalogue, fillers, listed, status, deck_names, code, count):
    """README of the data: cards `treated_as` X share the limit of X (PR p.41); a synthetic one-card list."""
    one_card_list = LimitList(effective=AS_OF, statuses={_one(catalogue, listed).id: status})
    deck = _deck(fillers)
    deck[SIDE] = [(_one(catalogue, name), 1) for name in deck_names]
    report = check_deck(deck, as_of=AS_OF, limits=one_card_list)
    found = [(v.code, v.count) for v in report.violations]
    assert found == ([(code, count)] if code else [])


# The OCG list of 2026-10-01 (limits.json's newest; the data README names its changes): a card around the day, 2
# copies in the Main Deck. The statuses expected come from limits.json's two lists, never typed in.
LIST_2026_10 = date(2026, 10, 1)
CODE_OF = {
    LimitStatus.FORBIDDEN: ViolationCode.FORBIDDEN,
    LimitStatus.LIMITED: ViolationCode.LIMITED,
    LimitStatus.SEMI_LIMITED: None,
    LimitStatus.UNLIMITED: None,
}


def _status_in(record: dict, konami_id: int) -> LimitStatus:
    for key, status in (
        ("forbidden", LimitStatus.FORBIDDEN),
        ("limited", LimitStatus.LIMITED),
        ("semi_limited", LimitStatus.SEMI_LIMITED),
    ):
        if konami_id in record[key]:
            return status
    return LimitStatus.UNLIMITED


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("PSY-Framelord Omega", id="limited-to-forbidden"),
        pytest.param("Premature Burial", id="forbidden-to-limited"),
        pytest.param("Elder Entity Norden", id="limited-to-released"),
        pytest.param("Toon World the Perfect World", id="newly-limited"),
    ],
)
def test_the_list_of_2026_10_01_before_and_after_its_day(catalogue, fillers, limits, limit_records, name):
    (record,) = [item for item in limit_records if item["effective"] == LIST_2026_10.isoformat()]
    previous = limit_records[limit_records.index(record) - 1]
    card = _one(catalogue, name)
    before, after = _status_in(previous, card.id), _status_in(record, card.id)
    assert before != after  # the card changes on that day
    deck = _deck(fillers)
    deck[SIDE].append((card, 2))
    for day, status, effective in (
        (date(2026, 9, 30), before, previous["effective"]),
        (LIST_2026_10, after, record["effective"]),
    ):
        report = _check(deck, limits, as_of=day)
        found = [v.code for v in report.violations if v.code in (ViolationCode.FORBIDDEN, ViolationCode.LIMITED)]
        assert found == ([CODE_OF[status]] if CODE_OF[status] else []), day
        assert limits.list_in_force(day).effective.isoformat() == effective
