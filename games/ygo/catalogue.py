"""The OCG catalogue in the database and in each process.

- `ygo_data_import`: the shared data's `ygo/cards.json` and `ygo/limits.json` into cards.Card rows (game="ygo"),
  their typed facts (games.ygo.models.YgoCard) and the dated lists (YgoLimitList). Safe to repeat: a card is keyed
  by its rules id (Konami id), a list by its effective date; rows no longer in the data are removed.
- `ygo_context`: the pure catalogue and the list history the rules engine reads, built once per process from the
  database and rebuilt when the catalogue version changes (deckbuilder.cache.versioned_cache), never per request.
"""

from __future__ import annotations

import json
import time
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from types import MappingProxyType

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from cards.models import Card
from cards.selectors import catalogue_version_of
from deckbuilder.cache import versioned_cache
from games.ygo.models import YgoCard as YgoCardRow
from games.ygo.models import YgoGenesysList, YgoLimitList
from games.ygo.rules import Catalogue, LimitHistory, YgoCard, fold_name
from games.ygo.rules.cards import card_from_record
from games.ygo.rules.decklist import LineMemo
from games.ygo.rules.genesys import GenesysHistory, genesys_list_from_record
from games.ygo.rules.limits import limit_list_from_record

CODE = "ygo"
# The data's fields the rules engine reads (games.ygo.rules.cards.card_from_record): what a row keeps of its record.
_RECORD_KEYS = (
    "konami_id",
    "yugipedia_page_id",
    "passwords",
    "simulator_ids",
    "name_en",
    "name_ja",
    "name_ja_reading",
    "card_type",
    "monster_types",
    "attribute",
    "race",
    "level",
    "rank",
    "link_rating",
    "atk",
    "def",
    "pendulum_scale",
    "property",
    "archetypes",
    "deck_zone",
    "aliases",
    "first_ocg_date",
    "first_ocg_set",
    "in_ocg",
)


def ygo_data_dir() -> Path:
    """The `ygo/` folder of the configured card data (settings.CARD_DATA_DIR)."""
    return Path(settings.CARD_DATA_DIR) / "ygo"


def _number(value: object) -> int | None:
    return value if isinstance(value, int) else None


def _search_text(record: dict) -> str:
    """Every name the card answers to, folded as names are compared (width, case, kana, ・ and spaces)."""
    names = [record.get("name_ja"), record.get("name_en"), record.get("name_ja_reading")]
    return "\n".join(dict.fromkeys(fold_name(name) for name in names if name))


def _display_names(records: list[dict]) -> list[str]:
    """Each record's catalogue name: its Japanese name, made unique in the game (cards.Card's natural key) by the
    card's id where two cards share one (カオス・ソルジャー: the Ritual monster and the Effect one)."""
    plain = [record.get("name_ja") or record["name_en"] for record in records]
    seen: dict[str, int] = {}
    for name in plain:
        seen[name] = seen.get(name, 0) + 1
    return [
        f"{name} ({card_from_record(record).id})" if seen[name] > 1 else name
        for name, record in zip(plain, records, strict=True)
    ]


def _facts(record: dict) -> dict:
    atk, defense = record.get("atk"), record.get("def")
    return {
        "konami_id": record.get("konami_id"),
        "passwords": record.get("passwords") or [],
        "card_type": record["card_type"],
        "monster_types": record.get("monster_types") or [],
        "spell_trap_property": record.get("property") or "",
        "attribute": record.get("attribute") or "",
        "race": record.get("race") or "",
        "level": _number(record.get("level")),
        "rank": _number(record.get("rank")),
        "link_rating": _number(record.get("link_rating")),
        "atk": _number(atk),
        "defense": _number(defense),
        "atk_text": "" if atk is None else str(atk),
        "defense_text": "" if defense is None else str(defense),
        "scale": _number(record.get("pendulum_scale")),
        "archetypes": record.get("archetypes") or [],
        "deck_zone": record.get("deck_zone") or "main",
        "aliases": [{k: v for k, v in alias.items() if k != "sources"} for alias in record.get("aliases") or ()],
        "in_ocg": bool(record.get("in_ocg", True)),
        "record": {key: record.get(key) for key in _RECORD_KEYS},
    }


@transaction.atomic
def ygo_data_import(*, directory: Path | None = None, log: Callable[[str], None] = lambda text: None) -> str:
    """Import the OCG cards and lists from `directory` (default: the configured data's `ygo/`). Returns a summary."""
    started = time.perf_counter()
    folder = directory or ygo_data_dir()
    records = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
    lists = json.loads((folder / "limits.json").read_text(encoding="utf-8"))
    now = timezone.now()

    existing = {row.ygo_id: row for row in YgoCardRow.objects.select_related("card")}
    names = _display_names(records)
    # Free the names first: a card renamed onto another's former name must not meet it in the unique constraint.
    seen_ids: set[int] = set()
    new_cards: list[Card] = []
    new_facts: list[tuple[Card, dict, int]] = []
    changed_cards: list[Card] = []
    changed_facts: list[YgoCardRow] = []
    for record, name in zip(records, names, strict=True):
        card_id = card_from_record(record).id
        seen_ids.add(card_id)
        released = record.get("first_ocg_date")
        card_fields = {
            "name_ja": name,
            "name_en": record["name_en"],
            "name_key": unicodedata.normalize("NFKC", name),
            "release_date": date.fromisoformat(released) if released else None,
            "release_set": record.get("first_ocg_set") or "",
            "search_text": _search_text(record),
            "sources": record.get("sources") or [],
            "facts_source": "ygo",
            "updated_at": now,
        }
        facts = _facts(record)
        row = existing.get(card_id)
        if row is None:
            new_cards.append(Card(game=CODE, **card_fields))
            new_facts.append((new_cards[-1], facts, card_id))
            continue
        card = row.card
        if any(getattr(card, key) != value for key, value in card_fields.items() if key != "updated_at"):
            for key, value in card_fields.items():
                setattr(card, key, value)
            changed_cards.append(card)
        if any(getattr(row, key) != value for key, value in facts.items()):
            for key, value in facts.items():
                setattr(row, key, value)
            changed_facts.append(row)
    gone = [row.card_id for ygo_id, row in existing.items() if ygo_id not in seen_ids]
    Card.objects.filter(id__in=gone).delete()
    if changed_cards:
        # Move changed names aside first, so two cards exchanging names never collide on (game, name_ja).
        final = {card.id: card.name_ja for card in changed_cards}
        for card in changed_cards:
            card.name_ja = f"~{card.id}"  # no NUL: PostgreSQL text cannot hold one
        Card.objects.bulk_update(changed_cards, ["name_ja"], batch_size=1000)
        for card in changed_cards:
            card.name_ja = final[card.id]
        Card.objects.bulk_update(changed_cards, [*_CARD_FIELDS], batch_size=1000)
    Card.objects.bulk_create(new_cards, batch_size=1000)
    YgoCardRow.objects.bulk_create(
        [YgoCardRow(card=card, ygo_id=card_id, **facts) for card, facts, card_id in new_facts], batch_size=1000
    )
    if changed_facts:
        YgoCardRow.objects.bulk_update(changed_facts, [*_FACT_FIELDS], batch_size=1000)

    YgoLimitList.objects.exclude(effective__in=[item["effective"] for item in lists]).delete()
    stored = {item.effective.isoformat(): item for item in YgoLimitList.objects.all()}
    lists_changed = 0
    for item in lists:
        values = {
            "forbidden": item.get("forbidden") or [],
            "limited": item.get("limited") or [],
            "semi_limited": item.get("semi_limited") or [],
            "source": (item.get("source") or "")[:255],
        }
        listed = stored.get(item["effective"])
        if listed is None:
            YgoLimitList.objects.create(effective=item["effective"], **values)
            lists_changed += 1
        elif any(getattr(listed, key) != value for key, value in values.items()):
            for key, value in values.items():
                setattr(listed, key, value)
            listed.save()
            lists_changed += 1
    genesys_lists = _genesys_import(folder / "genesys.json")
    ygo_format_ensure()
    seconds = time.perf_counter() - started
    summary = (
        f"{len(records)} cards ({len(new_cards)} new, {len(changed_cards) + len(changed_facts)} changed, "
        f"{len(gone)} removed), {len(lists)} Forbidden/Limited lists ({lists_changed} new or changed), "
        f"{genesys_lists} GENESYS point lists in {seconds:.1f} s"
    )
    return summary


_CARD_FIELDS = (
    "name_ja",
    "name_en",
    "name_key",
    "release_date",
    "release_set",
    "search_text",
    "sources",
    "facts_source",
    "updated_at",
)
_FACT_FIELDS = tuple(key for key in _facts({"card_type": "monster", "name_en": ""}))


def _genesys_import(path: Path) -> int:
    """The dated GENESYS point lists (genesys.json; absent in an older data set: none). Safe to repeat."""
    if not path.exists():
        return 0
    records = json.loads(path.read_text(encoding="utf-8"))
    YgoGenesysList.objects.exclude(effective__in=[item["effective_date"] for item in records]).delete()
    for item in records:
        point_list = genesys_list_from_record(item)  # validates the record
        values = {
            "points": {str(key): value for key, value in point_list.points.items()},
            "card_pool_before": point_list.card_pool_before,
            "banned_kinds": list(point_list.banned_kinds),
            "default_cap": point_list.default_cap,
            "source": point_list.source[:255],
        }
        stored = YgoGenesysList.objects.filter(effective=point_list.effective).first()
        if stored is None:
            YgoGenesysList.objects.create(effective=point_list.effective, **values)
        elif any(getattr(stored, key) != value for key, value in values.items()):
            for key, value in values.items():
                setattr(stored, key, value)
            stored.save()
    return len(records)


def ygo_format_ensure() -> None:
    """The OCG's one format as a regulations.Format row (game="ygo"), so that the formats API lists it and an event
    overlay (extra bans, a card-pool cut-off) can be based on it. Its list is the OCG's own (not the core's dated
    events), so the row's `dated_list` is off."""
    from regulations.models import Format

    Format.objects.get_or_create(
        game=CODE,
        code="ocg",
        defaults={
            "name": "OCG",
            "name_ja": "OCG",
            "description": "The Yu-Gi-Oh! OCG with the Forbidden/Limited list in force on the date.",
            "dated_list": False,
        },
    )
    Format.objects.get_or_create(
        game=CODE,
        code="genesys",
        defaults={
            "name": "GENESYS",
            "name_ja": "GENESYS",
            "description": (
                "The OCG's GENESYS: the point list in force on the date (at most 100 points in the Main, Extra and "
                "Side Deck unless the organizer sets another cap), no Link or Pendulum monsters, cards released "
                "before the list's card-pool date; no Forbidden/Limited list, 3 copies of a name."
            ),
            "dated_list": False,
            "position": 1,
        },
    )


# --- the process's catalogue --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class YgoContext:
    """What a check, a read and a search need, built once per data version."""

    catalogue: Catalogue
    limits: LimitHistory
    genesys: GenesysHistory
    card_pk: Mapping[int, int]  # rules id -> cards.Card id
    by_pk: Mapping[int, YgoCard]  # cards.Card id -> the rules card
    name_pk: Mapping[str, int]  # a catalogue name (cards.Card.name_ja) -> cards.Card id
    facts: Mapping[int, dict]  # cards.Card id -> the record (search, statistics)
    # What the name-list lines read so far read as, with this catalogue (games.ygo.rules.decklist.read_text's memo).
    line_readings: LineMemo = field(default_factory=dict, compare=False, repr=False)
    # The JSON rows of the lines read so far (games.ygo.game._lines_json), by what makes a row: its number aside.
    line_rows: dict[tuple, dict] = field(default_factory=dict, compare=False, repr=False)

    def pk(self, card: YgoCard) -> int | None:
        return self.card_pk.get(card.id)


def ygo_context_build() -> YgoContext:
    rows = list(YgoCardRow.objects.values_list("card_id", "ygo_id", "record", "card__name_ja"))
    cards: list[YgoCard] = []
    card_pk: dict[int, int] = {}
    by_pk: dict[int, YgoCard] = {}
    name_pk: dict[str, int] = {}
    facts: dict[int, dict] = {}
    for pk, _ygo_id, record, name in rows:
        card = card_from_record(record)
        cards.append(card)
        card_pk[card.id] = pk
        by_pk[pk] = card
        name_pk[name] = pk
        facts[pk] = record
    history = LimitHistory(
        limit_list_from_record(
            {
                "effective": row.effective.isoformat(),
                "forbidden": row.forbidden,
                "limited": row.limited,
                "semi_limited": row.semi_limited,
                "source": row.source,
            }
        )
        for row in YgoLimitList.objects.all()
    )
    return YgoContext(
        catalogue=Catalogue(cards),
        limits=history,
        genesys=GenesysHistory(genesys_list_from_record(row.record()) for row in YgoGenesysList.objects.all()),
        card_pk=MappingProxyType(card_pk),
        by_pk=MappingProxyType(by_pk),
        name_pk=MappingProxyType(name_pk),
        facts=MappingProxyType(facts),
    )


# The dated lists raise the catalogue version too (migration 0003): one version row for the cards and the lists.
@versioned_cache(version=catalogue_version_of("ygo"), maxsize=1)
def ygo_context(_version=None) -> YgoContext:
    """The process's OCG catalogue and lists (rebuilt after an import)."""
    return ygo_context_build()
