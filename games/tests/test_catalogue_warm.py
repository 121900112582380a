"""Each game's catalogue.warm() builds what its first search and its first decklist read would build (the server calls
it before forking its workers, gunicorn.conf.py): after it, they build nothing. The OCG's and DBS's searches built
their catalogue and index on each worker's first request (2.9 s and 1.5 s), where Duel Masters' were warm."""

import pytest

from games import registry


def _ygo_builds() -> list:
    from games.ygo.catalogue import ygo_context
    from games.ygo.search import search_index_get

    return [ygo_context, search_index_get]


def _dbs_builds() -> list:
    from games.dbs import catalogue as db
    from games.dbs.search import index

    return [db.state, index]


@pytest.mark.parametrize(
    "game, builds, query, decklist",
    [
        pytest.param("ygo", _ygo_builds, "テスト", "3 テスト光の剣士\n", id="ygo"),
        pytest.param("dbs", _dbs_builds, "Tset Nmae", "4 BT99-002\n", id="dbs"),
    ],
)
def test_after_the_warm_up_the_first_search_and_read_build_nothing(db, game, builds, query, decklist):
    from web.tests.games_catalogue import dbs_import, ygo_import

    ygo_import() if game == "ygo" else dbs_import()
    for build in builds():
        build.cache_clear()
    registry.get(game).catalogue.warm()
    built = [build.cache_info().misses for build in builds()]
    assert all(built)
    registry.get(game).search.run(q=query, order="name", as_of=None)
    registry.get(game).parse_text(decklist)
    assert [build.cache_info().misses for build in builds()] == built
    if game == "dbs":
        from games.dbs import catalogue as db

        assert db.state().catalogue._matcher is not None  # a misspelt name's suggestions: built too
    else:
        from games.ygo.catalogue import ygo_context

        assert ygo_context().catalogue._suggester is not None  # a misspelt name's suggestions: built too
