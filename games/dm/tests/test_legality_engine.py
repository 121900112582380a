"""The pure legality engine against the spec's test catalogue 4.1 (L01-L50) with synthetic cards, plus the
extra checks (all violations reported, shared back face) and hypothesis properties."""

import random
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.tests.factories import CardFactsFactory
from games.dm.rules.legality import CardPool, DeckInput, Unresolved, check_deck
from games.dm.rules.vocabulary import DeckZone, ViolationCode, WarningCode
from games.dm.tests.synthetic import (
    A_ALT,
    AURA,
    BAD_BRAND,
    BOLSHACK_DRAGON,
    BOLSHACK_NEX,
    C1,
    C2,
    CHOROCHU,
    DRAGHEART,
    FILLER,
    GR_MANY,
    GRS,
    HOF,
    HOF_ALT,
    NEBULAE,
    NEW_YEAR,
    ONLY_ONE,
    OPTIMUS,
    ORIGINAL,
    PREMIUM,
    PSY1,
    PSY2,
    PSY3,
    REGULATION,
    REGULATION_OFF,
    REGULATION_ON,
    RULE_PLUS,
    SEALED_X,
    SHARED_BACK_1,
    SHARED_BACK_2,
    STAR,
    STAR_PARTS,
    START_SETS,
    THIRTEEN,
    UNKNOWN_FACTS,
    XY,
    XY_ALT,
    XZ,
    ZEROM,
    A,
    B,
    R,
    S,
    X,
    filler,
)

V = ViolationCode
MAIN, HYPER, GR = DeckZone.MAIN, DeckZone.HYPERSPATIAL, DeckZone.GR
GR12 = [(g, 2) for g in GRS]  # 12 = 6 names x 2
HYPER8 = [(PSY1, 4), (PSY2, 4)]


def deck(main=(), hyper=(), gr=(), unresolved=()) -> DeckInput:
    return DeckInput(main=tuple(main), hyperspatial=tuple(hyper), gr=tuple(gr), unresolved=tuple(unresolved))


def run(d: DeckInput, *, hof: bool = False, rules=None):
    rules = rules or (REGULATION_ON if hof else REGULATION_OFF)
    return check_deck(
        d, format_rules=rules, regulation=REGULATION if rules.hall_of_fame else None, start_sets=START_SETS
    )


def found(report) -> list[tuple]:
    """(code, zone, card names, count) of each violation."""
    return [
        (str(item.code), item.zone.value if item.zone else None, tuple(c.name for c in item.cards), item.count)
        for item in report.violations
    ]


# (id, deck, regulation on?, expected violations as (code, zone, card names, count); [] = LEGAL)
CASES = [
    ("L01", deck(filler(40)), False, []),  # EN 100.2, 100.2a
    ("L02", deck(filler(39)), False, [(V.DECK_SIZE, MAIN, (), 39)]),  # EN 100.2; JP 103.2
    ("L03", deck(filler(41)), False, [(V.DECK_SIZE, MAIN, (), 41)]),  # EN 100.2
    ("L04", deck(), False, [(V.DECK_SIZE, MAIN, (), 0)]),  # EN 100.2
    ("L05", deck([(A, 5), *filler(35)]), False, [(V.COPY_LIMIT, MAIN, ("A",), 5)]),  # EN 100.2a
    ("L06", deck([(A, 4), (A_ALT, 1), *filler(35)]), False, [(V.COPY_LIMIT, MAIN, ("A",), 5)]),  # 100.2a, 109.1
    ("L07", deck([(BAD_BRAND, 4), (OPTIMUS, 1), *filler(35)]), False, [(V.COPY_LIMIT, MAIN, ("Bad Brand",), 5)]),
    ("L08", deck([(OPTIMUS, 4), *filler(36)]), False, []),  # EN 202.6
    ("L09", deck([(XY, 4), (X, 4), *filler(32)]), False, []),  # EN 808.4 [interpretive]
    ("L10", deck([(XY, 3), (XY_ALT, 2), *filler(35)]), False, [(V.COPY_LIMIT, MAIN, ("X/Y",), 5)]),  # 808.4
    ("L11", deck([(XY, 4), (XZ, 4), *filler(32)]), False, []),  # EN 808.4
    ("L12", deck([(BOLSHACK_DRAGON, 4), (BOLSHACK_NEX, 4), *filler(32)]), False, []),  # EN 202.3, 202.3a
    ("L13", deck([(CHOROCHU, 12), *filler(28)]), False, []),  # EN 100.2a, 101.1
    ("L14", deck([(CHOROCHU, 12), (B, 5), *filler(23)]), False, [(V.COPY_LIMIT, MAIN, ("B",), 5)]),  # 100.2a
    ("L15", deck(filler(40), hyper=[]), False, []),  # EN 100.3; JP 407.1
    ("L16", deck(filler(40), HYPER8), False, []),  # EN 100.3, 100.3a
    ("L17", deck(filler(40), [(PSY1, 4), (PSY2, 1)]), False, []),  # I-1: 5 is fine
    ("L18", deck(filler(40), [(PSY1, 4), (PSY2, 4), (PSY3, 1)]), False, [(V.HYPERSPATIAL_SIZE, HYPER, (), 9)]),
    ("L19", deck(filler(40), [(PSY1, 5), (PSY2, 3)]), False, [(V.COPY_LIMIT, HYPER, ("Psy1",), 5)]),  # 100.3a
    ("L20", deck(filler(40), [(PSY1, 4), (B, 1)]), False, [(V.ZONE_MISPLACED, HYPER, ("B",), None)]),  # 407.1
    ("L21", deck([(PSY1, 1), *filler(39)]), False, [(V.ZONE_MISPLACED, MAIN, ("Psy1",), None)]),  # 117.1, 804.4
    ("L22", deck([(DRAGHEART, 1), *filler(39)]), False, [(V.ZONE_MISPLACED, MAIN, ("Dragheart",), None)]),
    ("L23", deck(filler(36), [(PSY1, 4)]), False, [(V.DECK_SIZE, MAIN, (), 36)]),  # hyper does not count
    ("L24", deck(filler(40), HYPER8, GR12), False, []),  # EN 100.2 to 100.4a
    ("L25", deck(filler(40), gr=[]), False, []),  # EN 100.4
    ("L26", deck(filler(40), gr=GR12), False, []),  # EN 100.4a, 408.1
    ("L27", deck(filler(40), gr=GR12[:5] + [(GRS[5], 1)]), False, [(V.GR_SIZE, GR, (), 11)]),  # I-2
    ("L28", deck(filler(40), gr=[*GR12, (GR_MANY, 1)]), False, [(V.GR_SIZE, GR, (), 13)]),  # JP 100.4
    ("L29", deck(filler(40), gr=[(GRS[0], 3), (GRS[1], 1), *GR12[2:]]), False, [(V.COPY_LIMIT, GR, ("GR1",), 3)]),
    ("L30", deck(filler(40), gr=[*GR12[:5], (GRS[5], 1), (AURA, 1)]), False, [(V.ZONE_MISPLACED, GR, ("Aura",), None)]),
    ("L31", deck([(GRS[0], 1), *filler(39)]), False, [(V.ZONE_MISPLACED, MAIN, ("GR1",), None)]),  # 809.2
    ("L32", deck(filler(40), gr=[(GR_MANY, 3), (GRS[0], 1), *GR12[1:5]]), False, []),  # 100.4a, 101.1
    ("L33", deck(filler(40), [(RULE_PLUS, 1)]), False, []),  # EN 314.1
    ("L34", deck(filler(40), [(THIRTEEN, 1)]), False, [(V.DECK_SIZE, MAIN, (), 40)]),  # EN 314.3a (needs 45)
    ("L35", deck(filler(45), [(THIRTEEN, 1)]), False, []),  # 314.3a
    ("L36", deck([(RULE_PLUS, 1), *filler(39)]), False, [(V.ZONE_MISPLACED, MAIN, ("Rule Plus",), None)]),
    ("L37", deck([(SEALED_X, 1), *filler(39)]), False, []),  # EN 100.5, 307.1, 807.4
    (
        "L38",
        deck([(SEALED_X, 1), (NEW_YEAR, 1), *filler(38)]),
        False,
        [(V.START_SET_MULTIPLE, MAIN, ("Forbidden New Year", "Forbidden ~The Sealed X~"), 2)],
    ),
    (
        "L39",
        deck([(SEALED_X, 1), (ZEROM, 1), *[(n, 1) for n in NEBULAE], *filler(34)]),
        False,
        [
            (
                V.START_SET_MULTIPLE,
                MAIN,
                ("Forbidden ~The Sealed X~", "Nebula1", "Nebula2", "Nebula3", "Nebula4", "Zerom"),
                2,
            )
        ],
    ),
    (
        "L40",
        deck([(SEALED_X, 2), *filler(38)]),
        False,
        [(V.START_SET_MULTIPLE, MAIN, ("Forbidden ~The Sealed X~",), 1)],
    ),
    ("L41", deck([(STAR, 1), *[(p, 1) for p in STAR_PARTS], *filler(35)]), False, []),  # EN 100.5
    ("L42", deck([(HOF, 1), *filler(39)]), True, []),  # EN 100.2 + list
    ("L43", deck([(HOF, 2), *filler(38)]), True, [(V.HALL_OF_FAME, None, ("H",), 2)]),
    ("L44", deck([(HOF, 1), (HOF_ALT, 1), *filler(38)]), True, [(V.HALL_OF_FAME, None, ("H",), 2)]),  # 109.1
    ("L45", deck([(PREMIUM, 1), *filler(39)]), True, [(V.PREMIUM_HALL_OF_FAME, None, ("P",), 1)]),
    ("L46", deck([(C1, 1), (C2, 1), *filler(38)]), True, [(V.PREMIUM_COMBO, None, ("C1", "C2"), None)]),
    ("L47", deck([(C1, 4), *filler(36)]), True, []),  # combo needs both
    ("L48", deck([(R, 1), *filler(39)], [(S, 1)]), True, [(V.PREMIUM_COMBO, None, ("R", "S"), None)]),  # cross-zone
    ("L49", deck([(PREMIUM, 4), *filler(36)]), False, []),  # regulation off
    ("L50", deck([(XY, 1), (X, 4), *filler(35)]), True, []),  # the list names the combined name only
]


@pytest.mark.parametrize(("deck_input", "hof", "expected"), [pytest.param(*c[1:], id=c[0]) for c in CASES])
def test_spec_4_1(deck_input, hof, expected):
    report = run(deck_input, hof=hof)
    want = [(str(code), zone.value if zone else None, cards, count) for code, zone, cards, count in expected]
    assert found(report) == sorted(want, key=lambda item: (item[0], item[1] or "", item[2]))
    assert report.legal is (not expected)


def test_l35_main_deck_of_45_with_thirteen_counts():
    report = run(deck([*filler(40), (B, 4), (A, 1)], [(THIRTEEN, 1)]))
    assert report.counts == {"main": 45, "hyperspatial": 1, "gr": 0}
    assert report.legal


def test_l34_cites_rule_314_3a_and_requires_45():
    (violation,) = run(deck(filler(40), [(THIRTEEN, 1)])).violations
    assert (violation.rule, violation.count, violation.limit) == ("314.3a", 40, 45)


def test_l49_regulation_off_still_applies_100_5():
    report = run(deck([(PREMIUM, 4), (SEALED_X, 2), *filler(34)]))
    assert [str(v.code) for v in report.violations] == [V.START_SET_MULTIPLE]


# ------------------------------------------------------------------------------------------------ extra checks


def test_all_violations_are_reported():
    """A deck of 41 with A x5 returns DECK_SIZE and COPY_LIMIT (never only the first problem)."""
    report = run(deck([(A, 5), *filler(36)], [(PSY1, 5), (B, 4)], [(GRS[0], 3)]), hof=True)
    codes = sorted(str(v.code) for v in report.violations)
    assert codes == sorted(
        [V.DECK_SIZE, V.COPY_LIMIT, V.COPY_LIMIT, V.COPY_LIMIT, V.ZONE_MISPLACED, V.HYPERSPATIAL_SIZE, V.GR_SIZE]
    )
    assert {(str(v.code), v.zone) for v in report.violations if v.code == V.COPY_LIMIT} == {
        (V.COPY_LIMIT, MAIN),
        (V.COPY_LIMIT, HYPER),
        (V.COPY_LIMIT, GR),
    }
    assert not report.buildable


def test_shared_back_face_cards_are_different_identities():
    """1.2.5 / I-6: two psychics sharing one back face, 3 + 2 copies: LEGAL (they are different cards)."""
    report = run(deck(filler(40), [(SHARED_BACK_1, 3), (SHARED_BACK_2, 2)]))
    assert report.legal and report.violations == ()


def test_lower_limit_wins_when_a_card_with_an_override_is_listed():
    report = run(deck([(CHOROCHU, 12), *filler(28)]), hof=True)
    assert found(report) == [(V.HALL_OF_FAME, None, ("Chorochu",), 12)]


def test_card_allowing_only_one_copy():
    report = run(deck([(ONLY_ONE, 2), *filler(38)]))
    assert [(v.code, v.limit) for v in report.violations] == [(V.COPY_LIMIT, 1)]


def test_buildable_means_legal_but_for_sizes():
    assert run(deck(filler(20))).buildable
    assert not run(deck([(A, 5), *filler(15)])).buildable
    assert run(deck(filler(40))).buildable


def test_incomplete_multi_card_set_is_a_warning():
    report = run(deck([(ZEROM, 1), (NEBULAE[0], 1), *filler(38)]))
    assert report.legal
    assert [(w.code, tuple(c.name for c in w.cards)) for w in report.warnings] == [
        (WarningCode.START_SET_INCOMPLETE, ("Nebula2", "Nebula3", "Nebula4"))
    ]


def test_unknown_and_ambiguous_cards_count_toward_size_and_make_the_deck_illegal():
    report = run(
        deck(filler(36), unresolved=[Unresolved(MAIN, "Mystery", 2), Unresolved(MAIN, "Amb", 2, ambiguous=True)])
    )
    assert sorted(str(v.code) for v in report.violations) == [V.AMBIGUOUS_CARD, V.UNKNOWN_CARD]
    assert report.counts["main"] == 40
    assert not report.legal and not report.buildable


def test_facts_unavailable_is_a_warning_only():
    report = run(deck([(UNKNOWN_FACTS, 1), *filler(39)]))
    assert report.legal
    assert [w.code for w in report.warnings] == [WarningCode.FACTS_UNAVAILABLE]


ORIGINAL_CASES = [
    pytest.param(deck(filler(40)), [], id="main-only-legal"),
    pytest.param(deck(filler(40), HYPER8), [(V.ZONE_NOT_IN_FORMAT, HYPER)], id="hyperspatial-not-in-format"),
    pytest.param(deck(filler(40), gr=GR12), [(V.ZONE_NOT_IN_FORMAT, GR)], id="gr-not-in-format"),
    pytest.param(deck([(SEALED_X, 1), *filler(39)]), [(V.ZONE_NOT_IN_FORMAT, MAIN)], id="start-card-not-in-format"),
    pytest.param(deck([(ZEROM, 1), *filler(39)]), [(V.ZONE_NOT_IN_FORMAT, MAIN)], id="zeron-not-in-format"),
]


@pytest.mark.parametrize(("deck_input", "expected"), ORIGINAL_CASES)
def test_original_format_uses_the_main_deck_only(deck_input, expected):
    report = check_deck(deck_input, format_rules=ORIGINAL, regulation=None, start_sets=START_SETS)
    assert [(str(v.code), v.zone) for v in report.violations] == [(str(c), z) for c, z in expected]
    # no list loaded for `original`: the construction rules are checked and the report says so
    assert [w.code for w in report.warnings] == [WarningCode.REGULATION_UNAVAILABLE]


def test_every_violation_has_rule_zone_and_both_languages():
    report = run(deck([(A, 5), (PSY1, 1), (PREMIUM, 1), (C1, 1), (C2, 1), *filler(30)], [(B, 1)]), hof=True)
    assert len(report.violations) >= 5
    for item in report.violations:
        assert item.rule and item.message and item.message_ja
        assert item.message != item.message_ja


def test_deck_hash_ignores_how_the_deck_was_written():
    split = deck([(A, 2), *filler(36), (A, 2)], [(PSY1, 1)])
    whole = deck([*reversed(filler(36)), (A, 4)], [(PSY1, 1)])
    other = deck([(A, 3), *filler(37)], [(PSY1, 1)])
    assert run(split).deck_hash == run(whole).deck_hash != run(other).deck_hash
    assert len(run(split).deck_hash) == 64


# ------------------------------------------------------------------------------------------------ properties

POOL = [A, B, X, XY, XZ, CHOROCHU, ONLY_ONE, PSY1, PSY2, DRAGHEART, *GRS[:3], GR_MANY, AURA, RULE_PLUS, THIRTEEN]
POOL += [SEALED_X, NEW_YEAR, ZEROM, NEBULAE[0], STAR, HOF, HOF_ALT, PREMIUM, C1, C2, R, S, *FILLER[:6]]

entries = st.lists(
    st.tuples(st.sampled_from(list(DeckZone)[:3]), st.sampled_from(POOL), st.integers(1, 6)), min_size=0, max_size=25
)


def _build(items) -> DeckInput:
    zones = {MAIN: [], HYPER: [], GR: []}
    for zone, card_facts, count in items:
        zones[zone].append((card_facts, count))
    return deck(zones[MAIN], zones[HYPER], zones[GR])


def _summary(report):
    return (report.legal, report.buildable, report.counts, report.violations, report.warnings, report.deck_hash)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(items=entries, seed=st.integers(0, 2**16), hof=st.booleans())
def test_line_order_never_changes_the_report_or_the_hash(items, seed, hof):
    shuffled = list(items)
    random.Random(seed).shuffle(shuffled)
    assert _summary(run(_build(items), hof=hof)) == _summary(run(_build(shuffled), hof=hof))


def _non_size(report) -> set:
    return {(v.code, v.zone) for v in report.violations if v.code not in (V.DECK_SIZE, V.HYPERSPATIAL_SIZE, V.GR_SIZE)}


@settings(max_examples=150, deadline=None, derandomize=True)
@given(items=entries, extra=st.tuples(st.sampled_from(list(DeckZone)[:3]), st.sampled_from(POOL)), hof=st.booleans())
def test_adding_a_copy_never_makes_an_illegal_deck_legal(items, extra, hof):
    """Adding a copy never removes a violation other than a size one, so a deck that is illegal for any other
    reason stays illegal (a 39-card deck may of course become legal at 40)."""
    before = run(_build(items), hof=hof)
    after = run(_build([*items, (*extra, 1)]), hof=hof)
    assert _non_size(before) <= _non_size(after)
    if not before.buildable:
        assert not after.legal


def test_start_zone_decides_for_zeron_cards_flagged_as_draghearts():
    """Zeron cards begin in the battle zone (810.3): legal in the main deck, misplaced in the hyperspatial zone."""
    in_main = run(deck([(ZEROM, 1), *[(n, 1) for n in NEBULAE], *filler(35)]))
    assert in_main.legal
    in_hyper = run(deck(filler(40), [(ZEROM, 1)]))
    assert [(str(v.code), v.zone) for v in in_hyper.violations] == [(V.ZONE_MISPLACED, HYPER)]


# ------------------------------------------------------------------------ card pool (100.2 + regulation's date)

OLD = dict(release_date=date(2002, 5, 30))
NEW_GR = CardFactsFactory(name_ja="New GR", gr_creature=True, release_date=date(2019, 3, 16))
NEW_MAIN = CardFactsFactory(name_ja="New Main", release_date=date(2019, 3, 16))
UNDATED = CardFactsFactory(name_ja="Undated")
# Dated 2019-03-16 by a reprint; its first printing (a promo) has no date in the set list.
PROMO_FIRST = CardFactsFactory(name_ja="Promo First", release_date=date(2019, 3, 16), release_date_exact=False)
DATED_FILLER = tuple(CardFactsFactory(name_ja=f"Dated{i:02d}", **OLD) for i in range(1, 11))
DATED_GR12 = [
    (NEW_GR, 2),
    *[(CardFactsFactory(name_ja=f"Dated GR{i}", gr_creature=True, **OLD), 2) for i in range(1, 6)],
]


def dated(n: int, *extra) -> list:
    """n dated filler cards (4 of each), then `extra` entries."""
    out, rest = [], n
    for item in DATED_FILLER:
        if rest <= 0:
            break
        out.append((item, min(4, rest)))
        rest -= 4
    return [*out, *extra]


CARD_POOL_CASES = [
    pytest.param(deck(dated(40)), CardPool(as_of=date(2005, 1, 1)), [], [], id="all-released"),
    pytest.param(
        deck(dated(40), gr=DATED_GR12),
        CardPool(as_of=date(2005, 1, 1)),
        [("NOT_YET_RELEASED", "gr", ("New GR",))],
        [],
        id="gr-card-in-2005",
    ),
    pytest.param(deck(dated(40), gr=DATED_GR12), CardPool(as_of=date(2019, 3, 16)), [], [], id="released-that-day"),
    pytest.param(
        deck(dated(36, (NEW_MAIN, 4))),
        CardPool(as_of=date(2019, 3, 15)),
        [("NOT_YET_RELEASED", "main", ("New Main",))],
        [],
        id="main-card-a-day-early",
    ),
    pytest.param(
        deck(dated(36, (UNDATED, 4))),
        CardPool(as_of=date(2005, 1, 1)),
        [],
        [("RELEASE_DATE_UNKNOWN", "main", ("Undated",))],
        id="unknown-date-is-a-warning",
    ),
    # Out by its dated printing, maybe before (a printing of no date): before that day a warning, never a violation.
    pytest.param(
        deck(dated(36, (PROMO_FIRST, 4))),
        CardPool(as_of=date(2015, 12, 20)),
        [],
        [("RELEASE_DATE_UNKNOWN", "main", ("Promo First",))],
        id="a-printing-of-no-date-may-be-earlier",
    ),
    pytest.param(
        deck(dated(36, (PROMO_FIRST, 4))),
        CardPool(as_of=date(2010, 1, 1), cutoff=date(2008, 1, 1), overlay_id="cs"),
        [],
        [("RELEASE_DATE_UNKNOWN", "main", ("Promo First",))],
        id="a-printing-of-no-date-and-a-cutoff",
    ),
    pytest.param(deck(dated(36, (PROMO_FIRST, 4))), CardPool(as_of=date(2019, 3, 16)), [], [], id="out-by-that-day"),
    pytest.param(
        deck(dated(36, (NEW_MAIN, 4))),
        CardPool(as_of=date(2020, 1, 1), cutoff=date(2018, 12, 31), overlay_id="cs"),
        [("CARD_POOL_CUTOFF", "main", ("New Main",))],
        [],
        id="overlay-cutoff",
    ),
    pytest.param(
        deck(dated(36, (NEW_MAIN, 4))),
        CardPool(as_of=date(2010, 1, 1), cutoff=date(2008, 1, 1), overlay_id="cs"),
        [("CARD_POOL_CUTOFF", "main", ("New Main",)), ("NOT_YET_RELEASED", "main", ("New Main",))],
        [],
        id="after-both-dates",
    ),
    pytest.param(
        deck(dated(36, (UNKNOWN_FACTS, 4))),
        CardPool(as_of=date(2005, 1, 1)),
        [],
        [("FACTS_UNAVAILABLE", "main", ("Name Only",)), ("RELEASE_DATE_UNKNOWN", "main", ("Name Only",))],
        id="facts-less-and-undated",
    ),
]


@pytest.mark.parametrize(("deck_input", "pool", "violations", "warnings"), CARD_POOL_CASES)
def test_card_pool_by_release_date(deck_input, pool, violations, warnings):
    report = check_deck(deck_input, format_rules=REGULATION_OFF, start_sets=START_SETS, card_pool=pool)
    assert [(str(v.code), v.zone.value, tuple(c.name for c in v.cards)) for v in report.violations] == violations
    assert [(str(w.code), w.zone.value, tuple(c.name for c in w.cards)) for w in report.warnings] == warnings
    assert report.legal is (not violations)
    assert {v.rule for v in (*report.violations, *report.warnings) if "RELEASE" in v.code or "CUTOFF" in v.code} <= {
        "100.2"
    }


def test_not_yet_released_message_names_both_dates():
    report = check_deck(
        deck(dated(36, (NEW_MAIN, 4))), format_rules=REGULATION_OFF, card_pool=CardPool(as_of=date(2005, 1, 1))
    )
    (violation,) = report.violations
    for text in (violation.message, violation.message_ja):
        assert "2019-03-16" in text and "2005-01-01" in text


def test_a_release_date_of_a_card_with_an_undated_printing_is_named_as_the_day_it_was_out_by():
    report = check_deck(
        deck(dated(36, (PROMO_FIRST, 4))), format_rules=REGULATION_OFF, card_pool=CardPool(as_of=date(2005, 1, 1))
    )
    (warning,) = report.warnings
    assert "2019-03-16" in warning.message and "no date" in warning.message
    assert "2019-03-16" in warning.message_ja and "発売日のわからない収録" in warning.message_ja


def test_without_a_card_pool_release_dates_are_not_checked():
    report = check_deck(deck(dated(36, (NEW_MAIN, 4), (UNDATED, 0))), format_rules=REGULATION_OFF)
    assert (report.legal, report.warnings) == (True, ())


@pytest.mark.parametrize("code", [*V, *WarningCode], ids=str)
def test_every_code_is_documented(code):
    from pathlib import Path

    codes = (Path(__file__).resolve().parents[3] / "docs" / "legality.md").read_text(encoding="utf-8")
    assert f"`{code}`" in codes.split("## Codes", 1)[1].split("\n## ", 1)[0]
