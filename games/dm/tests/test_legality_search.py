"""The card search's `legal:` / `banned:` / `limited:` terms, answered from the dated Hall of Fame lists
(games.dm.legality.format_card_pool) over the hand-written catalogue: every card first released 2002-05-30."""

from datetime import date

import pytest

from cards.query import QueryError
from games.dm.search import card_search, card_search_result
from regulations import selectors
from regulations.tests.catalogue import BANNED, DRAGHEART, GRS, LIMITED, PSYCHICS, RUBY, SEALED_X, ZEROM

pytestmark = pytest.mark.django_db


def names(cards: dict, ids: list[int]) -> set[str]:
    by_id = {card_id: name for name, card_id in cards.items()}
    return {by_id[card_id] for card_id in ids}


@pytest.mark.parametrize(
    ("q", "as_of", "present", "absent"),
    [
        pytest.param("banned:advance", date(2013, 1, 1), {BANNED}, {LIMITED}, id="banned-after-2012-06-01"),
        pytest.param("banned:advance", date(2011, 1, 1), set(), {BANNED}, id="only-limited-before"),
        pytest.param("limited:advance", date(2011, 1, 1), {LIMITED, BANNED}, set(), id="limited-in-2011"),
        pytest.param("limited:advance", date(2018, 1, 1), {RUBY, SEALED_X}, {LIMITED}, id="limited-lifted-2018"),
        pytest.param("legal:advance", date(2013, 1, 1), {LIMITED, *PSYCHICS, GRS[0]}, {BANNED}, id="legal-not-banned"),
        pytest.param("legal:advance", date(2002, 5, 29), set(), {LIMITED, *PSYCHICS}, id="nothing-released-yet"),
        pytest.param("legal:advance", date(2002, 5, 30), {LIMITED, BANNED}, set(), id="released-that-day"),
        pytest.param(
            "legal:original",
            date(2013, 1, 1),
            {LIMITED},
            {*PSYCHICS, DRAGHEART, GRS[0], ZEROM},
            id="original-main-deck-only",
        ),  # fmt: skip
        pytest.param("-legal:advance", date(2013, 1, 1), {BANNED}, {LIMITED}, id="negated"),
    ],
)
def test_regulation_terms(cards, hof, q, as_of, present, absent):
    found = names(cards, card_search(q=q, as_of=as_of))
    assert present <= found
    assert not absent & found


@pytest.mark.parametrize("as_of", [date(2011, 1, 1), date(2013, 1, 1), date(2016, 6, 1), date(2021, 1, 1)])
def test_banned_and_limited_are_the_dated_list(cards, hof, as_of):
    in_force = selectors.regulation_in_force(format_code="advance", as_of=as_of)
    for status, term in (("banned", "banned:advance"), ("limited", "limited:advance")):
        listed = {item.card_id for item in in_force.cards if str(item.status) == status and item.card_id}
        assert set(card_search(q=term, as_of=as_of)) == listed


def test_legal_is_released_and_not_banned(cards, hof):
    """'Which cards were legal in advance on 2019-06-01': every card of a used zone released by then, less the
    banned ones of that day."""
    as_of = date(2019, 6, 1)
    banned = set(card_search(q="banned:advance", as_of=as_of))
    released = set(card_search(q="date<=2019-06-01", as_of=as_of))
    assert set(card_search(q="legal:advance", as_of=as_of)) == released - banned
    assert banned and released


def test_unknown_format_names_its_position(cards, hof):
    with pytest.raises(QueryError) as caught:
        card_search(q="civ:fire -legal:nosuch")
    assert (caught.value.position, caught.value.expected) == (16, "a format code")


def test_legal_search_notes_undated_cards(cards, hof):
    from django.utils import timezone

    from cards.models import Card

    # A new updated_at: the search index follows the catalogue version.
    Card.objects.filter(name_ja=LIMITED).update(release_date=None, release_set="", updated_at=timezone.now())
    result = card_search_result(q="legal:advance", as_of=date(2013, 1, 1))
    assert [(n.term, n.field, n.unknown) for n in result.notes] == [("legal:advance", "release_date", 1)]


def test_search_api_answers_legal_on_a_date(cards, hof, client):
    response = client.get("/api/v1/cards/", {"q": "banned:advance", "as_of": "2013-01-01", "page_size": 200})
    assert response.status_code == 200
    assert {item["name_ja"] for item in response.json()["results"]} == {BANNED}
    bad = client.get("/api/v1/cards/", {"q": "legal:nosuch"})
    assert (bad.status_code, bad.json()["error"]["code"], bad.json()["error"]["details"]["position"]) == (
        400,
        "INVALID_QUERY",
        6,
    )
