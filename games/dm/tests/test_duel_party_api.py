"""`POST /api/v1/legality/` with `format: duel_party` (デュエパーティー): a text list with a パートナー / Partner
heading, read, resolved and checked against the format row made by the data migration (60 cards including the
partner, one of a name, the partner's civilizations, main deck only, the Hall of Fame list of `advance`)."""

import pytest
from rest_framework.test import APIClient

from cards.tests.factories import CardRecordFactory
from regulations.tests.catalogue import BANNED, PSYCHICS, catalogue, hall_of_fame, sets

DP_FILLER = [f"パーティー用カード{i:02d}" for i in range(1, 60)]
PARTNER = "パートナー候補ドラゴン"
SMALL = "小さなパートナー候補"
NATURE_CARD = "自然のカード"


@pytest.fixture
def client():
    return APIClient()


@pytest.fixture
def dp_cards(db):
    """The hand-written catalogue plus 59 fire cards, a fire/water partner of cost 6, a creature of cost 4 and a
    nature card; the advance Hall of Fame events (BANNED is Premium Hall of Fame from 2012-06-01)."""
    from cards.services import card_import, set_import
    from games.dm.hall_of_fame import regulation_import

    extra = [CardRecordFactory(name_ja=name, civilizations=["Fire"], cost=2) for name in DP_FILLER]
    extra += [
        CardRecordFactory(name_ja=PARTNER, civilizations=["Fire", "Water"], cost=6),
        CardRecordFactory(name_ja=SMALL, civilizations=["Fire", "Water"], cost=4),
        CardRecordFactory(name_ja=NATURE_CARD, civilizations=["Nature"], cost=2),
    ]
    set_import(records=sets(), source="fixture")
    card_import(records=catalogue() + extra, source="fixture")
    regulation_import(data=hall_of_fame(), source="fixture")


def text(*, partner: str | None = PARTNER, main: list[str] = DP_FILLER, heading: str = "パートナー") -> str:
    lines = [heading, f"1 {partner}"] if partner else []
    return "\n".join([*lines, "メインデッキ", *(f"1 {name}" for name in main)])


def violations(body: dict) -> list[tuple]:
    return [
        (v["code"], v["zone"], tuple(c["name"] for c in v["cards"]), v["count"], v["limit"]) for v in body["violations"]
    ]


CASES = [
    pytest.param("duel_party", text(), [], id="legal-partner-and-59"),
    pytest.param("duel_party", text(heading="Partner:"), [], id="english-heading"),
    pytest.param("duel_party", text(heading="【パートナー】"), [], id="bracketed-heading"),
    pytest.param(
        "duel_party",
        text(partner=None),
        [("DECK_SIZE", "main", (), 59, 60), ("PARTNER_INVALID", "partner", (), None, None)],
        id="no-partner",
    ),
    pytest.param(
        "duel_party",
        text(partner=SMALL),
        [("PARTNER_INVALID", "partner", (SMALL,), 4, 5)],
        id="partner-of-cost-4",
    ),
    pytest.param(
        "duel_party",
        text(main=[*DP_FILLER[:58], BANNED]),
        [("PREMIUM_HALL_OF_FAME", None, (BANNED,), 1, 0)],
        id="premium-hall-of-fame",
    ),
    pytest.param(
        "duel_party",
        text(main=[*DP_FILLER[:58], NATURE_CARD]),
        [("CIVILIZATION_OUTSIDE_PARTNER", "main", (NATURE_CARD,), 1, 0)],
        id="civilization-outside-the-partner",
    ),
    pytest.param(
        "duel_party",
        text(main=[*DP_FILLER[:57], DP_FILLER[0], DP_FILLER[1]]),
        [("COPY_LIMIT", "main", (DP_FILLER[0],), 2, 1), ("COPY_LIMIT", "main", (DP_FILLER[1],), 2, 1)],
        id="two-of-a-name",
    ),
    pytest.param(
        "duel_party",
        text() + f"\n超次元ゾーン\n1 {PSYCHICS[0]}",
        [("ZONE_NOT_IN_FORMAT", "hyperspatial", (PSYCHICS[0],), None, None)],
        id="hyperspatial-zone",
    ),
    # Advance keeps its rules: a partner is a zone it does not use, and its deck is 40 cards.
    pytest.param(
        "advance",
        text(),
        [("DECK_SIZE", "main", (), 59, 40), ("ZONE_NOT_IN_FORMAT", "partner", (PARTNER,), None, None)],
        id="advance-has-no-partner",
    ),
]


@pytest.mark.parametrize(("format_code", "decklist", "expected"), CASES)
def test_duel_party_legality_api(dp_cards, client, format_code, decklist, expected):
    response = client.post(
        "/api/v1/legality/", {"text": decklist, "format": format_code, "as_of": "2024-01-01"}, format="json"
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert violations(body) == expected
    assert body["legal"] is (not expected)
    for item in body["violations"]:
        assert item["rule"] and item["message"] and item["message_ja"]


def test_duel_party_report_counts_the_partner(dp_cards, client):
    body = client.post("/api/v1/legality/", {"text": text(), "format": "duel_party"}, format="json").json()
    assert body["counts"] == {"main": 59, "hyperspatial": 0, "gr": 0, "partner": 1}
    assert body["regulation"]["label"].startswith("advance ")  # the list Duel Party follows
    partner_lines = [line for line in body["lines"] if line["zone"] == "partner" and line["status"] == "card"]
    assert [line["card"]["name_ja"] for line in partner_lines] == [PARTNER]


def test_duel_party_json_decklist(dp_cards, client):
    deck = {"partner": [{"card": PARTNER}], "main": [{"card": name} for name in DP_FILLER]}
    body = client.post("/api/v1/legality/", {"deck": deck, "format": "duel_party"}, format="json").json()
    assert (body["legal"], body["violations"]) == (True, [])


def test_a_deck_import_keeps_the_partner_in_its_zone(dp_cards):
    """Deck imports put every card in its own zone (`move_all`), but the partner is a main-deck creature chosen to
    lead the deck: it stays in the partner zone, like a card of the considering list stays there."""
    from games.dm.game import GAME

    rows = GAME.read_decklist(GAME.parse_text(text()))
    zones = {row.zone for row in rows if row.status == "card"}
    partner_rows = [row for row in rows if row.zone == "partner" and row.status == "card"]
    assert zones == {"main", "partner"}
    assert [(row.count, row.json["card"]["name_ja"], row.json["moved"]) for row in partner_rows] == [
        (1, PARTNER, False)
    ]
