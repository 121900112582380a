"""Every list is a page of StandardPagination: its parameters are checked like any other parameter."""

import pytest
from rest_framework.test import APIClient


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        pytest.param("", 200, None, id="no-parameters"),
        pytest.param("page_size=", 200, None, id="empty-page-size-is-not-sent"),
        pytest.param("page_size=500", 200, None, id="page-size-over-the-maximum-is-cut"),
        pytest.param("page_size=0", 400, "min_value", id="page-size-zero"),
        pytest.param("page_size=ten", 400, "invalid", id="page-size-not-a-number"),
        pytest.param("page=2", 404, None, id="page-past-the-last"),
    ],
)
def test_page_parameters(query, status, code):
    response = APIClient().get(f"/api/v1/overlays/?{query}")
    assert response.status_code == status
    if status == 200:
        assert set(response.json()) == {"count", "next", "previous", "results"}
    elif status == 400:
        assert response.json()["error"]["details"]["fields"]["page_size"][0]["code"] == code
    else:
        assert response.json()["error"]["code"] == "NOT_FOUND"
