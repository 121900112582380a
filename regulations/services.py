"""Legality checks (interface 3) and the Hall of Fame import.

`legality_report` resolves the decklist's cards (the catalogue's resolver), loads the regulation in force for the
format, date and overlay, runs the pure engine and returns a JSON-ready report.
"""

from dataclasses import dataclass, field, replace
from datetime import date

from django.utils import timezone

from cards.names import name_key as normalise_name
from dmrules.decklist import Decklist
from dmrules.legality import CardRef, DeckInput, StartSet, Unresolved, check_deck, load_start_set_table
from dmrules.legality.engine import LegalityReport
from dmrules.vocabulary import DeckZone
from regulations.selectors import (
    UnknownFormat,
    UnknownOverlay,
    data_version,
    format_get,
    format_rules_from,
    overlay_get,
    overlay_regulation,
    regulation_in_force,
)

__all__ = ["UnknownFormat", "UnknownOverlay", "legality_report", "legality_reports", "LegalityContext"]

_COUNTED = (DeckZone.MAIN, DeckZone.HYPERSPATIAL, DeckZone.GR)


def _get_resolver():
    from cards.resolver import get_resolver

    return get_resolver()


@dataclass(frozen=True)
class LegalityContext:
    """Everything a check needs besides the deck: built once, reused for every deck of a batch."""

    format_rules: object
    regulation: object
    as_of: date
    overlay: dict | None
    start_sets: tuple[StartSet, ...]
    resolver: object
    # Resolutions by written name: one batch of decklists repeats the same names many times.
    resolutions: dict = field(default_factory=dict, compare=False)

    def resolve(self, written):
        resolution = self.resolutions.get(written)
        if resolution is None:
            resolution = self.resolver.resolve(written)
            if len(self.resolutions) < 20_000:
                self.resolutions[written] = resolution
        return resolution


_start_set_cache: list = [None, ()]  # [resolver, its start sets]


def _start_sets(resolver) -> tuple[StartSet, ...]:
    """The 100.5 set table with member names turned into name keys (by the resolver; else the normalised name)."""
    if _start_set_cache[0] is resolver:
        return _start_set_cache[1]
    sets = []
    for entry in load_start_set_table():
        members = {}
        for member in entry["members"]:
            resolution = resolver.resolve(member["name"])
            key = resolution.card.name_key if resolution.status == "ok" else normalise_name(member["name"])
            members[key] = member.get("physical_cards", 1)
        sets.append(StartSet(id=entry["id"], name=entry["name"], members=members))
    result = tuple(sets)
    _start_set_cache[:] = [resolver, result]
    return result


def legality_context(*, format_code: str = "advance", as_of: date | None = None, overlay_id: str | None = None):
    """Raises UnknownFormat / UnknownOverlay (workflow errors)."""
    as_of = as_of or timezone.localdate()
    overlay_info = None
    resolver = _get_resolver()
    # The resolver is rebuilt when the catalogue changes: the list's name keys are re-read with it.
    version = (*data_version(), id(resolver))
    if overlay_id:
        overlay = overlay_get(overlay_id=overlay_id)
        fmt = overlay.base_format  # an overlay names its own base format
    else:
        overlay = None
        fmt = format_get(code=format_code, version=version)
    in_force = regulation_in_force(format_code=fmt.code, as_of=as_of, version=version)
    regulation = in_force.regulation
    rules = format_rules_from(fmt)
    if overlay is not None:
        regulation, overlay_info = overlay_regulation(overlay=overlay, base=regulation)
        rules = replace(rules, hall_of_fame=True)  # the organiser's statuses apply even over `unrestricted`
    return LegalityContext(
        format_rules=rules,
        regulation=regulation,
        as_of=as_of,
        overlay=overlay_info,
        start_sets=_start_sets(resolver),
        resolver=resolver,
    )


def _candidate(candidate) -> dict:
    return {"id": candidate.id, "name_ja": candidate.name_ja, "name_en": candidate.name_en}


def report_for(decklist: Decklist, context: LegalityContext, *, include_lines: bool = True) -> dict:
    """One deck against a prepared context (`include_lines=False` leaves out the per-line resolution list)."""
    zones: dict[DeckZone, list] = {zone: [] for zone in _COUNTED}
    unresolved: list[Unresolved] = []
    lines = []
    for line in decklist.lines:
        resolution = context.resolve(line.card)
        card = resolution.card
        if include_lines:
            lines.append(
                {
                    "line": line.line,
                    "zone": line.zone.value,
                    "written": str(line.card),
                    "count": line.count,
                    "status": resolution.status,
                    "card": {"id": card.id, "name_ja": card.name_ja, "name_en": card.name_en} if card else None,
                    "candidates": [_candidate(c) for c in resolution.candidates],
                }
            )
        if line.zone not in zones:  # "considering" never counts for legality
            continue
        if resolution.status == "ok" and card is not None:
            zones[line.zone].append((card, line.count))
        else:
            unresolved.append(
                Unresolved(
                    zone=line.zone,
                    written=str(line.card),
                    count=line.count,
                    ambiguous=resolution.status == "ambiguous",
                    candidates=tuple(CardRef(c.id, c.name_ja) for c in resolution.candidates[:5]),
                )
            )
    deck = DeckInput(
        main=tuple(zones[DeckZone.MAIN]),
        hyperspatial=tuple(zones[DeckZone.HYPERSPATIAL]),
        gr=tuple(zones[DeckZone.GR]),
        unresolved=tuple(unresolved),
    )
    report = check_deck(
        deck, format_rules=context.format_rules, regulation=context.regulation, start_sets=context.start_sets
    )
    return report_to_dict(report, context=context, lines=lines if include_lines else None, decklist=decklist)


def report_to_dict(report: LegalityReport, *, context: LegalityContext, lines: list | None, decklist: Decklist) -> dict:
    errors = [{"line": e.line, "text": e.text, "message": e.message} for e in decklist.errors]
    regulation = context.regulation
    out = {
        # An unreadable line may hide a card: such a deck is never vouched for.
        "legal": report.legal and not errors,
        "buildable": report.buildable and not errors,
        "format": report.format_code,
        "as_of": context.as_of.isoformat(),
        "overlay": jsonable(context.overlay),
        "regulation": {
            "label": regulation.label,
            "effective_date": regulation.effective_date.isoformat() if regulation.effective_date else None,
        }
        if report.regulation_label is not None and regulation is not None
        else None,
        "deck_hash": report.deck_hash,
        "counts": report.counts,
        "violations": [item.as_dict() for item in report.violations],
        "warnings": [item.as_dict() for item in report.warnings],
        "lines": lines,
        "errors": errors,
    }
    if lines is None:
        del out["lines"]
    return out


def jsonable(info: dict | None) -> dict | None:
    if info is None:
        return None
    return {key: value.isoformat() if isinstance(value, date) else value for key, value in info.items()}


def legality_report(
    *, decklist: Decklist, format_code: str = "advance", as_of: date | None = None, overlay_id: str | None = None
) -> dict:
    """Interface 3: the legality report of one decklist. Raises UnknownFormat / UnknownOverlay."""
    context = legality_context(format_code=format_code, as_of=as_of, overlay_id=overlay_id)
    return report_for(decklist, context)


def legality_reports(
    *, decklists: list[Decklist], format_code: str = "advance", as_of: date | None = None, overlay_id: str | None = None
) -> list[dict]:
    """Many decklists under one format/date/overlay (the batch endpoint): the context is built once."""
    context = legality_context(format_code=format_code, as_of=as_of, overlay_id=overlay_id)
    return [report_for(decklist, context) for decklist in decklists]
