"""Duel Masters' card data in the catalogue: the importer of the shared data's cards.json (its records validated,
their facts written to the cards.Card rows of the game `dm`, their faces and printings replaced), and the English
names of the English-only records linked for certain. The catalogue's shared plumbing (loading, errors, summary, the
set list and first release dates) is the core's (cards.services)."""

import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from cards.models import Card, CardFace, Printing
from cards.names import name_key, search_text
from cards.services import (
    BULK_CHUNK,
    CardImportError,
    ImportSummary,
    ProgressCallback,
    card_data_load,
    card_release_dates_refresh,
    card_rows_update,
    expect_field,
    expect_optional_str,
    first_release,
    set_release_dates,
    sets_not_products,
)
from games.dm.models import DmCard
from games.dm.rules.vocabulary import Breaker, Civilization, CivMask, Zone

CARD_GAME = "dm"  # the `game` of Duel Masters' cards.Card rows (games.dm.game.DuelMasters.code)

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

# The catalogue row's columns the importer writes (everything but the key and the auto fields); every other field of
# a prepared record is a fact of the game's own row (DmCard, replaced whole when the record changes).
CARD_COLUMNS = (
    *("name_en", "name_key", "facts_available", "facts_source", "facts_unknown", "search_text", "source_hash"),
    *("sources", "release_date", "release_set", "release_date_exact", "updated_at"),
)
DM_FIELDS = frozenset(field.name for field in DmCard._meta.concrete_fields) - {"card"}


def card_of_fields(fields: dict, **row: Any) -> Card:
    """A catalogue row with its Duel Masters facts attached (`card.dm`), from a prepared record's fields (unsaved)."""
    card = Card(**row, **{key: value for key, value in fields.items() if key not in DM_FIELDS})
    card.dm = DmCard(card=card, **{key: value for key, value in fields.items() if key in DM_FIELDS})
    return card


@dataclass
class _Prepared:
    index: int
    card: dict
    faces: list[dict]
    printings: list[dict]
    raw_hash: str


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


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _str_list(value) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _check_facts(data: dict, index: int, name: str, prefix: str = "") -> None:
    for key in _FACT_FLAGS:
        if key in data or not prefix:
            expect_field(isinstance(data.get(key, False), bool), "expected true or false", index, prefix + key, name)
    for key in _FACT_INTS:
        value = data.get(key)
        expect_field(value is None or _is_int(value), "expected an integer or null", index, prefix + key, name)
    for key in _FACT_STRINGS:
        value = data.get(key)
        expect_field(value is None or isinstance(value, str), "expected a string or null", index, prefix + key, name)
    civs = data.get("civilizations", [])
    expect_field(
        _str_list(civs) and all(civ in _CIVILIZATIONS for civ in civs),
        f"expected a list of {', '.join(_CIVILIZATIONS)}",
        index,
        prefix + "civilizations",
        name,
    )
    expect_field(_str_list(data.get("races", [])), "expected a list of strings", index, prefix + "races", name)
    expect_field(
        _str_list(data.get("keywords_ja", [])), "expected a list of strings", index, prefix + "keywords_ja", name
    )
    zone = data.get("zone")
    zones = ", ".join(sorted(_ZONES))
    expect_field(zone is None or zone in _ZONES, f"expected null or one of {zones}", index, prefix + "zone", name)
    breaker = data.get("breaker")
    expect_field(
        breaker is None or breaker in _BREAKERS,
        f"expected null or one of {', '.join(sorted(_BREAKERS))}",
        index,
        prefix + "breaker",
        name,
    )


def _civilizations(values: list[str]) -> list[str]:
    return [_CIVILIZATIONS[civ] for civ in values]


def prepare_record(index: int, record) -> _Prepared:
    if not isinstance(record, dict):
        raise CardImportError("expected an object", index=index)
    name = record.get("name_ja")
    if not isinstance(name, str) or not name.strip():
        raise CardImportError("expected a non-empty string", index=index, field="name_ja", name=None)
    name_en = record.get("name")
    expect_field(name_en is None or isinstance(name_en, str), "expected a string or null", index, "name", name)
    facts_available = record.get("facts_available", True)
    expect_field(isinstance(facts_available, bool), "expected true or false", index, "facts_available", name)
    for key in ("printings", "tcg_printings"):
        expect_field(isinstance(record.get(key, []), list), "expected a list", index, key, name)
    expect_field(_str_list(record.get("sources", [])), "expected a list of strings", index, "sources", name)
    facts_source = record.get("facts_source", "")
    expect_field(isinstance(facts_source, str), "expected a string", index, "facts_source", name)
    expect_field(_str_list(record.get("facts_unknown", [])), "expected a list of strings", index, "facts_unknown", name)

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
        expect_field(_str_list(record.get("type_codes", [])), "expected a list of strings", index, "type_codes", name)
        expect_field(
            _str_list(record.get("face_names_ja", [])), "expected a list of strings", index, "face_names_ja", name
        )
        exceptions = record.get("deck_limit_exceptions")
        expect_field(
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
        expect_field(isinstance(raw_faces, list), "expected a list", index, "faces", name)
        halves = name_key(name).split("/") if record.get("twinpact") else []
        for position, face in enumerate(raw_faces):
            prefix = f"faces[{position}]."
            expect_field(isinstance(face, dict), "expected an object", index, f"faces[{position}]", name)
            _check_facts(face, index, name, prefix)
            face_name = face.get("name_ja")
            expect_optional_str(face_name, index, prefix + "name_ja", name)
            face_en = face.get("name_en")
            expect_optional_str(face_en, index, prefix + "name_en", name)
            expect_field(isinstance(face.get("role", ""), str), "expected a string", index, prefix + "role", name)
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
                    "colours": _civilizations(face.get("civilizations", [])),
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
        expect_field(isinstance(printing, dict), "expected an object", index, prefix, name)
        expect_field(
            isinstance(printing.get("set_code"), str) and printing["set_code"] != "",
            "expected a non-empty string",
            index,
            prefix + ".set_code",
            name,
        )
        for key in ("set_name", "number", "collector_id", "rarity", "listed_name_ja", "source"):
            value = printing.get(key)
            valid = value is None or isinstance(value, str | int)
            expect_field(valid, "expected a string or null", index, f"{prefix}.{key}", name)
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
        expect_field(isinstance(printing, dict), "expected an object", index, prefix, name)
        expect_field(
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
        item = prepare_record(index, record)
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
        dates, not_products = set_release_dates(), sets_not_products()
        for item in prepared:
            codes = (printing["set_code"] for printing in item.printings if not printing["tcg"])
            released, code, exact = first_release(codes, dates, not_products)
            item.card.update(release_date=released, release_set=code, release_date_exact=exact)
        existing = {
            name: (pk, digest)
            for pk, name, digest in Card.objects.filter(game=CARD_GAME).values_list("id", "name_ja", "source_hash")
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
                to_create.append((card_of_fields(fields), item))
            elif known[1] != digest:
                to_update.append((card_of_fields(fields, id=known[0]), item))
            # Unchanged records keep their row; a changed set date reaches them through the refresh below.
            else:
                summary.unchanged += 1
        report(total // 2, total)

        created = Card.objects.bulk_create([card for card, _ in to_create], batch_size=BULK_CHUNK)
        if any(card.pk is None for card in created):  # a backend without RETURNING: look the ids up
            names = [c.name_ja for c in created]
            ids = dict(Card.objects.filter(game=CARD_GAME, name_ja__in=names).values_list("name_ja", "id"))
            for card in created:
                card.pk = card.id = ids[card.name_ja]
        if to_update:
            card_rows_update([card for card, _ in to_update], CARD_COLUMNS)
            updated_ids = [card.pk for card, _ in to_update]
            for start in range(0, len(updated_ids), BULK_CHUNK):
                chunk = updated_ids[start : start + BULK_CHUNK]
                DmCard.objects.filter(card_id__in=chunk).delete()
                CardFace.objects.filter(card_id__in=chunk).delete()
                Printing.objects.filter(card_id__in=chunk).delete()
        report(total * 3 // 4, total)

        facts: list[DmCard] = []
        faces: list[CardFace] = []
        printings: list[Printing] = []
        for card, item in (*to_create, *to_update):
            card.dm.card_id = card.pk
            facts.append(card.dm)
            faces.extend(CardFace(card_id=card.pk, **face) for face in item.faces)
            printings.extend(Printing(card_id=card.pk, **printing) for printing in item.printings)
        DmCard.objects.bulk_create(facts, batch_size=BULK_CHUNK)
        CardFace.objects.bulk_create(faces, batch_size=BULK_CHUNK)
        Printing.objects.bulk_create(printings, batch_size=BULK_CHUNK)
        summary.release_dates_changed = card_release_dates_refresh(game=CARD_GAME, now=now)
    summary.created = len(to_create)
    summary.updated = len(to_update)
    report(total, total)
    return summary
