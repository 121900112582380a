"""api.renderers.JSONRenderer: DRF's JSON renderer whose compact answers orjson writes, the same bytes as DRF's."""

import datetime
import decimal
import uuid

import pytest
from django.utils.translation import gettext_lazy
from rest_framework.renderers import JSONRenderer as DrfJSONRenderer

from api.renderers import JSONRenderer

UTC = datetime.UTC
JST = datetime.timezone(datetime.timedelta(hours=9))

SAME_BYTES = [
    pytest.param({"名前": "灰流うらら", "n": 3, "ok": True, "x": None}, id="japanese-text"),
    pytest.param({"text": "a\u2028b\u2029c"}, id="line-and-paragraph-separators-escaped"),
    pytest.param({"when": datetime.datetime(2026, 12, 7, 12, 0, 0, 123456, tzinfo=UTC)}, id="utc-datetime-as-drf"),
    pytest.param({"when": datetime.datetime(2026, 12, 7, 21, 0, tzinfo=JST)}, id="a-datetime-with-its-offset"),
    pytest.param({"when": datetime.datetime(2026, 12, 7, 21, 0)}, id="a-naive-datetime"),
    pytest.param({"day": datetime.date(2026, 12, 7), "at": datetime.time(9, 30, 0, 5000)}, id="date-and-time"),
    pytest.param({"price": decimal.Decimal("1.50")}, id="a-decimal"),
    pytest.param({"id": uuid.UUID("12345678-1234-5678-1234-567812345678")}, id="a-uuid"),
    pytest.param({"label": gettext_lazy("Legal")}, id="a-lazy-translation"),
    pytest.param({1: "a", 2.5: "b", False: "c", None: "d"}, id="keys-that-are-not-strings"),
    pytest.param({"rows": (1, 2, [3, {"a": ()}])}, id="tuples-and-nesting"),
    pytest.param({"odds": [0.1, 0.333, 123456.789, 2.0, 1e16, -0.0]}, id="floats"),
    pytest.param({"big": 2**70}, id="an-integer-over-64-bits"),
    pytest.param([{"card": {"id": n, "name": f"カード{n}"}} for n in range(200)], id="a-long-list"),
]


@pytest.mark.parametrize("data", SAME_BYTES)
def test_the_bytes_of_drfs_renderer(data):
    assert JSONRenderer().render(data) == DrfJSONRenderer().render(data)


@pytest.mark.parametrize(
    "accepted, renderer_context",
    [
        pytest.param("application/json; indent=4", None, id="indent-asked-in-accept"),
        pytest.param("application/json", {"indent": 2}, id="indent-in-the-context"),
    ],
)
def test_an_indented_answer_is_drfs(accepted, renderer_context):
    data = {"a": [1, 2], "b": "c"}
    ours = JSONRenderer().render(data, accepted, renderer_context)
    assert ours == DrfJSONRenderer().render(data, accepted, renderer_context)
    assert b"\n" in ours


def test_a_float_written_otherwise_is_the_same_number():
    """orjson writes some floats otherwise than json (1e-7 for 1e-07, 0.00001 for 1e-05): the one place the bytes
    differ; the same numbers when read."""
    import json

    data = {"odds": [1e-07, 2.5e-12, 1e-05, 1.5e300]}
    ours, drfs = JSONRenderer().render(data), DrfJSONRenderer().render(data)
    assert ours != drfs
    assert json.loads(ours) == json.loads(drfs) == data


def test_nothing_is_no_bytes():
    assert JSONRenderer().render(None) == b""


def test_an_object_neither_encoder_knows_raises_as_drfs_does():
    with pytest.raises(TypeError):
        JSONRenderer().render({"x": object()})


def test_a_float_that_is_no_number_is_null_not_a_500():
    """The one difference from DRF's strict renderer, which raised (a 500 for the whole answer)."""
    with pytest.raises(ValueError):
        DrfJSONRenderer().render({"x": float("nan")})
    assert JSONRenderer().render({"x": float("nan")}) == b'{"x":null}'


def test_the_api_answers_with_it(client, db):
    response = client.get("/api/v1/ping/")
    assert response.status_code == 200
    assert isinstance(response.accepted_renderer, JSONRenderer)
