"""Duel Masters' Hall of Fame import (`manage.py import_regulations`, through games.registry `list_import`): the dated
events of hall_of_fame.json, each entry matched to a card identity.

Matching, in order: the data's own match (`card_key`, `combo_pairs_card_keys`: a cards.json `name_ja`); else the
listed names, which can differ from card names (no ruby reading, other spacing, faces joined with '/', a face
shared by several cards standing for the one card that was listed). An entry that matches no card is kept with
its normalised listed name as key (so a card of that exact name is still caught) and reported by name.
"""

import hashlib
import json
import re
import unicodedata
import urllib.parse
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from django.conf import settings
from django.db import transaction

from cards.models import Card, CardFace
from cards.names import name_key
from games.base import DataImportError
from games.dm.catalogue import CARD_GAME as CATALOGUE_GAME
from games.dm.rules.vocabulary import RegulationStatus
from regulations.models import Format, RegulationEvent, RegulationEventCard

_RUBY = re.compile(r"[（(][^（）()]*[）)]")
_SPACES = re.compile(r"\s+")
_BRACKETS = re.compile(r"[《》]")
_STATUSES = {status.value for status in RegulationStatus}


class RegulationImportError(DataImportError):
    pass


@dataclass
class ImportReport:
    source: str
    format: str
    events: int = 0
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    entries: int = 0
    matched: int = 0
    matched_by: Counter = field(default_factory=Counter)
    unmatched: list[str] = field(default_factory=list)  # listed names that match no card (unique, in file order)

    def as_dict(self) -> dict:
        return {
            "source": self.source,
            "format": self.format,
            "events": self.events,
            "created": self.created,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "removed": self.removed,
            "entries": self.entries,
            "matched": self.matched,
            "matched_by": dict(self.matched_by),
            "unmatched": self.unmatched,
        }


def regulation_data_load(*, source: str) -> dict:
    scheme = urllib.parse.urlparse(source).scheme.lower()
    limit = settings.DATA_DOWNLOAD_MAX_BYTES
    try:
        if scheme in ("http", "https"):
            request = urllib.request.Request(source, headers={"User-Agent": "deckbuilder-import/1"})
            with urllib.request.urlopen(request, timeout=60) as response:  # noqa: S310 (http(s) only)
                raw = response.read(limit + 1)
            if len(raw) > limit:
                raise RegulationImportError(f"{source} is larger than the limit of {limit} bytes")
        elif scheme in ("", "file") or len(scheme) == 1:
            raw = Path(urllib.parse.urlparse(source).path if scheme == "file" else source).read_bytes()
        else:
            raise RegulationImportError(f"unsupported source {source!r}: give a file path or an http(s) URL")
        data = json.loads(raw)
    except OSError as exc:
        raise RegulationImportError(f"cannot read {source}: {exc}") from exc
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RegulationImportError(f"{source} is not valid JSON: {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("events"), list):
        raise RegulationImportError(f"{source} must be an object with an 'events' list")
    return data


def loose_key(name: str) -> str:
    """Lookup key for list names: width, case, spaces, 《》 and ruby readings ignored."""
    text = unicodedata.normalize("NFKC", _BRACKETS.sub("", name))
    text = _RUBY.sub("", text)
    return _SPACES.sub("", text).casefold()


class CardMatcher:
    """Name -> card identities over the whole catalogue, built once per import."""

    def __init__(self):
        self.by_name: dict[str, Card] = {}
        self.by_key: dict[str, set[int]] = {}
        self.by_loose: dict[str, set[int]] = {}
        self.by_face: dict[str, set[int]] = {}
        self.cards: dict[int, Card] = {}
        # The Hall of Fame names Duel Masters cards: another game's cards are no candidates.
        for card in Card.objects.filter(game=CATALOGUE_GAME).only("id", "name_ja", "name_en", "name_key"):
            self.cards[card.id] = card
            self.by_name[card.name_ja] = card
            self.by_key.setdefault(card.name_key, set()).add(card.id)
            self.by_loose.setdefault(loose_key(card.name_ja), set()).add(card.id)
            if card.name_en:
                self.by_loose.setdefault(loose_key(card.name_en), set()).add(card.id)
        faces = CardFace.objects.filter(card__game=CATALOGUE_GAME)
        for card_id, face_name, face_en in faces.values_list("card_id", "name_ja", "name_en"):
            for value in (face_name, face_en):
                if value:
                    self.by_face.setdefault(loose_key(value), set()).add(card_id)

    def by_card_key(self, key: str | None) -> Card | None:
        if not key:
            return None
        card = self.by_name.get(key)
        if card is None:
            ids = self.by_key.get(name_key(key), set())
            card = self.cards[next(iter(ids))] if len(ids) == 1 else None
        return card

    def candidates(self, name: str) -> tuple[set[int], str]:
        ids = self.by_key.get(name_key(name))
        if ids:
            return set(ids), "name"
        ids = self.by_loose.get(loose_key(name))
        if ids:
            return set(ids), "loose_name"
        ids = self.by_face.get(loose_key(name))
        if ids:
            return set(ids), "face"
        return set(), ""

    def match_names(self, names: list[str]) -> tuple[Card | None, str]:
        """One card for the names an entry lists (faces of one card; a shared face narrows down with the others)."""
        names = [n for n in names if n and n.strip()]
        if len(names) > 1:  # a twinpact or double-faced card written as its faces joined with '/'
            ids, how = self.candidates("/".join(names))
            if len(ids) == 1:
                return self.cards[next(iter(ids))], how
        found = [self.candidates(n) for n in names]
        sets = [ids for ids, _how in found if ids]
        if not sets:
            return None, ""
        common = set.intersection(*sets)
        if len(common) == 1:
            how = "faces" if len(sets) > 1 else next(h for i, h in found if i)
            return self.cards[next(iter(common))], how
        singles = {next(iter(ids)) for ids in sets if len(ids) == 1}
        if len(singles) == 1:
            return self.cards[next(iter(singles))], "faces"
        return None, ""


def _split(raw: str) -> list[str]:
    inner = re.findall(r"《([^》]+)》", raw)
    return inner or [part for part in re.split(r"[/／]", raw) if part.strip()]


def _natural_key(fmt: Format, event: dict, position: int) -> str:
    ident = json.dumps(
        [fmt.code, event.get("effective_date"), event.get("raw_name_ja"), event.get("from"), event.get("to"), position],
        ensure_ascii=False,
    )
    return hashlib.sha256(ident.encode()).hexdigest()


def _parse_date(value, index: int) -> date:
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        raise RegulationImportError(f"event {index}: effective_date {value!r} is not YYYY-MM-DD") from None


def regulation_import(*, source: str | None = None, data: dict | None = None, format_code: str | None = None):
    """Import (or re-import: idempotent) the dated events. Events without a format go to `format_code`
    (default: the Hall of Fame list is the `advance` list, see docs/legality.md)."""
    source = source or settings.REGULATION_DATA_SOURCE
    if data is None:
        data = regulation_data_load(source=str(source))
    default_format = format_code or "advance"
    formats = {fmt.code: fmt for fmt in Format.objects.filter(game="dm")}  # the Hall of Fame data is Duel Masters'
    if default_format not in formats:
        raise RegulationImportError(f"unknown format {default_format!r}")
    matcher = CardMatcher()
    report = ImportReport(source=str(source), format=default_format)
    unmatched: dict[str, None] = {}
    planned = []
    for index, event in enumerate(data["events"]):
        if not isinstance(event, dict):
            raise RegulationImportError(f"event {index} is not an object")
        fmt_code = event.get("format") or default_format
        fmt = formats.get(fmt_code)
        if fmt is None:
            raise RegulationImportError(f"event {index}: unknown format {fmt_code!r}")
        kind = event.get("kind")
        to = event.get("to")
        if kind not in ("card", "combo") or to not in _STATUSES:
            raise RegulationImportError(f"event {index}: kind {kind!r} / status {to!r} not understood")
        if event.get("from") is not None and event["from"] not in _STATUSES:
            raise RegulationImportError(f"event {index}: status {event['from']!r} not understood")
        rows: list[tuple[int | None, int, str, Card | None, str]] = []  # (pair, side, name as listed, card, how)
        raw = str(event.get("raw_name_ja") or "")
        if kind == "card":
            names = event.get("names_ja") or _split(raw)
            card = matcher.by_card_key(event.get("card_key"))
            how = "card_key" if card else ""
            if card is None:
                card, how = matcher.match_names(names)
            listed = "/".join(names) or raw
            rows.append((None, 0, listed, card, how))
        else:
            pairs = event.get("combo_pairs_ja") or []
            keys = event.get("combo_pairs_card_keys") or []
            for pair_index, pair in enumerate(pairs):
                for side, listed in enumerate(pair[:2]):
                    key = keys[pair_index][side] if pair_index < len(keys) and side < len(keys[pair_index]) else None
                    card = matcher.by_card_key(key)
                    how = "card_key" if card else ""
                    if card is None:
                        card, how = matcher.match_names(_split(listed) if "《" in listed else listed.split("/"))
                    rows.append((pair_index, side, listed, card, how))
        for _pair, _side, listed, card, _how in rows:
            report.entries += 1
            if card is None:
                unmatched.setdefault(listed, None)
            else:
                report.matched += 1
                report.matched_by[_how] += 1
        planned.append((index, event, fmt, kind, rows))
    report.events = len(planned)
    report.unmatched = list(unmatched)

    with transaction.atomic():
        existing = {
            e.natural_key: e
            for e in RegulationEvent.objects.filter(format__in=formats.values()).prefetch_related("cards")
        }
        keep = set()
        for index, event, fmt, kind, rows in planned:
            natural = _natural_key(fmt, event, index)
            keep.add(natural)
            fields = {
                "format": fmt,
                "effective_date": _parse_date(event.get("effective_date"), index),
                "kind": kind,
                "status_from": event.get("from"),
                "status_to": event["to"],
                "listed_name": str(event.get("raw_name_ja") or "")[:500],
                "on_release": bool(event.get("on_release")),
                "source": str(event.get("source") or "")[:255],
                "position": index,
            }
            new_rows = [
                (pair, side, listed[:500], card.id if card else None, card.name_key if card else name_key(listed), how)
                for pair, side, listed, card, how in rows
            ]
            current = existing.get(natural)
            if current is not None:
                same_fields = all(getattr(current, k) == v for k, v in fields.items() if k != "format")
                old_rows = [
                    (r.pair, r.side, r.listed_name, r.card_id, r.name_key, r.matched_by) for r in current.cards.all()
                ]
                if same_fields and old_rows == new_rows:
                    report.unchanged += 1
                    continue
                for k, v in fields.items():
                    setattr(current, k, v)
                current.save()
                current.cards.all().delete()
                target = current
                report.updated += 1
            else:
                target = RegulationEvent.objects.create(natural_key=natural, **fields)
                report.created += 1
            RegulationEventCard.objects.bulk_create(
                RegulationEventCard(
                    event=target,
                    pair=pair,
                    side=side,
                    listed_name=listed,
                    card_id=card_id,
                    name_key=key,
                    matched_by=how,
                )
                for pair, side, listed, card_id, key, how in new_rows
            )
        touched = {item[2].id for item in planned}
        stale = [e.id for key, e in existing.items() if key not in keep and e.format_id in touched]
        if stale:
            report.removed = len(stale)
            RegulationEvent.objects.filter(id__in=stale).delete()
    return report


def report_log(report: ImportReport, *, log) -> None:
    """The import's summary, line by line (the command's output without --json)."""
    log(
        f"{report.events} events from {report.source} ({report.format}): {report.created} created, "
        f"{report.updated} updated, {report.unchanged} unchanged, {report.removed} removed"
    )
    by = ", ".join(f"{how or '?'} {n}" for how, n in sorted(report.matched_by.items()))
    log(f"{report.matched} of {report.entries} listed cards matched ({by})")
    if report.unmatched:
        log(f"{len(report.unmatched)} listed names match no card (kept by name):")
        for name in report.unmatched:
            log(f"  {name}")
