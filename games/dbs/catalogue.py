"""The Dragon Ball Super catalogue in the database, and the pure catalogue built from it once per process.

`data_import` (run by `manage.py import_games`, which `make run` calls) reads the shared data's `dbs/cards.json` and
`dbs/banlist.json` from settings.CARD_DATA_DIR (a path or an http(s) URL; never data in the repository) into
cards.Card rows with game="dbs", their DbsCardFacts and the DbsBanEntry rows. A re-import that finds a record
unchanged (same source hash) writes nothing for it.

The core's name fields for a game counted by card number: `name_ja`, the catalogue's unique natural key per game, is
`Name [NUMBER]` (the English name and the card number: names repeat across numbers, and that text is also a line
the decklist reader reads back to the same card); `name_en` the English front name; `name_key`, the copy-counting
identity, the card number (5-1-3-1: copies are counted by number).

`state()` is the pure catalogue (games.dbs.rules.cards.Catalogue), the ban list and the id <-> number maps, built
from the database once per catalogue version (deckbuilder.cache.versioned_cache) so a check never reads the table.
"""

from __future__ import annotations

import hashlib
import json
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.db.models import CharField, Value
from django.db.models.functions import Cast, Concat
from django.utils import timezone

from cards.models import Card, CardFace, Printing
from cards.names import fold_for_search
from cards.selectors import catalogue_version_of
from deckbuilder.cache import versioned_cache
from games.dbs.models import DbsBanEntry, DbsCardFacts
from games.dbs.rules.cards import Catalogue, DbsCard, card_from_record
from games.dbs.rules.legality import BanEntry, BanList
from games.dbs.rules.vocabulary import BanStatus

GAME = "dbs"
BANLIST_NOTE = "dbs-tracker LEGAL_STATUS_MAP and ygopro-ds lflist.conf (every entry unverified; see the data's README)"


class DbsImportError(Exception):
    """The data cannot be imported; nothing was changed."""


def data_source(name: str) -> str:
    """A file of the game's data: `<CARD_DATA_DIR>/dbs/<name>` (a path or a URL alike)."""
    return f"{str(settings.CARD_DATA_DIR).rstrip('/')}/dbs/{name}"


def _load_json(source: str) -> object:
    scheme = urllib.parse.urlparse(source).scheme.lower()
    try:
        if scheme in ("http", "https"):
            limit = settings.DATA_DOWNLOAD_MAX_BYTES
            with urllib.request.urlopen(source, timeout=60) as response:  # noqa: S310 (http(s) checked above)
                raw = response.read(limit + 1)
            if len(raw) > limit:
                raise DbsImportError(f"{source} is larger than DATA_DOWNLOAD_MAX_BYTES ({limit})")
        else:
            raw = Path(urllib.parse.urlparse(source).path if scheme == "file" else source).read_bytes()
        return json.loads(raw)
    except (OSError, ValueError) as exc:
        raise DbsImportError(f"cannot read {source}: {exc}") from exc


def display_name(record: dict) -> str:
    name = record.get("name_en") or record["card_number"]
    back = record.get("back_name_en")
    return f"{name} // {back}" if back else name


def catalogue_key(record: dict) -> str:
    """The core's `name_ja` of a card: its name and number, unique per game and read back by the decklist reader."""
    return f"{display_name(record)} [{record['card_number']}]"


def _search_text(record: dict) -> str:
    words = [
        record.get("name_en"),
        record.get("back_name_en"),
        record["card_number"],
        *(record.get("variant_numbers") or ()),
        *(record.get("source_numbers") or ()),
    ]
    return "\n".join(fold_for_search(word) for word in words if word)


def _hash(record: dict) -> str:
    return hashlib.sha256(json.dumps(record, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _facts(record: dict) -> dict:
    return {
        "card_number": record["card_number"],
        "variant_numbers": list(record.get("variant_numbers") or ()),
        "source_numbers": list(record.get("source_numbers") or ()),
        "card_type": record["card_type"],
        "deck_zone": record["deck_zone"],
        "back_name": record.get("back_name_en") or "",
        "colors": list(record.get("colors") or ()),
        "energy_cost": _int(record.get("energy_cost")),
        "combo_energy": _int(record.get("combo_energy")),
        "combo_power": _int(record.get("combo_power")),
        "power": _int(record.get("power")),
        "back_power": _int(record.get("back_power")),
        "characters": list(record.get("characters") or ()),
        "special_traits": list(record.get("special_traits") or ()),
        "era": record.get("era") or "",
        "back_characters": list(record.get("back_characters") or ()),
        "back_special_traits": list(record.get("back_special_traits") or ()),
        "back_era": record.get("back_era") or "",
        "rarity": record.get("rarity") or "",
        "set_code": record.get("set_code") or "",
        "set_name": record.get("set_name") or "",
        "ultimate": bool(record.get("ultimate")),
        "super_combo": bool(record.get("super_combo")),
        "dragon_ball": bool(record.get("dragon_ball")),
        "copies_limit": record.get("copies_limit"),
        "copies_limit_scope": record.get("copies_limit_scope") or "",
        "facts_source": record.get("facts_source") or "",
        "release_date_earliest": _day(record.get("release_date_earliest")),
        "release_date_latest": _day(record.get("release_date_latest")),
    }


def _day(value: object) -> date | None:
    return date.fromisoformat(value) if isinstance(value, str) and value else None


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day else None


def _release_date(record: dict) -> date | None:
    released = record.get("release_date")
    return date.fromisoformat(released) if released else None


def _card_fields(record: dict) -> dict:
    return {
        "name_en": record.get("name_en") or record["card_number"],
        "name_key": record["card_number"],
        "facts_available": True,
        "facts_source": record.get("facts_source") or "",
        "release_date": _release_date(record),
        "release_set": record.get("set_code") or "",
        "search_text": _search_text(record),
        "sources": list(record.get("sources") or ()),
    }


def _faces(card_id: int, record: dict) -> list[CardFace]:
    """A leader's two sides (2-3-2-1-2: double-faced, the back is its awakened side), as the card page shows them."""
    if not record.get("back_name_en"):
        return []
    colors = list(record.get("colors") or ())
    return [
        CardFace(
            card_id=card_id,
            position=position,
            role=role,
            name_ja=f"{name} [{record['card_number']}]",
            name_en=name,
            card_type=record["card_type"],
            colours=colors,
            power=str(power) if power is not None else None,
            power_value=_int(power),
            races=list(record.get(traits) or ()),
            facts={"characters": list(record.get(chars) or ()), "era": record.get(era) or ""},
        )
        for position, role, name, power, traits, chars, era in (
            (0, "front", record.get("name_en"), record.get("power"), "special_traits", "characters", "era"),
            (1, "awakened", record["back_name_en"], record.get("back_power"), "back_special_traits",
             "back_characters", "back_era"),
        )
    ]  # fmt: skip


def _printings(card_id: int, record: dict) -> list[Printing]:
    """The card number and each alternate printing's number (`BT1-005_PR`): one card, counted by its base number."""
    return [
        Printing(
            card_id=card_id,
            set_code=record.get("set_code") or "",
            set_name=record.get("set_name") or "",
            number=number,
            rarity=(record.get("rarity") or "") if number == record["card_number"] else "",
            listed_name_ja=record.get("name_en") or "",
            tcg=True,
            source="dbs cards.json",
        )
        for number in (record["card_number"], *(record.get("variant_numbers") or ()))
    ]


def _write_parts(pairs: list[tuple[int, dict]]) -> None:
    CardFace.objects.bulk_create((face for card_id, record in pairs for face in _faces(card_id, record)), 1000)
    Printing.objects.bulk_create((row for card_id, record in pairs for row in _printings(card_id, record)), 1000)


@dataclass(frozen=True)
class ImportSummary:
    total: int
    created: int
    updated: int
    unchanged: int
    removed: int
    ban_entries: int
    seconds: float

    def line(self, source: str) -> str:
        return (
            f"cards from {source}: {self.total} records, created {self.created}, updated {self.updated}, unchanged "
            f"{self.unchanged}, removed {self.removed}; ban list {self.ban_entries} entries ({self.seconds:.1f} s)"
        )


def _validate(records: object) -> list[dict]:
    if not isinstance(records, list):
        raise DbsImportError("cards.json must hold a JSON array of card records")
    seen: set[str] = set()
    for index, record in enumerate(records):
        if not isinstance(record, dict) or not isinstance(record.get("card_number"), str):
            raise DbsImportError(f"record {index}: no card_number")
        if record["card_number"] in seen:
            raise DbsImportError(f"record {index}: card number {record['card_number']} twice")
        seen.add(record["card_number"])
        try:
            card_from_record(record)  # the pure rules read every record (its type and zone are known values)
        except (KeyError, ValueError) as exc:
            raise DbsImportError(f"record {index} ({record['card_number']}): {exc}") from exc
    return records


def _ban_rows(data: object) -> list[DbsBanEntry]:
    if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
        raise DbsImportError('banlist.json must be {"entries": [...]}')
    rows = []
    for index, item in enumerate(data["entries"]):
        try:
            rows.append(
                DbsBanEntry(
                    card_number=item["card_number"],
                    status=BanStatus(item["status"]).value,
                    max_copies=int(item["max_copies"]),
                    date=date.fromisoformat(item["date"]) if item.get("date") else None,
                    date_as_written=item.get("date_as_written") or "",
                    source=item["source"],
                    commented_out_in_source=bool(item.get("commented_out_in_source")),
                )
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise DbsImportError(f"banlist.json entry {index}: {exc}") from exc
    return rows


def data_import(*, log: Callable[[str], None], cards_source: str | None = None, banlist_source: str | None = None):
    """Import (create, update, remove) the game's cards and its ban list in one transaction."""
    started = time.perf_counter()
    cards_source = cards_source or data_source("cards.json")
    banlist_source = banlist_source or data_source("banlist.json")
    records = _validate(_load_json(cards_source))
    ban_rows = _ban_rows(_load_json(banlist_source))
    now = timezone.now()
    created = updated = unchanged = 0
    with transaction.atomic():
        existing = {
            number: (card_id, source_hash, released)
            for number, card_id, source_hash, released in Card.objects.filter(game=GAME).values_list(
                "dbs__card_number", "id", "source_hash", "release_date"
            )
        }
        new_cards, new_records, changed = [], [], []
        for record in records:
            digest = _hash(record)
            found = existing.get(record["card_number"])
            if found is None:
                new_cards.append(
                    Card(
                        game=GAME,
                        name_ja=catalogue_key(record),
                        source_hash=digest,
                        updated_at=now,
                        **_card_fields(record),
                    )
                )
                new_records.append(record)
            elif found[1] != digest or found[2] != _release_date(record):  # a row changed outside the import too
                changed.append((found[0], digest, record))
            else:
                unchanged += 1
        numbers = {record["card_number"] for record in records}
        gone = [card_id for number, (card_id, _, _) in existing.items() if number not in numbers]
        removed = Card.objects.filter(id__in=gone).delete()[1].get("cards.Card", 0) if gone else 0
        # A changed name may take a key another changed card frees: the changed rows are written in two steps.
        if changed:
            Card.objects.filter(id__in=[card_id for card_id, _, _ in changed]).update(
                name_ja=Concat(Value("~"), Cast("id", output_field=CharField()))
            )
            for card_id, digest, record in changed:
                Card.objects.filter(id=card_id).update(
                    name_ja=catalogue_key(record), source_hash=digest, updated_at=now, **_card_fields(record)
                )
                DbsCardFacts.objects.filter(card_id=card_id).update(**_facts(record))
            changed_ids = [card_id for card_id, _, _ in changed]
            CardFace.objects.filter(card_id__in=changed_ids).delete()
            Printing.objects.filter(card_id__in=changed_ids).delete()
            _write_parts([(card_id, record) for card_id, _, record in changed])
            updated = len(changed)
        if new_cards:
            Card.objects.bulk_create(new_cards, batch_size=1000)
            ids = {card.name_ja: card.pk for card in new_cards}  # PostgreSQL and SQLite return the new ids
            if None in ids.values():
                ids = dict(Card.objects.filter(game=GAME).values_list("name_ja", "id"))
            DbsCardFacts.objects.bulk_create(
                (DbsCardFacts(card_id=ids[catalogue_key(record)], **_facts(record)) for record in new_records),
                batch_size=1000,
            )
            _write_parts([(ids[catalogue_key(record)], record) for record in new_records])
            created = len(new_cards)
        old_bans = list(
            DbsBanEntry.objects.values_list(
                "card_number", "status", "max_copies", "date", "date_as_written", "source", "commented_out_in_source"
            )
        )
        new_bans = [
            (r.card_number, r.status, r.max_copies, r.date, r.date_as_written, r.source, r.commented_out_in_source)
            for r in ban_rows
        ]
        if sorted(old_bans, key=repr) != sorted(new_bans, key=repr):
            DbsBanEntry.objects.all().delete()
            DbsBanEntry.objects.bulk_create(ban_rows)
            # The ban list is part of the catalogue's version: one card row touched makes every process rebuild.
            first = Card.objects.filter(game=GAME).order_by("id").values_list("id", flat=True).first()
            if first is not None:
                Card.objects.filter(id=first).update(updated_at=timezone.now())
    summary = ImportSummary(
        total=len(records),
        created=created,
        updated=updated,
        unchanged=unchanged,
        removed=removed,
        ban_entries=len(ban_rows),
        seconds=time.perf_counter() - started,
    )
    log(summary.line(cards_source))
    return summary


# --- the pure catalogue, once per process and catalogue version ---------------------------------------------------


@dataclass(frozen=True)
class State:
    catalogue: Catalogue
    banlist: BanList
    id_by_number: dict[str, int]
    number_by_id: dict[int, str]
    key_by_id: dict[int, str]  # the core's name_ja
    facts: dict[str, dict]  # card number -> the typed facts search and the card page read

    def card_of_id(self, card_id: int) -> DbsCard | None:
        number = self.number_by_id.get(card_id)
        return self.catalogue.get(number) if number is not None else None


_FACT_FIELDS = (
    "card_id", "card_number", "variant_numbers", "source_numbers", "card_type", "deck_zone", "back_name", "colors",
    "energy_cost", "combo_energy", "combo_power", "power", "back_power", "characters", "special_traits", "era",
    "back_characters", "back_special_traits", "back_era", "rarity", "set_code", "set_name", "ultimate", "super_combo",
    "dragon_ball", "copies_limit", "copies_limit_scope", "card__name_en", "card__name_ja", "card__release_date",
    "release_date_earliest", "release_date_latest",
)  # fmt: skip


@versioned_cache(version=catalogue_version_of("dbs"), maxsize=1)
def state(_version=None) -> State:
    """The game's catalogue as the pure rules and the search read it (rebuilt after an import, in any process)."""
    rows = list(DbsCardFacts.objects.filter(card__game=GAME).values(*_FACT_FIELDS))
    records, alternates = [], {}
    for row in rows:
        released = row["card__release_date"]
        records.append(
            {
                "card_number": row["card_number"],
                "name_en": row["card__name_en"],
                "back_name_en": row["back_name"] or None,
                "card_type": row["card_type"],
                "deck_zone": row["deck_zone"],
                "colors": row["colors"],
                "energy_cost": row["energy_cost"],
                "power": row["power"],
                "ultimate": row["ultimate"],
                "super_combo": row["super_combo"],
                "dragon_ball": row["dragon_ball"],
                "copies_limit": row["copies_limit"],
                "copies_limit_scope": row["copies_limit_scope"] or None,
                "variant_numbers": row["variant_numbers"],
                "set_code": row["set_code"],
                "release_date": released.isoformat() if released else None,
                "release_date_earliest": _iso(row["release_date_earliest"]),
                "release_date_latest": _iso(row["release_date_latest"]),
            }
        )
        for alternate in row["source_numbers"]:
            alternates[alternate] = row["card_number"]
    bans = tuple(
        BanEntry(
            card_number=entry.card_number,
            status=BanStatus(entry.status),
            max_copies=entry.max_copies,
            effective=entry.date,
            source=entry.source,
            date_as_written=entry.date_as_written or None,
        )
        for entry in DbsBanEntry.objects.filter(commented_out_in_source=False)
    )
    return State(
        catalogue=Catalogue((card_from_record(record) for record in records), alternates),
        banlist=BanList(bans, BANLIST_NOTE),
        id_by_number={row["card_number"]: row["card_id"] for row in rows},
        number_by_id={row["card_id"]: row["card_number"] for row in rows},
        key_by_id={row["card_id"]: row["card__name_ja"] for row in rows},
        facts={row["card_number"]: row for row in rows},
    )
