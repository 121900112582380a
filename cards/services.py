"""Writes to the card catalogue every game shares: the set list and the cards' first release dates, the nicknames,
a hand edit's derived columns, and what a game's card data import builds on (a JSON file or URL loaded with a size
limit, the errors naming the record and field, the summary, the bulk row update). A game's own card data file is
imported by the game: `card_import` dispatches to Game.catalogue.card_import (Duel Masters': games.dm.catalogue).
"""

import calendar
import datetime
import hashlib
import json
import re
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Field
from django.utils import timezone

from cards.models import Card, Printing, Set
from cards.names import name_key, search_text
from games import registry

ProgressCallback = Callable[[int, int], None]

BULK_CHUNK = 500  # rows per bulk statement; keeps SQLite under its bound-variable limit


class CardImportError(Exception):
    """The card data cannot be imported; nothing was changed. Names the record (0-based index) and field."""

    def __init__(self, message: str, *, index: int | None = None, field: str | None = None, name: str | None = None):
        self.index = index
        self.field = field
        self.name = name
        where = ""
        if index is not None:
            where = f"record {index}" + (f" ({name})" if name else "")
            if field:
                where += f", field '{field}'"
            where += ": "
        super().__init__(where + message)


@dataclass
class ImportSummary:
    total: int = 0
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: int = 0
    source: str = ""
    skipped_names: list[str] = field(default_factory=list)
    # Cards whose first release date (derived from printings and set dates) changed in this import.
    release_dates_changed: int = 0

    def as_dict(self) -> dict:
        return {
            "source": self.source,
            "total": self.total,
            "created": self.created,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "skipped": self.skipped,
        }


# ---------------------------------------------------------------------------------------------------- loading


def card_data_load(*, source: str, max_bytes: int | None = None, what: str = "card records") -> list:
    """Read the JSON array from a file path or an http(s) URL (downloaded with a size limit)."""
    limit = max_bytes if max_bytes is not None else settings.DATA_DOWNLOAD_MAX_BYTES
    scheme = urllib.parse.urlparse(source).scheme.lower()
    if scheme in ("http", "https"):
        raw = _download(source, limit)
    elif scheme in ("", "file") or len(scheme) == 1:  # a one-letter scheme is a Windows drive
        path = Path(urllib.parse.urlparse(source).path if scheme == "file" else source)
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise CardImportError(f"cannot read {source}: {exc.strerror or exc}") from exc
    else:
        raise CardImportError(f"unsupported source {source!r}: give a file path or an http(s) URL")
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CardImportError(f"{source} is not valid JSON: {exc}") from exc
    if not isinstance(data, list):
        raise CardImportError(f"{source} must hold a JSON array of {what}")
    return data


def _download(url: str, limit: int) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": "deckbuilder-import/1"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:  # noqa: S310 (http(s) checked above)
            declared = response.headers.get("Content-Length")
            if declared and declared.isdigit() and int(declared) > limit:
                raise CardImportError(f"{url} is {declared} bytes, more than the limit of {limit} bytes")
            chunks, size = [], 0
            while chunk := response.read(1 << 16):
                size += len(chunk)
                if size > limit:
                    raise CardImportError(f"{url} is larger than the limit of {limit} bytes")
                chunks.append(chunk)
    except OSError as exc:
        raise CardImportError(f"cannot download {url}: {exc}") from exc
    return b"".join(chunks)


# ------------------------------------------------------------------------------------------------- validation


def expect_field(condition: bool, message: str, index: int, fieldname: str, name: str | None) -> None:
    if not condition:
        raise CardImportError(message, index=index, field=fieldname, name=name)


def expect_optional_str(value, index: int, fieldname: str, name: str | None) -> None:
    expect_field(value is None or isinstance(value, str), "expected a string or null", index, fieldname, name)


# ----------------------------------------------------------------------------------------------------- import


def card_rows_update(cards: list[Card], columns: Iterable[str]) -> None:
    """UPDATE each row by id with one prepared statement (executemany). QuerySet.bulk_update builds CASE WHEN
    expressions that take minutes for thousands of rows of 45 columns; this takes seconds. Values are converted
    by each field's own get_db_prep_save, as Model.save() does."""
    fields = [cast("Field[Any, Any]", Card._meta.get_field(column)) for column in columns]  # Card's own columns
    quote = connection.ops.quote_name
    # A concrete field always has a column: the stubs type `column` for every kind of field (str | None).
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in fields)  # type: ignore[arg-type]
    pk_column = quote(Card._meta.pk.column)  # type: ignore[arg-type]
    sql = f"UPDATE {quote(Card._meta.db_table)} SET {assignments} WHERE {pk_column} = %s"
    rows = [[field.get_db_prep_save(getattr(card, field.attname), connection) for field in fields] + [card.pk]
            for card in cards]  # fmt: skip
    with connection.cursor() as cursor:
        for start in range(0, len(rows), BULK_CHUNK):
            cursor.executemany(sql, rows[start : start + BULK_CHUNK])


def card_import(*, game: str | None = None, **options: Any) -> ImportSummary:
    """Import a game's card data file into the catalogue (`game`: a games.registry code, default the default game):
    the game's own importer (Game.catalogue.card_import), with the options it takes (`source`, `records`,
    `progress`, ...). Raises CardImportError for data it cannot import, having changed nothing."""
    return registry.get(game).catalogue.card_import(**options)


def set_release_dates() -> dict[str, datetime.date]:
    rows = Set.objects.filter(release_date__isnull=False).values_list("code", "release_date")
    return {code: released for code, released in rows if released is not None}


# The set list's kind of a code that is no product (a source's tournament decklists, listed as its sets are): a card
# listed under it was not printed there.
NOT_A_PRODUCT = "not a product"


def sets_not_products() -> frozenset[str]:
    return frozenset(Set.objects.filter(kind__contains=NOT_A_PRODUCT).values_list("code", flat=True))


def first_release(
    set_codes: Iterable[str], dates: dict[str, datetime.date], not_products: frozenset[str] = frozenset()
) -> tuple[datetime.date | None, str, bool]:
    """(first release date, its set code, whether that is the card's first day) of a card printed in these sets: the
    earliest dated one (ties go to the lowest code); (None, "", True) when none is dated. A printing in a set of no
    date (not a product's list: `not_products`) may be earlier: the date is then the day the card was out by
    (False)."""
    codes = [code for code in set_codes if code not in not_products]
    dated = [(dates[code], code) for code in codes if code in dates]
    if not dated:
        return None, "", True
    released, code = min(dated)
    return released, code, len(dated) == len(codes)


def _first_releases(game: str) -> dict[int, tuple[datetime.date | None, str, bool]]:
    """card id -> its first release, from the stored Japanese printings (TCG printings are English releases)."""
    codes: dict[int, list[str]] = {}
    printings = Printing.objects.filter(tcg=False, card__game=game)
    for card_id, set_code in printings.values_list("card_id", "set_code"):
        codes.setdefault(card_id, []).append(set_code)
    dates, not_products = set_release_dates(), sets_not_products()
    return {card_id: first_release(card_codes, dates, not_products) for card_id, card_codes in codes.items()}


def card_release_dates_refresh(*, game: str = registry.DEFAULT_GAME, now: datetime.datetime | None = None) -> int:
    """Store each of a game's cards' first release date (the earliest dated printing in the set list; NULL when none
    is dated) where it changed. The set list is the default game's (another game dates its own cards at import).

    Derived from two tables, so both imports call it: a new printing (card import) or a new set date (set import)
    can change it. Returns the number of cards changed; a run over unchanged data changes nothing."""
    now = now or timezone.now()
    first = _first_releases(game)
    changed = []
    rows = Card.objects.filter(game=game).values_list("id", "release_date", "release_set", "release_date_exact")
    for card_id, *stored in rows:
        wanted = first.get(card_id, (None, "", True))
        if tuple(stored) != wanted:
            released, code, exact = wanted
            changed.append(
                Card(id=card_id, release_date=released, release_set=code, release_date_exact=exact, updated_at=now)
            )
    if changed:
        card_rows_update(changed, ("release_date", "release_set", "release_date_exact", "updated_at"))
    return len(changed)


# ------------------------------------------------------------------------------------------------------ sets

_SET_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_SET_MONTH = re.compile(r"\d{4}-\d{2}")
_SET_TEXT_FIELDS = ("name_ja", "name_source", "kind", "date_source", "note")
_SET_COLUMNS = (*_SET_TEXT_FIELDS, "suspect", "release_date", "release_text", "date_precision", "source_hash")


def _set_release(text: str | None, precision, index: int, code: str) -> tuple[datetime.date | None, str]:
    """The stored release date: the day, or the last day of the month for a month-precision date."""
    if text is None:
        expect_field(precision is None, "expected null when release_date is null", index, "date_precision", code)
        return None, ""
    expect_field(isinstance(text, str), "expected YYYY-MM-DD, YYYY-MM or null", index, "release_date", code)
    try:
        if precision == Set.Precision.DAY and _SET_DAY.fullmatch(text):
            return datetime.date.fromisoformat(text), Set.Precision.DAY
        if precision == Set.Precision.MONTH and _SET_MONTH.fullmatch(text):
            year, month = int(text[:4]), int(text[5:7])
            return datetime.date(year, month, calendar.monthrange(year, month)[1]), Set.Precision.MONTH
    except ValueError:
        pass
    raise CardImportError(
        f"expected YYYY-MM-DD with precision 'day' or YYYY-MM with 'month', got {text!r} / {precision!r}",
        index=index,
        field="release_date",
        name=code,
    )


def set_record_fields(index: int, record) -> dict:
    """One set record validated and read as the set import stores it (a month-precision date as its last day)."""
    return _prepare_set(index, record)


def _prepare_set(index: int, record) -> dict:
    if not isinstance(record, dict):
        raise CardImportError("expected an object", index=index)
    code = record.get("code")
    if not isinstance(code, str) or not code.strip():
        raise CardImportError("expected a non-empty string", index=index, field="code", name=None)
    for key in _SET_TEXT_FIELDS:
        expect_optional_str(record.get(key), index, key, code)
    expect_field(isinstance(record.get("suspect", False), bool), "expected true or false", index, "suspect", code)
    release_date, precision = _set_release(record.get("release_date"), record.get("date_precision"), index, code)
    raw = json.dumps(record, sort_keys=True, ensure_ascii=False)
    return {
        "code": code,
        **{key: record.get(key) or "" for key in _SET_TEXT_FIELDS},
        "suspect": record.get("suspect", False),
        "release_date": release_date,
        "release_text": record.get("release_date") or "",
        "date_precision": precision,
        "source_hash": hashlib.sha256(raw.encode()).hexdigest(),
    }


def set_import(*, source: str | None = None, records: list | None = None) -> ImportSummary:
    """Import the set list (`records`, or loaded from `source`, default settings.SET_DATA_SOURCE) and re-derive the
    cards' first release dates. Same contract as card_import: every record is validated before anything is written,
    one transaction, and a re-import of the same file changes nothing."""
    source = source or settings.SET_DATA_SOURCE
    if records is None:
        records = card_data_load(source=source, what="set records")
    summary = ImportSummary(total=len(records), source=str(source))
    prepared: dict[str, dict] = {}
    for index, record in enumerate(records):
        item = _prepare_set(index, record)
        earlier = prepared.get(item["code"])
        if earlier is not None:
            if earlier["source_hash"] != item["source_hash"]:
                raise CardImportError("duplicates an earlier record with different content", index=index, field="code")
            summary.skipped += 1
            continue
        prepared[item["code"]] = item
    with transaction.atomic():
        existing = {code: (pk, digest) for pk, code, digest in Set.objects.values_list("id", "code", "source_hash")}
        to_create, to_update = [], []
        for code, item in prepared.items():
            known = existing.get(code)
            if known is None:
                to_create.append(Set(**item))
            elif known[1] != item["source_hash"]:
                to_update.append(Set(id=known[0], **item))
            else:
                summary.unchanged += 1
        Set.objects.bulk_create(to_create, batch_size=BULK_CHUNK)
        Set.objects.bulk_update(to_update, _SET_COLUMNS, batch_size=BULK_CHUNK)
        summary.release_dates_changed = card_release_dates_refresh()
    summary.created, summary.updated = len(to_create), len(to_update)
    return summary


def card_refresh_after_edit(*, card: Card) -> Card:
    """After a hand edit (the admin): recompute the derived columns and forget the source hash, so that the next
    import writes the data file's version of the record again (the data file stays the source of truth)."""
    card.name_key = name_key(card.name_ja)
    names = [card.name_ja, card.name_en]
    if card.pk:
        names += [name for face in card.faces.all() for name in (face.name_ja, face.name_en)]
    card.search_text = search_text(names)
    card.source_hash = ""
    card.save()
    return card


# ---------------------------------------------------------------------------------------------------- nicknames


@dataclass
class NicknameImportSummary:
    total: int = 0
    created: int = 0
    deleted: int = 0
    unchanged: int = 0
    unknown_cards: list[str] = field(default_factory=list)  # target names the catalogue does not hold


def nickname_import(
    *, source: str | None = None, data: dict | None = None, game: str | None = None
) -> NicknameImportSummary:
    """Import nicknames.json (default settings.NICKNAME_DATA_SOURCE) into its own table, after the cards of its game
    (`game`, default the default game: the names are looked up among that game's cards).

    Idempotent: the table ends up holding exactly the file's (nickname, card) pairs; a pair whose card the catalogue
    does not hold is reported, not stored. Atomic. A missing file imports nothing (the nicknames are optional)."""
    from cards.models import Nickname

    source = source or settings.NICKNAME_DATA_SOURCE
    if data is None:
        path = Path(source)
        if not path.exists():
            return NicknameImportSummary()
        data = json.loads(path.read_text(encoding="utf-8"))
    rows = data.get("nicknames") if isinstance(data, dict) else None
    if not isinstance(rows, list):
        raise CardImportError("expected an object with a 'nicknames' list", field="nicknames")
    summary = NicknameImportSummary(total=len(rows))
    code = registry.get(game).code
    ids = dict(Card.objects.filter(game=code).values_list("name_ja", "id"))
    wanted: dict[tuple[str, int], dict] = {}
    for index, row in enumerate(rows):
        nickname, name = (row.get("nickname"), row.get("name_ja")) if isinstance(row, dict) else (None, None)
        if not isinstance(nickname, str) or not nickname.strip() or not isinstance(name, str):
            raise CardImportError("expected nickname and name_ja strings", index=index, field="nicknames")
        card_id = ids.get(name)
        if card_id is None:
            summary.unknown_cards.append(name)
            continue
        wanted[(nickname.strip(), card_id)] = {
            "source": str(row.get("source") or "")[:64],
            "ambiguous": bool(row.get("ambiguous")),
        }
    with transaction.atomic():
        existing = {(n.nickname, n.card_id): n for n in Nickname.objects.all()}
        stale = [n.pk for key, n in existing.items() if key not in wanted]
        summary.deleted = len(stale)
        Nickname.objects.filter(pk__in=stale).delete()
        new = [
            Nickname(nickname=key[0], card_id=key[1], **fields) for key, fields in wanted.items() if key not in existing
        ]
        Nickname.objects.bulk_create(new)
        summary.created = len(new)
        summary.unchanged = len(wanted) - len(new)
    if new or stale:
        # The resolver is cached per catalogue version: a changed nickname table is a new version of its game's
        # catalogue, and of no other game's (touching the first card of the whole table raised another game's version
        # when that game's cards were imported first, and `import_games` then re-imported it at every start).
        first = Card.objects.filter(game=code).order_by("pk").values_list("pk", flat=True).first()
        Card.objects.filter(pk=first or 0).update(updated_at=timezone.now())
    return summary
