"""Construction rules: the dated rule versions, then one table row per violation and warning code. Every deck is
written as text and read back, so each case also goes through the reader."""

from datetime import date

import pytest

from games.dbs.rules.decklist import read_decklist
from games.dbs.rules.legality import (
    RULE_VERSIONS,
    SOURCES,
    BanEntry,
    BanList,
    RulesUnavailable,
    check_decklist,
    codes,
    legality_report,
    rule_version_in_force,
)
from games.dbs.rules.vocabulary import BanStatus, ViolationCode, WarningCode, Zone
from games.dbs.tests.fixtures import deck_text, filler

Y2019, Y2021, Y2023 = date(2019, 6, 1), date(2021, 6, 1), date(2023, 6, 1)


# --- the dated rule versions -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("as_of", "code", "deck", "z_max"),
    [
        pytest.param(date(2017, 7, 28), "launch", (50, 50), None, id="launch-day"),
        pytest.param(date(2018, 3, 1), "launch", (50, 50), None, id="day-before-manual-1.061"),
        pytest.param(date(2018, 3, 2), "manual-1.061", (50, 50), None, id="manual-1.061-date"),
        pytest.param(date(2019, 1, 24), "manual-1.061", (50, 50), None, id="day-before-manual-1.073"),
        pytest.param(date(2019, 1, 25), "manual-1.073", (50, 50), None, id="manual-1.073-date"),
        pytest.param(date(2020, 7, 16), "manual-1.073", (50, 50), None, id="day-before-bt10"),
        pytest.param(date(2020, 7, 17), "unison", (50, 60), None, id="bt10-unison"),
        pytest.param(date(2022, 9, 8), "unison", (50, 60), None, id="day-before-manual-2.00"),
        pytest.param(date(2022, 9, 9), "zenkai", (50, 60), 10, id="manual-2.00-zenkai"),
        pytest.param(date(2026, 1, 1), "zenkai", (50, 60), 10, id="today"),
    ],
)
def test_rule_version_in_force_on_a_date(as_of, code, deck, z_max):
    version = rule_version_in_force(as_of)
    assert (version.code, (version.deck_min, version.deck_max), version.z_deck_max) == (code, deck, z_max)


def test_no_rules_before_the_launch():
    with pytest.raises(RulesUnavailable):
        rule_version_in_force(date(2017, 7, 27))


def test_versions_are_dated_in_order_and_cite_known_sources():
    dates = [version.effective for version in RULE_VERSIONS]
    assert dates == sorted(dates) and len(set(dates)) == len(dates)
    for version in RULE_VERSIONS:
        assert version.sources and all(key in SOURCES and SOURCES[key].where for key in version.sources)


# --- one row per code ----------------------------------------------------------------------------------------------

LEGAL_2019 = {"main": filler(50)}
LEGAL_2023 = {"main": filler(60), "z": {"BT18-010": 4, "BT18-011": 3}}


def _check(as_of: date, catalogue, banlist=None, **deck):
    return check_decklist(read_decklist(deck_text(**deck), catalogue), catalogue, as_of=as_of, banlist=banlist)


@pytest.mark.parametrize(
    ("as_of", "deck"),
    [
        pytest.param(Y2019, LEGAL_2019, id="2019-50-cards"),
        pytest.param(Y2023, LEGAL_2023, id="2023-60-cards-and-7-z-cards"),
        pytest.param(Y2023, {"main": filler(50)}, id="2023-50-cards-no-z-deck"),
        pytest.param(Y2019, {"main": {**filler(40), "BT2-107": 10}}, id="any-number-of-a-card-saying-so"),
        pytest.param(Y2019, {"main": {**filler(43), "BT13-149": 7}}, id="only-7-of-a-card-saying-so"),
        pytest.param(Y2019, {"main": {**filler(43), "BT5-117": 6, "P-089": 1}}, id="7-dragon-balls-6-of-one-number"),
        pytest.param(Y2019, {"main": {**filler(46), "BT1-070": 2, "BT1-071": 2}}, id="4-super-combo-cards"),
        pytest.param(Y2019, {"main": {**filler(49), "BT1-060": 1}}, id="one-ultimate-card"),
        pytest.param(Y2023, {"main": filler(60), "z": {"BT25-007": 6, "BT18-003": 1}}, id="z-card-any-number-in-z"),
    ],
)
def test_legal_decks(catalogue, as_of, deck):
    report = _check(as_of, catalogue, **deck)
    assert (report.legal, report.buildable, codes(report.violations)) == (True, True, [])


# (date, deck, the violation codes in report order, the (count, limit) of the first)
VIOLATIONS = [
    pytest.param(Y2019, {"leader": None, **LEGAL_2019}, ["LEADER_COUNT"], (0, 1), id="LEADER_COUNT-no-leader"),
    pytest.param(
        Y2019,
        {"main": {**filler(50)}, "extra_lines": ("Leader", "1 BT1-002")},
        ["LEADER_COUNT"],
        (2, 1),
        id="LEADER_COUNT-two-leaders",
    ),
    pytest.param(
        Y2019,
        {"leader": "BT9-020", **LEGAL_2019},
        ["LEADER_COUNT", "ZONE_MISPLACED"],
        (0, 1),
        id="LEADER_COUNT-battle-card-as-leader",
    ),
    pytest.param(
        Y2019,
        {"leader": None, "main": {**filler(49), "BT1-001": 1}},
        ["LEADER_COUNT", "ZONE_MISPLACED"],
        (0, 1),
        id="ZONE_MISPLACED-leader-in-the-deck",
    ),
    pytest.param(Y2019, {"main": filler(49)}, ["DECK_SIZE"], (49, 50), id="DECK_SIZE-49-in-2019"),
    pytest.param(Y2019, {"main": filler(51)}, ["DECK_SIZE"], (51, 50), id="DECK_SIZE-51-before-the-range"),
    pytest.param(Y2023, {"main": filler(61)}, ["DECK_SIZE"], (61, 60), id="DECK_SIZE-61-in-2023"),
    pytest.param(
        Y2023,
        {"main": filler(60), "z": {"BT18-010": 4, "BT18-011": 4, "BT18-012": 3}},
        ["Z_DECK_SIZE"],
        (11, 10),
        id="Z_DECK_SIZE-11",
    ),
    pytest.param(Y2021, {"main": filler(50), "z": {"BT18-010": 1}}, ["Z_DECK_SIZE"], (1, 0), id="Z_DECK_SIZE-no-z"),
    pytest.param(Y2019, {"main": {**filler(45), "BT9-020": 5}}, ["COPY_LIMIT"], (5, 4), id="COPY_LIMIT-5-of-one"),
    pytest.param(
        Y2019,
        {"main": filler(45), "extra_lines": ("3 BT1-080", "1 BT1-080_PR", "1 Kamehameha [BT1-080_SPR]")},
        ["COPY_LIMIT"],
        (5, 4),
        id="COPY_LIMIT-variants-counted-as-base",
    ),
    pytest.param(
        Y2019, {"main": {**filler(42), "BT13-149": 8}}, ["COPY_LIMIT"], (8, 7), id="COPY_LIMIT-own-text-only-7"
    ),
    pytest.param(
        Y2023, {"main": filler(60), "z": {"BT18-010": 5}}, ["COPY_LIMIT"], (5, 4), id="COPY_LIMIT-z-deck-per-number"
    ),
    pytest.param(
        Y2023, {"main": filler(60), "z": {"BT18-003": 2}}, ["COPY_LIMIT"], (2, 1), id="COPY_LIMIT-own-text-in-z"
    ),
    pytest.param(
        Y2019, {"main": {**filler(48), "BT1-060": 1, "BT1-061": 1}}, ["ULTIMATE_LIMIT"], (2, 1), id="ULTIMATE_LIMIT"
    ),
    pytest.param(
        Y2019,
        {"main": {**filler(45), "BT1-070": 3, "BT1-071": 2}},
        ["SUPER_COMBO_LIMIT"],
        (5, 4),
        id="SUPER_COMBO_LIMIT-over-two-numbers",
    ),
    pytest.param(
        Y2019,
        {"main": {**filler(42), "BT5-117": 5, "P-089": 3}},
        ["DRAGON_BALL_LIMIT"],
        (8, 7),
        id="DRAGON_BALL_LIMIT-cap-of-4-lifted-total-7",
    ),
    pytest.param(
        Y2023, {"main": {**filler(59), "BT18-010": 1}}, ["ZONE_MISPLACED"], (None, None), id="ZONE_MISPLACED-z-in-deck"
    ),
    pytest.param(
        Y2023, {"main": filler(60), "z": {"BT9-020": 1}}, ["ZONE_MISPLACED"], (None, None), id="ZONE_MISPLACED-not-z"
    ),
    pytest.param(
        Y2019, {"main": filler(48), "extra_lines": ("2 Kamehamaha",)}, ["UNKNOWN_CARD"], (2, None), id="UNKNOWN"
    ),
    pytest.param(
        Y2019, {"main": filler(48), "extra_lines": ("2 Twin Name",)}, ["AMBIGUOUS_CARD"], (2, None), id="AMBIGUOUS"
    ),
]


@pytest.mark.parametrize(("as_of", "deck", "expected", "numbers"), VIOLATIONS)
def test_each_violation_code(catalogue, as_of, deck, expected, numbers):
    report = _check(as_of, catalogue, **deck)
    assert codes(report.violations) == expected
    assert (report.violations[0].count, report.violations[0].limit) == numbers
    assert report.legal is False


@pytest.mark.parametrize(
    ("deck", "buildable"),
    [
        pytest.param({"main": filler(30)}, True, id="too-few-cards-is-buildable"),
        pytest.param({"leader": None, "main": filler(30)}, True, id="no-leader-yet-is-buildable"),
        pytest.param({"main": {**filler(20), "BT9-020": 5}}, False, id="copy-limit-is-not-buildable"),
    ],
)
def test_buildable_means_legal_but_for_the_sizes(catalogue, deck, buildable):
    report = _check(Y2019, catalogue, **deck)
    assert (report.legal, report.buildable) == (False, buildable)


def test_a_z_card_gains_the_rules_of_its_own_zone_only(catalogue):
    # BT25-007 may be in the Z-Deck in any number (its text names the Z-Deck): in the deck the usual 4 applies.
    report = _check(Y2023, catalogue, main={**filler(55), "BT25-007": 5})
    assert codes(report.violations) == ["COPY_LIMIT", "ZONE_MISPLACED"]


# --- the ban list ------------------------------------------------------------------------------------------------

BANLIST = BanList(
    (
        BanEntry("BT9-001", BanStatus.BANNED, 0, None, "source-a"),
        BanEntry("BT9-002", BanStatus.LIMITED, 1, date(2020, 1, 1), "source-b"),
        BanEntry("BT9-003", BanStatus.BANNED, 0, date(2024, 1, 1), "source-b"),
    )
)


@pytest.mark.parametrize(
    ("as_of", "expected", "numbers"),
    [
        pytest.param(Y2019, ["BANNED"], (4, 0), id="undated-entry-applies-dated-not-yet"),
        pytest.param(Y2021, ["BANNED", "LIMITED"], (4, 0), id="limited-from-its-date"),
        pytest.param(date(2024, 6, 1), ["BANNED", "BANNED", "LIMITED"], (4, 0), id="later-ban-in-force"),
    ],
)
def test_banned_and_limited_by_date(catalogue, as_of, expected, numbers):
    report = _check(as_of, catalogue, banlist=BANLIST, main=filler(50))
    assert codes(report.violations) == expected
    assert (report.violations[0].count, report.violations[0].limit) == numbers
    unverified = [item for item in report.warnings if item.code is WarningCode.LIST_UNVERIFIED]
    assert len(unverified) == 1 and unverified[0].count == 1  # one undated entry, said so


def test_the_list_warning_is_given_for_a_legal_deck_too(catalogue):
    report = _check(Y2019, catalogue, banlist=BANLIST, main=filler(50, skip=3))
    assert report.legal and codes(report.warnings) == ["LIST_UNVERIFIED"]


# --- warnings ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("as_of", "deck", "warnings"),
    [
        pytest.param(date(2018, 1, 1), LEGAL_2019, ["RULES_UNSETTLED"], id="before-manual-1.061-always"),
        pytest.param(Y2019, LEGAL_2019, [], id="manual-1.073-settled"),
        pytest.param(Y2021, {"main": filler(50)}, [], id="unison-50-settled"),
        pytest.param(Y2021, {"main": filler(60)}, ["RULES_UNSETTLED"], id="unison-60-rests-on-undated-source"),
        pytest.param(Y2023, LEGAL_2023, [], id="zenkai-60-settled"),
        pytest.param(
            Y2023, {**LEGAL_2023, "z": {"BT18-010": 4, "BT18-011": 4}}, ["RULES_UNSETTLED"], id="zenkai-z8-unsettled"
        ),
        pytest.param(Y2023, {**LEGAL_2023, "side": filler(15)}, ["SIDE_DECK_UNCHECKED"], id="side-deck-counted"),
    ],
)
def test_warnings(catalogue, as_of, deck, warnings):
    report = _check(as_of, catalogue, **deck)
    assert report.legal and codes(report.warnings) == warnings


@pytest.mark.parametrize(
    ("as_of", "deck", "rule", "zone"),
    [
        pytest.param(Y2021, {"main": filler(60)}, "unison", Zone.MAIN, id="unison-deck-above-50"),
        pytest.param(
            Y2023, {**LEGAL_2023, "z": {"BT18-010": 4, "BT18-011": 4}}, "zenkai", Zone.Z, id="zenkai-z-above-7"
        ),
    ],
)
def test_unsettled_warning_names_the_version_and_zone(catalogue, as_of, deck, rule, zone):
    warning = _check(as_of, catalogue, **deck).warnings[0]
    assert (warning.rule, warning.zone) == (rule, zone)


# --- hash and report shape -----------------------------------------------------------------------------------------


def test_deck_hash_ignores_spelling_and_order_but_not_unreadable_lines(catalogue):
    a = read_decklist("Leader\n1 BT1-001\nMain Deck\n4 BT1-080\n4 BT9-001\n", catalogue)
    b = read_decklist(
        "Main Deck\nBT9-001 x2\n2 Kamehameha [BT1-080_PR]\n2x BT9-001\n2 BT1-080\nLeader\nBT1-001", catalogue
    )
    c = read_decklist("Leader\n1 BT1-001\nMain Deck\n4 BT1-080\n4 BT9-001\n1 Nothing Like It x\n", catalogue)
    hashes = [check_decklist(deck, catalogue, as_of=Y2019).deck_hash for deck in (a, b, c)]
    assert hashes[0] == hashes[1] != hashes[2]


def test_report_dict_has_the_duel_masters_report_shape(catalogue):
    report = _check(Y2023, catalogue, main={**filler(55), "BT9-020": 5})
    out = report.report_dict()
    assert set(out) == {
        "legal", "buildable", "format", "as_of", "overlay", "regulation", "deck_hash", "counts", "violations",
        "warnings", "errors",
    }  # fmt: skip
    assert out["counts"] == {"leader": 1, "main": 60, "z": 0, "side": 0}
    assert set(out["violations"][0]) == {"code", "rule", "zone", "cards", "message", "message_ja", "count", "limit"}
    assert out["violations"][0]["cards"] == [{"id": "BT9-020", "name": "Filler BT9-020"}]
    assert out["regulation"]["code"] == "zenkai" and out["regulation"]["sources"]
    assert len(report.report_dict(include_lines=True)["lines"]) == len(report.lines)


def test_every_code_has_a_row():
    tested = {row.values[2][0] for row in VIOLATIONS} | {"BANNED", "LIMITED", "NOT_YET_RELEASED"}  # pool: below
    assert tested == {code.value for code in ViolationCode}


def test_legality_report_reads_and_checks_in_one_call(catalogue):
    out = legality_report(deck_text(main=filler(50)), catalogue, as_of=Y2019)
    assert (out["legal"], out["counts"]["main"], len(out["lines"])) == (True, 50, 3 + len(filler(50)))


# --- the card pool on a date (issue 28) ----------------------------------------------------------------------------

# A card with its day (BT13 2021-05-21 in the data), one whose set only the earliest possible day bounds (BT27: on or
# after 2023-09-01), one with both bounds, and one the data cannot date at all.
POOL_CARDS = {
    "BT13-900": {"release_date": date(2021, 5, 21)},
    "BT27-900": {"release_date": None, "release_date_earliest": date(2023, 9, 1)},
    "BT15-900": {
        "release_date": None,
        "release_date_earliest": date(2021, 8, 13),
        "release_date_latest": date(2022, 3, 1),
    },
    "P-900": {"release_date": None},
}


@pytest.fixture(scope="module")
def pool_catalogue():
    from games.dbs.rules.cards import Catalogue
    from games.dbs.tests.fixtures import CARDS, card

    return Catalogue((*CARDS, *(card(number, f"Pool {number}", **facts) for number, facts in POOL_CARDS.items())))


@pytest.mark.parametrize(
    ("number", "as_of", "violations", "warnings"),
    [
        pytest.param("BT13-900", date(2021, 5, 20), ["NOT_YET_RELEASED"], [], id="day-before-release"),
        pytest.param("BT13-900", date(2021, 5, 21), [], [], id="release-day"),
        pytest.param("BT27-900", date(2022, 1, 1), ["NOT_YET_RELEASED"], [], id="before-the-earliest-bound"),
        pytest.param("BT27-900", date(2023, 9, 1), [], ["RELEASE_DATE_UNKNOWN"], id="after-the-bound-unknown"),
        pytest.param("BT15-900", date(2021, 12, 1), [], ["RELEASE_DATE_UNKNOWN"], id="between-the-bounds"),
        pytest.param("BT15-900", date(2022, 3, 1), [], [], id="by-the-latest-bound"),
        pytest.param("P-900", date(2025, 1, 1), [], ["RELEASE_DATE_UNKNOWN"], id="undated"),
    ],
)
def test_the_card_pool_of_a_date(pool_catalogue, number, as_of, violations, warnings):
    text = deck_text(main={**filler(46), number: 4})
    report = check_decklist(read_decklist(text, pool_catalogue), pool_catalogue, as_of=as_of)
    assert (codes(report.violations), [c for c in codes(report.warnings) if c != "RULES_UNSETTLED"]) == (
        violations,
        warnings,
    )
    for item in (*report.violations, *report.warnings):
        if str(item.code) in ("NOT_YET_RELEASED", "RELEASE_DATE_UNKNOWN"):
            assert [card.id for card in item.cards] == [number] and item.message and item.message_ja


@pytest.mark.parametrize(
    ("number", "as_of", "code"),
    [
        pytest.param("BT13-005", date(2021, 1, 1), "NOT_YET_RELEASED", id="BT13-before-its-2021-05-21-release"),
        pytest.param("BT13-005", date(2021, 5, 21), None, id="BT13-on-its-release"),
        pytest.param("BT27-012", date(2022, 1, 1), "NOT_YET_RELEASED", id="BT27-before-its-earliest-bound"),
        pytest.param("BT27-012", date(2023, 9, 1), None, id="BT27-after-its-earliest-bound"),
    ],
)
def test_the_card_pool_with_the_real_data(real_catalogue, real_records, number, as_of, code):
    """BT13-005 (BT13 out 2021-05-21, sets.json) is not legal on 2021-01-01; a BT27 card not in 2022 (the data: out
    on or after 2023-09-01)."""
    leader = next(r["card_number"] for r in real_records if r["card_type"] == "Leader" and r.get("release_date")
                  and r["release_date"] <= "2017-12-31")  # fmt: skip
    old = [r["card_number"] for r in real_records if r["card_type"] == "Battle" and r.get("release_date")
           and r["release_date"] <= "2018-01-01"][:12]  # fmt: skip
    main = {n: 4 for n in old[:11]} | {old[11]: 2, number: 4}
    decklist = read_decklist(deck_text(leader=leader, main=main), real_catalogue)
    report = check_decklist(decklist, real_catalogue, as_of=as_of)
    found = [v for v in report.violations if str(v.code) == "NOT_YET_RELEASED"]
    assert [v.cards[0].id for v in found] == ([number] if code else [])


def test_the_rule_versions_agree_with_the_dated_versions_of_rules_json(dbs_data_dir):
    """Every dated version of the shared data's dbs/rules.json that states the deck (or the Z-Deck) is what the rules
    apply from its date: exactly 50 and 4 per card number in the manuals of 2018-2019; the Z-Deck's 7 (a Z-Deck of 8
    to 10 only with RULES_UNSETTLED). What no source states (the side deck: `side_deck_max` null in every version)
    is not checked, and says so (SIDE_DECK_UNCHECKED)."""
    import json

    versions = json.loads((dbs_data_dir / "rules.json").read_text(encoding="utf-8"))["versions"]
    checked = 0
    for item in versions:
        if not item["effective_date"]:
            continue
        version = rule_version_in_force(date.fromisoformat(item["effective_date"]))
        if item["main_min"] is not None:
            assert (version.deck_min, version.deck_max) == (item["main_min"], item["main_max"]), item["name"]
            checked += 1
        if item["copies_per_number"] is not None:
            assert version.copies == item["copies_per_number"], item["name"]
    assert checked >= 10 and all(item["side_deck_max"] is None for item in versions)
    zenkai = next(item for item in versions if item["z_deck_max"] is not None)
    assert rule_version_in_force(date(2022, 9, 9)).settled_z_deck_max == zenkai["z_deck_max"]
    assert rule_version_in_force(date(2018, 3, 2)).code == "manual-1.061"


# --- a name read on the check's day (legality.on_day) -----------------------------------------------------------

PANS = ("BT3-009", "BT10-104", "BT18-014", "BT21-044")  # the battle cards named Pan; BT3-009 came out on 2018-03-09


@pytest.mark.parametrize(
    ("text", "as_of", "status", "number", "candidates"),
    [
        pytest.param("Main Deck\n2 Pan", date(2018, 3, 9), "card", "BT3-009", (), id="the-only-pan-out-that-day"),
        pytest.param("Main Deck\n2 Pan", date(2018, 3, 8), "ambiguous", None, PANS, id="none-out-yet-all-offered"),
        pytest.param("Main Deck\n2 Pan", date(2024, 1, 1), "ambiguous", None, PANS, id="all-out-all-offered"),
        # Without a heading a name stands for leaders too: the date does not choose the zone for the player.
        pytest.param(
            "2 Pan", date(2018, 3, 9), "ambiguous", None, ("BT3-001", *PANS, "SD17-01", "P-657"), id="no-heading"
        ),
        # Still ambiguous on the day: only the leaders that can have been out then are offered (BT25-036: from 2023;
        # SD19-01 and BT11-061 have no day in the data, only the earliest their sets can have come out).
        pytest.param(
            "Leader\n1 Gotenks",
            date(2020, 12, 15),
            "ambiguous",
            None,
            ("BT10-092", "BT11-061", "SD19-01", "P-027"),
            id="fewer-candidates",
        ),
    ],
)
def test_a_name_is_read_as_the_card_of_its_day(real_catalogue, text, as_of, status, number, candidates):
    from games.dbs.rules.legality import on_day

    line = on_day(read_decklist(text, real_catalogue), real_catalogue, as_of).lines[-1]
    assert (str(line.status), line.card_number, set(line.candidates)) == (status, number, set(candidates))
    report = check_decklist(read_decklist(text, real_catalogue), real_catalogue, as_of=as_of)
    assert report.lines[-1] == line  # what the check counts is what the report's lines show
    assert ("AMBIGUOUS_CARD" in codes(report.violations)) == (status == "ambiguous")
