"""The Dragon Ball Super Card Game through the real core (issue 21), with the real card data of the shared data
directory imported by the game's own import (`manage.py import_games`): a real tournament list (tests/decklists/,
sources in its README) imported through the legality API with its leader and every card in its zone, counted by
number; a deck created with game=dbs, registered at a DBS event, exported as text with numbers; the batch; the
statistics and the opening odds."""

from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from cards.models import Card, CardFace, Printing
from decks.tests.fixtures import organizer, owner, token_client  # noqa: F401
from games import registry
from games.dbs import catalogue as dbs_catalogue
from games.dbs.tests.test_real_decklists import EXPECTED, written_lines
from tournaments.models import Registration
from tournaments.services import audit_chain_verify
from tournaments.tests.round_trip import assert_export_reimports

DECKLISTS = Path(__file__).parent / "decklists"
KRILLIN = (DECKLISTS / "deckplanet_krillin.txt").read_text(encoding="utf-8")
AS_OF = "2025-01-01"


@pytest.fixture
def dbs(imported, db):
    return registry.get("dbs")


def _event(client) -> dict:
    body = {
        "game": "dbs",
        "name": "DBS store tournament",
        "date": (timezone.localdate() + timedelta(days=3)).isoformat(),
        "registration_deadline": (timezone.now() + timedelta(days=2)).isoformat(),
    }
    response = client.post("/api/v1/events/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_the_import_brings_every_card_number_with_its_facts(imported, db, real_records, dbs_data_dir):
    assert (imported.total, Card.objects.filter(game="dbs").count()) == (len(real_records), len(real_records))
    leaders = [r for r in real_records if r.get("back_name_en")]
    variants = sum(len(r.get("variant_numbers") or ()) for r in real_records)
    assert CardFace.objects.filter(card__game="dbs").count() == 2 * len(leaders)
    assert Printing.objects.filter(card__game="dbs").count() == len(real_records) + variants
    card = Card.objects.get(game="dbs", name_key="BT1-005")
    assert (card.dbs.card_number, card.name_en) == ("BT1-005", card.dbs.record()["name_en"])
    assert "BT1-005_PR03" in card.dbs.variant_numbers
    assert card.name_ja == f"{card.name_en} [BT1-005]"
    again = dbs_catalogue.data_import(log=lambda text: None)
    assert (again.created, again.updated, again.unchanged, again.removed) == (0, 0, len(real_records), 0)


def test_a_leader_card_has_its_two_sides(imported, db):
    card = Card.objects.filter(game="dbs", dbs__card_type="Leader").exclude(dbs__back_name="").first()
    body = token_client(None).get(f"/api/v1/cards/{card.id}/").json()
    assert [(face["role"], face["name_en"]) for face in body["faces"]] == [
        ("front", card.name_en),
        ("awakened", card.dbs.back_name),
    ]


def test_a_real_list_imports_with_its_leader_and_every_card_in_its_zone(dbs):
    report = (
        token_client(None)
        .post("/api/v1/legality/", {"game": "dbs", "text": KRILLIN, "as_of": AS_OF}, format="json")
        .json()
    )
    assert report["counts"] == EXPECTED["deckplanet_krillin.txt"]
    assert (report["legal"], report["violations"], report["format"]) == (True, [], "masters")
    # Its BT23+ cards: out on or after 2023-09-01, no later bound in the data (issue 28: named, never a silent pass).
    assert [w["code"] for w in report["warnings"]] == [
        "LIST_UNVERIFIED",
        "RULES_UNSETTLED",
        "SIDE_DECK_UNCHECKED",
        "RELEASE_DATE_UNKNOWN",
    ]
    cards = [line for line in report["lines"] if line["status"] == "card"]
    written = written_lines(KRILLIN)
    assert [(line["zone"], line["count"], line["card_number"]) for line in cards] == [
        (zone.value, count, number) for zone, count, _name, number in written
    ]
    leader = cards[0]
    leader_id = Card.objects.get(game="dbs", name_key=leader["card_number"]).id
    assert (leader["zone"], leader["card"]["id"]) == ("leader", leader_id)


@pytest.mark.parametrize(
    ("text", "legal", "codes", "counts"),
    [
        pytest.param(KRILLIN, True, [], EXPECTED["deckplanet_krillin.txt"], id="real-list-legal"),
        pytest.param(
            KRILLIN.replace("_____Leader_____\n", "_____Leader_____\n").split("_____Main Deck_____")[1],
            False,
            ["LEADER_COUNT"],
            {"leader": 0, "main": 60, "z": 10, "side": 15},
            id="no-leader",
        ),
    ],
)
def test_the_legality_api_for_dbs(dbs, text, legal, codes, counts):
    if not text.startswith("_"):
        text = "_____Main Deck_____" + text
    report = (
        token_client(None)
        .post("/api/v1/legality/", {"game": "dbs", "text": text, "as_of": AS_OF}, format="json")
        .json()
    )
    assert (report["legal"], [v["code"] for v in report["violations"]], report["counts"]) == (legal, codes, counts)


@pytest.mark.parametrize(
    ("as_of", "status", "number"),
    [pytest.param("2018-03-09", "card", "BT3-009", id="its-day"), pytest.param("2024-01-01", "ambiguous", None)],
)
def test_the_reports_lines_show_a_name_as_the_check_read_it_on_its_day(dbs, as_of, status, number):
    """`2 Pan` under Main on 2018-03-09 is BT3-009, the only Pan out that day (legality.on_day): the line's row says so
    (its card, no candidates) as the check counted it; on a later day it is ambiguous, with the Pans of that day."""
    body = {"game": "dbs", "text": "Leader\n1 SD2-01\nMain Deck\n2 Pan\n", "as_of": as_of}
    report = token_client(None).post("/api/v1/legality/", body, format="json").json()
    row = report["lines"][-1]
    assert (row["status"], row["card_number"], row["card"] is not None) == (status, number, number is not None)
    assert ("AMBIGUOUS_CARD" in [v["code"] for v in report["violations"]]) == (status == "ambiguous")
    assert len(row["candidates"]) == (0 if number else 4)


def test_a_real_list_is_a_deck_registered_at_a_dbs_event_and_exported_with_numbers(dbs, owner, organizer):  # noqa: F811
    player = token_client(owner)
    created = player.post("/api/v1/decks/", {"name": "Krillin", "game": "dbs", "text": KRILLIN}, format="json")
    assert created.status_code == 201, created.json()
    deck = created.json()
    assert (deck["game"], deck["format"], deck["counts"]) == ("dbs", "masters", EXPECTED["deckplanet_krillin.txt"])
    by_number: dict[tuple[str, str], int] = {}
    for zone, count, _name, number in written_lines(KRILLIN):
        by_number[(zone.value, number)] = by_number.get((zone.value, number), 0) + count
    stored = {
        (zone, Card.objects.get(id=row["card_id"]).name_key): row["count"]
        for zone, rows in deck["entries"].items()
        for row in rows
    }
    assert stored == by_number

    check = player.post("/api/v1/legality/", {"game": "dbs", "text": KRILLIN}, format="json").json()
    deck_check = player.get(f"/api/v1/decks/{deck['id']}/legality/").json()
    assert (deck_check["legal"], deck_check["deck_hash"]) == (True, check["deck_hash"])

    event = _event(token_client(organizer))
    assert (event["game"], event["format"]) == ("dbs", "masters")
    registered = player.post(f"/api/v1/events/{event['id']}/registrations/", {"deck_id": deck["id"]}, format="json")
    assert registered.status_code == 201, registered.json()
    registration = Registration.objects.get(event_id=event["id"])
    assert (registration.status, registration.deck_hash) == ("legal", check["deck_hash"])
    assert registration.snapshot["game"] == "dbs"
    assert audit_chain_verify(event_id=event["id"]) == []

    # The registrations export has DBS's zones and reads back through the registration import, in both encodings.
    for encoding in ("utf-8", "sjis"):
        rows = assert_export_reimports(event=registration.event, organizer=organizer, encoding=encoding)
        assert [list(row)[5:9] for row in rows] == [["leader", "main", "z", "side"]]
        assert sum(int(c.split()[0]) for c in rows[0]["main"].split("; ")) == 60

    text = player.get(f"/api/v1/decks/{deck['id']}/export/text/").content.decode()
    leader = dbs_catalogue.state().catalogue.card("BT29-001")
    assert text.splitlines()[0:4] == [
        "Leader",
        f"1 {leader.name} // {leader.back_name} [BT29-001]",
        "",
        "Main Deck (60)",
    ]
    again = player.post("/api/v1/legality/", {"game": "dbs", "text": text}, format="json").json()
    assert (again["deck_hash"], again["counts"]) == (check["deck_hash"], check["counts"])
    exported = player.get(f"/api/v1/decks/{deck['id']}/export/json/").json()
    assert sum(row["count"] for row in exported["main"]) == 60
    assert all(row["id"] for rows in exported.values() for row in rows)


def test_a_dbs_batch_is_checked_entry_by_entry(dbs):
    lines = KRILLIN.splitlines()
    short = "\n".join(lines[: lines.index("_____Main Deck_____") + 4])  # the leader and three main lines
    decks = [{"player": "a", "text": KRILLIN}, {"player": "b", "text": short}, {"player": "c", "deck": [1]}]
    answer = token_client(None).post(
        "/api/v1/legality/batch/", {"game": "dbs", "decks": decks, "as_of": AS_OF}, format="json"
    )
    results = answer.json()["results"]
    assert (answer.status_code, answer.json()["legal"]) == (200, 1)
    assert [r.get("report", {}).get("legal", r.get("error", {}).get("code")) for r in results] == [
        True,
        False,
        "MALFORMED_DECKLIST",
    ]
    assert [v["code"] for v in results[1]["report"]["violations"]] == ["DECK_SIZE"]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        pytest.param({"format": "advance"}, 400, "UNKNOWN_FORMAT", id="dm-format"),
        pytest.param({"overlay": "x"}, 404, "UNKNOWN_OVERLAY", id="no-overlays"),
        pytest.param({"as_of": "2017-07-27"}, 400, "INVALID_DATE", id="before-the-launch"),
        pytest.param({"deck": {"hand": []}, "text": None}, 400, "MALFORMED_DECKLIST", id="not-a-zone"),
    ],
)
def test_dbs_legality_errors_are_coded(dbs, body, status, code):
    request = {"game": "dbs", "text": KRILLIN, **body}
    request = {key: value for key, value in request.items() if value is not None}
    answer = token_client(None).post("/api/v1/legality/", request, format="json")
    assert (answer.status_code, answer.json()["error"]["code"]) == (status, code)


def test_the_json_decklist_reads_numbers_variants_names_and_ids(dbs):
    leader = Card.objects.get(game="dbs", name_key="BT1-001")
    deck = {
        "leader": [{"card": leader.id, "count": 1}],
        "main": [{"card": "BT1-005_PR03", "count": 2}, {"card": "BT1-005", "count": 2}],
        "z": [],
    }
    report = (
        token_client(None)
        .post("/api/v1/legality/", {"game": "dbs", "deck": deck, "as_of": "2019-06-01"}, format="json")
        .json()
    )
    assert report["counts"] == {"leader": 1, "main": 4, "z": 0, "side": 0}
    assert [(line["card_number"], line["count"]) for line in report["lines"] if line["status"] == "card"] == [
        ("BT1-001", 1),
        ("BT1-005", 2),
        ("BT1-005", 2),
    ]
    assert [v["code"] for v in report["violations"]] == ["DECK_SIZE"]


def test_statistics_and_opening_odds_of_a_real_list(dbs, owner):  # noqa: F811
    from decks.models import Deck
    from decks.services import deck_stats, deck_to_decklist

    token_client(owner).post("/api/v1/decks/", {"name": "Krillin", "game": "dbs", "text": KRILLIN}, format="json")
    deck = Deck.objects.get(owner=owner)
    stats = deck_stats(deck)
    assert stats["counts"] == EXPECTED["deckplanet_krillin.txt"]
    assert sum(column["total"] for column in stats["cost_curve"]) == sum(
        count
        for zone, count, _name, number in written_lines(KRILLIN)
        if zone.value == "main" and dbs_catalogue.state().catalogue.card(number).energy_cost is not None
    )
    main = [(number, count) for zone, count, _n, number in written_lines(KRILLIN) if zone.value == "main"]
    number, copies = next((number, count) for number, count in main if count == 4)
    odds = dbs.odds.opening_odds(decklist=deck_to_decklist(deck), groups={"first": [number]})
    first = odds["groups"]["first"]
    assert (odds["deck_size"], odds["hand"], odds["life"], first["copies"]) == (60, 6, 8, copies)
    assert 0 < first["in_hand"]["probability"] < 1 and first["exact"]


@pytest.mark.parametrize(
    ("name", "as_of", "exit_code", "first"),
    [
        pytest.param("deckplanet_krillin.txt", AS_OF, 0, "LEGAL  game=dbs format=masters", id="legal-2025"),
        # 2022: before the Z-Deck, and before its BT23+ cards came out (NOT_YET_RELEASED, issue 28): not buildable.
        pytest.param("deckplanet_krillin.txt", "2022-01-01", 1, "ILLEGAL  game=dbs", id="before-z"),
    ],
)
def test_check_deck_game_dbs(dbs, capsys, name, as_of, exit_code, first):
    from django.core.management import call_command

    with pytest.raises(SystemExit) as exited:
        call_command("check_deck", str(DECKLISTS / name), "--game", "dbs", "--as-of", as_of)
    out = capsys.readouterr().out
    assert (exited.value.code, out.splitlines()[0].startswith(first)) == (exit_code, True)
    assert "leader 1, main 60, z 10, side 15" in out.splitlines()[0]


@pytest.mark.parametrize(
    ("url", "body"),
    [
        pytest.param("/api/v1/cards/?q=champa", None, id="dm-card-search"),
        pytest.param("/api/v1/legality/", {"text": "4 Champa"}, id="dm-legality"),
    ],
)
def test_duel_masters_does_not_see_the_dbs_cards(dbs, url, body):
    """With the DBS catalogue imported (its leaders' faces, its printings), Duel Masters' search index and resolver
    read only Duel Masters' rows: before, another game's printings broke the search index (a 500)."""
    client = token_client(None)
    answer = client.post(url, body, format="json") if body else client.get(url)
    assert answer.status_code == 200, answer.content[:300]
    if body:
        assert [line["status"] for line in answer.json()["lines"]] == ["unknown"]
    else:
        assert all(card["game"] == "dm" for card in answer.json()["results"])


def test_the_card_page_shows_a_leaders_two_sides(dbs, owner):  # noqa: F811
    from django.test import Client

    client = Client()
    client.force_login(owner)
    card = Card.objects.get(game="dbs", name_key="BT29-001")
    page = client.get(f"/cards/{card.id}/")
    html = page.content.decode()
    assert (page.status_code, card.name_en in html, card.dbs.back_name in html) == (200, True, True)


@pytest.mark.parametrize("who", ["owner", "other"])
def test_the_deck_page_of_a_dbs_deck_shows_its_zones_and_report(dbs, owner, organizer, who):  # noqa: F811
    from django.test import Client

    deck = (
        token_client(owner)
        .post(
            "/api/v1/decks/", {"name": "Krillin", "game": "dbs", "text": KRILLIN, "visibility": "public"}, format="json"
        )
        .json()
    )
    client = Client()
    client.force_login(owner if who == "owner" else organizer)
    page = client.get(f"/decks/{deck['id']}/")
    html = page.content.decode()
    leader = dbs_catalogue.state().catalogue.card("BT29-001")
    assert (page.status_code, leader.name in html, "Legal" in html) == (200, True, True)


def test_the_simulations_page_of_a_dbs_deck_gives_the_exact_odds_of_each_main_deck_number(dbs, owner):  # noqa: F811
    from django.test import Client

    from games.dbs.rules.odds import Redraw, opening_odds
    from games.dbs.rules.vocabulary import Zone

    body = {"name": "Krillin", "game": "dbs", "text": KRILLIN}
    deck = token_client(owner).post("/api/v1/decks/", body, format="json").json()
    client = Client()
    client.force_login(owner)
    page = client.get(f"/decks/{deck['id']}/simulate/")
    assert (page.status_code, page.context["simulates"], page.context["odds_error"]) == (200, False, None)
    main = dbs.parse_text(KRILLIN).read.copies(Zone.MAIN)
    rows = page.context["table"]["rows"]
    assert sorted(row["copies"] for row in rows) == sorted(main.values())
    size = sum(main.values())
    for row in rows:  # the rules' exact odds of the row's copies: in hand after the redraw, not all in life
        odds = opening_odds(deck_size=size, copies=row["copies"], policy=Redraw.RETURN_NON_X).as_dict()
        assert row["values"] == [odds["in_hand"], odds["not_stuck_in_life"]]


def test_a_dbs_deck_code_round_trips_through_the_import_and_opens_read_only(dbs, owner):  # noqa: F811
    """The deck export's `code` (its card numbers), pasted as the text of a new deck and of the legality API: the
    same entries; its share link shows the deck in its game."""
    player = token_client(owner)
    deck = player.post("/api/v1/decks/", {"name": "Krillin", "game": "dbs", "text": KRILLIN}, format="json").json()
    code = player.get(f"/api/v1/decks/{deck['id']}/export/code/").content.decode().strip()
    assert code.startswith("dk1.dbs.") and len(code) < 400
    again = player.post("/api/v1/decks/", {"name": "again", "game": "dbs", "text": code}, format="json")
    assert again.status_code == 201, again.json()
    entries = lambda d: sorted((z, e["card_id"], e["count"]) for z, es in d["entries"].items() for e in es)  # noqa: E731
    assert entries(again.json()) == entries(deck)
    checked = player.post("/api/v1/legality/", {"game": "dbs", "text": code}, format="json").json()
    assert checked["counts"] == deck["counts"]
    page = player.get(f"/decks/code/{code}/")
    assert page.status_code == 200 and "[BT29-001]" in page.content.decode()  # the leader, by its card number
    assert page.context["game"].code == "dbs" and sum(
        r["count"] for _, rows in page.context["zones"] for r in rows
    ) == sum(deck["counts"].values())


@pytest.mark.parametrize("include_lines", [True, False], ids=["with-lines", "without-lines"])
@pytest.mark.parametrize("name", sorted(p.name for p in DECKLISTS.glob("*.txt")))
def test_a_batch_report_is_the_single_checks_report(dbs, name, include_lines):
    # A batch checks its lists against one context (the format, date and catalogue read once): each report is the
    # one the single check gives, its lines only when asked for.
    text = (DECKLISTS / name).read_text(encoding="utf-8")
    body = {"game": "dbs", "decks": [{"player": "a", "text": text}], "as_of": AS_OF, "include_lines": include_lines}
    batch = token_client(None).post("/api/v1/legality/batch/", body, format="json")
    single = token_client(None).post("/api/v1/legality/", {"game": "dbs", "text": text, "as_of": AS_OF}, format="json")
    assert (batch.status_code, single.status_code) == (200, 200)
    expected = single.json()
    if not include_lines:
        expected.pop("lines")
    assert batch.json()["results"][0]["report"] == expected
