"""Deck reads: the public decks that use a card."""

import pytest

from accounts.tests.factories import UserFactory
from decks import selectors, services
from decks.tests.fixtures import MAIN, PSYCHIC
from games.dm.rules.decklist import parse_json

FIRE, WATER = MAIN[0][0], MAIN[1][0]


def deck(owner, name: str, visibility: str, entries: dict[str, list[tuple[str, int]]]):
    decklist = parse_json({zone: [{"card": card, "count": n} for card, n in rows] for zone, rows in entries.items()})
    return services.deck_create(owner=owner, name=name, visibility=visibility, decklist=decklist)


VISIBILITY_CASES = [
    # id, visibility, listed
    ("public-is-listed", "public", True),
    ("unlisted-is-never-listed", "unlisted", False),
    ("private-is-never-listed", "private", False),
]


@pytest.mark.parametrize(
    ("visibility", "listed"), [c[1:] for c in VISIBILITY_CASES], ids=[c[0] for c in VISIBILITY_CASES]
)
def test_only_public_decks_are_listed(cards, owner, visibility, listed):
    deck(owner, "デッキ", visibility, {"main": [(FIRE, 4)]})
    decks, total = selectors.deck_list_public_with_card(card_id=cards[FIRE])
    assert ([d.name for d in decks], total) == ((["デッキ"], 1) if listed else ([], 0))


COPIES_CASES = [
    # id, entries, the card asked for, copies
    ("main-deck", {"main": [(FIRE, 3), (WATER, 4)]}, FIRE, 3),
    ("main-and-considering-add-up", {"main": [(FIRE, 3)], "considering": [(FIRE, 2)]}, FIRE, 5),
    ("hyperspatial-zone", {"main": [(FIRE, 4)], "hyperspatial": [(PSYCHIC, 2)]}, PSYCHIC, 2),
    ("not-in-the-deck", {"main": [(WATER, 4)]}, FIRE, None),
]


@pytest.mark.parametrize(("entries", "card", "copies"), [c[1:] for c in COPIES_CASES], ids=[c[0] for c in COPIES_CASES])
def test_copies_count_every_zone(cards, owner, entries, card, copies):
    deck(owner, "デッキ", "public", entries)
    decks, total = selectors.deck_list_public_with_card(card_id=cards[card])
    assert [d.card_copies for d in decks] == ([] if copies is None else [copies])
    assert total == (0 if copies is None else 1)


def test_newest_first_at_most_the_limit_with_the_total(cards, owner, other):
    for number in range(5):
        deck(owner if number % 2 else other, f"公開{number}", "public", {"main": [(FIRE, 1)]})
    deck(UserFactory(username="third"), "非公開", "private", {"main": [(FIRE, 4)]})
    decks, total = selectors.deck_list_public_with_card(card_id=cards[FIRE], limit=3)
    assert ([d.name for d in decks], total) == (["公開4", "公開3", "公開2"], 5)
    assert [d.owner.username for d in decks] == ["other", "owner", "other"]


def test_deck_choices_are_the_callers_own_decks_newest_first(cards, owner, other):
    from django.contrib.auth.models import AnonymousUser

    for name, who, visibility in [
        ("古い", owner, "private"),
        ("他人の公開", other, "public"),
        ("新しい", owner, "public"),
    ]:
        deck(who, name, visibility, {})
    assert [d.name for d in selectors.deck_choices_owned(user=owner)] == ["新しい", "古い"]
    assert selectors.deck_choices_owned(user=AnonymousUser()) == []
