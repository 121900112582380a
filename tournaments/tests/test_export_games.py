"""The registrations export of an OCG event with real decks (web/tests/real_games.py): a card whose name Shift-JIS
cannot hold (《羅睺星辰》, Rahu Dracotail: 睺 has no CP932 form) is written by its card id, as docs/api.md promises,
and the file opens; the Japanese header's file says its statuses and violations in Japanese words."""

import csv
import io
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.tests.factories import UserFactory
from tournaments import selectors, services
from web.tests.real_games import YGO_DECK, ygo_real_import

pytestmark = pytest.mark.django_db

RAHU_DRACOTAIL = (
    32548318  # 羅睺星辰 (Konami id 21362): https://www.db.yugioh-card.com/yugiohdb/card_search.action?ope=2&cid=21362
)


@pytest.fixture
def ygo_event():
    """An OCG event with one registration: the published .ydk with one 《羅睺星辰》 added to its Main Deck (41)."""
    from decks.services import deck_create
    from games import registry

    text = ygo_real_import(also=(RAHU_DRACOTAIL,)).replace("#main\n", f"#main\n{RAHU_DRACOTAIL}\n", 1)
    organizer, player = UserFactory(username="organizer"), UserFactory(username="山田")
    event = services.event_create(
        organizer=organizer, name="OCG CS", game="ygo", date=timezone.localdate() + timedelta(days=3),
        registration_deadline=timezone.now() + timedelta(days=2),
    )  # fmt: skip
    deck = deck_create(owner=player, name=YGO_DECK, game="ygo", decklist=registry.get("ygo").parse_text(text))
    services.registration_submit(event_id=event.id, user=player, deck_id=deck.id, accept_illegal=True)
    return event


def _rows(event, *, encoding: str, header: str) -> list[list[str]]:
    body = selectors.registration_export_csv(event=event, encoding=encoding, header=header)
    return list(csv.reader(io.StringIO(body.decode(selectors.EXPORT_ENCODINGS[encoding]))))


@pytest.mark.parametrize("header", ["en", "ja"])
def test_a_name_shift_jis_cannot_hold_is_written_so_the_file_opens_and_reads_back(ygo_event, header):
    from cards.models import Card
    from games import registry

    rows = _rows(ygo_event, encoding="sjis", header=header)
    rahu = Card.objects.get(game="ygo", name_en="Rahu Dracotail")
    assert len(rows) == 2
    assert f"1 {rahu.id}" in rows[1][5].split("; ")  # the main column: by its card id
    decklist = rows[1][-1]
    assert "羅睺星辰" not in decklist and "1 Rahu Dracotail" in decklist.splitlines()  # its English name
    read = registry.get("ygo").read_decklist(registry.get("ygo").parse_text(decklist))
    assert rahu.id in {line.card_id for line in read if line.status == "card"}  # which the OCG's reader reads back
    # The UTF-8 file keeps the name.
    assert "1 羅睺星辰" in _rows(ygo_event, encoding="utf-8", header=header)[1][5].split("; ")


def test_the_japanese_header_writes_statuses_and_violations_in_japanese(ygo_event):
    from tournaments.models import Registration

    registration = Registration.objects.get(event=ygo_event)
    assert registration.status == "illegal"  # the 2015 AI list breaks the OCG's list of today
    violations = registration.legality_report["violations"]
    (header, row) = _rows(ygo_event, encoding="sjis", header="ja")
    assert header[1] == "構築判定" and row[1] == "不適正"
    assert row[4].split(" / ") == [v["message_ja"] for v in violations]  # words, not codes
    assert not any(v["code"] in row[4] for v in violations)
    (_header, row_en) = _rows(ygo_event, encoding="utf-8", header="en")
    assert row_en[1] == "illegal" and row_en[4].split() == [v["code"] for v in violations]  # as clients read it
