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
