"""Deck writes, the ORM -> engine conversion, statistics, legality and export.

Every write runs in one transaction and is an optimistic-concurrency write: the caller passes the version it
read (`if_match`, the API's ETag) and the service performs `UPDATE deck SET version = version + 1 ... WHERE id = ..
AND version = <if_match>`. Zero rows updated means someone else wrote first: `VersionConflict`, nothing written.
Because the check is the UPDATE itself, two writers holding the same version can never both succeed (PostgreSQL:
the second UPDATE waits for the first's row lock and then re-checks the WHERE; SQLite: writers are serialised by
BEGIN IMMEDIATE, see settings).
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.db import transaction
from django.db.models import F
from django.template.loader import render_to_string
from django.utils import timezone

from api.codes import ApplicationError, ErrorCode
from decks.models import Deck, DeckEntry, DeckVersion, DeckVisibility
from decks.selectors import (
    deck_entries,
    deck_get_owned,
    deck_get_visible,
    deck_version_get,
    snapshot_game,
    zone_order,
)
from games import registry
from games.base import LineStatus, error_row
from regulations.decklists import copies_check, decklist_copies

# A decklist is its game's own object (games.registry): the core reads only its `lines` and `errors`.
Decklist = Any


class PreconditionRequired(ApplicationError):
    """A write without If-Match."""

    def __init__(self):
        message = 'This write needs an If-Match header with the deck version (ETag), e.g. If-Match: "3".'
        super().__init__(ErrorCode.PRECONDITION_REQUIRED, message)


class VersionConflict(ApplicationError):
    """If-Match is not the deck's current version; nothing was written. The answer carries the current ETag."""

    def __init__(self, current_version: int):
        super().__init__(
            ErrorCode.VERSION_CONFLICT,
            "The deck was changed since you read it; reload it and apply your change again. Nothing was written.",
            {"current_version": current_version},
            headers={"ETag": f'"{current_version}"'},
        )
        self.current_version = current_version


class DecklistRejected(ApplicationError):
    """Some lines of a decklist could not be read or resolved; nothing was written."""

    def __init__(self, lines: list[dict]):
        message = "Some lines of the decklist could not be read or matched to a card; nothing was written."
        super().__init__(ErrorCode.DECKLIST_UNRESOLVED, message, {"lines": lines})
        self.lines = lines


class DeckNotCopyable(ApplicationError):
    """Only public decks (or one's own) can be copied."""

    def __init__(self):
        super().__init__(ErrorCode.PERMISSION_DENIED, "Only public decks can be copied.")


# --- resolving a decklist into entries ---------------------------------------------------------------------


@dataclass
class ResolvedDecklist:
    counts: dict[tuple[str, int], int] = field(default_factory=dict)  # (zone, card id) -> quantity
    lines: list[dict] = field(default_factory=list)  # one status per input line, in input order

    @property
    def rejected_lines(self) -> list[dict]:
        return [line for line in self.lines if line["status"] in _REJECTED]


_REJECTED = (LineStatus.UNKNOWN.value, LineStatus.AMBIGUOUS.value, "error")


def decklist_resolve(*, decklist, game: str | None = None) -> ResolvedDecklist:
    """Resolve every line to a card identity (the game's `read_decklist`; Duel Masters': games.dm.resolver
    .decklist_read, where a card written in another zone than its own goes to its own zone, `moved`).

    Line statuses: card, heading, ignored, unknown (with `candidates`, closest first), ambiguous (with every
    match as `candidates`), error (a count out of range)."""
    result = ResolvedDecklist()
    for row in registry.get(game).read_decklist(decklist):
        if row.status == LineStatus.CARD and row.card_id is not None and row.zone is not None:
            key = (row.zone, row.card_id)
            result.counts[key] = result.counts.get(key, 0) + (row.count or 0)
        result.lines.append(row.json)
    for error in decklist.errors:
        result.lines.append(error_row(error))
    result.lines.sort(key=lambda row: row["line"] or 0)
    return result


def _write_entries(deck: Deck, counts: dict[tuple[str, int], int]) -> None:
    copies_check(sum(counts.values()))  # also an adding import: the deck's copies after it
    DeckEntry.objects.filter(deck=deck).delete()
    DeckEntry.objects.bulk_create(
        DeckEntry(deck=deck, zone=zone, card_id=card_id, quantity=quantity)
        for (zone, card_id), quantity in sorted(counts.items())
    )


def _entry_counts(deck: Deck) -> dict[tuple[str, int], int]:
    return {(e.zone, e.card_id): e.quantity for e in DeckEntry.objects.filter(deck=deck)}


def deck_snapshot(*, deck: Deck) -> dict:
    """The JSON form of a deck's current state, as stored in a version and in a tournament registration."""
    entries: dict[str, list[dict]] = {zone: [] for zone in zone_order(deck.game)}
    for entry in deck_entries(deck=deck):
        entries[entry.zone].append({"card_id": entry.card_id, "name_ja": entry.card.name_ja, "count": entry.quantity})
    snapshot = {
        "name": deck.name,
        "description": deck.description,
        "format": deck.format_code,
        "visibility": deck.visibility,
        "entries": entries,
    }
    if deck.game != registry.DEFAULT_GAME:
        # Another game's deck says so; a Duel Masters snapshot keeps the form stored versions and registrations
        # (and the signed audit entries over them) always had.
        snapshot["game"] = deck.game
    return snapshot


def snapshot_canonical_hash(snapshot: dict) -> str:
    """The deck hash (the game's; Duel Masters': games.dm.rules.deck_hash) of a snapshot's registrable zones: names,
    order and unregistered zones do not change it, so two identical registrations hash alike."""
    return registry.get(snapshot_game(snapshot)).deck_hash(
        (zone, row["card_id"], row["count"]) for zone, rows in snapshot.get("entries", {}).items() for row in rows
    )


def _version_create(*, deck: Deck, author, note: str = "", session: str = "") -> DeckVersion:
    """The deck's new version; a save of the editing session that wrote the previous version replaces that version
    (one version per session: the autosaving editor saves every change)."""
    if session:
        previous = DeckVersion.objects.filter(deck=deck, number=deck.version - 1).first()
        if previous is not None and previous.session == session and previous.author_id == getattr(author, "id", None):
            previous.delete()
    return DeckVersion.objects.create(
        deck=deck,
        number=deck.version,
        snapshot=deck_snapshot(deck=deck),
        author=author,
        note=note[:200],
        session=session[:64],
    )


def _resolve_strict(decklist: Decklist, game: str | None = None) -> ResolvedDecklist:
    copies_check(decklist_copies(decklist))  # before the names are resolved: refusing a huge list costs nothing
    resolved = decklist_resolve(decklist=decklist, game=game)
    if resolved.rejected_lines:
        raise DecklistRejected(resolved.lines)
    return resolved


def _check_format(format_code: str | None, game: str | None = None) -> None:
    """A deck's format must be one of its game's (raises UNKNOWN_FORMAT, a workflow error: API 400)."""
    if format_code is not None:
        registry.get(game).format_check(format_code)


def deck_game(deck_id: int) -> str:
    """The game of a deck about to be written: its decklist is resolved with the game's reader before the write's
    transaction (a missing deck is reported by the write itself)."""
    return Deck.objects.filter(id=deck_id).values_list("game", flat=True).first() or registry.DEFAULT_GAME


def deck_create(
    *,
    owner,
    name: str,
    format_code: str | None = None,
    visibility: str = DeckVisibility.PRIVATE.value,
    description: str = "",
    decklist: Decklist | None = None,
    game: str | None = None,
) -> Deck:
    """A new deck of `game` (default Duel Masters) at version 1, in the game's default format unless `format_code`
    is given. Raises DecklistRejected when a line is unreadable, unknown or ambiguous; UNKNOWN_GAME for a game that
    is not registered."""
    the_game = registry.get(game)
    format_code = format_code or the_game.default_format
    _check_format(format_code, the_game.code)
    counts = _resolve_strict(decklist, the_game.code).counts if decklist is not None else {}
    return _deck_insert(
        game=the_game.code,
        owner=owner,
        name=name,
        description=description,
        format_code=format_code,
        visibility=visibility,
        counts=counts,
    )


def _deck_insert(*, game, owner, name, description, format_code, visibility, counts, copied_from=None) -> Deck:
    with transaction.atomic():
        deck = Deck.objects.create(
            game=game,
            owner=owner,
            name=name,
            description=description,
            format_code=format_code,
            visibility=DeckVisibility(visibility).value,
            copied_from=copied_from,
        )
        _write_entries(deck, counts)
        _version_create(deck=deck, author=owner, note=f"copied from deck {copied_from.id}" if copied_from else "")
    return deck


def _conditional_bump(*, deck: Deck, if_match: int | None, **fields) -> None:
    """The concurrency check, inside the write: bump the version only where it still is `if_match`."""
    if if_match is None:
        raise PreconditionRequired()
    updated = Deck.objects.filter(id=deck.id, version=if_match).update(
        version=F("version") + 1, updated_at=timezone.now(), **fields
    )
    if updated != 1:
        current = Deck.objects.filter(id=deck.id).values_list("version", flat=True).first() or 0
        raise VersionConflict(current)
    deck.refresh_from_db()


def deck_update(
    *,
    deck_id: int,
    user,
    if_match: int | None,
    name: str | None = None,
    description: str | None = None,
    format_code: str | None = None,
    visibility: str | None = None,
    decklist: Decklist | None = None,
    note: str = "",
    session: str = "",
) -> Deck:
    """Change fields and/or replace the entries (when `decklist` is given); a new version either way (replacing the
    previous one when both come from the same editing `session`)."""
    if if_match is None:
        raise PreconditionRequired()
    game = deck_game(deck_id)
    _check_format(format_code, game)
    counts = _resolve_strict(decklist, game).counts if decklist is not None else None
    fields = {
        key: value
        for key, value in {
            "name": name,
            "description": description,
            "format_code": format_code,
            "visibility": DeckVisibility(visibility).value if visibility is not None else None,
        }.items()
        if value is not None
    }
    with transaction.atomic():
        deck = deck_get_owned(deck_id=deck_id, user=user)
        _conditional_bump(deck=deck, if_match=if_match, **fields)
        if counts is not None:
            _write_entries(deck, counts)
        _version_create(deck=deck, author=user, note=note, session=session)
    return deck


def deck_import(
    *, deck_id: int, user, if_match: int | None, decklist: Decklist, replace: bool = True, note: str = "import"
) -> tuple[Deck, list[dict]]:
    """Import a decklist into a deck (replacing or adding to the entries); every line gets a status.

    Nothing is lost: an import with an unknown, ambiguous or unreadable card line is refused as a whole
    (DecklistRejected, with every line's status) until the user resolves or removes those lines. The deck is not
    changed (and no version is written) when no line is a card."""
    if if_match is None:
        raise PreconditionRequired()
    resolved = _resolve_strict(decklist, deck_game(deck_id))
    with transaction.atomic():
        deck = deck_get_owned(deck_id=deck_id, user=user)
        if not resolved.counts:
            if deck.version != if_match:
                raise VersionConflict(deck.version)
            return deck, resolved.lines
        counts = {} if replace else _entry_counts(deck)
        for key, quantity in resolved.counts.items():
            counts[key] = counts.get(key, 0) + quantity
        _conditional_bump(deck=deck, if_match=if_match)
        _write_entries(deck, counts)
        _version_create(deck=deck, author=user, note=note)
    return deck, resolved.lines


CARD_PAGE_NOTE = "added from a card page"  # a version note (shown through web.i18n.server_message)


def deck_cards_add(*, deck_id: int, user, if_match: int | None, card_id: int, zone: str, count: int) -> Deck:
    """Add `count` copies of one card to a deck's entries (a card page's "add to a deck"): an adding import of one
    line, so the same If-Match check, zone rule (a card written outside its own zone goes to it, except in the
    considering list) and version history as every other write. Raises DecklistRejected for an unknown card."""
    game = registry.get(deck_game(deck_id))
    if not game.has_zone(zone):
        raise ApplicationError(ErrorCode.INVALID_ZONE, f"Not a zone of a {game.name_en} deck.", {"zone": str(zone)})
    deck, _ = deck_import(
        deck_id=deck_id,
        user=user,
        if_match=if_match,
        decklist=game.decklist([(zone, card_id, count)]),
        replace=False,
        note=CARD_PAGE_NOTE,
    )
    return deck


def deck_delete(*, deck_id: int, user, if_match: int | None) -> None:
    if if_match is None:
        raise PreconditionRequired()
    with transaction.atomic():
        deck = deck_get_owned(deck_id=deck_id, user=user)
        deleted, _ = Deck.objects.filter(id=deck.id, version=if_match).delete()
        if not deleted:
            raise VersionConflict(Deck.objects.filter(id=deck.id).values_list("version", flat=True).first() or 0)


def deck_version_restore(*, deck_id: int, user, if_match: int | None, number: int) -> Deck:
    """Restore the entries and fields of version `number` as a NEW version (history is never rewritten)."""
    if if_match is None:
        raise PreconditionRequired()
    with transaction.atomic():
        deck = deck_get_owned(deck_id=deck_id, user=user)
        snapshot = deck_version_get(deck=deck, number=number).snapshot
        counts = {
            (zone, row["card_id"]): row["count"] for zone, rows in snapshot.get("entries", {}).items() for row in rows
        }
        _conditional_bump(
            deck=deck,
            if_match=if_match,
            name=snapshot.get("name", deck.name),
            description=snapshot.get("description", deck.description),
            format_code=snapshot.get("format", deck.format_code),
        )
        _write_entries(deck, counts)
        _version_create(deck=deck, author=user, note=f"restored version {number}")
    return deck


def deck_copy(*, deck_id: int, user, name: str | None = None) -> Deck:
    """Copy a public deck (or one's own) into the caller's decks, private, at version 1."""
    source = deck_get_visible(deck_id=deck_id, user=user)
    if source.visibility != DeckVisibility.PUBLIC.value and source.owner_id != user.id:
        raise DeckNotCopyable()
    return _deck_insert(
        game=source.game,
        owner=user,
        name=(name or f"{source.name} (copy)")[:120],
        description=source.description,
        format_code=source.format_code,
        visibility=DeckVisibility.PRIVATE.value,
        counts=_entry_counts(source),
        copied_from=source,
    )


# --- the one ORM -> engine conversion ----------------------------------------------------------------------


def _card_id(row: dict) -> int:
    return row["card_id"]


def snapshot_to_decklist(
    snapshot: dict, *, zones: Iterable[str] | None = None, card: Callable[[dict], str | int] = _card_id
) -> Decklist:
    """A stored deck (a deck's snapshot, a version, a registration) as its game's engines' input: one line per entry,
    zone by zone in `zones` order (by default every zone of the game, unregistered ones included: engines ignore
    them). `card(row)` writes the card: its id by default (a name for an export)."""
    game = registry.get(snapshot_game(snapshot))
    entries = snapshot.get("entries") or {}
    return game.decklist(
        (zone, card(row), row["count"])
        for zone in (zones if zones is not None else game.zone_codes())
        for row in entries.get(zone, [])
    )


def deck_to_decklist(deck: Deck) -> Decklist:
    """The deck as the engines see it: card ids per zone."""
    return snapshot_to_decklist(deck_snapshot(deck=deck))


def deck_legality(
    *, deck: Deck, as_of: date | None = None, format_code: str | None = None, overlay_id: str | None = None
) -> dict:
    """The deck's game's legality report for the deck (raises UNKNOWN_FORMAT / UNKNOWN_OVERLAY)."""
    return registry.get(deck.game).legality_report(
        decklist=deck_to_decklist(deck),
        format_code=format_code or deck.format_code,
        as_of=as_of or timezone.localdate(),
        overlay_id=overlay_id,
    )


# --- statistics ------------------------------------------------------------------------------------------


def deck_stats(deck: Deck) -> dict | None:
    """The deck's game's statistics as the API gives them (Duel Masters': zone counts, the mana curve, civilization
    and type distributions, shield triggers); None for a game without statistics."""
    return registry.get(deck.game).editor.deck_statistics(
        (entry.card_id, entry.zone, entry.quantity) for entry in deck_entries(deck=deck)
    )


# --- export ------------------------------------------------------------------------------------------------


def _named_decklist(deck: Deck) -> Decklist:
    return snapshot_to_decklist(deck_snapshot(deck=deck), card=lambda row: row["name_ja"])


def deck_export_text(deck: Deck, *, japanese: bool = False) -> str:
    """A text decklist (`# main` sections, `4 name`) that the importer and the legality CLI read back; `japanese`
    writes the zones' Japanese names as the headings (`# メインデッキ`), which they read back as well."""
    game = registry.get(deck.game)
    headings = {zone.code: zone.name_ja for zone in game.zones} if japanese else None
    return game.decklist_to_text(_named_decklist(deck), headings=headings)


def deck_export_game(deck: Deck, kind: str) -> tuple[str, str, str] | None:
    """(body, content type, file extension) of one of the deck's game's own export formats (a .ydk), or None."""
    game = registry.get(deck.game)
    if kind not in game.export_kinds:
        return None
    content_type, extension = game.export_kinds[kind]
    return game.decklist_export(kind, deck_to_decklist(deck)), content_type, extension


def deck_export_json(deck: Deck) -> dict:
    """The decklist JSON of the legality API, plus the card id of every entry (readers ignore extra keys)."""
    data = registry.get(deck.game).decklist_to_json(_named_decklist(deck))
    ids = {(e.zone, e.card.name_ja): e.card_id for e in deck_entries(deck=deck)}
    for zone, rows in data.items():
        for row in rows:
            row["id"] = ids.get((zone, row["card"]))
    return data


def deck_export_sheet(deck: Deck, *, as_of: date | None = None) -> str:
    """A printable deck sheet (HTML, one page): entries per zone with counts, costs and totals; only the zones a
    registration holds (the considering list is the player's notes, not the deck)."""
    by_zone: dict[str, list[DeckEntry]] = {zone: [] for zone in registry.get(deck.game).registered_zone_codes()}
    for entry in deck_entries(deck=deck):
        if entry.zone in by_zone:
            by_zone[entry.zone].append(entry)
    zones = [
        {"zone": zone, "entries": rows, "total": sum(e.quantity for e in rows)}
        for zone, rows in by_zone.items()
        if rows
    ]
    return render_to_string(
        registry.get(deck.game).pages.template("decks/deck_sheet.html"),  # the game's columns (games.registry)
        {
            "deck": deck,
            "zones": zones,
            "printed_on": as_of or timezone.localdate(),
            "deck_hash": snapshot_canonical_hash(deck_snapshot(deck=deck)),
        },
    )
