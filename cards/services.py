"""Writes to the card catalogue: the import of the card data file and of the set list (a path or a URL each)."""

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

from cards.models import CATALOGUE_GAME, Card, CardFace, Printing, Set
from cards.names import name_key, search_text
from games.dm.rules.vocabulary import Breaker, Civilization, CivMask, Zone

ProgressCallback = Callable[[int, int], None]

_CHUNK = 500  # rows per bulk statement; keeps SQLite under its bound-variable limit

_CIVILIZATIONS = {civ.name.title(): civ.value for civ in Civilization}
_ZONES = {zone.value for zone in Zone}
_BREAKERS = {breaker.value for breaker in Breaker}

_FACT_FLAGS = (
    "zero_civilization",
    "evolution",
    "psychic",
    "dragheart",
    "gr",
    "twinpact",
    "hyper",
    "zeron",
    "forbidden",
    "multi_face",
    "shield_trigger",
    "blocker",
    "speed_attacker",
    "slayer",
    "cant_attack",
    "cant_attack_players",
)
_FACT_INTS = ("cost", "power_value", "mana_number", "power_attacker_bonus")
_FACT_STRINGS = ("card_type", "card_type_ja", "cost_text", "power", "breaker_ja")
_FACE_COLUMNS = (
    *("name_ja", "name_en", "card_type", "card_type_ja", "civilizations", "cost", "power", "power_value", "races"),
)

# Card columns the importer writes (everything but the key and the auto fields).
CARD_COLUMNS = (
    "name_en",
    "name_key",
    "facts_available",
    "facts_source",
    "facts_unknown",
    "civilizations",
    "civ_mask",
    "card_type",
    "card_type_ja",
    "type_codes",
    "zone",
    "cost",
    "cost_text",
    "power",
    "power_value",
    "races",
    "mana_number",
    "breaker",
    "breaker_ja",
    "power_attacker_bonus",
    "keywords_ja",
    "deck_limit_exceptions",
    "start_set",
    "start_set_size",
    "search_text",
    "source_hash",
    "sources",
    "release_date",
    "release_set",
    "updated_at",
    *(flag for flag in _FACT_FLAGS),
)


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


@dataclass
class _Prepared:
    index: int
    card: dict
    faces: list[dict]
    printings: list[dict]
    raw_hash: str


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


def _power_number(power) -> int | None:
    """The number a power is printed with (`1000+` and `1000` are one power: sources differ on the sign)."""
    found = re.match(r"\d+", str(power)) if power is not None else None
    return int(found.group()) if found else None


def _link_facts(record: dict) -> tuple:
    return (
        record.get("cost"),
        tuple(sorted(record.get("civilizations") or [])),
        _power_number(record.get("power")),
        record.get("card_type"),
        bool(record.get("evolution")),
    )


def english_names_link(records: list, english_only: list) -> dict[str, str]:
    """English names of `english_only` records (cards_en_only.json: English cards the data did not link to a Japanese
    record) that name a card of `records` for certain: name_ja -> English name.

    A link needs a printing both records carry (same set code and number) and the same cost, civilizations, power,
    card type and evolution, with exactly one such card, which has no English name yet; a card two English records
    would name, and an English name some card already has, are left out. Facts alone are not enough: the English
    records exist because no Japanese record matched them, so a card with the same facts may be another card (and
    spells, which have no power or race, share their facts with many)."""
    by_printing: dict[tuple[str, str], list[dict]] = {}
    taken = set()
    for record in records:
        if not isinstance(record, dict):
            continue
        if isinstance(record.get("name"), str):
            taken.add(record["name"].casefold())
        if not record.get("facts_available", True):
            continue
        for printing in record.get("printings") or []:
            if isinstance(printing, dict) and printing.get("set_code"):
                key = (str(printing["set_code"]), str(printing.get("number")))
                cards = by_printing.setdefault(key, [])
                if record not in cards:
                    cards.append(record)
    claims: dict[str, list[str]] = {}
    for english in english_only:
        name = english.get("name") if isinstance(english, dict) else None
        if not isinstance(name, str) or not name.strip() or name.casefold() in taken:
            continue
        facts = _link_facts(english)
        same: dict[str, dict] = {}
        for printing in english.get("printings") or []:
            key = (str(printing.get("set_code")), str(printing.get("number")))
            for record in by_printing.get(key, ()):
                if _link_facts(record) == facts:
                    same[record["name_ja"]] = record
        if len(same) == 1:
            (record,) = same.values()
            if not record.get("name"):
                claims.setdefault(record["name_ja"], []).append(name)
    return {name_ja: names[0] for name_ja, names in claims.items() if len(names) == 1}


def records_with_english_names(records: list, english_only: list) -> list:
    """`records` with the English names english_names_link finds written in (copies; the rest unchanged)."""
    linked = english_names_link(records, english_only)
    return [
        {**record, "name": linked[record["name_ja"]]}
        if isinstance(record, dict) and record.get("name_ja") in linked
        else record
        for record in records
    ]


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


def _expect(condition: bool, message: str, index: int, fieldname: str, name: str | None) -> None:
    if not condition:
        raise CardImportError(message, index=index, field=fieldname, name=name)


def _expect_optional_str(value, index: int, fieldname: str, name: str | None) -> None:
    _expect(value is None or isinstance(value, str), "expected a string or null", index, fieldname, name)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _str_list(value) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _check_facts(data: dict, index: int, name: str, prefix: str = "") -> None:
    for key in _FACT_FLAGS:
        if key in data or not prefix:
            _expect(isinstance(data.get(key, False), bool), "expected true or false", index, prefix + key, name)
    for key in _FACT_INTS:
        value = data.get(key)
        _expect(value is None or _is_int(value), "expected an integer or null", index, prefix + key, name)
    for key in _FACT_STRINGS:
        value = data.get(key)
        _expect(value is None or isinstance(value, str), "expected a string or null", index, prefix + key, name)
    civs = data.get("civilizations", [])
    _expect(
        _str_list(civs) and all(civ in _CIVILIZATIONS for civ in civs),
        f"expected a list of {', '.join(_CIVILIZATIONS)}",
        index,
        prefix + "civilizations",
        name,
    )
    _expect(_str_list(data.get("races", [])), "expected a list of strings", index, prefix + "races", name)
    _expect(_str_list(data.get("keywords_ja", [])), "expected a list of strings", index, prefix + "keywords_ja", name)
    zone = data.get("zone")
    zones = ", ".join(sorted(_ZONES))
    _expect(zone is None or zone in _ZONES, f"expected null or one of {zones}", index, prefix + "zone", name)
    breaker = data.get("breaker")
    _expect(
        breaker is None or breaker in _BREAKERS,
        f"expected null or one of {', '.join(sorted(_BREAKERS))}",
        index,
        prefix + "breaker",
        name,
    )


def _civilizations(values: list[str]) -> list[str]:
    return [_CIVILIZATIONS[civ] for civ in values]


def _prepare(index: int, record) -> _Prepared:
    if not isinstance(record, dict):
        raise CardImportError("expected an object", index=index)
    name = record.get("name_ja")
    if not isinstance(name, str) or not name.strip():
        raise CardImportError("expected a non-empty string", index=index, field="name_ja", name=None)
    name_en = record.get("name")
    _expect(name_en is None or isinstance(name_en, str), "expected a string or null", index, "name", name)
    facts_available = record.get("facts_available", True)
    _expect(isinstance(facts_available, bool), "expected true or false", index, "facts_available", name)
    for key in ("printings", "tcg_printings"):
        _expect(isinstance(record.get(key, []), list), "expected a list", index, key, name)
    _expect(_str_list(record.get("sources", [])), "expected a list of strings", index, "sources", name)
    facts_source = record.get("facts_source", "")
    _expect(isinstance(facts_source, str), "expected a string", index, "facts_source", name)
    _expect(_str_list(record.get("facts_unknown", [])), "expected a list of strings", index, "facts_unknown", name)

    card: dict = {
        "name_ja": name,
        "name_en": name_en or None,
        "name_key": name_key(name),
        "facts_available": facts_available,
        "facts_source": facts_source,
        # Only a record with facts can leave some of them unknown (a record without facts knows none).
        "facts_unknown": list(record.get("facts_unknown", [])) if facts_available else [],
        "sources": record.get("sources", []),
    }
    faces: list[dict] = []
    names: list[str | None] = [name, name_en]
    if facts_available:
        _check_facts(record, index, name)
        _expect(_str_list(record.get("type_codes", [])), "expected a list of strings", index, "type_codes", name)
        _expect(_str_list(record.get("face_names_ja", [])), "expected a list of strings", index, "face_names_ja", name)
        exceptions = record.get("deck_limit_exceptions")
        _expect(
            exceptions is None
            or (
                isinstance(exceptions, list)
                and all(
                    isinstance(item, dict)
                    and item.get("zone", Zone.MAIN_DECK.value) in _ZONES
                    and (item.get("max_copies") is None or _is_int(item.get("max_copies")))
                    and _is_int(item.get("deck_size_delta", 0))
                    for item in exceptions
                )
            ),
            "expected null or a list of {zone, max_copies | deck_size_delta}",
            index,
            "deck_limit_exceptions",
            name,
        )
        civilizations = _civilizations(record.get("civilizations", []))
        card.update(
            {
                "civilizations": civilizations,
                "civ_mask": int(CivMask.of(civilizations)),
                "card_type": record.get("card_type"),
                "card_type_ja": record.get("card_type_ja"),
                "type_codes": record.get("type_codes", []),
                "zone": record.get("zone"),
                "cost": record.get("cost"),
                "cost_text": record.get("cost_text"),
                "power": record.get("power"),
                "power_value": record.get("power_value"),
                "races": record.get("races", []),
                "mana_number": record.get("mana_number"),
                "breaker": record.get("breaker"),
                "breaker_ja": record.get("breaker_ja"),
                "power_attacker_bonus": record.get("power_attacker_bonus"),
                "keywords_ja": record.get("keywords_ja", []),
                "deck_limit_exceptions": exceptions,
                **{flag: record.get(flag, False) for flag in _FACT_FLAGS},
            }
        )
        raw_faces = record.get("faces", [])
        _expect(isinstance(raw_faces, list), "expected a list", index, "faces", name)
        halves = name_key(name).split("/") if record.get("twinpact") else []
        for position, face in enumerate(raw_faces):
            prefix = f"faces[{position}]."
            _expect(isinstance(face, dict), "expected an object", index, f"faces[{position}]", name)
            _check_facts(face, index, name, prefix)
            face_name = face.get("name_ja")
            _expect_optional_str(face_name, index, prefix + "name_ja", name)
            face_en = face.get("name_en")
            _expect_optional_str(face_en, index, prefix + "name_en", name)
            _expect(isinstance(face.get("role", ""), str), "expected a string", index, prefix + "role", name)
            if not face_name and len(halves) == 2 and position < 2:
                # One twinpact in the data has no face names: its halves are the two sides of the combined name.
                face_name = halves[position]
            names.extend([face_name, face_en])
            faces.append(
                {
                    "position": position,
                    "role": face.get("role", ""),
                    "name_ja": face_name or "",
                    "name_en": face_en or None,
                    "card_type": face.get("card_type"),
                    "card_type_ja": face.get("card_type_ja"),
                    "civilizations": _civilizations(face.get("civilizations", [])),
                    "cost": face.get("cost"),
                    "power": face.get("power"),
                    "power_value": face.get("power_value"),
                    "races": face.get("races", []),
                    "facts": {key: value for key, value in face.items() if key not in _FACE_COLUMNS and key != "role"},
                }
            )
        names.extend(record.get("face_names_ja", []))
    card["search_text"] = search_text(names)

    printings = []
    for position, printing in enumerate(record.get("printings", [])):
        prefix = f"printings[{position}]"
        _expect(isinstance(printing, dict), "expected an object", index, prefix, name)
        _expect(
            isinstance(printing.get("set_code"), str) and printing["set_code"] != "",
            "expected a non-empty string",
            index,
            prefix + ".set_code",
            name,
        )
        for key in ("set_name", "number", "collector_id", "rarity", "listed_name_ja", "source"):
            value = printing.get(key)
            valid = value is None or isinstance(value, str | int)
            _expect(valid, "expected a string or null", index, f"{prefix}.{key}", name)
        printings.append(
            {
                "set_code": printing["set_code"],
                "set_name": str(printing.get("set_name") or ""),
                "number": str(printing.get("number") or ""),
                "collector_id": str(printing.get("collector_id") or ""),
                "rarity": str(printing.get("rarity") or ""),
                "listed_name_ja": str(printing.get("listed_name_ja") or ""),
                "shared_face": bool(printing.get("shared_face", False)),
                "tcg": False,
                "source": str(printing.get("source") or ""),
            }
        )
    for position, printing in enumerate(record.get("tcg_printings", [])):
        prefix = f"tcg_printings[{position}]"
        _expect(isinstance(printing, dict), "expected an object", index, prefix, name)
        _expect(
            isinstance(printing.get("set"), str) and printing["set"] != "",
            "expected a non-empty string",
            index,
            prefix + ".set",
            name,
        )
        printings.append(
            {
                "set_code": printing["set"],
                "set_name": printing["set"],
                "number": str(printing.get("id") or ""),
                "collector_id": str(printing.get("id") or ""),
                "rarity": str(printing.get("rarity") or ""),
                "listed_name_ja": "",
                "shared_face": False,
                "tcg": True,
                "source": str(printing.get("source") or ""),
            }
        )
    raw_hash = hashlib.sha256(json.dumps(record, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    return _Prepared(index=index, card=card, faces=faces, printings=printings, raw_hash=raw_hash)


def _assign_start_sets(prepared: Iterable[_Prepared]) -> None:
    """100.5: cards that start in the battle zone form sets; cards sharing a face (the Zeron Nebula cards and their
    shared back face) are one set, any other such card is a set of its own."""
    starters = [item for item in prepared if item.card.get("zone") == Zone.BATTLE_ZONE_AT_START.value]
    shared: dict[str, list[_Prepared]] = {}
    for item in starters:
        for face in item.faces:
            if face["role"] == "combined_back" and face["name_ja"]:
                shared.setdefault(name_key(face["name_ja"]), []).append(item)
    for item in starters:
        key = next(
            (name_key(face["name_ja"]) for face in item.faces if face["role"] == "combined_back" and face["name_ja"]),
            None,
        )
        members = shared[key] if key else [item]
        item.card["start_set"] = key or item.card["name_key"]
        item.card["start_set_size"] = len(members)


def _card_hash(item: _Prepared) -> str:
    # The derived start-set fields depend on other records, so they are part of what "unchanged" means.
    derived = f"{item.card.get('start_set')}|{item.card.get('start_set_size', 0)}"
    return hashlib.sha256(f"{item.raw_hash}|{derived}".encode()).hexdigest()


# ----------------------------------------------------------------------------------------------------- import


def _update_rows(cards: list[Card], columns: Iterable[str]) -> None:
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
        for start in range(0, len(rows), _CHUNK):
            cursor.executemany(sql, rows[start : start + _CHUNK])


def card_import(
    *,
    source: str | None = None,
    records: list | None = None,
    progress: ProgressCallback | None = None,
    english_only: list | None = None,
) -> ImportSummary:
    """Import card records (from `records`, or loaded from `source`, default settings.CARD_DATA_SOURCE), with the
    English names that `english_only` records (cards_en_only.json) give for certain (english_names_link).

    Idempotent: a record whose content hash is unchanged is not written; a changed record is updated in place
    (its id stays, its faces and printings are replaced). Atomic: every record is validated before anything is
    written, and the writes run in one transaction, so a bad record leaves the catalogue as it was.
    """
    source = source or settings.CARD_DATA_SOURCE
    if records is None:
        records = card_data_load(source=source)
    if english_only:
        records = records_with_english_names(records, english_only)
    total = len(records)
    summary = ImportSummary(total=total, source=str(source))
    report = progress or (lambda done, total: None)
    steps = max(1, total // 50)

    prepared: list[_Prepared] = []
    seen: dict[str, _Prepared] = {}
    for index, record in enumerate(records):
        item = _prepare(index, record)
        earlier = seen.get(item.card["name_ja"])
        if earlier is not None:
            if earlier.raw_hash != item.raw_hash:
                raise CardImportError(
                    f"duplicates record {earlier.index} with different content",
                    index=index,
                    field="name_ja",
                    name=item.card["name_ja"],
                )
            summary.skipped += 1
            summary.skipped_names.append(item.card["name_ja"])
            continue
        seen[item.card["name_ja"]] = item
        prepared.append(item)
        if index % steps == 0:
            report(index // 2, total)
    _assign_start_sets(prepared)

    now = timezone.now()
    with transaction.atomic():
        # The first release is written with the record (card_release_dates_refresh below then finds it right);
        # it is derived from the set list, so it is not part of the record's hash.
        dates = _set_dates()
        for item in prepared:
            codes = (printing["set_code"] for printing in item.printings if not printing["tcg"])
            item.card["release_date"], item.card["release_set"] = _first_release(codes, dates)
        existing = {
            name: (pk, digest)
            for pk, name, digest in Card.objects.filter(game=CATALOGUE_GAME).values_list("id", "name_ja", "source_hash")
        }
        to_create: list[tuple[Card, _Prepared]] = []
        to_update: list[tuple[Card, _Prepared]] = []
        for item in prepared:
            digest = _card_hash(item)
            fields = {**item.card, "source_hash": digest, "updated_at": now}
            fields.setdefault("start_set", None)
            fields.setdefault("start_set_size", 0)
            known = existing.get(item.card["name_ja"])
            if known is None:
                to_create.append((Card(**fields), item))
            elif known[1] != digest:
                to_update.append((Card(id=known[0], **_with_defaults(fields)), item))
            # Unchanged records keep their row; a changed set date reaches them through the refresh below.
            else:
                summary.unchanged += 1
        report(total // 2, total)

        created = Card.objects.bulk_create([card for card, _ in to_create], batch_size=_CHUNK)
        if any(card.pk is None for card in created):  # a backend without RETURNING: look the ids up
            names = [c.name_ja for c in created]
            ids = dict(Card.objects.filter(game=CATALOGUE_GAME, name_ja__in=names).values_list("name_ja", "id"))
            for card in created:
                card.pk = card.id = ids[card.name_ja]
        if to_update:
            _update_rows([card for card, _ in to_update], CARD_COLUMNS)
            updated_ids = [card.pk for card, _ in to_update]
            for start in range(0, len(updated_ids), _CHUNK):
                chunk = updated_ids[start : start + _CHUNK]
                CardFace.objects.filter(card_id__in=chunk).delete()
                Printing.objects.filter(card_id__in=chunk).delete()
        report(total * 3 // 4, total)

        faces: list[CardFace] = []
        printings: list[Printing] = []
        for card, item in (*to_create, *to_update):
            faces.extend(CardFace(card_id=card.pk, **face) for face in item.faces)
            printings.extend(Printing(card_id=card.pk, **printing) for printing in item.printings)
        CardFace.objects.bulk_create(faces, batch_size=_CHUNK)
        Printing.objects.bulk_create(printings, batch_size=_CHUNK)
        summary.release_dates_changed = card_release_dates_refresh(now=now)
    summary.created = len(to_create)
    summary.updated = len(to_update)
    report(total, total)
    return summary


def _set_dates() -> dict[str, datetime.date]:
    rows = Set.objects.filter(release_date__isnull=False).values_list("code", "release_date")
    return {code: released for code, released in rows if released is not None}


def _first_release(set_codes: Iterable[str], dates: dict[str, datetime.date]) -> tuple[datetime.date | None, str]:
    """(first release date, its set code) of a card printed in these sets: the earliest dated one (a set without a
    date gives nothing; ties go to the lowest code); (None, "") when none is dated."""
    dated = [(dates[code], code) for code in set_codes if code in dates]
    return min(dated) if dated else (None, "")


def _first_releases() -> dict[int, tuple[datetime.date | None, str]]:
    """card id -> its first release, from the stored Japanese printings (TCG printings are English releases)."""
    codes: dict[int, list[str]] = {}
    for card_id, set_code in Printing.objects.filter(tcg=False).values_list("card_id", "set_code"):
        codes.setdefault(card_id, []).append(set_code)
    dates = _set_dates()
    return {card_id: _first_release(card_codes, dates) for card_id, card_codes in codes.items()}


def card_release_dates_refresh(*, now: datetime.datetime | None = None) -> int:
    """Store each card's first release date (the earliest dated printing; NULL when none is dated) where it changed.

    Derived from two tables, so both imports call it: a new printing (card import) or a new set date (set import)
    can change it. Returns the number of cards changed; a run over unchanged data changes nothing."""
    now = now or timezone.now()
    first = _first_releases()
    changed = []
    for card_id, release_date, release_set in Card.objects.values_list("id", "release_date", "release_set"):
        wanted = first.get(card_id, (None, ""))
        if (release_date, release_set) != wanted:
            changed.append(Card(id=card_id, release_date=wanted[0], release_set=wanted[1], updated_at=now))
    if changed:
        _update_rows(changed, ("release_date", "release_set", "updated_at"))
    return len(changed)


# ------------------------------------------------------------------------------------------------------ sets

_SET_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_SET_MONTH = re.compile(r"\d{4}-\d{2}")
_SET_TEXT_FIELDS = ("name_ja", "name_source", "kind", "date_source", "note")
_SET_COLUMNS = (*_SET_TEXT_FIELDS, "suspect", "release_date", "release_text", "date_precision", "source_hash")


def _set_release(text: str | None, precision, index: int, code: str) -> tuple[datetime.date | None, str]:
    """The stored release date: the day, or the last day of the month for a month-precision date."""
    if text is None:
        _expect(precision is None, "expected null when release_date is null", index, "date_precision", code)
        return None, ""
    _expect(isinstance(text, str), "expected YYYY-MM-DD, YYYY-MM or null", index, "release_date", code)
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


def _prepare_set(index: int, record) -> dict:
    if not isinstance(record, dict):
        raise CardImportError("expected an object", index=index)
    code = record.get("code")
    if not isinstance(code, str) or not code.strip():
        raise CardImportError("expected a non-empty string", index=index, field="code", name=None)
    for key in _SET_TEXT_FIELDS:
        _expect_optional_str(record.get(key), index, key, code)
    _expect(isinstance(record.get("suspect", False), bool), "expected true or false", index, "suspect", code)
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
        Set.objects.bulk_create(to_create, batch_size=_CHUNK)
        Set.objects.bulk_update(to_update, _SET_COLUMNS, batch_size=_CHUNK)
        summary.release_dates_changed = card_release_dates_refresh()
    summary.created, summary.updated = len(to_create), len(to_update)
    return summary


def card_refresh_after_edit(*, card: Card) -> Card:
    """After a hand edit (the admin): recompute the derived columns and forget the source hash, so that the next
    import writes the data file's version of the record again (the data file stays the source of truth)."""
    card.name_key = name_key(card.name_ja)
    card.civ_mask = int(CivMask.of(card.civilizations or []))
    names = [card.name_ja, card.name_en]
    if card.pk:
        names += [name for face in card.faces.all() for name in (face.name_ja, face.name_en)]
    card.search_text = search_text(names)
    card.source_hash = ""
    card.save()
    return card


# Columns of a record without facts: reset on update so that a card that loses its facts loses them in the table.
_FACTLESS_DEFAULTS: dict[str, object] = {
    "civilizations": [],
    "civ_mask": 0,
    "card_type": None,
    "card_type_ja": None,
    "type_codes": [],
    "zone": None,
    "cost": None,
    "cost_text": None,
    "power": None,
    "power_value": None,
    "races": [],
    "mana_number": None,
    "breaker": None,
    "breaker_ja": None,
    "power_attacker_bonus": None,
    "keywords_ja": [],
    "deck_limit_exceptions": None,
    "facts_unknown": [],
    **{flag: False for flag in _FACT_FLAGS},
}


def _with_defaults(fields: dict) -> dict:
    return {**_FACTLESS_DEFAULTS, **fields}


# ---------------------------------------------------------------------------------------------------- nicknames


@dataclass
class NicknameImportSummary:
    total: int = 0
    created: int = 0
    deleted: int = 0
    unchanged: int = 0
    unknown_cards: list[str] = field(default_factory=list)  # target names the catalogue does not hold


def nickname_import(*, source: str | None = None, data: dict | None = None) -> NicknameImportSummary:
    """Import nicknames.json (default settings.NICKNAME_DATA_SOURCE) into its own table, after the cards.

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
    ids = dict(Card.objects.filter(game=CATALOGUE_GAME).values_list("name_ja", "id"))
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
        # The resolver is cached per catalogue version: a changed nickname table is a new version.
        Card.objects.filter(pk=Card.objects.order_by("pk").values_list("pk", flat=True).first() or 0).update(
            updated_at=timezone.now()
        )
    return summary
