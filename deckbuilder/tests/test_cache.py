"""deckbuilder.cache: per-process values keyed by the data version, so that an import is seen at the next read."""

import pytest

from deckbuilder.cache import versioned_cache


class Counter:
    def __init__(self):
        self.version = 1
        self.builds: list[tuple] = []

    def cache(self, maxsize: int = 4):
        @versioned_cache(version=lambda: self.version, maxsize=maxsize)
        def square(version, n: int) -> tuple:
            self.builds.append((version, n))
            return version, n * n

        return square


def test_a_value_is_built_once_per_version_and_argument():
    counter = Counter()
    square = counter.cache()
    assert [square(3), square(3), square(4)] == [(1, 9), (1, 9), (1, 16)]
    counter.version = 2  # an import
    assert square(3) == (2, 9)
    assert counter.builds == [(1, 3), (1, 4), (2, 3)]


def test_a_caller_may_name_the_version_it_already_read():
    counter = Counter()
    square = counter.cache()
    assert square(3, data_version=7) == (7, 9)
    assert square(3, data_version=7) == (7, 9)
    assert counter.builds == [(7, 3)]


def test_the_least_recently_used_entry_goes_first_when_full():
    counter = Counter()
    square = counter.cache(maxsize=2)
    square(1), square(2), square(1), square(3)  # 2 is the least recently used when 3 comes
    square(1), square(2)
    assert counter.builds == [(1, 1), (1, 2), (1, 3), (1, 2)]


@pytest.mark.django_db
def test_an_import_of_new_cards_is_seen_by_the_resolver_and_the_search():
    from cards.services import card_import
    from cards.tests.factories import CardRecordFactory
    from games.dm.resolver import get_resolver
    from games.dm.search import card_search

    card_import(records=[CardRecordFactory(name_ja="キャッシュ試験竜", cost=3)])
    before = get_resolver()
    assert before.resolve("キャッシュ試験竜").status == "ok"
    assert before.resolve("キャッシュ新顔").status == "unknown"
    assert get_resolver() is before  # no change, no rebuild
    assert len(card_search(q="キャッシュ")) == 1

    card_import(
        records=[
            CardRecordFactory(name_ja="キャッシュ試験竜", cost=3),
            CardRecordFactory(name_ja="キャッシュ新顔", cost=4),
        ]
    )
    after = get_resolver()
    assert after is not before
    assert after.resolve("キャッシュ新顔").status == "ok"
    assert len(card_search(q="キャッシュ")) == 2


@pytest.mark.django_db
def test_an_edited_format_is_seen_by_the_next_read():
    from regulations.models import Format
    from regulations.selectors import format_get, format_name

    assert format_name(code="advance") == "Advance"
    assert format_get(code="advance") is format_get(code="advance")  # kept between reads
    edited = Format.objects.get(code="advance")
    edited.name = "Advance (2030)"
    edited.save()  # the admin's edit: updated_at moves, a new data version
    assert format_name(code="advance") == "Advance (2030)"
