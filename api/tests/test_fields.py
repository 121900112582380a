import pytest
from django.http import QueryDict
from rest_framework import serializers

from api.fields import StrictBooleanField, StrictCharField
from decks.tests.fixtures import cards, owner, token_client  # noqa: F401


@pytest.mark.parametrize(
    ("value", "valid"),
    [
        pytest.param("s3cret", True, id="string"),
        pytest.param(123456, False, id="integer-is-not-coerced"),
        pytest.param(1.5, False, id="float-is-not-coerced"),
        pytest.param(True, False, id="boolean"),
    ],
)
def test_strict_char_field_takes_only_strings(value, valid):
    field = StrictCharField()
    if valid:
        assert field.run_validation(value) == value
    else:
        with pytest.raises(serializers.ValidationError) as raised:
            field.run_validation(value)
        assert raised.value.detail[0].code == "invalid"


class _Body(serializers.Serializer):
    flag = StrictBooleanField(default=False)


@pytest.mark.parametrize(
    ("data", "valid"),
    [
        pytest.param({"flag": True}, True, id="json-true"),
        pytest.param({"flag": "true"}, False, id="json-string-is-not-coerced"),
        pytest.param({"flag": 1}, False, id="json-one-is-not-coerced"),
        pytest.param(QueryDict("flag=true"), True, id="a-forms-text"),
    ],
)
def test_strict_boolean_field_takes_json_booleans_and_form_text(data, valid):
    assert _Body(data=data).is_valid() == valid


ENDPOINT_COERCIONS = [
    # (method, URL, body): the schema says a string or a boolean, the body sends another JSON type
    pytest.param("post", "/api/v1/decks/{deck}/copy/", {"name": 123}, id="deck-copy-numeric-name"),
    pytest.param(
        "post",
        "/api/v1/overlays/",
        {"name": "o", "base_format": "advance", "description": 5},
        id="overlay-numeric-description",
    ),
    pytest.param(
        "post",
        "/api/v1/events/",
        {"name": "e", "date": "2099-01-02", "registration_deadline": "2099-01-01T00:00:00Z", "publish_decklists": "1"},
        id="event-publish-decklists-as-a-string",
    ),
    pytest.param("post", "/api/v1/overlays/", {"id": 0, "name": "o"}, id="overlay-numeric-id"),
    pytest.param("post", "/api/v1/overlays/", {"name": "o", "base_format": 7}, id="overlay-numeric-base-format"),
    pytest.param("post", "/api/v1/decks/", {"name": "d", "text": "", "format": 1}, id="deck-numeric-format"),
    pytest.param("patch", "/api/v1/decks/{deck}/", {"session": 12}, id="deck-numeric-session"),
    pytest.param("post", "/api/v1/odds/hand/", {"text": "4 x", "format": 1}, id="hand-odds-numeric-format"),
]


@pytest.mark.parametrize(("method", "url", "body"), ENDPOINT_COERCIONS)
def test_the_apis_refuse_what_the_schema_calls_another_type(cards, owner, method, url, body):  # noqa: F811
    client = token_client(owner)
    deck = client.post("/api/v1/decks/", {"name": "d", "text": ""}, format="json").json()
    answer = getattr(client, method)(url.format(deck=deck["id"]), body, format="json")
    assert (answer.status_code, answer.json()["error"]["code"]) == (400, "VALIDATION_ERROR")
