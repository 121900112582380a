"""Deck services: zones and line statuses, versions (diff, restore), copy, import/export, stats, constraints."""

from fractions import Fraction

import pytest
from django.db import IntegrityError, transaction
from django.http import Http404

from accounts.tests.factories import UserFactory
from decks import selectors, services
from decks.models import Deck, DeckEntry, DeckVersion, DeckVisibility
from decks.tests.fixtures import GR, MAIN, PSYCHIC, legal_deck_json
from games.dm.rules.decklist import parse_json, parse_text
from games.dm.rules.statistics import trigger_probability


def entry_counts(deck) -> dict[tuple[str, str], int]:
    return {(e.zone, e.card.name_ja): e.quantity for e in DeckEntry.objects.filter(deck=deck).select_related("card")}


@pytest.fixture
def deck(cards, owner):
    return services.deck_create(owner=owner, name="Fire", decklist=parse_json(legal_deck_json()))


def test_create_stores_entries_per_zone_and_version_1(deck):
    counts = entry_counts(deck)
    assert sum(q for (zone, _), q in counts.items() if zone == "main") == 40
    assert counts[("hyperspatial", PSYCHIC)] == 4
    assert sum(q for (zone, _), q in counts.items() if zone == "gr") == 12
    assert deck.version == 1
    assert DeckVersion.objects.get(deck=deck, number=1).snapshot["entries"]["hyperspatial"][0]["count"] == 4


LINE_CASES = [
    # id, text, expected (status, zone) of the first line
    ("card", "4 テスト火竜", ("card", "main", False)),
    ("psychic-under-main-is-moved-407.1", "4 テスト超次元獣", ("card", "hyperspatial", True)),
    ("gr-under-main-is-moved-408.1", "2 テストGR1", ("card", "gr", True)),
    ("main-card-under-hyperspatial-is-moved", "# hyperspatial\n4 テスト火竜", ("card", "main", True)),
    ("considering-is-never-moved", "# considering\n1 テスト超次元獣", ("card", "considering", False)),
    ("duel-party-partner-is-never-moved", "パートナー\n1 テスト火竜", ("card", "partner", False)),
    ("unknown", "4 テスト火童", ("unknown", "main", False)),
    ("ambiguous-english-name", "4 Twin Name", ("ambiguous", "main", False)),
    ("count-out-of-range", "1000 テスト火竜", ("error", None, False)),
    ("title-is-ignored", "『テスト』", ("ignored", None, False)),
]


@pytest.mark.parametrize(("text", "expected"), [c[1:] for c in LINE_CASES], ids=[c[0] for c in LINE_CASES])
def test_line_status(cards, text, expected):
    line = [row for row in services.decklist_resolve(decklist=parse_text(text)).lines if row["status"] != "heading"][0]
    assert (line["status"], line["zone"], line["moved"]) == expected


def test_unknown_line_has_suggestions_and_ambiguous_lists_every_match(cards):
    lines = services.decklist_resolve(decklist=parse_text("4 テスト火童\n4 Twin Name")).lines
    assert "テスト火竜" in [c["name_ja"] for c in lines[0]["candidates"]]
    assert sorted(c["name_ja"] for c in lines[1]["candidates"]) == ["テスト曖昧乙", "テスト曖昧甲"]


def test_create_with_an_unresolved_line_writes_nothing(cards, owner):
    with pytest.raises(services.DecklistRejected) as rejected:
        services.deck_create(owner=owner, name="x", decklist=parse_text("4 テスト火竜\n4 テスト火童"))
    assert [line["status"] for line in rejected.value.lines] == ["card", "unknown"]
    assert Deck.objects.count() == 0 and DeckEntry.objects.count() == 0


def test_update_needs_the_current_version(deck, owner):
    with pytest.raises(services.PreconditionRequired):
        services.deck_update(deck_id=deck.id, user=owner, if_match=None, name="a")
    updated = services.deck_update(deck_id=deck.id, user=owner, if_match=1, name="Renamed")
    assert (updated.version, updated.name) == (2, "Renamed")
    with pytest.raises(services.VersionConflict) as conflict:
        services.deck_update(deck_id=deck.id, user=owner, if_match=1, name="Stale")
    assert conflict.value.current_version == 2
    deck.refresh_from_db()
    assert (deck.name, deck.version, DeckVersion.objects.filter(deck=deck).count()) == ("Renamed", 2, 2)


SESSION_CASES = [
    # id, session of each save after version 1, version numbers kept afterwards
    pytest.param(["", "", ""], [1, 2, 3, 4], id="no-session-every-save-is-a-version"),
    pytest.param(["tab-a", "tab-a", "tab-a"], [1, 4], id="one-session-folds-into-one-version"),
    pytest.param(["tab-a", "tab-a", "tab-b", "tab-b"], [1, 3, 5], id="two-sessions-two-versions"),
    pytest.param(["tab-a", "", "tab-a"], [1, 2, 3, 4], id="a-save-between-ends-the-session"),
]


@pytest.mark.parametrize(("sessions", "kept"), SESSION_CASES)
def test_saves_of_one_editing_session_fold_into_one_version(deck, owner, sessions, kept):
    for number, session in enumerate(sessions, start=2):
        services.deck_update(deck_id=deck.id, user=owner, if_match=number - 1, name=f"v{number}", session=session)
    versions = list(DeckVersion.objects.filter(deck=deck).order_by("number"))
    assert [v.number for v in versions] == kept
    assert versions[-1].snapshot["name"] == f"v{len(sessions) + 1}"
    diff = selectors.deck_version_diff(deck=deck, number=kept[-1])
    assert (diff["from_version"], diff["changed"]["name"]["to"]) == (kept[-2], f"v{len(sessions) + 1}")


def test_a_folded_session_is_restorable_by_its_number(deck, owner):
    for number in (2, 3):
        services.deck_update(deck_id=deck.id, user=owner, if_match=number - 1, name=f"v{number}", session="tab")
    restored = services.deck_version_restore(deck_id=deck.id, user=owner, if_match=3, number=1)
    assert (restored.version, restored.name) == (4, "Fire")
    assert [v.number for v in DeckVersion.objects.filter(deck=deck).order_by("number")] == [1, 3, 4]


def test_only_the_owner_writes_a_public_deck(deck, other):
    Deck.objects.filter(id=deck.id).update(visibility=DeckVisibility.PUBLIC.value)
    with pytest.raises(selectors.DeckForbidden):
        services.deck_update(deck_id=deck.id, user=other, if_match=1, name="mine now")
    deck.refresh_from_db()
    assert (deck.name, deck.version) == ("Fire", 1)


def test_private_deck_is_invisible_to_others(deck, other):
    with pytest.raises(Http404):
        selectors.deck_get_visible(deck_id=deck.id, user=other)


def test_diff_and_restore(deck, owner):
    changed = legal_deck_json()
    changed["main"][0]["count"] = 3  # テスト火竜 4 -> 3
    changed["main"].append({"card": "テスト曖昧甲", "count": 1})
    services.deck_update(deck_id=deck.id, user=owner, if_match=1, decklist=parse_json(changed))
    diff = selectors.deck_version_diff(deck=deck, number=2)
    assert diff["zones"]["main"]["added"] == [
        {"card_id": diff["zones"]["main"]["added"][0]["card_id"], "name_ja": "テスト曖昧甲", "count": 1}
    ]
    assert [(c["name_ja"], c["count"]) for c in diff["zones"]["main"]["removed"]] == [("テスト火竜", 1)]
    restored = services.deck_version_restore(deck_id=deck.id, user=owner, if_match=2, number=1)
    assert restored.version == 3
    assert entry_counts(restored)[("main", "テスト火竜")] == 4
    assert ("main", "テスト曖昧甲") not in entry_counts(restored)
    assert DeckVersion.objects.get(deck=deck, number=3).note == "restored version 1"
    back = selectors.deck_version_diff(deck=deck, number=3)
    assert [(c["name_ja"], c["count"]) for c in back["zones"]["main"]["added"]] == [("テスト火竜", 1)]


def test_copy_public_deck_into_own_decks(deck, owner, other):
    with pytest.raises(Http404):  # private: not even visible
        services.deck_copy(deck_id=deck.id, user=other)
    services.deck_update(deck_id=deck.id, user=owner, if_match=1, visibility="unlisted")
    with pytest.raises(Http404):  # unlisted: only through the link, never by id
        services.deck_copy(deck_id=deck.id, user=other)
    services.deck_update(deck_id=deck.id, user=owner, if_match=2, visibility="public")
    copy = services.deck_copy(deck_id=deck.id, user=other)
    assert (copy.owner, copy.visibility, copy.copied_from_id, copy.version) == (other, "private", deck.id, 1)
    assert entry_counts(copy) == entry_counts(deck)
    assert sum(r["count"] for r in DeckVersion.objects.get(deck=copy).snapshot["entries"]["main"]) == 40


def test_import_with_an_unknown_line_is_refused_and_loses_nothing(deck, owner):
    text = "# main\n4 テスト火竜\n4 テスト超次元獣\n3 テスト火童\nnot a line\n"
    with pytest.raises(services.DecklistRejected) as rejected:
        services.deck_import(deck_id=deck.id, user=owner, if_match=1, decklist=parse_text(text), replace=True)
    statuses = [(line["status"], line["moved"]) for line in rejected.value.lines]
    assert statuses == [("heading", False), ("card", False), ("card", True), ("unknown", False), ("ignored", False)]
    deck.refresh_from_db()
    assert deck.version == 1 and sum(entry_counts(deck).values()) == 56  # the deck as it was


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("テスト火童4", id="count-glued-after"),
        pytest.param("テスト火童4 st", id="glued-count-and-note"),
        pytest.param("4テスト火童", id="count-glued-before"),
    ],
)
def test_import_with_a_glued_count_on_an_unknown_name_is_refused(deck, owner, line):
    # The reported paste: lines with a count glued to a name the catalogue lacks were ignored and the import went
    # through without them. A count-bearing line is a card line: unknown, so nothing is imported.
    from games.dm.resolver import decklist_parse, get_resolver

    decklist = decklist_parse(f"4 テスト火竜\n{line}\n", resolver=get_resolver())
    with pytest.raises(services.DecklistRejected) as rejected:
        services.deck_import(deck_id=deck.id, user=owner, if_match=1, decklist=decklist, replace=True)
    assert [(row["status"], row["count"]) for row in rejected.value.lines] == [("card", 4), ("unknown", 4)]
    deck.refresh_from_db()
    assert deck.version == 1


def test_import_applies_every_card_line_and_reports_every_line(deck, owner):
    text = "『タイトル』\n4 テスト火竜\n4 テスト超次元獣\n"
    imported, lines = services.deck_import(
        deck_id=deck.id, user=owner, if_match=1, decklist=parse_text(text), replace=True
    )
    assert [(line["status"], line["zone"]) for line in lines] == [
        ("ignored", None),
        ("card", "main"),
        ("card", "hyperspatial"),
    ]
    assert entry_counts(imported) == {("main", "テスト火竜"): 4, ("hyperspatial", PSYCHIC): 4}
    assert imported.version == 2


def test_import_can_add_to_the_entries(deck, owner):
    imported, _ = services.deck_import(
        deck_id=deck.id, user=owner, if_match=1, decklist=parse_text("# considering\n2 テスト曖昧甲"), replace=False
    )
    counts = entry_counts(imported)
    assert counts[("considering", "テスト曖昧甲")] == 2 and counts[("main", "テスト火竜")] == 4


@pytest.mark.parametrize("kind", ["text", "json"])
def test_export_reads_back_to_the_same_entries(deck, kind):
    exported = services.deck_export_text(deck) if kind == "text" else services.deck_export_json(deck)
    decklist = parse_text(exported) if kind == "text" else parse_json(exported)
    resolved = services.decklist_resolve(decklist=decklist)
    cards = [line for line in resolved.lines if line["status"] != "heading"]
    assert [line["status"] for line in cards] == ["card"] * len(cards)
    assert resolved.counts == {(e.zone, e.card_id): e.quantity for e in DeckEntry.objects.filter(deck=deck)}


def test_sheet_lists_every_zone(deck):
    html = services.deck_export_sheet(deck)
    assert "テスト超次元獣" in html and "gr (12)" in html and "main (40)" in html


def test_deck_to_decklist_is_the_engine_view(deck):
    decklist = services.deck_to_decklist(deck)
    assert sum(line.count for line in decklist.lines if line.zone == "main") == 40
    assert all(isinstance(line.card, int) for line in decklist.lines)


# Exact P(>= 1 trigger among the 5 shields), values from rules.md 4.2 (G04, G06, G10).
def test_stats(deck):
    stats = services.deck_stats(deck)
    assert stats["counts"] == {"main": 40, "hyperspatial": 4, "gr": 12, "partner": 0, "considering": 0}
    curve = {column["cost"]: column for column in stats["mana_curve"]}
    assert curve["2"]["by_civilization"] == {"fire": 4, "water": 4}  # テスト火竜 + テスト呪文
    assert curve["7"]["by_civilization"] == {"multicolor": 4}
    assert curve["10+"]["total"] == 4 and curve["1"]["by_civilization"] == {"colorless": 4}
    assert sum(column["total"] for column in stats["mana_curve"]) == 40
    assert stats["civilizations"]["fire"] == 12  # 火竜, 火炎弾, and the fire/nature card
    assert stats["multicolored"] == 4
    assert stats["card_types"] == {"Creature": 32, "Spell": 8}
    triggers = stats["shield_triggers"]
    assert triggers["count"] == 16
    assert Fraction(triggers["p_at_least_one_in_shields_exact"]) == trigger_probability(deck_size=40, triggers=16)
    assert triggers["expected_in_shields"] == 2.0  # 5 * 16 / 40


def test_legality_of_a_saved_deck(deck):
    report = services.deck_legality(deck=deck)
    assert report["legal"] is True, report["violations"]
    assert report["counts"] == {"main": 40, "hyperspatial": 4, "gr": 12}


def test_legality_reports_violations_with_codes(cards, owner):
    decklist = parse_json({"main": [{"card": MAIN[0][0], "count": 5}], "gr": [{"card": GR[0], "count": 3}]})
    deck = services.deck_create(owner=owner, name="bad", decklist=decklist)
    codes = {v["code"] for v in services.deck_legality(deck=deck)["violations"]}
    assert {"DECK_SIZE", "COPY_LIMIT", "GR_SIZE"} <= codes


CONSTRAINT_CASES = [
    ("quantity-0", {"quantity": 0}),
    ("duplicate-card-zone", {"quantity": 1, "duplicate": True}),
]


@pytest.mark.parametrize("case", [c[1] for c in CONSTRAINT_CASES], ids=[c[0] for c in CONSTRAINT_CASES])
def test_database_constraints(cards, case):
    deck = Deck.objects.create(owner=UserFactory(username="c"), name="c")
    card_id = cards[MAIN[0][0]]
    if case.get("duplicate"):
        DeckEntry.objects.create(deck=deck, zone="main", card_id=card_id, quantity=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        DeckEntry.objects.create(deck=deck, zone="main", card_id=card_id, quantity=case["quantity"])


def test_unknown_format_is_refused(cards, owner):
    from regulations.services import UnknownFormat

    with pytest.raises(UnknownFormat):
        services.deck_create(owner=owner, name="x", format_code="nosuchformat")
    assert services.deck_create(owner=owner, name="x", format_code="original").format_code == "original"


ADD_CASES = [
    # id, zone asked for, count, the entry written (zone), copies there afterwards
    ("main-deck-adds-to-the-copies-there", "main", 2, "main", 6),
    ("considering-list", "considering", 1, "considering", 1),
    ("a-main-deck-card-asked-for-the-gr-zone-goes-to-its-own-zone", "gr", 3, "main", 7),
]


@pytest.mark.parametrize(
    ("zone", "count", "written", "copies"), [c[1:] for c in ADD_CASES], ids=[c[0] for c in ADD_CASES]
)
def test_cards_add_writes_a_new_version(deck, owner, cards, zone, count, written, copies):
    added = services.deck_cards_add(
        deck_id=deck.id, user=owner, if_match=1, card_id=cards[MAIN[0][0]], zone=zone, count=count
    )
    assert entry_counts(added)[(written, MAIN[0][0])] == copies
    assert (added.version, added.versions.get(number=2).note) == (2, services.CARD_PAGE_NOTE)


@pytest.mark.parametrize(
    ("if_match", "error"),
    [pytest.param(None, services.PreconditionRequired, id="no-version"),
     pytest.param(7, services.VersionConflict, id="stale-version")],
)  # fmt: skip
def test_cards_add_needs_the_current_version(deck, owner, cards, if_match, error):
    with pytest.raises(error):
        services.deck_cards_add(deck_id=deck.id, user=owner, if_match=if_match, card_id=cards[PSYCHIC], zone="main",
                                count=1)  # fmt: skip
    deck.refresh_from_db()
    assert (deck.version, entry_counts(deck)[("hyperspatial", PSYCHIC)]) == (1, 4)


def test_cards_add_to_someone_elses_deck_is_refused(deck, other, cards):
    deck.visibility = DeckVisibility.PUBLIC.value
    deck.save()
    with pytest.raises(selectors.DeckForbidden):
        services.deck_cards_add(deck_id=deck.id, user=other, if_match=1, card_id=cards[PSYCHIC], zone="main", count=1)


def test_the_hand_odds_groups_are_saved_with_each_version_and_restored_with_it(cards, owner):
    from api.codes import ApplicationError

    deck = services.deck_create(owner=owner, name="groups", decklist=parse_json(legal_deck_json()))
    card_id = deck.entries.filter(zone="main").first().card_id
    groups = {"groups": [{"name": "s", "cards": [card_id]}], "conditions": [{"group": "s", "at_least": 1}]}
    deck = services.deck_update(deck_id=deck.id, user=owner, if_match=deck.version, odds_groups=groups)
    deck = services.deck_update(deck_id=deck.id, user=owner, if_match=deck.version, odds_groups={})
    assert [v.odds_groups for v in DeckVersion.objects.filter(deck=deck).order_by("number")] == [{}, groups, {}]
    deck = services.deck_version_restore(deck_id=deck.id, user=owner, if_match=deck.version, number=2)
    assert deck.odds_groups == groups
    with pytest.raises(ApplicationError) as refused:
        services.deck_update(deck_id=deck.id, user=owner, if_match=deck.version, odds_groups={"groups": "x"})
    assert refused.value.details["reason"] == "odds_groups"
