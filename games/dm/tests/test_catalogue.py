"""Duel Masters' catalogue mapping behind the registry (issue 19): the core's catalogue entry points (cards.services,
the card search API) reach the game's importer, derived columns and search through games.registry, and the
catalogue's written-out choices are the game's vocabulary."""

import pytest

from cards.models import Card
from cards.query import QueryError, parse_query
from cards.tests.factories import CardRecordFactory
from games import registry
from games.dm.query import CivTerm, DmQueryParser
from games.dm.rules.vocabulary import Civilization


@pytest.mark.django_db
def test_the_cores_card_import_is_the_default_games():
    from cards.services import card_import

    record = CardRecordFactory(name_ja="カード甲", civilizations=["Fire", "Water"])
    summary = card_import(records=[record], source="fixture")
    card = Card.objects.get(name_ja="カード甲")
    assert (summary.created, card.game, card.dm.civilizations, card.dm.civ_mask) == (1, "dm", ["fire", "water"], 8 | 2)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("civilizations", "mask"), [([], 0), (["light"], 1), (["water", "darkness"], 2 | 4), (["fire", "nature"], 8 | 16)]
)
def test_an_edited_cards_civilization_bits_come_from_the_game(civilizations, mask):
    from cards.services import card_refresh_after_edit
    from games.dm.models import DmCard

    card = card_refresh_after_edit(card=Card(name_ja="手で直したカード"))
    DmCard(card=card, civilizations=civilizations, civ_mask=31).save()  # the admin's inline, after the card
    assert Card.objects.get(pk=card.pk).dm.civ_mask == mask


@pytest.mark.parametrize(
    ("q", "core", "dm"),
    [
        ("civ:fire", "unknown field", CivTerm(frozenset({Civilization.FIRE}))),
        ("order:cost", "unknown order", None),
    ],
)
def test_the_games_fields_are_its_own_parsers(q, core, dm):
    """The core's grammar alone knows names, sets, dates and lists; Duel Masters' parser adds its fields."""
    with pytest.raises(QueryError, match=core):
        parse_query(q)
    parsed = parse_query(q, DmQueryParser)
    assert parsed.terms == ((dm,) if dm else ())


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("q", "found"), [("civ:fire", True), ("civ:water", False), ("カード乙", True), ("cost>99", False)]
)
def test_the_dm_entry_searches_its_cards_with_its_fields(q, found):
    from cards.services import card_import

    card_import(records=[CardRecordFactory(name_ja="カード乙", civilizations=["Fire"], cost=3)], source="fixture")
    result = registry.get("dm").search.run(q=q, order="name", as_of=None)
    assert (Card.objects.get(name_ja="カード乙").id in result.ids) is found


def test_a_game_without_a_name_index_suggests_nothing():
    assert registry.Game().search.name_suggestions(text="ボルシャック") == ()
