"""Integration (PostgreSQL) with the real card data: registration CSVs as Excel in Japan saves them (UTF-8 with a
BOM, Shift-JIS/CP932) go in, the exports in both encodings come back out and re-import to the same deck hashes,
also for a real card whose name Shift-JIS cannot hold (《時の法皇 ミラダンテⅫ》: written by its card id)."""

import csv
import io
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.tests.factories import UserFactory
from cards.tests.conftest import full_catalogue  # noqa: F401  (module-scoped import of the real card data)
from games.dm.rules.decklist import parse_text
from tournaments import selectors, services
from tournaments.models import Registration

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

NOT_IN_SHIFT_JIS = "時の法皇 ミラダンテⅫ"


def _fillers(count: int) -> list[str]:
    """Real main-deck cards that resolve by their name alone and that Shift-JIS can hold, in name order."""
    from cards.models import Card
    from games.dm.resolver import get_resolver

    resolver = get_resolver()
    names = []
    for name in Card.objects.filter(dm__zone="main_deck").order_by("name_ja").values_list("name_ja", flat=True):
        try:
            name.encode("cp932")
        except UnicodeEncodeError:
            continue
        if resolver.resolve(name).status == "ok" and name not in names:
            names.append(name)
        if len(names) == count:
            return names
    raise AssertionError("not enough plain card names in the data")


def _csv(rows: list[tuple[str, str]]) -> str:
    out = io.StringIO()
    csv.writer(out).writerows([("player", "decklist"), *rows])
    return out.getvalue()


def _event(organizer):
    return services.event_create(
        organizer=organizer,
        name="CS",
        date=timezone.localdate() + timedelta(days=10),
        registration_deadline=timezone.now() + timedelta(days=9),
        capacity=64,
    )


def _hashes(event) -> dict[str, str]:
    return dict(Registration.objects.filter(event=event).values_list("player_name", "deck_hash"))


def test_csv_round_trips_in_utf8_with_bom_and_shift_jis(full_catalogue):  # noqa: F811
    organizer = UserFactory(username="organizer")
    event = _event(organizer)
    fillers = _fillers(19)
    miradante = "\n".join([f"4 {NOT_IN_SHIFT_JIS}", *(f"4 {name}" for name in fillers[:9])])
    plain = "\n".join(f"4 {name}" for name in fillers[9:19])

    # In: one file as "CSV UTF-8" (with a BOM), one as "CSV" (Shift-JIS/CP932).
    utf8 = _csv([("山田", miradante), ("佐藤", plain)]).encode("utf-8-sig")
    sjis = _csv([("鈴木", plain.replace("4 ", "3 ", 1) + f"\n1 {fillers[0]}")]).encode("cp932")
    for data in (utf8, sjis):
        results = services.registrations_import_csv(
            event_id=event.id, user=organizer, csv_text=services.csv_decode(data)
        )
        assert all(r["status"] in ("legal", "illegal") for r in results), results
    assert set(_hashes(event)) == {"山田", "佐藤", "鈴木"}

    # Out and back in, in both encodings: the same players with the same deck hashes.
    for encoding in ("utf-8", "sjis"):
        exported = selectors.registration_export_csv(event=event, encoding=encoding)
        copy = _event(organizer)
        services.registrations_import_csv(event_id=copy.id, user=organizer, csv_text=services.csv_decode(exported))
        assert _hashes(copy) == _hashes(event), encoding

    # In Shift-JIS the card it cannot hold is written by its id; UTF-8 keeps its name.
    from cards.models import Card

    card_id = Card.objects.get(name_ja=NOT_IN_SHIFT_JIS).id
    sjis_rows = list(
        csv.DictReader(io.StringIO(selectors.registration_export_csv(event=event, encoding="sjis").decode("cp932")))
    )
    yamada = next(row for row in sjis_rows if row["player"] == "山田")
    assert f"4 {card_id}\n" in yamada["decklist"] and f"4 {card_id}" in yamada["main"]
    utf8_text = selectors.registration_export_csv(event=event, encoding="utf-8").decode("utf-8-sig")
    assert f"4 {NOT_IN_SHIFT_JIS}" in utf8_text

    # The deck sheet's QR text of the real list reads back to the registered deck.
    registration = Registration.objects.get(event=event, player_name="山田")
    text = selectors.registration_qr_text(registration)
    assert selectors.deck_check(registration=registration, decklist=parse_text(text))["matches"]
