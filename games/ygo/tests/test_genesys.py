"""GENESYS for the OCG (format `genesys`) with the real card data and the real point lists (the shared data's
`ygo/genesys.json`; its README gives the rules and their sources: the official 「GENESYS」ポイント設定 pages
and Konami's GENESYS announcement). Expected points come from the list itself, never typed in; counts from
build_report.json."""

from datetime import date, timedelta

import pytest

from games.ygo.rules.genesys import load_genesys
from games.ygo.rules.legality import Genesys, check_deck
from games.ygo.rules.vocabulary import DeckZone, LimitStatus
from games.ygo.tests.conftest import DATA

MAIN, EXTRA, SIDE = DeckZone.MAIN, DeckZone.EXTRA, DeckZone.SIDE
AS_OF = date(2026, 10, 1)  # the newest list's day
GENESYS_CODES = ("GENESYS_POINTS", "GENESYS_CARD_KIND", "GENESYS_CARD_POOL")


@pytest.fixture(scope="module")
def history():
    if not (DATA / "genesys.json").exists():
        pytest.skip("the GENESYS point lists are not present")
    return load_genesys(DATA)


def test_every_list_the_build_report_counts(history, build_report):
    counted = build_report["genesys"]
    assert len(history) == counted["lists"]
    sizes = {size["effective_date"]: size for size in counted["sizes"]}
    for item in history.lists:
        size = sizes[item.effective.isoformat()]
        assert (len(item.points), sum(1 for p in item.points.values() if p > 0)) == (size["entries"], size["pointed"])
        assert item.card_pool_before.isoformat() == size["card_pool_released_before"]
        assert list(item.banned_kinds) == size["banned_card_kinds"]


def test_the_list_in_force_on_a_date(history):
    first = history.lists[0].effective
    assert history.list_in_force(first - timedelta(days=1)) is None
    assert [history.list_in_force(item.effective) for item in history.lists] == list(history.lists)


def _plain(card, point_list, limits, *, pointed: bool) -> bool:
    return (
        card.deck_zone == MAIN
        and card.release_date is not None
        and card.release_date < point_list.card_pool_before
        and not card.aliases
        and not {"Link", "Pendulum"} & set(card.monster_types)
        and (point_list.points_of(card.id) > 0) == pointed
        and all(item.status(card.id) == LimitStatus.UNLIMITED for item in limits.lists[-3:])
    )


@pytest.fixture(scope="module")
def cards(catalogue, limits, history):
    """Unpointed plain Main Deck cards (fillers) and pointed ones by their points, from the newest list."""
    point_list = history.list_in_force(AS_OF)
    fillers = [c for c in catalogue.cards if _plain(c, point_list, limits, pointed=False)][:20]
    pointed = [c for c in catalogue.cards if _plain(c, point_list, limits, pointed=True)]
    return fillers, pointed, point_list


def _subset(pointed, point_list, target: int) -> list:
    """(card, copies) rows of pointed cards, at most 3 copies each, whose points add up to `target`."""
    reach: dict[int, list] = {0: []}
    for card in pointed[:400]:
        value = point_list.points_of(card.id)
        for total, rows in list(reach.items()):
            for copies in (1, 2, 3):
                new = total + value * copies
                if new <= target and new not in reach:
                    reach[new] = [*rows, (card, copies)]
        if target in reach:
            return reach[target]
    raise AssertionError(f"no pointed cards add up to {target}")


def _deck(cards, points: int, *, side_points: int = 0):
    fillers, pointed, point_list = cards
    rows = _subset(pointed, point_list, points) if points else []
    side = _subset(pointed[200:], point_list, side_points) if side_points else []
    main_copies = sum(n for _, n in rows)
    deck = {MAIN: list(rows), EXTRA: [], SIDE: list(side)}
    left = 40 - main_copies
    for card in fillers:
        if left <= 0:
            break
        deck[MAIN].append((card, min(2, left)))
        left -= 2
    return deck


def _codes(report) -> list[str]:
    return [code for code in report.codes if code in GENESYS_CODES]


# (id, points in the Main Deck, points in the Side Deck, the cap asked (None: the list's 100), expected codes)
POINT_CASES = [
    ("under-the-cap", 99, 0, None, []),
    ("at-the-cap", 100, 0, None, []),
    ("over-the-cap", 101, 0, None, ["GENESYS_POINTS"]),
    ("side-deck-points-count", 60, 41, None, ["GENESYS_POINTS"]),
    ("side-deck-within-the-cap", 60, 40, None, []),
    ("cap-0-no-points", 0, 0, 0, []),
    ("cap-0-any-point", 1, 0, 0, ["GENESYS_POINTS"]),
    ("cap-200-at", 200, 0, 200, []),
    ("cap-200-over", 201, 0, 200, ["GENESYS_POINTS"]),
]


@pytest.mark.parametrize(("main", "side", "cap", "expected"), [pytest.param(*c[1:], id=c[0]) for c in POINT_CASES])
def test_points_against_the_cap(cards, limits, history, main, side, cap, expected):
    deck = _deck(cards, main, side_points=side)
    genesys = Genesys(history.list_in_force(AS_OF), cap)
    report = check_deck(deck, as_of=AS_OF, limits=limits, genesys=genesys)
    assert _codes(report) == expected
    expected_cap = 100 if cap is None else cap
    assert (report.points, report.report_dict()["points"]) == (main + side, {"total": main + side, "cap": expected_cap})
    if expected:
        (item,) = [v for v in report.violations if str(v.code) == "GENESYS_POINTS"]
        assert (item.count, item.limit, item.rule) == (
            main + side,
            cap if cap is not None else 100,
            "GENESYS 2026-10-01",
        )
    assert report.report_dict()["format"] == "genesys"


@pytest.mark.parametrize(
    ("kind", "zone"),
    [
        pytest.param("Link", EXTRA, id="link-in-the-extra-deck"),
        pytest.param("Pendulum", MAIN, id="pendulum-in-the-main-deck"),
        pytest.param("Link", SIDE, id="link-in-the-side-deck"),
    ],
)
def test_link_and_pendulum_are_not_allowed(catalogue, cards, limits, history, kind, zone):
    point_list = history.list_in_force(AS_OF)
    card = next(
        c
        for c in catalogue.cards
        if kind in c.monster_types
        and c.release_date is not None
        and c.release_date < point_list.card_pool_before
        and (zone == SIDE or c.deck_zone == zone)
    )
    deck = _deck(cards, 0)
    if zone == MAIN:
        deck[MAIN][-1] = (deck[MAIN][-1][0], deck[MAIN][-1][1] - 1)
    deck[zone].append((card, 1))
    report = check_deck(deck, as_of=AS_OF, limits=limits, genesys=Genesys(point_list))
    found = [v for v in report.violations if str(v.code) == "GENESYS_CARD_KIND"]
    assert [(v.cards[0].id, v.rule) for v in found] == [(card.id, "GENESYS 2026-10-01")]


def test_a_card_from_the_card_pool_date_on_is_not_allowed(catalogue, cards, limits, history):
    """The 2026-10-01 list allows cards released before 2026-03-01 (its card_pool_released_before)."""
    point_list = history.list_in_force(AS_OF)
    cutoff = point_list.card_pool_before
    newer = next(
        c
        for c in catalogue.cards
        if c.deck_zone == MAIN and c.release_date is not None and cutoff <= c.release_date <= AS_OF and not c.aliases
        and not {"Link", "Pendulum"} & set(c.monster_types)
    )  # fmt: skip
    older = cards[0][0]
    for card, expected in ((newer, ["GENESYS_CARD_POOL"]), (older, [])):
        deck = _deck(cards, 0)
        deck[SIDE].append((card, 1))
        report = check_deck(deck, as_of=AS_OF, limits=limits, genesys=Genesys(point_list))
        assert _codes(report) == expected
        if expected:
            (item,) = report.violations
            assert (item.cards[0].id, item.rule) == (newer.id, "GENESYS 2026-10-01")
            assert cutoff.isoformat() in item.message and cutoff.isoformat() in item.message_ja


def test_the_forbidden_limited_list_is_not_used(catalogue, cards, limits, history):
    """A card the OCG list forbids on the day, unpointed and in the card pool: legal in GENESYS, FORBIDDEN in OCG."""
    point_list = history.list_in_force(AS_OF)
    in_force = limits.list_in_force(AS_OF)
    forbidden = next(
        c
        for c in catalogue.cards
        if in_force.status(c.id) == LimitStatus.FORBIDDEN
        and c.deck_zone == MAIN
        and point_list.points_of(c.id) == 0
        and c.release_date is not None
        and c.release_date < point_list.card_pool_before
        and not c.aliases
        and not {"Link", "Pendulum"} & set(c.monster_types)
    )
    deck = _deck(cards, 0)
    deck[SIDE].append((forbidden, 3))
    assert check_deck(deck, as_of=AS_OF, limits=limits, genesys=Genesys(point_list)).codes == []
    assert "FORBIDDEN" in check_deck(deck, as_of=AS_OF, limits=limits).codes
    deck[SIDE].append((forbidden, 1))  # 4 copies: the 3-copy rule still holds
    assert check_deck(deck, as_of=AS_OF, limits=limits, genesys=Genesys(point_list)).codes == ["COPY_LIMIT"]


def test_no_list_before_the_first_is_a_warning(cards, limits, history):
    day = history.lists[0].effective - timedelta(days=1)
    report = check_deck(_deck(cards, 0), as_of=day, limits=limits, genesys=Genesys(history.list_in_force(day)))
    assert (report.codes, [str(w.code) for w in report.warnings]) == ([], ["LIST_UNAVAILABLE"])
