"""The card page: where its facts come from and which it lacks, its printings with set names and release dates, its
first release, and its Hall of Fame status today with the dated history."""

import re

import pytest
from django.test import Client

from cards.models import Card
from regulations.tests.catalogue import BANNED, FIRST_SET, LIMITED, catalogue, hall_of_fame, sets

pytestmark = pytest.mark.django_db


@pytest.fixture
def listed(db):
    from cards.services import card_import, set_import
    from regulations.importer import regulation_import

    records = catalogue()
    for record in records:
        if record["name_ja"] == BANNED:
            record["facts_source"] = "cgi3"
            record["facts_unknown"] = ["mana_number", "cant_attack"]
    set_import(records=sets(), source="fixture")
    card_import(records=records, source="fixture")
    regulation_import(data=hall_of_fame(), source="fixture")


def rows(body: str, table_class: str) -> list[list[str]]:
    table = re.search(rf'<table class="{table_class}">(.*?)</table>', body, re.S).group(1)
    body_rows = re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1], re.S)
    return [[re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in body_rows]  # fmt: skip


def test_card_page_shows_source_unknown_fields_and_release(listed):
    card = Card.objects.get(name_ja=BANNED)
    body = Client().get(f"/cards/{card.id}/").content.decode()
    assert "cgi3" in body
    assert re.search(r'class="facts-unknown">mana_number, cant_attack<', body)
    assert f'<time datetime="2002-05-30">2002-05-30</time> ({FIRST_SET} テスト弾 {FIRST_SET})' in body
    number = str(card.printings.get().number)
    assert rows(body, "printings") == [[f"{FIRST_SET} テスト弾 {FIRST_SET}", "2002-05-30", number, "C", BANNED]]


@pytest.mark.parametrize(
    ("name", "today", "history"),
    [
        pytest.param(
            BANNED,
            "Banned",
            [["2010-01-01", "Advance", "Unrestricted → Limited"], ["2012-06-01", "Advance", "Limited → Banned"]],
            id="banned-since-2012",
        ),
        pytest.param(
            LIMITED,
            "Unrestricted",
            [["2010-01-01", "Advance", "Unrestricted → Limited"], ["2018-01-01", "Advance", "Limited → Unrestricted"]],
            id="limited-then-lifted",
        ),
    ],
)
def test_card_page_shows_hall_of_fame_today_and_history(listed, name, today, history):
    card = Card.objects.get(name_ja=name)
    body = Client().get(f"/cards/{card.id}/").content.decode()
    # `original` wants a list but none is loaded for it: not shown as unrestricted.
    assert rows(body, "hall-of-fame") == [["Advance", today]]
    assert rows(body, "hall-of-fame-history") == history


def test_card_page_of_an_undated_card_says_unknown(listed):
    from cards.services import card_import
    from cards.tests.fixtures import record

    card_import(records=[record("日付のないカード")], source="fixture")
    card = Card.objects.get(name_ja="日付のないカード")
    body = Client().get(f"/cards/{card.id}/").content.decode()
    assert re.search(r"First release</th><td>Unknown</td>", body)
    assert "hall-of-fame-history" not in body


def test_card_browser_says_how_many_cards_a_term_cannot_decide(listed):
    from django.utils import timezone

    Card.objects.filter(name_ja=LIMITED).update(release_date=None, release_set="", updated_at=timezone.now())
    body = Client().get("/cards/", {"q": "date<=2010-01-01", "as_of": "2010-01-01"}).content.decode()
    assert "1 more cards may match date&lt;=2010-01-01: their release_date is not known." in body
    banned = Client().get("/cards/", {"q": "banned:advance", "as_of": "2013-01-01"}).content.decode()
    assert BANNED in banned and LIMITED not in banned
