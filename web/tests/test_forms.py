"""Page forms take their limits from the models (issue finding: a 150-character deck name was a 500 on PostgreSQL,
where the web form allowed 200 characters and the column holds 120)."""

import pytest

from decks.models import Deck
from web.forms import DeckCreateForm

NAME_LIMIT = Deck._meta.get_field("name").max_length


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name, valid",
    [
        pytest.param("x" * NAME_LIMIT, True, id="at-the-column-limit"),
        pytest.param("x" * (NAME_LIMIT + 1), False, id="one-over"),
        pytest.param("x" * 150, False, id="150-characters"),
        pytest.param("", False, id="empty"),
    ],
)
def test_deck_form_limits_come_from_the_model(name, valid):
    form = DeckCreateForm({"name": name, "format": "advance", "visibility": "private"})
    assert form.is_valid() is valid
    if not valid:
        assert "name" in form.errors


@pytest.mark.django_db
def test_a_150_character_name_is_a_form_error_not_a_500(client, user):
    client.force_login(user)
    response = client.post("/decks/", {"name": "デ" * 150, "format": "advance", "visibility": "private"})
    assert response.status_code == 200
    assert not Deck.objects.filter(owner=user).exists()


@pytest.mark.django_db
def test_deck_form_refuses_an_unknown_visibility():
    form = DeckCreateForm({"name": "ok", "format": "advance", "visibility": "everyone"})
    assert not form.is_valid() and "visibility" in form.errors


# The card browser's filter widgets are the game's (Game.search.browser_filters): Duel Masters' write its search fields,
# under the URL parameters the page always had; a game that gives none has the name search alone.
@pytest.mark.parametrize(
    ("params", "query"),
    [
        pytest.param({"q": " ドラゴン "}, "ドラゴン", id="box-alone"),
        pytest.param({"civ": ["fire", "water"]}, "civ:fire,water", id="civ-any-of"),
        pytest.param({"civ": ["fire"], "civ_exact": "on"}, "civ=fire", id="civ-exactly"),
        pytest.param({"cost_min": 2, "cost_max": 5}, "cost>=2 cost<=5", id="cost-range"),
        pytest.param({"cost_min": 0}, "cost>=0", id="cost-zero"),
        pytest.param({"race": "ドラゴン"}, "race:ドラゴン", id="race"),
        pytest.param({"race": " Armored Dragon "}, 'race:"Armored Dragon"', id="race-with-a-space-quoted"),
        pytest.param({"keywords": ["trigger", "blocker"]}, "is:trigger is:blocker", id="keywords-each"),
        pytest.param(
            {
                "q": "竜",
                "civ": ["fire"],
                "cost_max": 3,
                "type": "creature",
                "race": "x",
                "zone": "gr",
                "keywords": ["slayer"],
            },
            "竜 civ:fire cost<=3 type:creature race:x zone:gr is:slayer",
            id="every-widget-in-order",
        ),
    ],
)
def test_duel_masters_filters_compose_the_query(params, query):
    from games import registry
    from web.forms import CardSearchForm

    form = CardSearchForm(params, game=registry.get("dm"))
    assert form.is_valid(), form.errors
    assert form.query() == query


def test_a_game_without_filters_has_the_name_search_alone():
    from games.tests.minigame.game import MiniGame
    from web.forms import CardSearchForm

    form = CardSearchForm({"q": "Fox", "civ": ["fire"], "type": "creature", "order": "name"}, game=MiniGame())
    assert sorted(form.fields) == ["as_of", "order", "q"]
    assert [value for value, _label in form.fields["order"].choices] == ["name"]
    assert form.is_valid() and form.query() == "Fox"
    assert not CardSearchForm({"order": "cost"}, game=MiniGame()).is_valid()
