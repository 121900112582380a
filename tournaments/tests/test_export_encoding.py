"""The registrations export takes exactly the encodings its schema lists; anything else is a coded 400.

The schema fuzz found an invalid `encoding` accepted: the JSON export ignored the parameter, and the CSV export took
spellings the schema does not list.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from decks.tests.fixtures import cards, legal_deck_json, organizer, token_client  # noqa: F401 (fixtures)
from tournaments import services


@pytest.fixture
def export(organizer):  # noqa: F811
    event = services.event_create(
        organizer=organizer,
        name="CS",
        date=timezone.localdate() + timedelta(days=3),
        registration_deadline=timezone.now() + timedelta(days=2),
    )
    client = token_client(organizer)
    return lambda kind, query: client.get(f"/api/v1/events/{event.id}/registrations/export/{kind}/{query}")


@pytest.mark.parametrize(
    "kind, query, status",
    [
        pytest.param("csv", "", 200, id="csv-default"),
        pytest.param("csv", "?encoding=", 200, id="csv-empty-is-the-default"),
        pytest.param("csv", "?encoding=utf-8", 200, id="csv-utf-8"),
        pytest.param("csv", "?encoding=sjis", 200, id="csv-sjis"),
        pytest.param("csv", "?encoding=latin-1", 400, id="csv-unknown"),
        pytest.param("csv", "?encoding=Shift_JIS", 400, id="csv-a-spelling-the-schema-does-not-list"),
        pytest.param("csv", "?encoding=UTF8", 400, id="csv-utf8-spelling"),
        pytest.param("json", "", 200, id="json-default"),
        pytest.param("json", "?encoding=sjis", 200, id="json-a-listed-value"),
        pytest.param("json", "?encoding=%00", 400, id="json-unknown"),
    ],
)
def test_the_encoding_is_one_the_schema_lists(export, kind, query, status):
    response = export(kind, query)
    assert response.status_code == status
    if status == 400:
        error = response.json()["error"]
        assert (error["code"], error["details"]["fields"]["encoding"][0]["code"]) == (
            "VALIDATION_ERROR",
            "invalid_choice",
        )


def test_the_schema_lists_the_encodings_and_the_400(db):
    from django.test import Client

    schema = Client().get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/v1/events/{event_id}/registrations/export/{kind}/"]["get"]
    (encoding,) = [p for p in operation["parameters"] if p["name"] == "encoding"]
    assert sorted(encoding["schema"]["enum"]) == ["sjis", "utf-8"]
    assert "400" in operation["responses"]


EN = "player,status,deck_hash,submitted_at,violations,main,hyperspatial,gr,decklist"
JA = "プレイヤー,構築判定,デッキハッシュ,登録日時,違反,メインデッキ,超次元ゾーン,超GRゾーン,デッキリスト"


@pytest.mark.parametrize(
    "query, status, first_line",
    [
        pytest.param("", 200, EN, id="default-header-stays-english-for-clients"),
        pytest.param("?header=en", 200, EN, id="en"),
        pytest.param("?header=ja", 200, JA, id="ja-for-excel"),
        pytest.param("?header=ja&encoding=sjis", 200, JA, id="ja-in-shift-jis"),
        pytest.param("?header=JA", 400, None, id="unknown-header"),
    ],
)  # fmt: skip
def test_the_csv_header_is_english_or_japanese(export, query, status, first_line):
    response = export("csv", query)
    assert response.status_code == status
    if status == 400:
        error = response.json()["error"]
        assert (error["code"], error["details"]["fields"]["header"][0]["code"]) == (
            "VALIDATION_ERROR",
            "invalid_choice",
        )
        return
    codec = "cp932" if "sjis" in query else "utf-8-sig"
    assert response.content.decode(codec).splitlines()[0] == first_line


def test_the_schema_lists_the_headers(db):
    from django.test import Client

    schema = Client().get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/v1/events/{event_id}/registrations/export/{kind}/"]["get"]
    (header,) = [p for p in operation["parameters"] if p["name"] == "header"]
    assert sorted(header["schema"]["enum"]) == ["en", "ja"]


@pytest.mark.parametrize(
    "game, header, zones",
    [
        pytest.param("dm", "en", ["main", "hyperspatial", "gr"], id="dm-en"),
        pytest.param("dm", "ja", ["メインデッキ", "超次元ゾーン", "超GRゾーン"], id="dm-ja"),
        pytest.param("ygo", "en", ["main", "extra", "side"], id="ygo-en"),
        pytest.param("ygo", "ja", ["メインデッキ", "エクストラデッキ", "サイドデッキ"], id="ygo-ja"),
        pytest.param("dbs", "en", ["leader", "main", "z", "side"], id="dbs-en"),
        pytest.param("dbs", "ja", ["リーダー", "メインデッキ", "Zデッキ", "サイドデッキ"], id="dbs-ja"),
    ],
)  # fmt: skip
def test_the_zone_columns_are_the_events_games(game, header, zones):
    """Each game's zones (Duel Masters' as they always were: its partner is in the decklist column only)."""
    from tournaments import selectors

    first, last = (EN if header == "en" else JA).split(",")[:5], (EN if header == "en" else JA).split(",")[-1]
    assert selectors.registration_export_header(game=game, header=header) == [*first, *zones, last]
