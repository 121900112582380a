"""Duel Masters' card effects for the goldfish engine: the import of `effects.json` (a service) and the read by
card (a selector).

The file is data derived by pattern from card text (see the data README): it is imported as it is, never edited in
code. The import is idempotent like the card import: a card whose effect list has the same hash is not written,
cards that left the file lose their row, and an invalid file changes nothing.
"""

import hashlib
import json
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

from django.db import transaction

from cards.models import Card
from games.dm.models import CardEffects

SUPPORTED_VERSIONS = (1,)


class EffectsImportError(Exception):
    """The effects file cannot be imported (unreadable, not the documented shape); nothing was changed."""


@dataclass(frozen=True)
class EffectsImportSummary:
    source: str
    total: int
    created: int
    updated: int
    unchanged: int
    deleted: int
    unknown_cards: int  # names the catalogue does not hold (imported cards only)


def _load(source: str) -> dict:
    scheme = urllib.parse.urlparse(source).scheme.lower()
    if scheme in ("http", "https"):
        from django.conf import settings

        from cards.services import CardImportError, _download

        try:
            raw = _download(source, settings.DATA_DOWNLOAD_MAX_BYTES)
        except CardImportError as exc:
            raise EffectsImportError(str(exc)) from exc
    else:
        path = Path(urllib.parse.urlparse(source).path if scheme == "file" else source)
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise EffectsImportError(f"cannot read {source}: {exc.strerror or exc}") from exc
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise EffectsImportError(f"{source} is not valid JSON: {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("cards"), dict):
        raise EffectsImportError(f"{source} must be an object with a `cards` object (name_ja -> effects)")
    if data.get("version") not in SUPPORTED_VERSIONS:
        raise EffectsImportError(f"{source}: unsupported version {data.get('version')!r}")
    for name, effects in data["cards"].items():
        if not isinstance(effects, list) or not all(isinstance(e, dict) and "kind" in e for e in effects):
            raise EffectsImportError(f"{source}: the effects of {name!r} must be a list of objects with a `kind`")
    return data


def _digest(effects: list) -> str:
    return hashlib.sha256(json.dumps(effects, ensure_ascii=False, sort_keys=True).encode()).hexdigest()


def card_effects_import(*, source: str) -> EffectsImportSummary:
    """Import every card's effect list (keyed by the catalogue's name_ja); run after the card import."""
    data = _load(source)
    version = int(data["version"])
    ids = dict(Card.objects.values_list("name_ja", "id"))
    existing = {
        card_id: (pk, digest) for pk, card_id, digest in CardEffects.objects.values_list("id", "card_id", "source_hash")
    }
    created, updated, unchanged, unknown = [], [], 0, 0
    seen: set[int] = set()
    for name, effects in data["cards"].items():
        card_id = ids.get(name)
        if card_id is None:
            unknown += 1
            continue
        seen.add(card_id)
        digest = _digest(effects)
        row = existing.get(card_id)
        if row is None:
            created.append(CardEffects(card_id=card_id, effects=effects, data_version=version, source_hash=digest))
        elif row[1] != digest:
            updated.append(
                CardEffects(id=row[0], card_id=card_id, effects=effects, data_version=version, source_hash=digest)
            )
        else:
            unchanged += 1
    stale = [pk for card_id, (pk, _) in existing.items() if card_id not in seen]
    with transaction.atomic():
        CardEffects.objects.bulk_create(created, batch_size=500)
        CardEffects.objects.bulk_update(updated, ["effects", "data_version", "source_hash"], batch_size=500)
        CardEffects.objects.filter(id__in=stale).delete()
    return EffectsImportSummary(
        source=source,
        total=len(data["cards"]),
        created=len(created),
        updated=len(updated),
        unchanged=unchanged,
        deleted=len(stale),
        unknown_cards=unknown,
    )


def card_effects_by_card(*, card_ids: list[int]) -> dict[int, list[dict]]:
    """Card id -> its effect list (cards without effects are absent)."""
    return dict(CardEffects.objects.filter(card_id__in=card_ids).values_list("card_id", "effects"))
