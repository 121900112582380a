"""Reads of the card catalogue every game shares: the catalogue version, the search's result and notes (each game's
search builds them: Duel Masters' in games.dm.search), the search by name words of a game without its own fields,
the dated list a format's search terms read, card detail."""

import dataclasses
import datetime
import functools
import itertools
import re
import threading
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from django.conf import settings
from django.core.signals import request_finished, request_started
from django.db.models import Prefetch, QuerySet

from cards.models import Card, CardFace, CatalogueImport, CatalogueVersion, Printing, Set
from games import registry

T = TypeVar("T")


_request = threading.local()  # the request the thread serves: its number, while it serves one
_requests = itertools.count(1)


def _request_started(**_kwargs) -> None:
    _request.number = next(_requests)


def _request_finished(**_kwargs) -> None:
    _request.number = None


request_started.connect(_request_started, dispatch_uid="cards.selectors.version_check")
request_finished.connect(_request_finished, dispatch_uid="cards.selectors.version_check")


def version_check(read: Callable[[], T]) -> Callable[[], T]:
    """Re-reads a data version at most every `settings.DATA_VERSION_CHECK_SECONDS` in this process, and at most once
    per request.

    0 (development, `make run`, tests) checks on every call outside a request, and once per request inside one (a
    check, a search, a batch of 1,000 decklists: one read, not one per deck): what one request reads is one version.
    Production checks every few seconds: an import or an admin edit is seen by every process within that delay, and
    a request does not pay a query for it.
    """
    last: list = [0.0, None, None]  # when, the version, the request it was read for

    @functools.wraps(read)
    def checked() -> T:
        ttl = getattr(settings, "DATA_VERSION_CHECK_SECONDS", 0)
        now, request = time.monotonic(), getattr(_request, "number", None)
        if ttl <= 0:
            if request is None or last[2] != request or last[1] is None:
                last[:] = [now, read(), request]
        elif last[1] is None or now - last[0] >= ttl:
            last[:] = [now, read(), request]
        return last[1]

    return checked


@version_check
def catalogue_versions() -> tuple[tuple[str, int], ...]:
    """Every game's catalogue version (cards.models.CatalogueVersion, raised by every write of one of its cards):
    ((game, version), ...), one query of a row per game. A game without cards has none."""
    return tuple(sorted(CatalogueVersion.objects.values_list("game", "version")))


def catalogue_version(game: str | None = None) -> Hashable:
    """The catalogue's version: every game's (None), or one game's, by which a process's in-memory indexes of that
    game are keyed, so an import in another process (or an admin edit) is seen at the next read (no query within a
    request that read it already)."""
    versions = catalogue_versions()
    return versions if game is None else dict(versions).get(game, 0)


def catalogue_import_running(*, game: str) -> datetime.datetime | None:
    """When the import of the game's data running now started (`manage.py import_games`), or None when none runs."""
    return CatalogueImport.objects.filter(game=game).values_list("importing_since", flat=True).first()


def catalogue_version_of(game: str) -> Callable[[], Hashable]:
    """`catalogue_version(game)` as a function of no arguments (a versioned_cache's `version=`)."""
    return functools.partial(catalogue_version, game)


@dataclass(frozen=True)
class FormatCardPool:
    """What `legal:` / `banned:` / `limited:` need of a format on a date (the regulations app answers)."""

    limits: Mapping[str, int]  # name key -> copies the Hall of Fame list allows (0 banned, 1 limited)
    zones: frozenset[str]  # the data zones (Zone values) whose cards a deck of the format may hold
    # A format whose pool is also drawn by the game's own rule (a block rule): name keys known outside the pool, and
    # name keys the pool cannot decide (the search reports them as unknown, never as legal).
    outside: frozenset[str] = frozenset()
    uncertain: frozenset[str] = frozenset()


FormatCardPoolLookup = Callable[[str, datetime.date], FormatCardPool | None]  # None: no such format
_format_card_pool: list[FormatCardPoolLookup | None] = [None]


def format_card_pool(format_code: str, as_of: datetime.date) -> FormatCardPool | None:
    """What a format's search terms read on a date (None: no such format, or no regulations app registered)."""
    lookup = _format_card_pool[0]
    return lookup(format_code, as_of) if lookup is not None else None


def format_card_pool_register(lookup: FormatCardPoolLookup) -> None:
    """Called by the regulations app at start-up. The catalogue never imports the regulations app (that app reads
    the catalogue): the dated Hall of Fame lists reach the search through this one callable."""
    _format_card_pool[0] = lookup


@dataclass(frozen=True)
class SearchNote:
    """A term that could not be decided for some cards: their value is unknown (a field their source does not
    give, or no dated printing), so they are left out of (or, negated, kept in) the result without proof."""

    term: str  # as written in the query
    field: str  # the unknown field: a facts_unknown name, or "release_date"
    unknown: int  # cards whose field is unknown and that every other term matches (or leaves undecided too)

    def as_dict(self) -> dict:
        return {"term": self.term, "field": self.field, "unknown": self.unknown}


@dataclass(frozen=True)
class SearchResult:
    ids: list[int]
    notes: tuple[SearchNote, ...]
    as_of: datetime.date
    name_text: str = ""  # the query's name words (what suggestions are looked up by when nothing matches)
    suggestions: tuple = ()  # nothing matched: the game's card names closest to `name_text` (card_search fills it)


def search_max_words() -> int:
    return int(getattr(settings, "SEARCH_MAX_WORDS", 24))


def card_search(*, game: str, q: str = "", order: str = "name", as_of: datetime.date | None = None) -> SearchResult:
    """Every card search of every game (the API's and the card browser's) under the same cost bounds: at most
    SEARCH_MAX_WORDS words in `q` (INVALID_QUERY beyond: each word is a pass over the game's catalogue, and 250
    one-letter words cost an OCG search 1.1 CPU-seconds), and the search with its suggestions inside a slot of the
    process's gate of expensive requests (api.concurrency: 503 SERVER_BUSY when none frees in time), so no game's
    search, however its fields are matched, can take more than its share of the CPU. Then the game's own search
    fields, else its cards by the words of their names."""
    from api.concurrency import expensive_slot
    from cards.query import QueryError

    limit = search_max_words()
    words = list(re.finditer(r"\S+", q))
    if len(words) > limit:  # the error points at the first word over the limit
        raise QueryError(
            f"a search has at most {limit} words", position=words[limit].start(), expected=f"at most {limit} words"
        )
    the_game = registry.get(game)
    with expensive_slot():
        found = the_game.search.run(q=q, order=order, as_of=as_of)
        if found is None:  # a game without its own search fields: its cards by their names' words
            found = card_search_game(game=the_game.code, q=q, as_of=as_of)
        if not found.ids and found.name_text.strip():
            suggestions = tuple(the_game.search.name_suggestions(text=found.name_text))
            found = dataclasses.replace(found, suggestions=suggestions)
    return found


def card_search_game(*, game: str, q: str = "", as_of: datetime.date | None = None) -> SearchResult:
    """A search of another game's cards than the catalogue's (issue 19): the search grammar's fields are Duel Masters'
    facts, so another game's cards are found by their names alone, every word of `q` in the Japanese or English
    name, in name order."""
    from django.db.models import Q

    cards = Card.objects.filter(game=game)
    for word in q.split():
        cards = cards.filter(Q(name_ja__icontains=word) | Q(name_en__icontains=word))
    ids = list(cards.order_by("name_key", "id").values_list("id", flat=True))
    return SearchResult(ids=ids, notes=(), as_of=as_of or datetime.date.today())


# ---------------------------------------------------------------------------------------------------- details


def cards_by_ids(*, ids: list[int], faces: bool = False) -> list[Card]:
    """The cards with these ids, in the same order (a page of search results), each with its game's facts (its
    `card_relation`) in the same query; with `faces`, their faces in one more (the card browser's twinpact tiles,
    which otherwise read them one card at a time)."""
    cards = Card.objects.select_related(*registry.card_relations())
    if faces:
        cards = cards.prefetch_related(Prefetch("faces", queryset=CardFace.objects.order_by("position")))
    found = cards.in_bulk(ids)
    return [found[card_id] for card_id in ids if card_id in found]


def card_rows_by_ids(*, ids: list[int], columns: Sequence[str]) -> list[dict]:
    """The cards with these ids, in the same order, each as a row of the named columns (a game's facts by its
    relation, `dm__cost`) read in one query: a page of search results as the API writes it. Without a model instance
    per card and per game row, which cost a page of 50 Duel Masters cards more than its query and its JSON together."""
    rows = {row["id"]: row for row in Card.objects.filter(id__in=ids).values("id", *columns)}
    return [rows[card_id] for card_id in ids if card_id in rows]


def card_get(*, card_id: int) -> Card:
    """One card with its faces and printings (Card.DoesNotExist if there is none)."""
    return card_detail_queryset().get(id=card_id)


def sets_by_code(*, codes) -> dict[str, Set]:
    """The set records of these codes (a code the set list does not have is absent)."""
    return {item.code: item for item in Set.objects.filter(code__in=set(codes))}


def card_detail_queryset() -> QuerySet[Card]:
    return Card.objects.select_related(*registry.card_relations()).prefetch_related(
        Prefetch("faces", queryset=CardFace.objects.order_by("position")),
        Prefetch("printings", queryset=Printing.objects.order_by("tcg", "set_code", "number")),
    )
