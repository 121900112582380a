"""The API schema documents the card search language and the error shape."""

import pytest
from drf_spectacular.generators import SchemaGenerator


@pytest.fixture(scope="module")
def schema():
    return SchemaGenerator(urlconf="cards.tests.urls").get_schema(request=None, public=True)


def test_search_parameters_document_the_language(schema):
    operation = schema["paths"]["/api/v1/cards/"]["get"]
    parameters = {p["name"]: p for p in operation["parameters"]}
    assert {"q", "order", "page", "page_size"} <= set(parameters)
    for term in ("civ:fire,water", "civ=fire", "cost<=3", "power>=5000", "race:", "zone:gr", "is:trigger", "set:"):
        assert term in parameters["q"]["description"]
    assert "INVALID_QUERY" in parameters["q"]["description"]
    assert set(operation["responses"]) >= {"200", "400", "404"}


def test_detail_documents_faces_and_printings(schema):
    operation = schema["paths"]["/api/v1/cards/{card_id}/"]["get"]
    assert set(operation["responses"]) >= {"200", "404"}
    component = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    assert {"faces", "printings", "start_set"} <= set(schema["components"]["schemas"][component]["properties"])
