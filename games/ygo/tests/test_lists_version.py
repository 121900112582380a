"""The dated OCG lists raise the game's catalogue version (migration 0003's triggers), so the one version row per game
is all a check reads: a list written by an import, or by hand, is seen at the next read of every process."""

import datetime

import pytest
from django.db import connection

from cards.models import Card
from cards.selectors import catalogue_version
from games.ygo.models import YgoGenesysList, YgoLimitList

pytestmark = pytest.mark.django_db

OLD = datetime.date(2024, 1, 1)
NEW = datetime.date(2030, 1, 1)

WRITES = [
    pytest.param(lambda: YgoLimitList.objects.create(effective=NEW), id="a-new-limit-list"),
    pytest.param(lambda: YgoLimitList.objects.filter(effective=OLD).update(forbidden=[1]), id="a-limit-list-changed"),
    pytest.param(lambda: YgoLimitList.objects.filter(effective=OLD).delete(), id="a-limit-list-removed"),
    pytest.param(lambda: YgoGenesysList.objects.create(effective=NEW), id="a-new-genesys-list"),
    pytest.param(lambda: YgoGenesysList.objects.filter(effective=OLD).update(points={"1": 3}), id="genesys-changed"),
    pytest.param(lambda: YgoGenesysList.objects.filter(effective=OLD).delete(), id="a-genesys-list-removed"),
]


def _raises_the_ocg_version_alone(write) -> None:
    YgoLimitList.objects.create(effective=OLD)
    YgoGenesysList.objects.create(effective=OLD)
    Card.objects.create(game="dm", name_ja="a", name_key="a")
    before = {game: catalogue_version(game) for game in ("dm", "ygo")}
    write()
    after = {game: catalogue_version(game) for game in ("dm", "ygo")}
    assert after["ygo"] > before["ygo"]
    assert after["dm"] == before["dm"]


@pytest.mark.parametrize("write", WRITES)
def test_a_write_of_a_list_raises_the_ocg_version(write):
    _raises_the_ocg_version_alone(write)


@pytest.mark.integration
@pytest.mark.parametrize("write", WRITES)
def test_a_write_of_a_list_raises_the_ocg_version_on_postgresql(write):
    if connection.vendor != "postgresql":
        pytest.skip("the statement triggers are PostgreSQL's")
    _raises_the_ocg_version_alone(write)


def test_a_new_list_is_in_the_next_context_without_a_second_query():
    """The context (what a check reads) is rebuilt after a list's write, keyed by the one version row: one query of
    the version per read outside a request, not two."""
    from django.test.utils import CaptureQueriesContext

    from games.ygo.catalogue import ygo_context

    YgoLimitList.objects.create(effective=OLD, forbidden=[])
    assert ygo_context().limits.list_in_force(NEW).effective == OLD
    YgoLimitList.objects.create(effective=NEW, forbidden=[])
    assert ygo_context().limits.list_in_force(NEW).effective == NEW
    with CaptureQueriesContext(connection) as queries:
        ygo_context()
    assert len(queries) == 1 and "cards_catalogueversion" in queries[0]["sql"]
