"""A page of search results reads its cards with their facts and faces in a fixed number of queries, however many
twinpacts it shows (the card browser's tiles read each twinpact's faces one card at a time, a query per card; the
API's page holds each game's facts in the page's own query)."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext


def _twinpact(n: int) -> dict:
    from cards.tests.factories import CardRecordFactory, FaceRecordFactory

    top, bottom = f"テスト上{n}", f"テスト下{n}"
    return dict(
        CardRecordFactory(
            name_ja=f"{top}/{bottom}",
            face_names_ja=[top, bottom],
            civilizations=["Fire"],
            twin=True,
            cost=3,
            power_value=4000,
            faces=[
                FaceRecordFactory(name_ja=top, role="twinpact_top", civilizations=["Fire"], cost=3, power_value=4000),
                FaceRecordFactory(name_ja=bottom, role="twinpact_bottom", civilizations=["Fire"], cost=6, spell=True),
            ],
        )
    )


def _queries(path: str) -> int:
    Client().get(path)  # the process's indexes built
    with CaptureQueriesContext(connection) as queries:
        assert Client().get(path).status_code == 200
    return len(queries)


@pytest.mark.parametrize("path", ["/cards/?q=is:twinpact", "/api/v1/cards/?q=is:twinpact"])
def test_a_page_of_twinpacts_costs_the_queries_of_a_page_of_one(db, path):
    from cards.services import card_import

    card_import(records=[_twinpact(0)])
    one = _queries(path)
    card_import(records=[_twinpact(n) for n in range(8)])
    assert _queries(path) == one
