"""The Django admin for cards: lists, searches, and an edit keeps the derived columns right."""

import pytest
from django.contrib.auth import get_user_model

from cards.models import Card
from cards.services import card_import
from cards.tests.fixtures import BOLSHACK

pytestmark = pytest.mark.urls("cards.tests.urls")


@pytest.fixture
def admin_client(client, db):
    user = get_user_model().objects.create_superuser("admin", "admin@example.org", "pw-for-tests-only")
    client.force_login(user)
    return client


@pytest.mark.parametrize("params", [{}, {"q": "bolshack"}, {"game": "dm"}], ids=["list", "search", "filter"])
def test_changelist(imported, admin_client, params):
    response = admin_client.get("/admin/cards/card/", params)
    assert response.status_code == 200


def test_change_page_shows_the_games_facts_faces_and_printings(imported, admin_client):
    response = admin_client.get(f"/admin/cards/card/{imported[BOLSHACK]}/change/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "DM-01" in page and "Duel Masters facts" in page and 'name="dm-0-civilizations"' in page


def test_service_after_edit_recomputes_and_next_import_restores(imported, catalogue_records):
    from cards.services import card_refresh_after_edit

    card = Card.objects.get(name_ja=BOLSHACK)
    card.name_ja = "ボルシャック・ドラゴン改"
    card.dm.civilizations = ["fire", "nature"]
    card.dm.save()  # the admin saves the game's inline after the card
    card_refresh_after_edit(card=card)
    card.refresh_from_db()
    assert (card.name_key, card.dm.civ_mask, card.source_hash) == ("ボルシャック・ドラゴン改", 8 | 16, "")
    assert "ボルシャック・ドラゴン改" in card.search_text
    # The data file is the source of truth: its record comes back as a card of its own name.
    summary = card_import(records=catalogue_records, source="fixture")
    assert summary.created == 1


def test_set_list_is_shown_and_read_only(admin_client):
    from cards.models import Set
    from cards.services import set_import

    set_import(
        records=[{"code": "DM-01", "name_ja": "基本セット", "release_date": "2002-05", "date_precision": "month"}],
        source="fixture",
    )
    listing = admin_client.get("/admin/cards/set/")
    assert listing.status_code == 200 and "DM-01" in listing.content.decode()
    pk = Set.objects.get().pk
    assert admin_client.post(f"/admin/cards/set/{pk}/change/", {"code": "X"}).status_code == 403
    assert admin_client.get("/admin/cards/set/add/").status_code == 403
