"""Deck construction for the Dragon Ball Super Card Game (Masters): dated rule versions, a hint ban list, and one
check that collects every violation. Pure Python.

The construction rules are data (`RULE_VERSIONS`): each version has an effective date, the numbers it sets and the
sources it rests on. A check takes an `as_of` date and applies the version in force then. Where no cited source
settles a period, the version says so (`Unsettled`) and the check adds a RULES_UNSETTLED warning instead of guessing
silently. Sources (see `SOURCES`):

- manual 1.073 (1/25/2019): 1 Leader (5-1-2), exactly 50 Battle/Extra cards (5-1-3), 4 per card number (5-1-3-1),
  [Permanent] construction skills replace those rules (5-1-3-2), [Ultimate] 1 (10-14-1), [Super Combo] 4 (10-17),
  [Dragon Ball] any number up to 7 in total (10-31-1). No Z-Deck, no side deck, no ban list.
- the official rules page for first-time players: 1 Leader and 50 to 60 Battle/Extra/Unison cards (undated; it names
  Unison cards, so it describes the game from BT10, 2020-07-17, at the earliest).
- the official Zenkai series announcement and rule manual 2.00 (09/09/2022): the Z-Deck, 0 to 7 Z-cards, 4 per
  card number, separate from the deck.
- published tournament-era lists (DeckPlanet exports holding cards up to BT29, 2024): 10 Z-cards in every one. No
  official document in the sources gives a 10-card cap or its date, so the Zenkai version accepts 8 to 10 Z-cards
  only with a RULES_UNSETTLED warning naming that gap (`Z_ABOVE_SETTLED`), never silently.
"""

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType

import games.base
from games.dbs.rules import violations as v
from games.dbs.rules.cards import Catalogue, DbsCard
from games.dbs.rules.decklist import Decklist, ReadLine, read_decklist
from games.dbs.rules.violations import CardRef, Violation
from games.dbs.rules.vocabulary import ZONES, BanStatus, LineStatus, ViolationCode, Zone

GAME = "dbs"


@dataclass(frozen=True, slots=True)
class Source:
    key: str
    title: str
    where: str  # an address or the seed document
    date: str | None  # as the source dates itself; None = undated

    def as_dict(self) -> dict:
        return {"key": self.key, "title": self.title, "where": self.where, "date": self.date}


SOURCES = {
    source.key: source
    for source in (
        Source(
            "manual-1.073",
            "Dragon Ball Super Card Game Official Rule Manual ver. 1.073 (5-1-2, 5-1-3, 5-1-3-1, 5-1-3-2, 10-14-1, "
            "10-17, 10-31-1)",
            "seeds/dbscg-rules-1.073-en.txt",
            "2019-01-25",
        ),
        Source(
            "manual-1.061",
            "Dragon Ball Super Card Game Official Rule Manual ver. 1.061 to 1.071 (5-1-2, 5-1-3, 5-1-3-1, 10-14-1, "
            "10-17; 10-31-1 from 1.070): text copies of the official rule manual, dated 2018-03-02 to 2018-11-15 "
            "(the shared data's dbs/rules.json)",
            "orouet/DBSCG-Rules:rules/versions/dbscg-rules-1.061-en.txt@e136725e",
            "2018-03-02",
        ),
        Source(
            "game-qa",
            "Official Game Q&A, Deck Creation Q1-Q3: exactly 50 cards besides the Leader; one Leader; four copies of "
            "a card with the same card number",
            "http://dbs-cardgame.com/europe-en/rule/game_faq.php",
            None,
        ),
        Source(
            "rules-page",
            "Official rules page for first-time players: 1 Leader Card and 50 to 60 Battle/Extra/Unison Cards",
            "https://dbs-cardgame.com/canada/rule/",
            None,
        ),
        Source(
            "zenkai",
            "Official announcement 'The Defining New Mechanic of the Zenkai Series!': Z-Decks 0 to 7 cards, at most 4 "
            "copies of a card with the same card number, separate from the deck",
            "https://dbs-cardgame.com/oceania/strategy/announcement/zenkai-series.php",
            None,
        ),
        Source(
            "manual-2.00",
            "Rule Manual ver. 2.00, Last Updated 09/09/2022 (contents: 3-12 Z-Deck Area, 6-1 Leader Cards and Decks)",
            "http://summaryplanet.com/guide/Dragon-Ball-Super-Card-Game-Rules.html",
            "2022-09-09",
        ),
        Source(
            "deckplanet-2024",
            "Published tournament-era lists (DBS-DeckPlanet exports, cards up to BT29, 2024): every one holds a "
            "10-card Z-Deck beside a 50-60 card deck; evidence of practice, not a rule document, and undated",
            "https://github.com/GReeN-HaXe/DBSCGAIAgentProject/tree/942f11367d2c9adae9510f49e6a860707c2cf35f/"
            "artifacts/deckplanet_decks",
            None,
        ),
        Source(
            "set-dates",
            "Set release dates in the card data (sets.json, from ygopro-ds SETS.md): BT1 2017-07-28, BT10 "
            "(Rise of the Unison Warrior, the first Unison cards) 2020-07-17",
            "shared data dbs/sets.json",
            None,
        ),
    )
}


class UnsettledWhen(StrEnum):
    ALWAYS = "always"  # the whole period rests on an assumption
    DECK_ABOVE_SETTLED = "deck_above_settled"  # only a deck larger than `settled_deck_max` depends on the assumption
    Z_ABOVE_SETTLED = "z_above_settled"  # only a Z-Deck larger than `settled_z_deck_max` depends on the assumption


@dataclass(frozen=True, slots=True)
class Unsettled:
    when: UnsettledWhen
    note: str
    note_ja: str


@dataclass(frozen=True, slots=True)
class RuleVersion:
    """The construction rules in force from `effective` until the next version."""

    code: str
    label: str
    effective: date
    deck_min: int = 50  # 5-1-3: exactly 50 until the Unison cards
    deck_max: int = 50
    z_deck_max: int | None = None  # None: no Z-Deck (before the Zenkai series)
    copies: int = 4  # per card number in the deck (5-1-3-1)
    z_copies: int = 4  # per card number in the Z-Deck (Zenkai announcement)
    ultimate_max: int = 1  # 10-14-1
    super_combo_max: int = 4  # 10-17
    dragon_ball_max: int = 7  # 10-31-1
    sources: tuple[str, ...] = ()
    rules: dict[str, str] = field(default_factory=dict)  # violation code -> the rule or source it cites
    unsettled: tuple[Unsettled, ...] = ()
    settled_deck_max: int | None = None  # for DECK_ABOVE_SETTLED: the largest deck a source settles for the period
    settled_z_deck_max: int | None = None  # for Z_ABOVE_SETTLED: the largest Z-Deck a source settles for the period

    def rule(self, code: ViolationCode) -> str:
        return self.rules.get(code.value, self.code)

    def as_dict(self) -> dict:
        return {
            "code": self.code,
            "label": self.label,
            "effective_date": self.effective.isoformat(),
            "deck": [self.deck_min, self.deck_max],
            "z_deck_max": self.z_deck_max,
            "sources": [SOURCES[key].as_dict() for key in self.sources],
            "unsettled": [item.note for item in self.unsettled],
        }


_RULES_1073 = {
    "LEADER_COUNT": "5-1-2",
    "DECK_SIZE": "5-1-3",
    "COPY_LIMIT": "5-1-3-1",
    "COPY_LIMIT_OWN": "5-1-3-2",
    "ULTIMATE_LIMIT": "10-14-1",
    "SUPER_COMBO_LIMIT": "10-17",
    "DRAGON_BALL_LIMIT": "10-31-1",
    "ZONE_MISPLACED": "5-1-3",
}
_RULES_UNISON = {**_RULES_1073, "DECK_SIZE": "official rules page (50 to 60)"}
_RULES_ZENKAI = {
    **_RULES_UNISON,
    "Z_DECK_SIZE": "manual 2.00 6-1; Zenkai announcement (0 to 7); 8 to 10 unsettled (published 2024 lists)",
    "Z_COPY_LIMIT": "Zenkai announcement (4 per card number)",
    "ZONE_MISPLACED": "manual 2.00 6-1; Zenkai announcement (Z-cards do not go in the deck)",
}

RULE_VERSIONS: tuple[RuleVersion, ...] = (
    RuleVersion(
        code="launch",
        label="From the launch (BT1), manual 1.073's rules assumed",
        effective=date(2017, 7, 28),
        sources=("manual-1.073", "game-qa", "set-dates"),
        rules=_RULES_1073,
        unsettled=(
            Unsettled(
                UnsettledWhen.ALWAYS,
                "no rule manual older than ver. 1.061 (2018-03-02) is among the sources; its construction rules are "
                "assumed from the game's launch (BT1, 2017-07-28).",
                "ver.1.061（2018-03-02）より古いルールマニュアルが出典にないため、発売（BT1、2017-07-28）から同じ構築"
                "ルールを仮定しています。",
            ),
        ),
    ),
    # The rule manuals 1.061 to 1.071 (dbs/rules.json): exactly 50, 4 per card number, one [Ultimate], four [Super
    # Combo]; [Dragon Ball]'s 7 in total from 1.070 (its cards came later still, so the same numbers apply throughout).
    RuleVersion(
        code="manual-1.061",
        label="Rule manuals 1.061 to 1.071",
        effective=date(2018, 3, 2),
        sources=("manual-1.061", "game-qa"),
        rules=_RULES_1073,
    ),
    RuleVersion(
        code="manual-1.073",
        label="Rule manual 1.073",
        effective=date(2019, 1, 25),
        sources=("manual-1.073", "game-qa"),
        rules=_RULES_1073,
    ),
    RuleVersion(
        code="unison",
        label="Unison cards (BT10); deck of 50 to 60 per the official rules page",
        effective=date(2020, 7, 17),
        deck_max=60,
        sources=("rules-page", "set-dates", "manual-1.073"),
        rules=_RULES_UNISON,
        unsettled=(
            Unsettled(
                UnsettledWhen.DECK_ABOVE_SETTLED,
                "the official rules page gives 50 to 60 cards and names Unison cards (BT10, 2020-07-17, or later), "
                "but no source dates the change from exactly 50 (manual 1.073, 5-1-3): a deck of 51 to 60 cards in "
                "this period is accepted without a dated source.",
                "公式ルールページは50～60枚としユニゾンカード（BT10、2020-07-17以降）に触れていますが、50枚ちょうど"
                "（ver.1.073 5-1-3）からの変更日を示す出典がありません：この期間の51～60枚のデッキは出典の日付なしで"
                "認めています。",
            ),
        ),
        settled_deck_max=50,
    ),
    RuleVersion(
        code="zenkai",
        label="Zenkai series, rule manual 2.00 (Z-Deck)",
        effective=date(2022, 9, 9),
        deck_max=60,
        # The Zenkai announcement and manual 2.00 say 0 to 7; every published 2024 list holds 10 (deckplanet-2024).
        # No source in hand dates a change to 10 or states it: 8 to 10 is accepted with RULES_UNSETTLED.
        z_deck_max=10,
        sources=("manual-2.00", "zenkai", "rules-page", "deckplanet-2024"),
        rules=_RULES_ZENKAI,
        unsettled=(
            Unsettled(
                UnsettledWhen.Z_ABOVE_SETTLED,
                "the Zenkai announcement and rule manual 2.00 (2022-09-09) allow 0 to 7 Z-cards; published "
                "tournament lists of 2024 hold 10, but no official source in hand states a 10-card Z-Deck or dates the "
                "change: a Z-Deck of 8 to 10 cards is accepted without a dated source.",
                "Zシリーズの告知とルールマニュアル2.00（2022-09-09）はZデッキを0～7枚としています。2024年の大会デッキ"
                "リストは10枚ですが、10枚を定める公式の出典も変更日もありません：8～10枚のZデッキは出典の日付なしで"
                "認めています。",
            ),
        ),
        settled_z_deck_max=7,
    ),
)


class RulesUnavailable(ValueError):
    """A date before the game's launch: no construction rules to apply (a workflow error, not a violation)."""


def rule_version_in_force(as_of: date) -> RuleVersion:
    """The construction rules in force on `as_of` (the last version whose effective date is on or before it)."""
    current = None
    for version in RULE_VERSIONS:
        if version.effective <= as_of:
            current = version
    if current is None:
        raise RulesUnavailable(f"no construction rules before {RULE_VERSIONS[0].effective.isoformat()}")
    return current


# --- the ban list ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BanEntry:
    card_number: str
    status: BanStatus
    max_copies: int
    effective: date | None  # None: undated (applied at every date)
    source: str
    date_as_written: str | None = None


@dataclass(frozen=True, slots=True)
class BanList:
    """Banned/limited entries with their sources. Every entry of the shared data is unverified (see its README)."""

    entries: tuple[BanEntry, ...]
    note: str = ""
    _undated: int = field(default=0, init=False, repr=False, compare=False)
    # in_force's answers by date: every check of a batch asks for the same day (a few days kept)
    _in_force: dict = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        # Every report's LIST_UNVERIFIED warning gives the count: counted once, not over the entries per check.
        object.__setattr__(self, "_undated", sum(1 for entry in self.entries if entry.effective is None))

    def in_force(self, as_of: date) -> Mapping[str, tuple[int, tuple[BanEntry, ...]]]:
        """Card number -> (the strictest copy limit of its entries in force on `as_of`, those entries)."""
        known = self._in_force.get(as_of)
        if known is None:
            if len(self._in_force) >= 16:
                self._in_force.clear()
            known = self._in_force[as_of] = MappingProxyType(self._build_in_force(as_of))
        return known

    def _build_in_force(self, as_of: date) -> dict[str, tuple[int, tuple[BanEntry, ...]]]:
        out: dict[str, tuple[int, tuple[BanEntry, ...]]] = {}
        for entry in self.entries:
            if entry.effective is not None and entry.effective > as_of:
                continue
            limit, seen = out.get(entry.card_number, (entry.max_copies, ()))
            out[entry.card_number] = (min(limit, entry.max_copies), (*seen, entry))
        return out

    @property
    def sources(self) -> tuple[str, ...]:
        return tuple(sorted({entry.source for entry in self.entries}))

    @property
    def undated(self) -> int:
        return self._undated


def load_banlist(path: str | Path) -> BanList:
    """The shared data's banlist.json. Entries a source commented out are skipped (not in force there either)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    entries = tuple(
        BanEntry(
            card_number=item["card_number"],
            status=BanStatus(item["status"]),
            max_copies=int(item["max_copies"]),
            effective=date.fromisoformat(item["date"]) if item.get("date") else None,
            source=item["source"],
            date_as_written=item.get("date_as_written"),
        )
        for item in data["entries"]
        if not item.get("commented_out_in_source")
    )
    return BanList(entries, data.get("note", ""))


# --- the deck hash -----------------------------------------------------------------------------------------------


def deck_hash(decklist: Decklist) -> str:
    """SHA-256 over the compact JSON of the sorted rows `[zone, base card number, copies]` (copies of one number in
    one zone summed, variants folded), then `[zone, "?" + text, copies]` for each unresolved line: one deck written
    in other spellings or line orders hashes alike; decks differing only in an unreadable line hash apart."""
    known, unknown = [], []
    for line in decklist.card_lines():
        zone = _ZONE_VALUE[line.zone or Zone.MAIN]
        if line.status is LineStatus.CARD and line.card_number is not None:
            known.append((zone, line.card_number, line.count or 0))
        else:
            unknown.append((zone, games.base.unresolved_key(line.text), line.count or 0))
    return games.base.deck_hash(known, unknown)


# --- the check ---------------------------------------------------------------------------------------------------

SIZE_CODES = frozenset({ViolationCode.LEADER_COUNT, ViolationCode.DECK_SIZE, ViolationCode.Z_DECK_SIZE})
_ZONE_ORDER = {zone: index for index, zone in enumerate(ZONES)}
_ZONE_VALUE = {zone: zone.value for zone in Zone}


@dataclass(frozen=True, slots=True)
class LegalityReport:
    legal: bool
    buildable: bool  # legal but for the sizes (leader, deck, Z-Deck): a deck still being built
    counts: dict[str, int]
    violations: tuple[Violation, ...]
    warnings: tuple[Violation, ...]
    deck_hash: str
    rule_version: RuleVersion
    as_of: date
    lines: tuple[ReadLine, ...] = ()

    def report_dict(self, *, include_lines: bool = False) -> dict:
        """The report in the Duel Masters report's JSON shape (regulations.services.report_to_dict)."""
        out = {
            "legal": self.legal,
            "buildable": self.buildable,
            "format": GAME,
            "as_of": self.as_of.isoformat(),
            "overlay": None,
            "regulation": {
                "label": self.rule_version.label,
                "effective_date": self.rule_version.effective.isoformat(),
                "code": self.rule_version.code,
                "sources": [SOURCES[key].as_dict() for key in self.rule_version.sources],
            },
            "deck_hash": self.deck_hash,
            "counts": self.counts,
            "violations": [item.as_dict() for item in self.violations],
            "warnings": [item.as_dict() for item in self.warnings],
        }
        if include_lines:  # built only when asked for (a batch's reports leave them out)
            out["lines"] = [line_dict(line) for line in self.lines]
        out["errors"] = []
        return out


def line_dict(line: ReadLine) -> dict:
    return {
        "line": line.line,
        "text": line.text,
        "status": line.status.value,
        "zone": line.zone.value if line.zone else None,
        "count": line.count,
        "card_number": line.card_number,
        "written_number": line.written_number,
        "zone_inferred": line.zone_inferred,
        "candidates": list(line.candidates),
        "note": line.note,
    }


def _ref(card: DbsCard) -> CardRef:
    return CardRef(card.card_number, card.name)


def _copy_cap(card: DbsCard, zone: Zone, version: RuleVersion) -> tuple[int | None, bool]:
    """(the copy cap of a card in a zone, None = no cap; whether the card's own text sets it).
    5-1-3-2: a [Permanent] construction skill ("as many copies as you like", "only N copies") replaces the rule for
    the zone it names. 10-31-1: [Dragon Ball] lifts the per-number cap (the total of 7 is checked apart)."""
    if card.copies_limit_zone == zone:
        if card.copies_any:
            return None, True
        if card.copies_limit is not None:
            return card.copies_limit, True
    if card.dragon_ball and zone is Zone.MAIN:
        return None, False
    return (version.z_copies if zone is Zone.Z else version.copies), False


def _aggregate(catalogue: Catalogue, copies: dict[str, int]) -> list[tuple[DbsCard, int]]:
    return [(catalogue.card(number), count) for number, count in copies.items()]


def released_from(card: DbsCard) -> date | None:
    """The day from which a card is out: its own, else the earliest its set can have come out (None: the data knows
    neither, and the check warns RELEASE_DATE_UNKNOWN)."""
    return card.release_date or card.release_date_earliest


def on_day(decklist: Decklist, catalogue: Catalogue, as_of: date) -> Decklist:
    """The decklist as read on `as_of`: a name line under a heading, ambiguous between cards of which only one was
    out that day, is that card (`2 Pan` under Main on 2018-03-09, the day its starter deck came out: BT3-009, the only
    Pan battle card then; the three others came out from 2020 on). A list written on a day names that day's cards.
    A card of unknown date may have been out. A line still ambiguous names only the cards out that day (none out: all
    of them). A line no heading placed stays as read: its candidates are of every zone (`2 Pan`: leaders too), and
    the date would pick the zone for the player."""
    lines: list[ReadLine] | None = None
    for index, line in enumerate(decklist.lines):
        if line.status is not LineStatus.AMBIGUOUS or line.zone_inferred:
            continue
        out = [
            number
            for number in line.candidates
            if number in catalogue and ((day := released_from(catalogue.card(number))) is None or day <= as_of)
        ]
        if not out or len(out) == len(line.candidates):
            continue
        if lines is None:
            lines = list(decklist.lines)
        if len(out) > 1:  # still ambiguous: the cards the player can have meant that day
            lines[index] = replace(line, candidates=tuple(out))
            continue
        note = f"the only card of this name out on {as_of.isoformat()}"
        lines[index] = replace(line, status=LineStatus.CARD, card_number=out[0], candidates=(), note=note)
    return decklist if lines is None else Decklist(tuple(lines), decklist.errors)


def check_decklist(
    decklist: Decklist, catalogue: Catalogue, *, as_of: date, banlist: BanList | None = None
) -> LegalityReport:
    """Every construction violation of the list under the rules in force on `as_of` (never stops at the first),
    the warnings, the zone counts and the deck hash. Raises RulesUnavailable before the game's launch."""
    version = rule_version_in_force(as_of)
    decklist = on_day(decklist, catalogue, as_of)
    counts = decklist.counts()
    copies = decklist.copies_by_zone()
    zone_cards = {zone: _aggregate(catalogue, copies.get(zone, {})) for zone in ZONES}
    unresolved = decklist.unresolved()
    found: list[Violation] = []
    warnings: list[Violation] = []

    for line in unresolved:
        candidates = tuple(_ref(catalogue.card(number)) for number in line.candidates if number in catalogue)
        found.append(
            v.unresolved_card(
                zone=line.zone,
                written=line.text,
                ambiguous=line.status is LineStatus.AMBIGUOUS,
                candidates=candidates,
                line=line.line,
                count=line.count or 0,
            )
        )

    # 5-1-2: exactly one Leader Card, in the leader area. An unreadable line there still takes the leader's place.
    leader_slots = sum(n for card, n in zone_cards[Zone.LEADER] if card.is_leader) + sum(
        line.count or 0 for line in unresolved if line.zone is Zone.LEADER
    )
    if leader_slots != 1:
        found.append(v.leader_count(count=leader_slots, rule=version.rule(ViolationCode.LEADER_COUNT)))

    misplaced_rule = version.rule(ViolationCode.ZONE_MISPLACED)
    for card, _n in zone_cards[Zone.LEADER]:
        if not card.is_leader:
            found.append(v.zone_misplaced(zone=Zone.LEADER, card=_ref(card), reason="not_leader", rule=misplaced_rule))
    for zone in (Zone.MAIN, Zone.Z):
        for card, _n in zone_cards[zone]:
            if card.is_leader:
                reason = "leader_in_deck"
            elif zone is Zone.MAIN and card.zone is Zone.Z:
                reason = "z_in_deck"
            elif zone is Zone.Z and card.zone is not Zone.Z:
                reason = "not_z"
            else:
                continue
            found.append(v.zone_misplaced(zone=zone, card=_ref(card), reason=reason, rule=misplaced_rule))

    main_count, z_count = counts[Zone.MAIN.value], counts[Zone.Z.value]
    if not version.deck_min <= main_count <= version.deck_max:
        found.append(
            v.deck_size(
                count=main_count,
                minimum=version.deck_min,
                maximum=version.deck_max,
                rule=version.rule(ViolationCode.DECK_SIZE),
                version=version.code,
            )
        )
    z_limit = version.z_deck_max or 0
    if z_count > z_limit:
        found.append(
            v.z_deck_size(
                count=z_count,
                limit=z_limit,
                rule=version.rules.get("Z_DECK_SIZE", version.code),
                version=version.code,
            )
        )

    for zone in (Zone.MAIN, Zone.Z):
        for card, n in zone_cards[zone]:
            cap, own_text = _copy_cap(card, zone, version)
            if cap is not None and n > cap:
                if own_text:
                    rule = version.rules["COPY_LIMIT_OWN"]
                else:
                    rule = (
                        version.rules.get("Z_COPY_LIMIT", version.code)
                        if zone is Zone.Z
                        else version.rules["COPY_LIMIT"]
                    )
                found.append(v.copy_limit(zone=zone, card=_ref(card), count=n, limit=cap, rule=rule, own_text=own_text))

    # 10-14-1, 10-17, 10-31-1: totals over the deck and the Z-Deck.
    in_deck = zone_cards[Zone.MAIN] + zone_cards[Zone.Z]
    for code, flag, limit in (
        (ViolationCode.ULTIMATE_LIMIT, "ultimate", version.ultimate_max),
        (ViolationCode.SUPER_COMBO_LIMIT, "super_combo", version.super_combo_max),
        (ViolationCode.DRAGON_BALL_LIMIT, "dragon_ball", version.dragon_ball_max),
    ):
        holders = [(card, n) for card, n in in_deck if getattr(card, flag)]
        total = sum(n for _card, n in holders)
        if total > limit:
            refs = tuple(_ref(card) for card, _n in sorted(holders, key=lambda item: item[0].card_number))
            found.append(v.keyword_limit(code=code, cards=refs, count=total, limit=limit, rule=version.rule(code)))

    if banlist is not None:
        listed = banlist.in_force(as_of)
        registered: dict[str, int] = {}
        for zone in (Zone.LEADER, Zone.MAIN, Zone.Z):
            for card, n in zone_cards[zone]:
                registered[card.card_number] = registered.get(card.card_number, 0) + n
        hits = []
        for number, n in sorted(registered.items()):
            if number not in listed:
                continue
            limit, entries = listed[number]
            hits.append(_ref(catalogue.card(number)))
            if limit == 0:
                found.append(v.banned(card=_ref(catalogue.card(number)), count=n))
            elif n > limit:
                found.append(v.limited(card=_ref(catalogue.card(number)), count=n, limit=limit))
        warnings.append(v.list_unverified(undated=banlist.undated, cards=tuple(hits)))

    for item in version.unsettled:
        if (
            item.when is UnsettledWhen.ALWAYS
            or (
                item.when is UnsettledWhen.DECK_ABOVE_SETTLED
                and version.settled_deck_max is not None
                and main_count > version.settled_deck_max
            )
            or (
                item.when is UnsettledWhen.Z_ABOVE_SETTLED
                and version.settled_z_deck_max is not None
                and z_count > version.settled_z_deck_max
            )
        ):
            where = {UnsettledWhen.ALWAYS: None, UnsettledWhen.DECK_ABOVE_SETTLED: Zone.MAIN}.get(item.when, Zone.Z)
            warnings.append(v.rules_unsettled(version=version.code, note=item.note, note_ja=item.note_ja, zone=where))
    if counts[Zone.SIDE.value]:
        warnings.append(v.side_deck_unchecked(count=counts[Zone.SIDE.value]))
    # The card pool: a card not out on the date is not legal (its day, or the earliest its set can have come out).
    unknown: list[CardRef] = []
    for zone in (Zone.LEADER, Zone.MAIN, Zone.Z):
        for card, _n in zone_cards[zone]:
            released, bound = released_from(card), card.release_date is None
            if released is not None and released > as_of:
                found.append(
                    v.not_yet_released(
                        zone=zone, card=_ref(card), released=released.isoformat(), as_of=as_of.isoformat(), bound=bound
                    )
                )
            elif card.release_date is None and (card.release_date_latest is None or card.release_date_latest > as_of):
                unknown.append(_ref(card))
    if unknown:
        warnings.append(v.release_date_unknown(cards=tuple(unknown), as_of=as_of.isoformat()))

    ordered = tuple(sorted(found, key=_sort_key))
    return LegalityReport(
        legal=not ordered,
        buildable=all(item.code in SIZE_CODES for item in ordered),
        counts=counts,
        violations=ordered,
        warnings=tuple(warnings),
        deck_hash=deck_hash(decklist),
        rule_version=version,
        as_of=as_of,
        lines=decklist.lines,
    )


def _sort_key(item: Violation) -> tuple:
    zone = _ZONE_ORDER[item.zone] if isinstance(item.zone, Zone) else len(ZONES)
    return (zone, str(item.code), tuple(card.id or "" for card in item.cards), item.message)


def codes(items: Iterable[Violation]) -> list[str]:
    """The codes of violations or warnings, in order (for tests and logs)."""
    return [str(item.code) for item in items]


def legality_report(
    text: str, catalogue: Catalogue, *, as_of: date, banlist: BanList | None = None, include_lines: bool = True
) -> dict:
    """Read a pasted list and check it: the report in the API's JSON shape (the registry adapter's one call)."""
    report = check_decklist(read_decklist(text, catalogue), catalogue, as_of=as_of, banlist=banlist)
    return report.report_dict(include_lines=include_lines)
