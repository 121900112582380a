"""The catalogue version per game: raised by every write of one of the game's Card rows (database triggers), read by
primary key, and at most once per request."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards.models import Card
from cards.selectors import _request_finished, _request_started, catalogue_version

pytestmark = pytest.mark.django_db


def _card(game: str, name: str) -> Card:
    return Card.objects.create(game=game, name_ja=name, name_key=name)


def _bulk(game: str, *names: str) -> None:
    Card.objects.bulk_create([Card(game=game, name_ja=name, name_key=name) for name in names])


def _rename(game: str, name: str) -> None:
    Card.objects.filter(game=game, name_ja=name).update(name_en="x")


def _delete(game: str, name: str) -> None:
    Card.objects.filter(game=game, name_ja=name).delete()


@pytest.mark.parametrize(
    "write",
    [
        pytest.param(lambda: _card("ygo", "new"), id="save"),
        pytest.param(lambda: _bulk("ygo", "a", "b"), id="bulk_create"),
        pytest.param(lambda: _rename("ygo", "old"), id="update"),
        pytest.param(lambda: _delete("ygo", "old"), id="delete"),
    ],
)
def test_a_write_of_a_games_cards_raises_its_version_alone(write):
    _card("ygo", "old")
    _card("dm", "old")
    before = {game: catalogue_version(game) for game in ("dm", "ygo", "dbs")}
    write()
    after = {game: catalogue_version(game) for game in ("dm", "ygo", "dbs")}
    assert after["ygo"] > before["ygo"]
    assert (after["dm"], after["dbs"]) == (before["dm"], before["dbs"])


@pytest.mark.parametrize(
    ("nicknames", "raised"),
    [
        pytest.param([{"nickname": "ボル", "name_ja": "ボルシャック"}], True, id="a-new-nickname"),
        pytest.param([], False, id="no-nickname-and-none-stored"),
    ],
)
def test_a_nickname_import_raises_its_games_version_alone(nicknames, raised):
    """The nicknames are part of one game's catalogue (its resolver): another game whose cards were imported first
    (the lowest ids) keeps its version, so `import_games` does not import it again at the next start."""
    from cards.services import nickname_import

    _bulk("ygo", "a", "b")
    _card("dm", "ボルシャック")
    before = {game: catalogue_version(game) for game in ("dm", "ygo")}
    nickname_import(data={"nicknames": nicknames}, game="dm")
    after = {game: catalogue_version(game) for game in ("dm", "ygo")}
    assert (after["dm"] > before["dm"], after["ygo"]) == (raised, before["ygo"])


def test_the_version_of_all_games_is_one_query_of_a_row_per_game():
    # the games other tests' module-wide catalogues left in the database (the web tests keep one across a module)
    already = {game for game, _ in catalogue_version()}
    _bulk("dm", *(f"card{i}" for i in range(50)))
    _card("dbs", "one")
    with CaptureQueriesContext(connection) as queries:
        versions = catalogue_version()
    assert [game for game, _ in versions] == sorted(already | {"dbs", "dm"})
    assert len(queries) == 1 and "COUNT" not in queries[0]["sql"].upper()


def test_read_once_per_request(settings):
    settings.DATA_VERSION_CHECK_SECONDS = 0
    _card("dm", "a")
    _request_started()  # what Django's request_started signal calls (its request_finished closes the test's db)
    try:
        first = catalogue_version("dm")
        with CaptureQueriesContext(connection) as queries:
            assert [catalogue_version("dm") for _ in range(3)] == [first] * 3
        assert len(queries) == 0
    finally:
        _request_finished()
    _card("dm", "b")  # outside a request: every read sees a write at once
    assert catalogue_version("dm") > first


@pytest.mark.integration
def test_a_rolled_back_write_never_hands_its_version_to_other_data():
    """PostgreSQL: a version read inside a write that was rolled back (an import that failed, a test's transaction)
    is never the version of the catalogue later, even when many writes put the version ahead of the clock (a whole
    import): a process's indexes built from the rolled-back rows would be taken as current."""
    from django.db import transaction

    if connection.vendor != "postgresql":
        pytest.skip("the sequence is PostgreSQL's")
    _bulk("dm", *[f"bulk {i}" for i in range(5000)])  # about 5,000 raises within a few milliseconds
    with pytest.raises(RuntimeError), transaction.atomic():
        _card("dm", "rolled back")
        rolled_back = catalogue_version("dm")
        raise RuntimeError
    _card("dm", "kept")
    assert catalogue_version("dm") != rolled_back
