"""Duel Masters' blocks (2ブロック, issue 28): blocks.json imported into DmBlock (with the Hall of Fame, `manage.py
import_regulations`), and the engine's BlockList built from the rows and the set list's release dates.

blocks.json gives each block from 革命編 on in order: its block mark where a page states it (革命編, 革命ファイナル,
王道篇, 王道W and 逆札篇 have none in the pages read), the day it began and its boosters; sets.json's `block` field
assigns the same boosters (a set it assigns that blocks.json does not list is added to its block). Decks, special
packs and promos are in no block: whether they carry a mark is per product, so the rule treats them as not known
unless they came out before the blocks in question (games.dm.rules.legality.engine._blocks)."""

import json
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from types import MappingProxyType

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from cards.models import Set
from deckbuilder.cache import versioned_cache
from games.base import DataImportError
from games.dm.models import DmBlock
from games.dm.rules.legality import Block, BlockList
from regulations.models import Format
from regulations.selectors import data_version

# The set list's kind of the Taiwanese source's tournament lists: not products, so a printing there has no mark.
NOT_A_PRODUCT = "tournament deck list in the tw source (not a product)"


class BlockImportError(DataImportError):
    pass


@dataclass
class BlockImportReport:
    source: str
    blocks: int = 0
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    sets: int = 0
    without_mark: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        return {
            "source": self.source,
            "blocks": self.blocks,
            "created": self.created,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "removed": self.removed,
            "sets": self.sets,
            "without_mark": list(self.without_mark),
        }


def _load(source: str, what: str):
    try:
        return json.loads(Path(source).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BlockImportError(f"could not read {what} from {source}: {exc}") from exc


def block_rows(data, set_records) -> list[dict]:
    """The rows of blocks.json (validated, in order), with the boosters the set list assigns to them."""
    blocks = data.get("blocks") if isinstance(data, dict) else None
    if not isinstance(blocks, list) or not blocks:
        raise BlockImportError("expected an object with a non-empty 'blocks' list")
    rows: list[dict] = []
    for index, block in enumerate(blocks):
        if not isinstance(block, dict) or not isinstance(block.get("name_ja"), str) or not block["name_ja"]:
            raise BlockImportError(f"block {index}: expected an object with a name_ja")
        try:
            start = date.fromisoformat(block.get("start_date") or "")
        except (TypeError, ValueError):
            raise BlockImportError(f"block {index} ({block['name_ja']}): start_date is not YYYY-MM-DD") from None
        sets = block.get("sets") or []
        if not isinstance(sets, list) or not all(isinstance(code, str) and code for code in sets):
            raise BlockImportError(f"block {index} ({block['name_ja']}): sets is not a list of set codes")
        if rows and start <= rows[-1]["start_date"]:
            raise BlockImportError(f"block {index} ({block['name_ja']}): blocks must be in release order")
        rows.append(
            {
                "position": index,
                "name_ja": block["name_ja"],
                "name_en": str(block.get("name_en") or ""),
                "mark": block.get("mark") or None,
                "start_date": start,
                "sets": list(dict.fromkeys(sets)),
                "source": str(block.get("source") or ""),
                "mark_source": str(block.get("mark_source") or ""),
            }
        )
    by_name = {row["name_ja"]: row for row in rows}
    for record in set_records or ():
        name = record.get("block") if isinstance(record, dict) else None
        if name is None:
            continue
        row = by_name.get(name)
        if row is None:
            raise BlockImportError(f"set {record.get('code')!r}: block {name!r} is not in the block list")
        if record.get("code") not in row["sets"]:
            row["sets"].append(record["code"])
    return rows


_COLUMNS = ("position", "name_en", "mark", "start_date", "sets", "source", "mark_source")


def block_import(
    *, source: str | None = None, data: dict | None = None, set_records: list | None = None
) -> BlockImportReport:
    """Import (or re-import: idempotent) the blocks, in one transaction after every block is validated. The set
    list's `block` fields (settings.SET_DATA_SOURCE when `set_records` is not given and `data` is not either) add
    their sets. A change touches the Duel Masters formats, so that every process re-reads the blocks."""
    source = str(source or settings.BLOCK_DATA_SOURCE)
    if data is None:
        data = _load(source, "the blocks")
        if set_records is None and Path(settings.SET_DATA_SOURCE).exists():
            set_records = _load(settings.SET_DATA_SOURCE, "the set list")
    rows = block_rows(data, set_records)
    report = BlockImportReport(source=source, blocks=len(rows), sets=sum(len(row["sets"]) for row in rows))
    report.without_mark = tuple(row["name_ja"] for row in rows if row["mark"] is None)
    with transaction.atomic():
        existing = {block.name_ja: block for block in DmBlock.objects.select_for_update()}
        wanted = {row["name_ja"] for row in rows}
        stale = [block.pk for name, block in existing.items() if name not in wanted]
        report.removed = len(stale)
        DmBlock.objects.filter(pk__in=stale).delete()
        # Positions are unique: move the kept rows out of the way before writing the new ones.
        changed = [row for row in rows if _differs(existing.get(row["name_ja"]), row)]
        for row in changed:
            if row["name_ja"] in existing:
                DmBlock.objects.filter(name_ja=row["name_ja"]).update(position=1000 + row["position"])
        for row in changed:
            block = existing.get(row["name_ja"])
            if block is None:
                DmBlock.objects.create(**row)
                report.created += 1
            else:
                DmBlock.objects.filter(pk=block.pk).update(**{key: row[key] for key in _COLUMNS})
                report.updated += 1
        report.unchanged = len(rows) - len(changed)
        if changed or stale:
            Format.objects.filter(game="dm").update(updated_at=timezone.now())
    return report


def _differs(block: DmBlock | None, row: dict) -> bool:
    return block is None or any(getattr(block, key) != row[key] for key in _COLUMNS)


def block_report_log(report: BlockImportReport, *, log) -> None:
    log(
        f"{report.blocks} blocks from {report.source} ({report.sets} sets): {report.created} created, "
        f"{report.updated} updated, {report.unchanged} unchanged, {report.removed} removed"
    )
    if report.without_mark:
        log(f"no block mark known for: {', '.join(report.without_mark)}")


def block_list(*, version: tuple | None = None) -> BlockList | None:
    """The engine's blocks with every dated set's release (kept per data version), or None when none is imported."""
    return _block_list(data_version=version)


@versioned_cache(version=data_version, maxsize=4)
def _block_list(_version) -> BlockList | None:
    blocks = tuple(
        Block(
            name_ja=row.name_ja,
            name_en=row.name_en,
            mark=row.mark,
            start=row.start_date,
            sets=frozenset(row.sets),
        )
        for row in DmBlock.objects.order_by("position")
    )
    if not blocks:
        return None
    dated = Set.objects.filter(release_date__isnull=False).values_list("code", "release_date")
    dates = {code: released for code, released in dated if released is not None}
    not_products = frozenset(Set.objects.filter(kind=NOT_A_PRODUCT).values_list("code", flat=True))
    return BlockList(blocks=blocks, set_dates=MappingProxyType(dates), not_products=not_products)


def block_list_from_records(data: dict, set_records: list) -> BlockList:
    """The engine's blocks straight from the data files (blocks.json and sets.json records, the set dates read as
    the set import stores them), without a database: for counts over the full data."""
    from cards.services import set_record_fields

    rows = block_rows(data, set_records)
    blocks = tuple(
        Block(row["name_ja"], row["name_en"], row["mark"], row["start_date"], frozenset(row["sets"])) for row in rows
    )
    fields = [set_record_fields(index, record) for index, record in enumerate(set_records)]
    dates = {item["code"]: item["release_date"] for item in fields if item["release_date"] is not None}
    not_products = frozenset(item["code"] for item in fields if item["kind"] == NOT_A_PRODUCT)
    return BlockList(blocks=blocks, set_dates=MappingProxyType(dates), not_products=not_products)
