"""Duel Masters' legality on the Django side (issue 19): what the pure engine (games.dm.rules.legality) needs of the
database, built once per data version, and the reports the registry's `legality_report` returns.

The core (regulations) keeps what every game shares: formats as rows, the dated events replayed into the list in
force (with this game's statuses, `games.dm.game.DuelMasters.list_limits`), event overlays as rows, the legality and
batch API. Here: a format row read as the engine's `FormatRules`, the list in force as its `Regulation` (with an
overlay's statuses over it), the 100.5 start-of-game sets, a decklist read by the catalogue's resolver and checked,
an overlay's entries resolved, the card search's `legal:` / `banned:` / `limited:` pool, the opening odds' set-up.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from types import MappingProxyType
from typing import TYPE_CHECKING

from django.utils import timezone

from api.codes import ErrorCode
from cards.names import name_key as normalise_name
from cards.selectors import FormatCardPool, catalogue_version, catalogue_version_of
from deckbuilder.cache import versioned_cache
from games.dm.models import DmFormat
from games.dm.rules.cards import CardFacts
from games.dm.rules.decklist import Decklist
from games.dm.rules.legality import (
    ALL_ZONES,
    BlockList,
    CardPool,
    CardRef,
    Combo,
    DeckInput,
    FormatRules,
    Regulation,
    StartSet,
    Unresolved,
    check_deck,
    load_start_set_table,
)
from games.dm.rules.legality.engine import LegalityReport
from games.dm.rules.legality.rules import BLOCK_NOT_KNOWN, OUT_OF_BLOCK
from games.dm.rules.odds import Setup
from games.dm.rules.vocabulary import DeckZone, LineStatus, RegulationStatus, Zone
from regulations.models import EventOverlay, Format
from regulations.selectors import data_version, format_get, overlay_get, regulation_in_force
from regulations.services import OverlayError

if TYPE_CHECKING:  # imported when first used (the resolver's module loads the card catalogue's machinery)
    from games.dm.resolver import Resolver

GAME = "dm"
DEFAULT_FORMAT = "advance"
# The Hall of Fame's statuses (the core stores them as strings): copies allowed of a listed card, and combos.
LIST_LIMITS: Mapping[str, int] = MappingProxyType({RegulationStatus.LIMITED: 1, RegulationStatus.BANNED: 0})
COMBO_STATUSES = (RegulationStatus.PREMIUM_COMBO, RegulationStatus.PREMIUM_HYPERSPATIAL_COMBO)
_CARD_STATUSES = {RegulationStatus.UNRESTRICTED, RegulationStatus.LIMITED, RegulationStatus.BANNED}

_COUNTED = (DeckZone.MAIN, DeckZone.HYPERSPATIAL, DeckZone.GR, DeckZone.PARTNER)


def _get_resolver() -> "Resolver":
    from games.dm.resolver import get_resolver

    return get_resolver()


def dm_format(*, code: str, version: tuple | None = None) -> Format:
    """A Duel Masters format row by code. Raises UnknownFormat."""
    return format_get(code=code, version=version, game=GAME)


# ------------------------------------------------------------------------------------------- formats and lists


def format_options(fmt: Format) -> DmFormat:
    """A Duel Masters format's own options (zones, sizes, copy limits, partner, setup): its row, or for a format
    without one (added in the admin with its Duel Masters options left as they were) the defaults, the standard
    construction of `advance`. Read once per cached format row (regulations.selectors keeps the rows per data
    version; a saved option touches its format's `updated_at`)."""
    try:
        return fmt.dm
    except DmFormat.DoesNotExist:
        return DmFormat(format_id=fmt.pk)


def format_rules_from(fmt: Format) -> FormatRules:
    options = format_options(fmt)
    zones = set(ALL_ZONES)
    if not options.uses_hyperspatial:
        zones.discard(DeckZone.HYPERSPATIAL)
    if not options.uses_gr:
        zones.discard(DeckZone.GR)
    if options.uses_partner:
        zones.add(DeckZone.PARTNER)
    return FormatRules(
        code=fmt.code,
        name=fmt.name,
        name_ja=fmt.name_ja,
        zones=frozenset(zones),
        start_of_game_cards=options.start_of_game_cards,
        hall_of_fame=fmt.dated_list,
        main_size=options.main_size,
        hyperspatial_max=options.hyperspatial_max,
        gr_size=options.gr_size,
        main_copies=options.main_copies,
        hyperspatial_copies=options.hyperspatial_copies,
        gr_copies=options.gr_copies,
        partner_min_cost=options.partner_min_cost,
        block_count=options.block_count,
    )


def format_setup(*, code: str) -> Setup:
    """How a game of the format starts, for the exact odds: hand, shields and whether the first player draws on their
    first turn (103.3 and 500.6 by default; Duel Party deals 6 and 6 and everyone draws). Raises UnknownFormat."""
    options = format_options(dm_format(code=code))
    return Setup(hand=options.hand_size, shields=options.shield_count, first_player_draws=options.first_player_draws)


def regulation_of(*, format_code: str, as_of: date, version: tuple | None = None) -> Regulation | None:
    """The engine's Hall of Fame list of a format on a date (the core's list in force, kept per data version), or
    None: the format applies no list, or none is loaded (REGULATION_UNAVAILABLE)."""
    return _regulation(format_code, as_of, data_version=version)


@versioned_cache(version=data_version, maxsize=256)
def _regulation(version, format_code: str, as_of: date) -> Regulation | None:
    in_force = regulation_in_force(format_code=format_code, as_of=as_of, version=version, game=GAME)
    if not in_force.available:
        return None
    return Regulation(
        limits=in_force.limits,
        combos=tuple(
            Combo((item.cards[0][0], item.cards[1][0]), RegulationStatus(item.status)) for item in in_force.combos
        ),
        label=in_force.label or "",
        effective_date=in_force.effective_date,
    )


def overlay_regulation(*, overlay: EventOverlay, base: Regulation | None) -> tuple[Regulation, dict]:
    """The base list with the overlay's own statuses applied (they replace the list's for those cards)."""
    limits: dict[str, int] = {}
    unbans: list[str] = []
    for row in overlay.cards.all():
        if row.status in LIST_LIMITS:
            limits[row.card.name_key] = LIST_LIMITS[row.status]
        else:
            unbans.append(row.card.name_key)
    combos = [
        Combo((row.first.name_key, row.second.name_key), RegulationStatus(row.kind)) for row in overlay.combos.all()
    ]
    regulation = (base or Regulation()).with_overlay(
        limits=limits, unbans=unbans, combos=combos, label=f"overlay {overlay.slug}"
    )
    info = {
        "id": overlay.slug,
        "name": overlay.name,
        "base_format": overlay.base_format.code,
        "card_pool_cutoff": overlay.card_pool_cutoff,
    }
    return regulation, info


def format_card_pool(format_code: str, as_of: date) -> FormatCardPool | None:
    """What the card search's `legal:` / `banned:` / `limited:` terms need: the format's Hall of Fame list in force
    on `as_of` (name key -> copies) and the data zones its decks use. None for an unknown format."""
    from regulations.selectors import UnknownFormat

    version = data_version()  # one freshness query for both reads (each is cached per version)
    try:
        fmt = dm_format(code=format_code, version=version)
    except UnknownFormat:
        return None
    in_force = regulation_in_force(format_code=fmt.code, as_of=as_of, version=version, game=GAME)
    options = format_options(fmt)
    zones = {Zone.MAIN_DECK.value}
    if options.start_of_game_cards:
        zones.add(Zone.BATTLE_ZONE_AT_START.value)  # 100.5
    if options.uses_hyperspatial:
        zones.add(Zone.HYPERSPATIAL.value)  # 100.3
    if options.uses_gr:
        zones.add(Zone.SUPER_GR.value)  # 100.4
    outside: frozenset[str] = frozenset()
    uncertain: frozenset[str] = frozenset()
    if options.block_count:
        outside, uncertain = _block_pool(options.block_count, as_of, data_version=(*version, catalogue_version("dm")))
    return FormatCardPool(limits=in_force.limits, zones=frozenset(zones), outside=outside, uncertain=uncertain)


def _printings_version() -> tuple:
    return (*data_version(), catalogue_version("dm"))


@versioned_cache(version=catalogue_version_of("dm"), maxsize=2)
def _sets_of_names(_version) -> Mapping[str, tuple[str, ...]]:
    """Every Duel Masters name key with the set codes of its Japanese printings (of every record of the name: cards
    of one name are one card), the products a block rule reads; a name without a printing has none."""
    from cards.models import Card, Printing
    from games.dm.catalogue import CARD_GAME

    names: dict[str, dict[str, None]] = {
        key: {} for key in Card.objects.filter(game=CARD_GAME).values_list("name_key", flat=True)
    }
    printings = Printing.objects.filter(card__game=CARD_GAME, tcg=False).order_by("card_id", "id")
    for key, code in printings.values_list("card__name_key", "set_code"):
        names.setdefault(key, {})[code] = None
    return MappingProxyType({key: tuple(codes) for key, codes in names.items()})


@versioned_cache(version=_printings_version, maxsize=16)
def _block_pool(version, block_count: int, as_of: date) -> tuple[frozenset[str], frozenset[str]]:
    """(name keys known outside the blocks allowed on a date, name keys not known): the engine's BlockWindow run
    over every name, as the legality check reads a deck's cards. No blocks, or none in force: every name unknown."""
    from games.dm.blocks import block_list

    sets_of = _sets_of_names(data_version=version[-1])
    blocks = block_list(version=version[:-1])
    window = blocks.window(as_of, block_count) if blocks is not None else None
    if window is None:
        return frozenset(), frozenset(sets_of)
    outside, uncertain = set(), set()
    for key, codes in sets_of.items():
        verdict = window.verdict(codes)
        if verdict == OUT_OF_BLOCK:
            outside.add(key)
        elif verdict == BLOCK_NOT_KNOWN:
            uncertain.add(key)
    return frozenset(outside), frozenset(uncertain)


# ---------------------------------------------------------------------------------------------- legality checks


@dataclass(frozen=True)
class LegalityContext:
    """Everything a check needs besides the deck: built once, reused for every deck of a batch."""

    format_rules: FormatRules
    regulation: Regulation | None
    as_of: date
    overlay: dict | None
    start_sets: tuple[StartSet, ...]
    resolver: "Resolver"
    card_pool: CardPool | None = None  # cards released by the date (and by an overlay's cut-off)
    blocks: BlockList | None = None  # the blocks, for a format with a block rule (2ブロック)
    # Resolutions by written name: one batch of decklists repeats the same names many times.
    resolutions: dict = field(default_factory=dict, compare=False)

    @property
    def format_code(self) -> str:
        return self.format_rules.code

    @property
    def overlay_json(self) -> dict | None:
        return jsonable(self.overlay)

    def resolve(self, written):
        resolution = self.resolutions.get(written)
        if resolution is None:
            resolution = self.resolver.resolve(written)
            if len(self.resolutions) < 20_000:
                self.resolutions[written] = resolution
        return resolution


@versioned_cache(version=catalogue_version_of("dm"), maxsize=2)
def _start_sets(_version, resolver) -> tuple[StartSet, ...]:
    """The 100.5 set table with member names turned into name keys (by the resolver; else the normalised name)."""
    sets = []
    for entry in load_start_set_table():
        members = {}
        for member in entry["members"]:
            resolution = resolver.resolve(member["name"])
            key = resolution.card.name_key if resolution.status == "ok" else normalise_name(member["name"])
            members[key] = member.get("physical_cards", 1)
        sets.append(StartSet(id=entry["id"], name=entry["name"], members=members))
    return tuple(sets)


def start_set_of(*, card: CardFacts) -> str | None:
    """The 100.5 start-of-game set a card belongs to, by the same table the legality check uses (else the data's
    own `start_set`): the one answer for legality, odds and goldfish set-up."""
    for start_set in _start_sets(_get_resolver()):
        if card.name_key in start_set.members:
            return start_set.id
    return card.start_set


def legality_context(
    *, format_code: str = DEFAULT_FORMAT, as_of: date | None = None, overlay_id: str | None = None
) -> LegalityContext:
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
        fmt = dm_format(code=format_code, version=version)
    regulation = regulation_of(format_code=fmt.code, as_of=as_of, version=version)
    rules = format_rules_from(fmt)
    card_pool = CardPool(as_of=as_of)
    if overlay is not None:
        regulation, overlay_info = overlay_regulation(overlay=overlay, base=regulation)
        rules = replace(rules, hall_of_fame=True)  # the organiser's statuses apply even over `unrestricted`
        card_pool = CardPool(as_of=as_of, cutoff=overlay.card_pool_cutoff, overlay_id=overlay.slug)
    blocks = None
    if rules.block_count:
        from games.dm.blocks import block_list

        blocks = block_list(version=version)
    return LegalityContext(
        format_rules=rules,
        regulation=regulation,
        as_of=as_of,
        overlay=overlay_info,
        start_sets=_start_sets(resolver),
        resolver=resolver,
        card_pool=card_pool,
        blocks=blocks,
    )


def _candidate(candidate) -> dict:
    return {"id": candidate.id, "name_ja": candidate.name_ja, "name_en": candidate.name_en}


def report_for(decklist: Decklist, context: LegalityContext, *, include_lines: bool = True) -> dict:
    """One deck against a prepared context (`include_lines=False` leaves out the per-line status list).

    Every line is read by games.dm.resolver.decklist_read (the one reading path of the API, imports and the CLI): a
    card counts in its zone (its own zone when no heading placed it), an unknown or ambiguous line counts in the
    zone it was written in and is a violation, headings and ignored lines are listed and count nowhere."""
    from games.dm.resolver import decklist_read, read_line_json

    zones: dict[DeckZone, list] = {zone: [] for zone in _COUNTED}
    unresolved: list[Unresolved] = []
    read = decklist_read(decklist, resolver=context.resolver)
    card_status = LineStatus.CARD
    for row in read:
        if row.zone is None or row.count is None:  # headings and notes never count
            continue
        cards = zones.get(row.zone)
        if cards is None:  # nor does "considering"
            continue
        if row.status is card_status and row.card is not None:
            cards.append((row.card, row.count))
        elif row.unresolved:
            unresolved.append(
                Unresolved(
                    zone=row.zone,
                    written=row.written,
                    count=row.count,
                    ambiguous=row.status == LineStatus.AMBIGUOUS,
                    candidates=tuple(CardRef(c.id, c.name_ja) for c in row.candidates[:5]),
                )
            )
    deck = DeckInput(
        main=tuple(zones[DeckZone.MAIN]),
        hyperspatial=tuple(zones[DeckZone.HYPERSPATIAL]),
        gr=tuple(zones[DeckZone.GR]),
        partner=tuple(zones[DeckZone.PARTNER]),
        unresolved=tuple(unresolved),
    )
    report = check_deck(
        deck,
        format_rules=context.format_rules,
        regulation=context.regulation,
        start_sets=context.start_sets,
        card_pool=context.card_pool,
        blocks=context.blocks,
    )
    lines = [read_line_json(row) for row in read] if include_lines else None
    return report_to_dict(report, context=context, lines=lines, decklist=decklist)


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
    *, decklist: Decklist, format_code: str = DEFAULT_FORMAT, as_of: date | None = None, overlay_id: str | None = None
) -> dict:
    """The legality report of one decklist. Raises UnknownFormat / UnknownOverlay."""
    context = legality_context(format_code=format_code, as_of=as_of, overlay_id=overlay_id)
    return report_for(decklist, context)


def legality_reports(
    *,
    decklists: list[Decklist],
    format_code: str = DEFAULT_FORMAT,
    as_of: date | None = None,
    overlay_id: str | None = None,
) -> list[dict]:
    """Many decklists under one format/date/overlay (the batch endpoint): the context is built once."""
    context = legality_context(format_code=format_code, as_of=as_of, overlay_id=overlay_id)
    return [report_for(decklist, context) for decklist in decklists]


# ------------------------------------------------------------------------------------------------ event overlays


def _problem(resolution, **where) -> dict:
    return {
        **where,
        "written": str(resolution.written),
        "status": resolution.status,
        "candidates": [_candidate(c) for c in resolution.candidates],
    }


def overlay_resolve(
    *, entries: Iterable[Mapping], combos: Iterable[Mapping]
) -> tuple[list[tuple[int, str]], list[tuple[int, int, str]]]:
    """Every card of an overlay's entries and combos through the resolver: ([(card id, status)], [(first card id,
    second card id, kind)]). Raises OverlayError: OVERLAY_STATUS_INVALID, OVERLAY_CARDS_UNRESOLVED (unknown or
    ambiguous names, each with its candidates), OVERLAY_CARD_REPEATED, OVERLAY_COMBO_SAME_CARD."""
    resolver = _get_resolver()
    problems: list[dict] = []
    cards: list[tuple[int, str]] = []
    first_entry: dict[str, int] = {}  # name key -> index of the entry that named it
    repeated: list[dict] = []
    for index, entry in enumerate(entries):
        status = _status(entry["status"], allowed=_CARD_STATUSES, what="card status", index=index)
        resolution = resolver.resolve(entry["card"])
        if resolution.status != "ok" or resolution.card is None:
            problems.append(_problem(resolution, field="entries", index=index))
            continue
        # Copies count by name identity (1.2.3): two spellings of one card are one entry.
        key = resolution.card.name_key
        if key in first_entry:
            repeated.append({"index": index, "first_index": first_entry[key], "card": resolution.card.name_ja})
            continue
        first_entry[key] = index
        cards.append((resolution.card.id, status.value))
    pairs: list[tuple[int, int, str]] = []
    same: list[dict] = []
    for index, combo in enumerate(combos):
        kind = _status(
            combo.get("kind") or RegulationStatus.PREMIUM_COMBO,
            allowed=set(COMBO_STATUSES),
            what="combo kind",
            index=index,
        )
        sides = []
        for side, written in enumerate(combo["cards"]):
            resolution = resolver.resolve(written)
            if resolution.status != "ok" or resolution.card is None:
                problems.append(_problem(resolution, field="combos", index=index, side=side))
            else:
                sides.append(resolution.card)
        if len(sides) == 2:
            if sides[0].name_key == sides[1].name_key:
                same.append({"index": index, "card": sides[0].name_ja})
            else:
                pairs.append((sides[0].id, sides[1].id, kind.value))
    if problems:
        raise OverlayError(
            ErrorCode.OVERLAY_CARDS_UNRESOLVED,
            f"{len(problems)} card(s) of the overlay could not be identified; nothing was stored.",
            details={"cards": problems},
        )
    if repeated:
        raise OverlayError(
            ErrorCode.OVERLAY_CARD_REPEATED,
            "A card may have only one status in an overlay.",
            details={"entries": repeated},
        )
    if same:
        raise OverlayError(
            ErrorCode.OVERLAY_COMBO_SAME_CARD, "A combo needs two different cards.", details={"combos": same}
        )
    return cards, pairs


def _status(value, *, allowed: set, what: str, index: int) -> RegulationStatus:
    try:
        status = RegulationStatus(value)
    except ValueError:
        status = None
    if status is None or status not in allowed:
        raise OverlayError(ErrorCode.OVERLAY_STATUS_INVALID, f"'{value}' is not a {what}.", details={"index": index})
    return status
