"""Issue 19's migrations keep Duel Masters as it was: every card, deck, format, overlay and event stored before games
existed is Duel Masters', and an event's signed audit chain, its registrations' deck hashes and the decks' versions
are untouched (a chain written before the migrations still verifies after them)."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from cards.models import Card
from decks import services as deck_services
from decks.models import Deck, DeckVersion
from decks.tests.fixtures import cards, legal_deck_json, organizer, owner  # noqa: F401
from games.dm.rules.decklist import parse_json
from regulations.models import EventOverlay, Format
from tournaments import services
from tournaments.models import AuditEntry, Event, Registration

BEFORE_GAMES = [
    ("tournaments", "0008_merge_overlay_key_and_revalidation_chunks"),
    ("decks", "0002_deckversion_session"),
    ("cards", "0003_merge_sets_and_nicknames"),
    ("regulations", "0005_legality_batches"),
]


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_rows_before_games_are_duel_masters_and_their_chain_still_verifies(cards, organizer, owner):  # noqa: F811
    deck = deck_services.deck_create(owner=owner, name="legal", decklist=parse_json(legal_deck_json()))
    event = services.event_create(
        organizer=organizer,
        name="Before games",
        date=timezone.localdate() + timedelta(days=3),
        registration_deadline=timezone.now() + timedelta(days=2),
    )
    registration = services.registration_submit(event_id=event.id, user=owner, deck_id=deck.id)
    before = {
        "chain": list(AuditEntry.objects.filter(event=event).order_by("sequence").values_list("entry_hash", flat=True)),
        "registration": Registration.objects.filter(id=registration.id).values("deck_hash", "snapshot").get(),
        "versions": list(DeckVersion.objects.filter(deck=deck).values_list("snapshot", flat=True)),
    }
    for app, migration in BEFORE_GAMES:  # back to the schema before games, the rows kept
        call_command("migrate", app, migration, verbosity=0)
    call_command("migrate", verbosity=0)  # and forward again: the migrations under test

    assert {
        model.__name__: set(model.objects.values_list("game", flat=True))
        for model in (Card, Deck, Format, EventOverlay, Event)
        if model.objects.exists()
    } == {"Card": {"dm"}, "Deck": {"dm"}, "Format": {"dm"}, "Event": {"dm"}}
    after = {
        "chain": list(AuditEntry.objects.filter(event=event).order_by("sequence").values_list("entry_hash", flat=True)),
        "registration": Registration.objects.filter(id=registration.id).values("deck_hash", "snapshot").get(),
        "versions": list(DeckVersion.objects.filter(deck=deck).values_list("snapshot", flat=True)),
    }
    assert after == before
    assert services.audit_chain_verify(event_id=event.id) == []
    assert deck_services.snapshot_canonical_hash(after["registration"]["snapshot"]) == registration.deck_hash


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_duel_masters_facts_move_to_their_table_and_back_value_for_value(cards):  # noqa: F811
    """cards 0005 / dm 0003: backwards the facts are copied into the catalogue row's columns again, forwards out of
    them into dm.DmCard; every Duel Masters card keeps every fact (the real catalogue: docs/catalogue.md)."""
    from games.dm.models import DmCard

    def facts() -> list[dict]:
        return list(DmCard.objects.order_by("card_id").values())

    before = facts()
    assert len(before) == Card.objects.filter(game="dm").count() > 0
    call_command("migrate", "dm", "0001_initial", verbosity=0)  # the facts back on the catalogue row
    call_command("migrate", verbosity=0)
    assert facts() == before
