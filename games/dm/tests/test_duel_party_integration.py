"""Integration (PostgreSQL): デュエパーティー with the real card data and the real Hall of Fame list. No published
60-card list could be found as text (docs/legality.md), so the deck is built from real cards: the twinpact
《ナ・チュラルゴ・デンジャー/ナチュラル・トラップ》 as the partner, the spell 《ナチュラル・トラップ》 (another
name, 808.4), and 58 nature main-deck cards no list names."""

import pytest
from django.conf import settings

from games.dm.rules.decklist import parse_text
from regulations import services

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

PARTNER = "ナ・チュラルゴ・デンジャー/ナチュラル・トラップ"
HALF_NAMED = "ナチュラル・トラップ"
BANNED = "無双竜機ボルバルザーク"  # プレミアム殿堂


@pytest.fixture(scope="module")
def nature_cards(full_catalogue, django_db_blocker):
    """The real Hall of Fame events, and 58 nature-only main-deck cards that no list names and that resolve by name."""
    from cards.models import Card
    from games.dm.hall_of_fame import regulation_import
    from games.dm.resolver import get_resolver
    from regulations.models import RegulationEvent, RegulationEventCard

    with django_db_blocker.unblock():
        regulation_import(source=settings.REGULATION_DATA_SOURCE)
        listed = set(RegulationEventCard.objects.values_list("name_key", flat=True))
        resolver = get_resolver()
        names: list[str] = []
        query = Card.objects.filter(
            facts_available=True, dm__zone="main_deck", dm__civilizations=["nature"], dm__start_set__isnull=True
        ).exclude(name_ja__in=[PARTNER, HALF_NAMED])
        for card in query.order_by("id")[:400]:
            resolution = resolver.resolve(card.name_ja)
            if card.name_key not in listed and resolution.status == "ok" and resolution.card.id == card.id:
                names.append(card.name_ja)
            if len(names) == 58:
                break
        yield names
        RegulationEvent.objects.all().delete()


def _text(main: list[str]) -> str:
    return "\n".join(["パートナー", f"1 {PARTNER}", "メインデッキ", *(f"1 {name}" for name in main)])


def test_real_cards_partner_twinpact_and_one_of_its_names(nature_cards):
    assert len(nature_cards) == 58
    report = services.legality_report(decklist=parse_text(_text([HALF_NAMED, *nature_cards])), format_code="duel_party")
    assert [v["code"] for v in report["violations"]] == []
    assert report["counts"] == {"main": 59, "hyperspatial": 0, "gr": 0, "partner": 1}


def test_real_premium_hall_of_fame_card(nature_cards):
    main = [HALF_NAMED, *nature_cards[:57], BANNED]
    report = services.legality_report(decklist=parse_text(_text(main)), format_code="duel_party")
    codes = {v["code"] for v in report["violations"]}
    assert "PREMIUM_HALL_OF_FAME" in codes
    banned = next(v for v in report["violations"] if v["code"] == "PREMIUM_HALL_OF_FAME")
    assert [card["name"] for card in banned["cards"]] == [BANNED]
