"""The games registry (issue 19): what a request that names no game gets, what an unknown game gets, and Duel
Masters' entry answering exactly as the Duel Masters code it calls."""

import pytest
from django.db import IntegrityError, transaction
from django.test import override_settings

import games.base
from api.codes import ApplicationError
from cards.models import Card
from games import registry
from games.dm.rules.deck_hash import deck_hash
from games.dm.rules.vocabulary import DeckZone, LineStatus
from games.tests.minigame import game as mini


@pytest.mark.parametrize(
    ("code", "expected"),
    [pytest.param(None, "dm", id="none-is-dm"), pytest.param("", "dm", id="empty-is-dm"), pytest.param("dm", "dm")],
)
def test_the_default_game_is_duel_masters(code, expected):
    assert registry.get(code).code == expected


@pytest.mark.parametrize("code", ["nope", "DM", "mini", 3, ["dm"]], ids=["nope", "upper", "not-listed", "int", "list"])
def test_an_unknown_game_is_a_coded_400(code):
    with override_settings(GAMES=["games.dm"]), pytest.raises(ApplicationError) as raised:  # the project's other
        registry.get(code)  # games (settings.GAMES) are listed too; Duel Masters alone here
    assert (raised.value.code, raised.value.status_code, raised.value.details["games"]) == ("UNKNOWN_GAME", 400, ["dm"])


def test_the_duel_masters_zones_are_its_deck_zones():
    dm = registry.get("dm")
    assert dm.zone_codes() == tuple(zone.value for zone in DeckZone)
    assert dm.registered_zone_codes() == ("main", "hyperspatial", "gr")
    assert [game.code for game in registry.all_games()][0] == "dm"  # the first game, as settings.GAMES lists it


@pytest.mark.parametrize(
    ("cards", "unresolved"),
    [
        pytest.param([("main", 1, 4), ("gr", 2, 2)], [], id="cards"),
        pytest.param([("main", 1, 2), ("main", 1, 2), ("considering", 3, 1)], [], id="split-and-considering"),
        pytest.param([("main", 1, 4)], [("main", "???", 1)], id="unresolved"),
    ],
)
def test_the_duel_masters_deck_hash_is_unchanged(cards, unresolved):
    """Registrations and signed audit entries hold this hash: through the registry it is the same value."""
    assert registry.get("dm").deck_hash(cards, unresolved) == deck_hash(cards, unresolved)


def test_the_line_statuses_are_every_games():
    """Duel Masters' reader gives the core's line statuses (games.base), the API's `lines[].status`."""
    assert LineStatus is games.base.LineStatus


@pytest.mark.django_db
def test_a_card_name_is_unique_in_its_game_only():
    Card.objects.create(game="dm", name_ja="Ember Fox", name_key="ember fox")
    Card.objects.create(game=mini.CODE, name_ja="Ember Fox", name_key="ember fox")  # another game: allowed
    with pytest.raises(IntegrityError), transaction.atomic():
        Card.objects.create(game="dm", name_ja="Ember Fox", name_key="ember fox")


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["dm", mini.CODE])
def test_an_overlay_made_in_the_admin_is_of_its_formats_game(client, django_user_model, game):
    """The admin's overlay form has no game field (a model field the form does not show): the overlay takes its
    base format's game, and a form posted without one is saved."""
    from regulations.models import EventOverlay, Format

    base = Format.objects.get_or_create(game=game, code="base-" + game, defaults={"name": game})[0]
    client.force_login(django_user_model.objects.create_superuser("root", password="a-long-test-password-42"))
    form = {
        "slug": "store-rules",
        "name": "Store rules",
        "base_format": base.id,
        "description": "",
        "card_pool_cutoff": "",
        "cards-TOTAL_FORMS": "0",
        "cards-INITIAL_FORMS": "0",
        "combos-TOTAL_FORMS": "0",
        "combos-INITIAL_FORMS": "0",
    }
    answer = client.post("/admin/regulations/eventoverlay/add/", form)
    assert answer.status_code == 302, answer.content[:2000]
    assert EventOverlay.objects.get(slug="store-rules").game == game
