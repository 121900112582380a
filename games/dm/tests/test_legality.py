"""The legality service end to end (resolver, regulation in force, engine) with real-card-shaped fixtures."""

from datetime import date

import pytest

from accounts.tests.factories import UserFactory
from games.dm.rules.decklist import parse_json, parse_text
from regulations import services
from regulations.models import EventOverlay, Format, OverlayCard
from regulations.tests.catalogue import (
    BANNED,
    CHOROCHU,
    COMBO,
    DRAGHEART,
    FILLER,
    GR_MANY,
    GRS,
    HYPER_COMBO_MAIN,
    LIMITED,
    NEBULAE,
    PSYCHICS,
    SEALED_X,
    STAR,
    THIRTEEN,
    TWIN,
    ZEROM,
)


def filler(n: int, skip: int = 0) -> str:
    lines, names = [], iter(FILLER[skip:])
    while n > 0:
        take = min(4, n)
        lines.append(f"{take} {next(names)}")
        n -= take
    return "\n".join(lines)


def text(main: str = "", hyper: str = "", gr: str = "") -> str:
    return f"# main\n{main}\n# 超次元\n{hyper}\n# 超GR\n{gr}\n"


HYPER8 = f"4 {PSYCHICS[0]}\n4 {PSYCHICS[1]}"
GR12 = "\n".join(f"2 {name}" for name in GRS)

# (id, decklist text, format, as_of, expected violation codes in report order)
CASES = [
    ("L01", text(filler(40)), "advance", None, []),
    ("L02", text(filler(39)), "advance", None, ["DECK_SIZE"]),
    ("L05", text(f"5 {FILLER[0]}\n" + filler(35, skip=1)), "advance", None, ["COPY_LIMIT"]),
    ("L13", text(f"12 {CHOROCHU}\n" + filler(28)), "advance", None, []),
    ("L14", text(f"12 {CHOROCHU}\n5 {FILLER[0]}\n" + filler(23, skip=1)), "advance", None, ["COPY_LIMIT"]),
    ("L16", text(filler(40), HYPER8), "advance", None, []),
    ("L18", text(filler(40), HYPER8 + f"\n1 {DRAGHEART}"), "advance", None, ["HYPERSPATIAL_SIZE"]),
    ("L20", text(filler(40), f"1 {FILLER[14]}"), "advance", None, ["ZONE_MISPLACED"]),
    ("L21", text(f"1 {PSYCHICS[0]}\n" + filler(39)), "advance", None, ["ZONE_MISPLACED"]),
    ("L22", text(f"1 {DRAGHEART}\n" + filler(39)), "advance", None, ["ZONE_MISPLACED"]),
    ("L24", text(filler(40), HYPER8, GR12), "advance", None, []),
    ("L27", text(filler(40), "", "\n".join(f"2 {n}" for n in GRS[:5]) + f"\n1 {GRS[5]}"), "advance", None, ["GR_SIZE"]),
    (
        "L29",
        text(filler(40), "", f"3 {GRS[0]}\n1 {GRS[1]}\n" + "\n".join(f"2 {n}" for n in GRS[2:])),
        "advance",
        None,
        ["COPY_LIMIT"],
    ),
    ("L31", text(f"1 {GRS[0]}\n" + filler(39)), "advance", None, ["ZONE_MISPLACED"]),
    (
        "L32",
        text(filler(40), "", f"3 {GR_MANY}\n1 {GRS[0]}\n" + "\n".join(f"2 {n}" for n in GRS[1:5])),
        "advance",
        None,
        [],
    ),
    ("L34", text(filler(40), f"1 {THIRTEEN}"), "advance", None, ["DECK_SIZE"]),
    ("L35", text(filler(45), f"1 {THIRTEEN}"), "advance", None, []),
    ("L36", text(f"1 {THIRTEEN}\n" + filler(39)), "advance", None, ["ZONE_MISPLACED"]),
    ("L36-no-heading-follows-the-card", f"1 {THIRTEEN}\n" + filler(39), "advance", None, ["DECK_SIZE"]),
    ("L37", text(f"1 {SEALED_X}\n" + filler(39)), "advance", None, []),
    (
        "L39",
        text(f"1 {SEALED_X}\n1 {ZEROM}\n" + "\n".join(f"1 {n}" for n in NEBULAE) + "\n" + filler(34)),
        "advance",
        None,
        ["START_SET_MULTIPLE"],
    ),
    ("L40", text(f"2 {SEALED_X}\n" + filler(38)), "unrestricted", None, ["START_SET_MULTIPLE"]),
    ("L41", text(f"1 {STAR}\n" + filler(35)), "advance", None, []),  # one record = the five-card set
    ("L42", text(f"1 {LIMITED}\n" + filler(39)), "advance", date(2015, 1, 1), []),
    ("L43", text(f"2 {LIMITED}\n" + filler(38)), "advance", date(2015, 1, 1), ["HALL_OF_FAME"]),
    ("L43-unlisted-later", text(f"2 {LIMITED}\n" + filler(38)), "advance", date(2018, 1, 1), []),
    ("L43-not-yet-listed", text(f"2 {LIMITED}\n" + filler(38)), "advance", date(2009, 12, 31), []),
    ("L45", text(f"1 {BANNED}\n" + filler(39)), "advance", date(2013, 1, 1), ["PREMIUM_HALL_OF_FAME"]),
    ("L45-limited-before", text(f"1 {BANNED}\n" + filler(39)), "advance", date(2011, 1, 1), []),
    ("L46", text(f"1 {COMBO[0]}\n1 {COMBO[1]}\n" + filler(38)), "advance", date(2023, 1, 1), ["PREMIUM_COMBO"]),
    ("L47", text(f"4 {COMBO[0]}\n" + filler(36)), "advance", date(2023, 1, 1), []),
    (
        "L48",
        text(f"1 {HYPER_COMBO_MAIN}\n" + filler(39), f"1 {PSYCHICS[0]}"),
        "advance",
        date(2012, 1, 1),
        ["PREMIUM_COMBO"],
    ),
    ("L48-ended", text(f"1 {HYPER_COMBO_MAIN}\n" + filler(39), f"1 {PSYCHICS[0]}"), "advance", date(2020, 1, 1), []),
    ("L49", text(f"4 {BANNED}\n" + filler(36)), "unrestricted", date(2013, 1, 1), []),
    ("L50", text(f"1 {TWIN}\n4 機術士ディール\n" + filler(35)), "advance", date(2015, 1, 1), []),
    ("L50-twinpact-twice", text(f"2 {TWIN}\n" + filler(38)), "advance", date(2015, 1, 1), ["HALL_OF_FAME"]),
    ("shared-back-face", text(filler(40), f"3 {PSYCHICS[0]}\n2 {PSYCHICS[1]}"), "advance", None, []),
    ("original-hyperspatial", text(filler(40), HYPER8), "original", None, ["ZONE_NOT_IN_FORMAT"]),
    ("original-start-card", text(f"1 {SEALED_X}\n" + filler(39)), "original", None, ["ZONE_NOT_IN_FORMAT"]),
    ("unknown-card", text("4 まったく知らないカード\n" + filler(36)), "advance", None, ["UNKNOWN_CARD"]),
]


@pytest.mark.parametrize(
    ("decklist", "format_code", "as_of", "expected"), [pytest.param(*c[1:], id=c[0]) for c in CASES]
)
def test_spec_cases_through_the_service(hof, decklist, format_code, as_of, expected):
    report = services.legality_report(decklist=parse_text(decklist), format_code=format_code, as_of=as_of)
    assert [v["code"] for v in report["violations"]] == expected
    assert report["legal"] is (not expected)
    assert report["format"] == format_code


def test_report_shape(hof, cards):
    report = services.legality_report(
        decklist=parse_text(text(f"2 {LIMITED}\n" + filler(38), f"1 {PSYCHICS[0]}")), as_of=date(2015, 1, 1)
    )
    assert set(report) >= {
        "legal",
        "buildable",
        "format",
        "as_of",
        "deck_hash",
        "counts",
        "violations",
        "warnings",
        "lines",
    }
    assert report["as_of"] == "2015-01-01"
    assert report["counts"] == {"main": 40, "hyperspatial": 1, "gr": 0}
    (violation,) = report["violations"]
    assert violation == {
        "code": "HALL_OF_FAME",
        "rule": "100.2",
        "zone": None,
        "cards": [{"id": cards[LIMITED], "name": LIMITED}],
        "message": violation["message"],
        "message_ja": violation["message_ja"],
        "count": 2,
        "limit": 1,
    }
    assert "エメラル" in violation["message_ja"] and "Hall of Fame" in violation["message"]
    heading, first = report["lines"][:2]
    assert (heading["line"], heading["status"], heading["zone"]) == (1, "heading", "main")
    assert first == {
        "line": 2,
        "written_zone": "main",
        "zone": "main",
        "moved": False,
        "written": LIMITED,
        "count": 2,
        "status": "card",
        "card": {"id": cards[LIMITED], "name_ja": LIMITED, "name_en": None},
        "candidates": [],
        "suggestions_skipped": False,
    }


def test_considering_lines_never_count(hof):
    decklist = parse_text(text(filler(40)) + f"# considering\n4 {BANNED}\n")
    report = services.legality_report(decklist=decklist, as_of=date(2013, 1, 1))
    assert report["legal"] and report["counts"]["main"] == 40
    assert report["lines"][-1]["zone"] == "considering" and report["lines"][-1]["status"] == "card"


def test_unknown_card_lists_candidates(hof):
    report = services.legality_report(decklist=parse_text(f"4 エメラルド\n{filler(36)}"))
    line = report["lines"][0]
    assert line["status"] == "unknown" and line["card"] is None
    assert LIMITED in [c["name_ja"] for c in line["candidates"]]
    assert report["violations"][0]["code"] == "UNKNOWN_CARD"


def test_same_deck_written_differently_hashes_the_same(hof, cards):
    by_name = services.legality_report(decklist=parse_text(f"1 {SEALED_X}\n" + filler(39)))
    by_english = services.legality_report(decklist=parse_text("Forbidden ~The Sealed X~ x1\n" + filler(39)))
    by_id = services.legality_report(
        decklist=parse_json(
            {"main": [{"card": cards[SEALED_X], "count": 1}, *[{"card": n, "count": c} for c, n in _filler_pairs(39)]]}
        )
    )
    assert by_name["deck_hash"] == by_english["deck_hash"] == by_id["deck_hash"]


def _filler_pairs(n):
    for line in filler(n).splitlines():
        count, name = line.split(" ", 1)
        yield int(count), name


def test_incomplete_zeron_set_warns(hof):
    report = services.legality_report(decklist=parse_text(f"1 {ZEROM}\n1 {NEBULAE[0]}\n" + filler(38)))
    assert report["legal"]
    assert [w["code"] for w in report["warnings"]] == ["START_SET_INCOMPLETE"]


def test_original_applies_the_list_of_advance(hof):
    """The Hall of Fame binds オリジナル (issue 28; dmwiki オリジナル, Creators' Letter Vol.39): advance's list."""
    report = services.legality_report(decklist=parse_text(f"4 {BANNED}\n" + filler(36)), format_code="original")
    assert [v["code"] for v in report["violations"]] == ["PREMIUM_HALL_OF_FAME"]
    assert report["warnings"] == [] and report["regulation"]["label"].startswith("advance ")


def test_original_without_any_import_warns(cards):
    report = services.legality_report(decklist=parse_text(filler(40)), format_code="original")
    assert [w["code"] for w in report["warnings"]] == ["REGULATION_UNAVAILABLE"]


def test_advance_without_any_import_warns(cards):
    report = services.legality_report(decklist=parse_text(filler(40)))
    assert [w["code"] for w in report["warnings"]] == ["REGULATION_UNAVAILABLE"]


FORMAT_NAME_CASES = [
    # id, decklist, format, where the message is, code, English message, Japanese message
    ("zone-not-used", text(filler(40), f"1 {PSYCHICS[0]}"), "original", "violations", "ZONE_NOT_IN_FORMAT",
     f"The format Original does not use the hyperspatial zone: {PSYCHICS[0]}.",
     f"フォーマット「オリジナル」では超次元ゾーンを使えません：《{PSYCHICS[0]}》。"),
    ("start-card-not-used", text(f"1 {SEALED_X}\n" + filler(39)), "original", "violations", "ZONE_NOT_IN_FORMAT",
     f"The format Original does not use start-of-game battle zone cards: {SEALED_X}.",
     f"フォーマット「オリジナル」ではゲーム開始時にバトルゾーンに置くカードを使えません：《{SEALED_X}》。"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("decklist", "format_code", "kind", "code", "english", "japanese"),
    [pytest.param(*c[1:], id=c[0]) for c in FORMAT_NAME_CASES],
)
def test_messages_name_the_format_by_its_names_never_its_code(hof, decklist, format_code, kind, code, english,
                                                                japanese):  # fmt: skip
    report = services.legality_report(decklist=parse_text(decklist), format_code=format_code)
    messages = [(item["message"], item["message_ja"]) for item in report[kind] if item["code"] == code]
    assert messages == [(english, japanese)]


def test_no_list_loaded_names_the_format(cards):
    report = services.legality_report(decklist=parse_text(filler(40)), format_code="original")
    assert [(w["code"], w["message"], w["message_ja"]) for w in report["warnings"]] == [
        (
            "REGULATION_UNAVAILABLE",
            "No Hall of Fame list is loaded for the format Original; only the construction rules were checked.",
            "フォーマット「オリジナル」の殿堂レギュレーションが読み込まれていないため、構築ルールのみを確認しました。",
        )
    ]


def test_a_format_renamed_in_the_admin_is_named_so(cards):
    services.legality_report(decklist=parse_text(filler(40)), format_code="original")  # the formats are now kept
    original = Format.objects.get(code="original")
    original.name, original.name_ja = "Classic", "クラシック"
    original.save()  # as the admin does: a new data version
    report = services.legality_report(decklist=parse_text(filler(40)), format_code="original")
    assert [w["message"].split(";")[0] for w in report["warnings"]] == [
        "No Hall of Fame list is loaded for the format Classic"
    ]
    assert [w["message_ja"].split("の殿堂")[0] for w in report["warnings"]] == ["フォーマット「クラシック」"]


def test_unknown_format_and_overlay_are_workflow_errors(hof):
    with pytest.raises(services.UnknownFormat):
        services.legality_report(decklist=parse_text(filler(40)), format_code="nope")
    with pytest.raises(services.UnknownOverlay):
        services.legality_report(decklist=parse_text(filler(40)), overlay_id="nope")


def test_overlay_bans_limits_and_unbans(hof, cards):
    overlay = EventOverlay.objects.create(
        slug="cs-2015", name="CS 2015", base_format=Format.objects.get(code="advance")
    )
    OverlayCard.objects.create(overlay=overlay, card_id=cards[FILLER[0]], status="banned")
    OverlayCard.objects.create(overlay=overlay, card_id=cards[LIMITED], status="unrestricted")
    deck = parse_text(f"2 {LIMITED}\n" + filler(38))
    plain = services.legality_report(decklist=deck, as_of=date(2015, 1, 1))
    assert [v["code"] for v in plain["violations"]] == ["HALL_OF_FAME"]
    report = services.legality_report(decklist=deck, as_of=date(2015, 1, 1), overlay_id="cs-2015")
    assert [(v["code"], v["cards"][0]["name"]) for v in report["violations"]] == [("PREMIUM_HALL_OF_FAME", FILLER[0])]
    assert report["overlay"]["id"] == "cs-2015"


def test_overlay_statuses_apply_over_unrestricted(hof, cards):
    overlay = EventOverlay.objects.create(
        slug="zero-cup", name="Zero cup", base_format=Format.objects.get(code="unrestricted")
    )
    OverlayCard.objects.create(overlay=overlay, card_id=cards[FILLER[0]], status="limited")
    report = services.legality_report(decklist=parse_text(filler(40)), overlay_id="zero-cup")
    assert report["format"] == "unrestricted"
    assert [(v["code"], v["count"]) for v in report["violations"]] == [("HALL_OF_FAME", 4)]
    # the overlay alone: the base list (none for unrestricted) is not applied
    assert services.legality_report(decklist=parse_text(f"4 {BANNED}\n" + filler(36)), format_code="unrestricted")[
        "legal"
    ]


# ------------------------------------------------------------- the card pool reaches every caller of the engine

POOL_DATES = [
    pytest.param(date(2002, 5, 29), ["NOT_YET_RELEASED"] * 10, id="a-day-before-the-first-set"),
    pytest.param(date(2002, 5, 30), [], id="the-release-day"),
]


def _ten_fillers() -> str:
    return "\n".join(f"4 {name}" for name in FILLER[:10])


@pytest.mark.parametrize(("as_of", "codes"), POOL_DATES)
def test_deck_legality_applies_the_card_pool(cards, as_of, codes):
    from decks.services import deck_create, deck_legality

    owner = UserFactory(username="pool-owner")
    deck = deck_create(owner=owner, name="pool", decklist=parse_text(_ten_fillers()))
    assert [v["code"] for v in deck_legality(deck=deck, as_of=as_of)["violations"]] == codes


@pytest.mark.parametrize(("as_of", "codes"), POOL_DATES)
def test_editor_state_applies_the_card_pool(cards, as_of, codes):
    from web.editor import editor_state, working_copy_from_json

    copy = working_copy_from_json({"main": [{"card": cards[name], "count": 4} for name in FILLER[:10]]})
    state = editor_state(copy=copy, format_code="advance", as_of=as_of)
    assert [v["code"] for v in state["legality"]["violations"]] == codes
