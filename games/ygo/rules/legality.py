"""OCG deck construction legality (rules spec 3.2, Perfect Rulebook 2017 translation): every broken rule is a
`Violation` with a stable code, the page it cites, the zone and cards it concerns and English and Japanese text.

Pure Python. The violation and its card reference are the ones every game shares (games.base: one JSON shape):
a card is referred to by its Konami id, which the registry adapter turns into the catalogue's card id beside
`konami_id`. `check_deck(deck, as_of=..., limits=..., overlay=...)` takes a read `Decklist` or a mapping
zone -> ((card, copies), ...), the date of the check, the dated Forbidden/Limited lists (or one list) and an
optional event overlay (extra bans, a card-pool cut-off), and returns a `LegalityReport` whose `report_dict()`
has the JSON shape of the Duel Masters report.

Rules checked (PR = Perfect Rulebook page):
- DECK_SIZE: Main Deck 40 to 60 cards (PR p.8, p.40); the Extra and Side Deck do not count toward it.
- EXTRA_DECK_SIZE, SIDE_DECK_SIZE: 0 to 15 each (PR p.8, p.42).
- ZONE_MISPLACED: Fusion/Synchro/Xyz/Link monsters never in the Main Deck (PR p.40); the Extra Deck holds only
  them (PR p.42); the Side Deck may hold either (PR p.42).
- COPY_LIMIT: 3 of a name across Main + Extra + Side (PR p.40, p.42); "always treated as" X counts as X (PR p.41).
- FORBIDDEN / LIMITED: more copies than the list in force allows (0, 1, 2), across the three zones ([EXT/POLICY]
  spec 3.2: dated official lists). Where a list allows fewer than 3 the list's code is the one reported.
- NOT_YET_RELEASED: first OCG release after the date, or no OCG release at all (a TCG-only card);
  CARD_POOL_CUTOFF: released after an overlay's card-pool cut-off.
- UNKNOWN_CARD / AMBIGUOUS_CARD: a card line that is no card, or several.
- GENESYS (format `genesys`, games.ygo.rules.genesys), each citing its point list and date: GENESYS_POINTS (the Main,
  Extra and Side Deck's points over the cap), GENESYS_CARD_KIND (a Link or Pendulum monster), GENESYS_CARD_POOL (a
  card first released on or after the list's card-pool date). The Forbidden/Limited list is not used there.
Warnings (never make a deck illegal): RELEASE_DATE_UNKNOWN, LIST_UNAVAILABLE.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from operator import itemgetter

import games.base
from games.base import CardRef, Violation
from games.ygo.rules.cards import YgoCard
from games.ygo.rules.decklist import DeckInput, Decklist, ReadLine, zone_cards
from games.ygo.rules.genesys import KIND_TYPES, GenesysList
from games.ygo.rules.limits import LimitHistory, LimitList
from games.ygo.rules.vocabulary import SIZE_CODES, ZONE_VALUE, DeckZone, LineStatus, ViolationCode, WarningCode

MAIN_MIN, MAIN_MAX = 40, 60  # PR p.8, p.40
EXTRA_MAX = 15  # PR p.8, p.42
SIDE_MAX = 15  # PR p.8, p.42
COPIES_PER_NAME = 3  # PR p.40, p.42

RULE_DECK_SIZE = "PR p.8, p.40"
RULE_EXTRA_SIZE = "PR p.8, p.42"
RULE_SIDE_SIZE = "PR p.8, p.42"
RULE_COPY_LIMIT = "PR p.40, p.41, p.42"
RULE_ZONE = "PR p.40, p.42"
RULE_POOL = "PR p.55"  # cards that cannot be used in a sanctioned Duel
RULE_OVERLAY = "event overlay"

FORMAT_CODE = "ocg"
GENESYS_FORMAT = "genesys"

_COPIES = itemgetter(1)  # of a (card, copies) row
_ZONE_EN = {DeckZone.MAIN: "Main Deck", DeckZone.EXTRA: "Extra Deck", DeckZone.SIDE: "Side Deck"}
_ZONE_JA = {DeckZone.MAIN: "メインデッキ", DeckZone.EXTRA: "エクストラデッキ", DeckZone.SIDE: "サイドデッキ"}


@dataclass(frozen=True, slots=True)
class Overlay:
    """An event's additions to the list in force: extra bans/limits (konami_id -> copies allowed, the stricter of
    it and the list applies) and a card-pool cut-off date."""

    extra_limits: Mapping[int, int] = field(default_factory=dict)
    cutoff: date | None = None
    overlay_id: str | None = None

    def as_dict(self) -> dict:
        return {
            "overlay_id": self.overlay_id,
            "cutoff": self.cutoff.isoformat() if self.cutoff else None,
            "extra_limits": {str(k): v for k, v in sorted(self.extra_limits.items())},
        }


@dataclass(frozen=True, slots=True)
class Genesys:
    """The GENESYS format of a check: the point list in force on the date (None before the first) and the cap (None:
    the list's default, 100; an organizer or a request may set another)."""

    point_list: GenesysList | None
    cap: int | None = None

    @property
    def point_cap(self) -> int:
        if self.cap is not None:
            return self.cap
        return self.point_list.default_cap if self.point_list is not None else 100


@dataclass(frozen=True, slots=True)
class LegalityReport:
    legal: bool
    buildable: bool  # legal but for the section sizes: a deck still being built
    counts: dict[str, int]
    violations: tuple[Violation, ...]
    warnings: tuple[Violation, ...]
    deck_hash: str
    as_of: date
    limit_list: LimitList | None
    overlay: Overlay | None = None
    lines: Sequence[ReadLine] = ()
    genesys: Genesys | None = None
    points: int = 0  # GENESYS: the deck's points (Main + Extra + Side, each copy)
    errors: tuple = ()  # the decklist's lines not read as written (games.base.LineError): the deck is not legal

    @property
    def codes(self) -> list[str]:
        return [str(item.code) for item in self.violations]

    def report_dict(self, *, with_lines: bool = False) -> dict:
        """The JSON report, keys as the Duel Masters report's (regulations.services.report_to_dict)."""
        regulation = None
        if self.genesys is not None and self.genesys.point_list is not None:
            point_list = self.genesys.point_list
            regulation = {"label": point_list.label, "effective_date": point_list.effective.isoformat()}
        elif self.limit_list is not None:
            regulation = {"label": self.limit_list.label, "effective_date": self.limit_list.effective.isoformat()}
        out = {
            "legal": self.legal,
            "buildable": self.buildable,
            "format": GENESYS_FORMAT if self.genesys is not None else FORMAT_CODE,
            "as_of": self.as_of.isoformat(),
            "overlay": self.overlay.as_dict() if self.overlay else None,
            "regulation": regulation,
            "deck_hash": self.deck_hash,
            "counts": self.counts,
            "violations": [item.as_dict() for item in self.violations],
            "warnings": [item.as_dict() for item in self.warnings],
        }
        if with_lines:  # built only when asked for (a batch's reports leave them out)
            out["lines"] = [line.as_dict() for line in self.lines]
        out["errors"] = [{"line": e.line, "text": e.text, "message": e.message} for e in self.errors]
        if self.genesys is not None:
            out["points"] = {"total": self.points, "cap": self.genesys.point_cap}
        return out


def deck_hash(deck: DeckInput) -> str:
    """games.base.deck_hash over the rows [zone, Konami id, copies], then [zone, "?" + written, copies] for the
    unresolved lines: the same form as every game's, so one deck written in other spellings, line orders or password
    artworks hashes alike."""
    known = [(ZONE_VALUE[zone], card.id, copies) for zone, rows in zone_cards(deck).items() for card, copies in rows]
    unknown = []
    if isinstance(deck, Decklist):
        unknown = [
            (ZONE_VALUE[line.zone or DeckZone.MAIN], games.base.unresolved_key(line.written), line.count)
            for line in deck.unresolved
        ]
    return games.base.deck_hash(known, unknown)


def _ref(card: YgoCard) -> CardRef:
    return CardRef(card.id, card.name)


def _names_en(cards: tuple[CardRef, ...]) -> str:
    return ", ".join(card.name for card in cards)


def _names_ja(cards: tuple[CardRef, ...]) -> str:
    return "".join(f"《{card.name}》" for card in cards)


def _size(code: ViolationCode, zone: DeckZone, count: int, low: int, high: int, rule: str) -> Violation | None:
    if low <= count <= high:
        return None
    bound = low if count < low else high
    if low:
        en = f"The {_ZONE_EN[zone]} must have {low} to {high} cards; it has {count}."
        ja = f"{_ZONE_JA[zone]}は{low}枚以上{high}枚以下でなければなりません（現在{count}枚）。"
    else:
        en = f"The {_ZONE_EN[zone]} may have at most {high} cards; it has {count}."
        ja = f"{_ZONE_JA[zone]}は{high}枚以下でなければなりません（現在{count}枚）。"
    return Violation(code, rule, zone, (), en, ja, count, bound)


def _limit_status_text(allowed: int) -> tuple[str, str]:
    return {0: ("Forbidden", "禁止カード"), 1: ("Limited", "制限カード"), 2: ("Semi-Limited", "準制限カード")}[allowed]


def check_deck(
    deck: DeckInput,
    *,
    as_of: date,
    limits: LimitHistory | LimitList | None,
    overlay: Overlay | None = None,
    genesys: Genesys | None = None,
) -> LegalityReport:
    """Every construction rule of the OCG on `deck` as of `as_of`; violations are collected, never raised. With
    `genesys` the deck is checked in GENESYS instead: the point list in force, its cap, card kinds and card pool,
    and no Forbidden/Limited list (3 copies of a name still)."""
    zones = zone_cards(deck)
    unresolved = deck.unresolved if isinstance(deck, Decklist) else ()
    if genesys is not None:
        limits = None  # GENESYS uses no Forbidden/Limited list (its README, rule 4)
    limit_list = limits.list_in_force(as_of) if isinstance(limits, LimitHistory) else limits
    found: list[Violation] = []
    warnings: list[Violation] = []

    counts = {value: sum(map(_COPIES, zones.get(zone, ()))) for zone, value in ZONE_VALUE.items()}
    for line in unresolved:  # an unreadable line still takes its place in the deck
        counts[(line.zone or DeckZone.MAIN).value] += line.count
    for code, zone, low, high, rule in (
        (ViolationCode.DECK_SIZE, DeckZone.MAIN, MAIN_MIN, MAIN_MAX, RULE_DECK_SIZE),
        (ViolationCode.EXTRA_DECK_SIZE, DeckZone.EXTRA, 0, EXTRA_MAX, RULE_EXTRA_SIZE),
        (ViolationCode.SIDE_DECK_SIZE, DeckZone.SIDE, 0, SIDE_MAX, RULE_SIDE_SIZE),
    ):
        item = _size(code, zone, counts[zone.value], low, high, rule)
        if item is not None:
            found.append(item)

    # Copies per name (limit key) and per card, across the three sections.
    per_key: dict[int | str, int] = {}
    per_card: dict[int, int] = {}
    cards_by_id: dict[int, YgoCard] = {}  # in the order the cards first appear
    undated: dict[int, YgoCard] = {}
    for zone, rows in zones.items():
        # The Main and Extra Deck hold only cards of their own zone; the Side Deck holds either.
        checks_zone = zone != DeckZone.SIDE
        for card, copies in rows:
            card_id = card.id
            cards_by_id[card_id] = card
            per_card[card_id] = per_card.get(card_id, 0) + copies
            for key in card.limit_keys:
                per_key[key] = per_key.get(key, 0) + copies
            if checks_zone and card.deck_zone != zone:
                ref = (_ref(card),)
                belongs = _ZONE_EN[card.deck_zone]
                found.append(
                    Violation(
                        ViolationCode.ZONE_MISPLACED,
                        RULE_ZONE,
                        zone,
                        ref,
                        f"{card.name_en} belongs in the {belongs}, not the {_ZONE_EN[zone]}.",
                        f"{_names_ja(ref)}は{_ZONE_JA[zone]}に入れられません（{_ZONE_JA[card.deck_zone]}のカードです）。",
                        copies,
                        0,
                    )
                )

    extra_limits = overlay.extra_limits if overlay else {}

    def allowed_for(konami_id: int) -> tuple[int, str]:
        """Copies allowed and the rule that says so: the list in force, or the overlay where it is stricter."""
        listed = limit_list.allowed(konami_id) if limit_list is not None else COPIES_PER_NAME
        added = extra_limits.get(konami_id, COPIES_PER_NAME)
        if added < listed:
            return added, RULE_OVERLAY
        if listed < COPIES_PER_NAME and limit_list is not None:
            return listed, f"F/L {limit_list.effective.isoformat()}"
        return COPIES_PER_NAME, RULE_COPY_LIMIT

    listed_cards = limit_list.statuses if limit_list is not None else {}
    for key, total in per_key.items():
        if total <= COPIES_PER_NAME and key not in listed_cards and key not in extra_limits:
            continue  # the common case: an unlisted name within 3 copies
        allowed, rule = allowed_for(key) if isinstance(key, int) else (COPIES_PER_NAME, RULE_COPY_LIMIT)
        if total > allowed:
            refs = tuple(_ref(card) for card in cards_by_id.values() if key in card.limit_keys)
            found.append(_too_many(refs, total, allowed, rule))
    # A card always treated as another name is counted under that name above; its own listing still applies to it.
    for card_id, total in per_card.items():
        if card_id in per_key or (card_id not in listed_cards and card_id not in extra_limits):
            continue
        allowed, rule = allowed_for(card_id)
        if total > allowed:
            found.append(_too_many((_ref(cards_by_id[card_id]),), total, allowed, rule))

    for card in cards_by_id.values():
        if not card.in_ocg:
            # Not released in Japan even by the card data's date (a TCG-only card): so not on `as_of` either.
            ref = (_ref(card),)
            found.append(
                Violation(
                    ViolationCode.NOT_YET_RELEASED,
                    RULE_POOL,
                    None,
                    ref,
                    f"{card.name_en} has not been released in the OCG.",
                    f"{_names_ja(ref)}はOCGで発売されていません。",
                )
            )
        elif card.release_date is None:
            undated[card.id] = card
        elif card.release_date > as_of:
            ref = (_ref(card),)
            found.append(
                Violation(
                    ViolationCode.NOT_YET_RELEASED,
                    RULE_POOL,
                    None,
                    ref,
                    f"{card.name_en} was first released in the OCG on {card.release_date.isoformat()}, after "
                    f"{as_of.isoformat()}.",
                    f"{_names_ja(ref)}は{as_of.isoformat()}の時点で未発売です（{card.release_date.isoformat()}発売）。",
                )
            )
        elif overlay is not None and overlay.cutoff is not None and card.release_date > overlay.cutoff:
            ref = (_ref(card),)
            found.append(
                Violation(
                    ViolationCode.CARD_POOL_CUTOFF,
                    "event card pool",
                    None,
                    ref,
                    f"{card.name_en} ({card.release_date.isoformat()}) is newer than the event's card pool "
                    f"(cards released up to {overlay.cutoff.isoformat()}).",
                    f"{_names_ja(ref)}（{card.release_date.isoformat()}発売）はこの大会の使用可能カード"
                    f"（{overlay.cutoff.isoformat()}までの発売）に含まれません。",
                )
            )
    if undated:
        refs = tuple(_ref(card) for card in undated.values())
        warnings.append(
            Violation(
                WarningCode.RELEASE_DATE_UNKNOWN,
                RULE_POOL,
                None,
                refs,
                f"No OCG release date is known for {_names_en(refs)}: the card pool was not checked for them.",
                f"{_names_ja(refs)}の発売日が不明のため、使用可能カードの確認をしていません。",
                len(refs),
            )
        )
    points = 0
    if genesys is not None:
        points = _genesys(genesys, zones, cards_by_id, found, warnings, as_of)
    elif limit_list is None:
        warnings.append(
            Violation(
                WarningCode.LIST_UNAVAILABLE,
                "Forbidden/Limited list",
                None,
                (),
                f"No Forbidden/Limited list was in force on {as_of.isoformat()}: only the 3-copy rule was applied.",
                f"{as_of.isoformat()}に有効なリミットレギュレーションがないため、同名カード3枚の制限のみ確認しました。",
            )
        )

    for line in unresolved:
        if line.status == LineStatus.AMBIGUOUS:
            refs = tuple(_ref(card) for card in line.candidates)
            found.append(
                Violation(
                    ViolationCode.AMBIGUOUS_CARD,
                    "",
                    line.zone,
                    refs,
                    f"Line {line.line}: “{line.written}” matches several cards: {_names_en(refs)}.",
                    f"{line.line}行目：「{line.written}」は複数のカードに当てはまります：{_names_ja(refs)}",
                    line.count,
                )
            )
        else:
            found.append(
                Violation(
                    ViolationCode.UNKNOWN_CARD,
                    "",
                    line.zone,
                    (CardRef(None, line.written),),
                    f"Line {line.line}: “{line.written}” is no known card."
                    + (f" Closest: {_names_en(tuple(map(_ref, line.candidates)))}." if line.candidates else ""),
                    f"{line.line}行目：「{line.written}」というカードは見つかりません。"
                    + (f"近い名前：{_names_ja(tuple(map(_ref, line.candidates)))}" if line.candidates else ""),
                    line.count,
                )
            )

    found.sort(key=_sort_key)
    errors = deck.errors if isinstance(deck, Decklist) else ()  # lines not read as written: never legal
    return LegalityReport(
        legal=not found and not errors,
        buildable=all(item.code in SIZE_CODES for item in found) and not errors,
        counts=counts,
        violations=tuple(found),
        warnings=tuple(warnings),
        deck_hash=deck_hash(deck),
        as_of=as_of,
        limit_list=limit_list,
        overlay=overlay,
        lines=deck.lines if isinstance(deck, Decklist) else (),
        genesys=genesys,
        points=points,
        errors=errors,
    )


def _genesys(
    genesys: Genesys, zones: dict, cards_by_id: dict[int, YgoCard], found: list, warnings: list, as_of: date
) -> int:
    """GENESYS's rules (games.ygo.rules.genesys): the points against the cap, the banned card kinds and the card
    pool, each citing the list and its date. Returns the deck's points."""
    point_list = genesys.point_list
    if point_list is None:
        warnings.append(
            Violation(
                WarningCode.LIST_UNAVAILABLE,
                "GENESYS",
                None,
                (),
                f"No GENESYS point list was in force on {as_of.isoformat()}: points, card kinds and the card pool "
                "were not checked.",
                f"{as_of.isoformat()}に有効な「GENESYS」ポイント設定がないため、ポイント・カードの種類・使用可能カードを"
                "確認していません。",
            )
        )
        return 0
    rule = f"GENESYS {point_list.effective.isoformat()}"
    cap = genesys.point_cap
    total = 0
    pointed: dict[int, YgoCard] = {}
    for rows in zones.values():  # Main, Extra and Side Deck, each copy (rule 1)
        for card, copies in rows:
            value = point_list.points_of(card.id)
            total += value * copies
            if value:
                pointed[card.id] = card
    if total > cap:
        refs = tuple(_ref(card) for card in pointed.values())
        found.append(
            Violation(
                ViolationCode.GENESYS_POINTS,
                rule,
                None,
                refs,
                f"The deck has {total} GENESYS points (Main, Extra and Side Deck); the cap is {cap} "
                f"({point_list.label}).",
                f"デッキの「GENESYS」ポイントは{total}です（メイン・エクストラ・サイドデッキの合計）。上限は{cap}です"
                f"（{point_list.label_ja}）。",
                total,
                cap,
            )
        )
    kinds = {KIND_TYPES[kind]: kind for kind in point_list.banned_kinds if kind in KIND_TYPES}
    for card in cards_by_id.values():
        banned = [kind for monster_type, kind in kinds.items() if monster_type in card.monster_types]
        if banned:
            ref = (_ref(card),)
            words = " and ".join(f"{kind.title()} monsters" for kind in banned)
            words_ja = "・".join({"link": "リンク", "pendulum": "ペンデュラム"}[kind] for kind in banned)
            found.append(
                Violation(
                    ViolationCode.GENESYS_CARD_KIND,
                    rule,
                    None,
                    ref,
                    f"{card.name_en}: {words} may not be used in GENESYS ({point_list.label}).",
                    f"{_names_ja(ref)}：「GENESYS」では{words_ja}モンスターを使用できません（{point_list.label_ja}）。",
                )
            )
        cutoff = point_list.card_pool_before
        if cutoff is not None and card.release_date is not None and card.release_date >= cutoff:
            ref = (_ref(card),)
            found.append(
                Violation(
                    ViolationCode.GENESYS_CARD_POOL,
                    rule,
                    None,
                    ref,
                    f"{card.name_en} was first released on {card.release_date.isoformat()}: GENESYS allows only cards "
                    f"released before {cutoff.isoformat()} ({point_list.label}).",
                    f"{_names_ja(ref)}（{card.release_date.isoformat()}発売）は使用できません：「GENESYS」で使えるのは"
                    f"{cutoff.isoformat()}より前に発売されたカードです（{point_list.label_ja}）。",
                )
            )
    return total


_ORDER: dict[str, int] = {code.value: index for index, code in enumerate(ViolationCode)}


def _sort_key(item: Violation) -> tuple:
    return (_ORDER.get(item.code.value, 99), str(item.zone or ""), [card.id or 0 for card in item.cards])


def _too_many(refs: tuple[CardRef, ...], total: int, allowed: int, rule: str) -> Violation:
    if allowed >= COPIES_PER_NAME:
        return Violation(
            ViolationCode.COPY_LIMIT,
            RULE_COPY_LIMIT,
            None,
            refs,
            f"At most {COPIES_PER_NAME} cards of one name across the Main, Extra and Side Deck: "
            f"{_names_en(refs)} ({total}).",
            f"同名カードはメイン・エクストラ・サイドデッキ合計{COPIES_PER_NAME}枚までです：{_names_ja(refs)}（{total}枚）。",
            total,
            COPIES_PER_NAME,
        )
    status_en, status_ja = _limit_status_text(allowed)
    code = ViolationCode.FORBIDDEN if allowed == 0 else ViolationCode.LIMITED
    return Violation(
        code,
        rule,
        None,
        refs,
        f"{_names_en(refs)} is {status_en}: {allowed} allowed across the three decks, {total} found.",
        f"{_names_ja(refs)}は{status_ja}です（{allowed}枚まで、現在{total}枚）。",
        total,
        allowed,
    )
