"""The deck editor's working copy: apply one change, then return deck + legality + statistics in one response.

The browser keeps the working copy (card ids and counts per zone) and sends it with each change; this module applies
the change, asks the legality service for the report (regulations.services.legality_report) and computes the
statistics. Nothing is stored here: saving goes through the decks API with If-Match.
"""

from collections import Counter
from datetime import date

from api.codes import ApplicationError, ErrorCode
from games.dm.rules.cards import CardFacts, deck_zone_of
from games.dm.rules.decklist import MAX_LINES, Decklist, DecklistLine
from games.dm.rules.statistics import CURVE_COLUMNS, STACKS, deck_statistics
from games.dm.rules.vocabulary import Civilization, DeckZone
from regulations.decklists import copies_check
from web.verdict import legality_verdict

MAX_COUNT = 999
ZONES = (DeckZone.MAIN, DeckZone.HYPERSPATIAL, DeckZone.GR, DeckZone.CONSIDERING)
# Where a card goes when added without a zone: where it starts the game (data `zone`); start-of-game sets are
# counted inside the main deck (spec 1.2.8).
_CIV_ORDER = {civ: index for index, civ in enumerate(Civilization)}


class EditorInputError(ApplicationError, ValueError):
    """A change or working copy the editor cannot read (its JSON endpoint answers in the API's error shape)."""


WorkingCopy = dict[DeckZone, dict[int, int]]  # zone -> {card id: count}, in insertion order


def _card_id(value) -> int:
    text = str(value)
    if isinstance(value, bool) or not isinstance(value, int | str) or not (text.isascii() and text.isdigit()):
        raise EditorInputError(ErrorCode.INVALID_CARD, "A card is given by its numeric id.", {"card": text[:50]})
    return int(value)


def editor_as_of(value) -> date | None:
    """The regulation date of an editor request: YYYY-MM-DD, or nothing for today."""
    if value in (None, ""):
        return None
    problem = EditorInputError(ErrorCode.INVALID_DATE, "as_of is a date YYYY-MM-DD.", {"as_of": str(value)[:50]})
    if not isinstance(value, str):
        raise problem
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise problem from None


def _zone(value) -> DeckZone:
    try:
        return DeckZone(value)
    except ValueError:
        raise EditorInputError(ErrorCode.INVALID_ZONE, "Unknown zone.", {"zone": str(value)[:50]}) from None


def _count(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise EditorInputError(ErrorCode.INVALID_COUNT, f"A count is a whole number from 0 to {MAX_COUNT}.")
    return value


def working_copy_from_json(data, *, resolver) -> WorkingCopy:
    """{"main": [{"card": id, "count": n}], "hyperspatial": [...], "gr": [...], "considering": [...]}; every id
    must be a card of the catalogue."""
    if not isinstance(data, dict):
        raise EditorInputError(ErrorCode.INVALID_DECK, "The deck is an object with one list per zone.")
    copy: WorkingCopy = {zone: {} for zone in ZONES}
    for key, entries in data.items():
        zone = _zone(key)
        if not isinstance(entries, list):
            raise EditorInputError(ErrorCode.INVALID_DECK, "Each zone is a list of entries.", {"zone": zone.value})
    # The bounds of every decklist (MAX_LINES, MAX_COPIES), counted before an entry is read: an 11,000-entry copy
    # cost about a second of CPU per request, and this endpoint is open to anonymous clients.
    entries_total = sum(len(entries) for entries in data.values())
    if entries_total > MAX_LINES:
        raise EditorInputError(
            ErrorCode.DECKLIST_TOO_LARGE,
            f"A decklist may have at most {MAX_LINES} entries.",
            {"entries": entries_total, "limit": MAX_LINES},
        )
    for key, entries in data.items():
        zone = _zone(key)
        for entry in entries:
            if not isinstance(entry, dict):
                raise EditorInputError(ErrorCode.INVALID_DECK, "Each entry is an object with card and count.")
            card, count = _card_id(entry.get("card")), _count(entry.get("count"))
            _known(card, resolver)
            if count:
                copy[zone][card] = min(MAX_COUNT, copy[zone].get(card, 0) + count)
    copies_check(working_copy_copies(copy))
    return copy


def working_copy_copies(copy: WorkingCopy) -> int:
    return sum(sum(cards.values()) for cards in copy.values())


def working_copy_to_json(copy: WorkingCopy) -> dict:
    return {zone.value: [{"card": card, "count": count} for card, count in copy[zone].items()] for zone in ZONES}


def _known(card: int, resolver) -> CardFacts:
    try:
        return resolver.facts(card)
    except KeyError:
        raise EditorInputError(ErrorCode.UNKNOWN_CARD, "No card has this id.", {"card": card}) from None


def home_zone(facts: CardFacts) -> DeckZone:
    return deck_zone_of(facts)


def working_copy_apply(copy: WorkingCopy, op: dict, *, resolver) -> WorkingCopy:
    """One editor change: add (to the card's own zone unless one is given), set a count, or move between zones."""
    if not isinstance(op, dict):
        raise EditorInputError(ErrorCode.INVALID_OPERATION, "The change is an object with an `op`.")
    kind = op.get("op")
    if kind in (None, "none"):
        return copy
    if kind not in ("add", "set", "move"):  # an unknown change is refused whatever card it names
        raise EditorInputError(
            ErrorCode.INVALID_OPERATION, "`op` is one of add, set, move, none.", {"op": str(kind)[:20]}
        )
    card = _card_id(op.get("card"))
    facts = _known(card, resolver)
    if kind == "add":
        zone = _zone(op["zone"]) if op.get("zone") else home_zone(facts)
        count = _count(op.get("count", 1))
        copy[zone][card] = min(MAX_COUNT, copy[zone].get(card, 0) + count)
    elif kind == "set":
        zone, count = _zone(op.get("zone")), _count(op.get("count"))
        if count:
            copy[zone][card] = count
        else:
            copy[zone].pop(card, None)
    elif kind == "move":
        source, target = _zone(op.get("from")), _zone(op.get("to"))
        have = copy[source].get(card, 0)
        count = have if op.get("count") in (None, "all") else min(have, _count(op.get("count")))
        if count:
            if count == have:
                copy[source].pop(card)
            else:
                copy[source][card] = have - count
            copy[target][card] = min(MAX_COUNT, copy[target].get(card, 0) + count)
    copies_check(working_copy_copies(copy))
    return copy


def working_copy_decklist(copy: WorkingCopy) -> Decklist:
    lines = tuple(
        DecklistLine(zone=zone, card=card, count=count, line=None)
        for zone in ZONES
        for card, count in copy[zone].items()
    )
    return Decklist(lines=lines, errors=())


def _civs(facts: CardFacts) -> list[str]:
    return sorted((c.value for c in facts.civilizations), key=lambda c: _CIV_ORDER[Civilization(c)])


def _half(facts: CardFacts | None) -> dict | None:
    if facts is None:
        return None
    return {"name_ja": facts.name_ja, "cost": facts.cost, "civilizations": _civs(facts), "power": facts.power,
            "card_type_ja": facts.card_type_ja, "card_type": facts.card_type}  # fmt: skip


# The keyword lines as the cards print them (Japanese on every card), for the flags the catalogue has.
_BREAKER_JA = {
    "double": "W・ブレイカー",
    "triple": "T・ブレイカー",
    "quattro": "Q・ブレイカー",
    "world": "ワールド・ブレイカー",
    "powered": "パワード・ブレイカー",
    "infinity": "∞ブレイカー",
}


def card_abilities(card) -> list[str]:
    """A card's keyword abilities as the catalogue gives them: the flags of a `Card` or `CardFacts` (evolution,
    S・トリガー, blocker, speed attacker, slayer, breaker, power attacker, can't attack) written as the card prints
    them, then the data's own keyword lines (`keywords_ja`, `breaker_ja` of a `Card`) that these do not repeat.
    The data has no rules text, so this is all the card's text the pages can show besides the official image."""
    breaker = getattr(card, "breaker", None)
    breaker = getattr(breaker, "value", breaker)
    bonus = getattr(card, "power_attacker_bonus", None)
    lines = [
        "進化" if getattr(card, "evolution", False) else "",
        "S・トリガー" if getattr(card, "shield_trigger", False) else "",
        "ブロッカー" if getattr(card, "blocker", False) else "",
        "スピードアタッカー" if getattr(card, "speed_attacker", False) else "",
        "スレイヤー" if getattr(card, "slayer", False) else "",
        getattr(card, "breaker_ja", None) or _BREAKER_JA.get(breaker or "", ""),
        f"パワーアタッカー+{bonus}" if bonus else "",
        "このクリーチャーは攻撃できない。" if getattr(card, "cant_attack", False) else "",
        "このクリーチャーは、相手プレイヤーを攻撃できない。" if getattr(card, "cant_attack_players", False) else "",
        *(getattr(card, "keywords_ja", None) or []),
    ]
    seen: list[str] = []
    for line in lines:
        if line and line not in seen:
            seen.append(line)
    return seen


def card_summary(facts: CardFacts) -> dict:
    """What the browser draws a card tile with (static/js/tile.js) and groups the deck by. The official image and
    page (`image`, `page`) are added by `card_summaries_with_pictures` (one query for all the cards)."""
    return {
        "id": facts.id,
        "name_ja": facts.name_ja,
        "name_en": facts.name_en,
        "civilizations": _civs(facts),
        "cost": facts.cost,
        "power": facts.power,
        "card_type": facts.card_type,
        "card_type_ja": facts.card_type_ja,
        "races": list(facts.races),
        "zone": facts.zone.value if facts.zone else None,
        "home": home_zone(facts).value,
        "shield_trigger": facts.shield_trigger,
        "blocker": facts.blocker,
        "speed_attacker": facts.speed_attacker,
        "breaker": facts.breaker.value if facts.breaker else None,
        "psychic": facts.psychic,
        "dragheart": facts.dragheart,
        "gr": facts.gr,
        "twinpact": facts.twinpact,
        "halves": [_half(facts.twinpact_top), _half(facts.twinpact_bottom)] if facts.twinpact else None,
        # The other sides of a two-sided card (psychic / dragheart back, super-forms), shown on the tile's back.
        "other_faces": [name for name in facts.face_names if name != facts.name_ja][:3],
        "abilities": card_abilities(facts),
    }


def card_summaries_with_pictures(facts_by_id: dict[int, CardFacts]) -> dict[str, dict]:
    """The card summaries of these cards (by id as text, as the browser's JSON has them), each with its official
    image and page (`web.selectors.card_pictures`; None when the card has none or external images are off)."""
    from web.selectors import card_pictures

    pictures = card_pictures(card_ids=list(facts_by_id))
    summaries = {}
    for card, facts in facts_by_id.items():
        picture = pictures.get(card) or {}
        summaries[str(card)] = {**card_summary(facts), "image": picture.get("image"), "page": picture.get("page")}
    return summaries


def editor_state(
    *, copy: WorkingCopy, format_code: str, as_of: date | None, resolver, overlay_id: str | None = None
) -> dict:
    """The working copy with its cards, the legality report and the statistics: one editor response.

    With an event overlay (its stable slug) the report is the overlay's: its base format, its own card statuses."""
    from regulations.selectors import format_get
    from regulations.services import legality_report

    facts = {card: resolver.facts(card) for zone in ZONES for card in copy[zone]}
    report = legality_report(
        decklist=working_copy_decklist(copy), format_code=format_code, as_of=as_of, overlay_id=overlay_id or None
    )
    stats = chart_statistics(main=[(facts[card], count) for card, count in copy[DeckZone.MAIN].items()])
    fmt = format_get(code=report.get("format") or format_code)
    # The page shows the verdict in the request's language (web.verdict): the short lines naming card and fix.
    report["verdict"] = legality_verdict(report)
    return {
        "sizes": {"main": fmt.main_size, "hyperspatial_max": fmt.hyperspatial_max, "gr": fmt.gr_size},
        "deck": working_copy_to_json(copy),
        "cards": card_summaries_with_pictures(facts),
        "legality": report,
        "stats": stats,
    }


def chart_statistics(*, main: list[tuple[CardFacts, int]]) -> dict:
    """The deck statistics (games.dm.rules.statistics) laid out for charts (static/js/stats.js): one series per curve
    stack, every civilization, card types with their Japanese names; cards without a cost are not on the curve."""
    stats = deck_statistics(main)
    series = [
        {"group": stack, "values": [stats.curve.get(column, Counter())[stack] for column in CURVE_COLUMNS]}
        for stack in STACKS
    ]
    return {
        "total": stats.total,
        "curve": {"labels": list(CURVE_COLUMNS), "series": [row for row in series if any(row["values"])]},
        "civilizations": [{"civ": civ.value, "count": stats.civilizations[civ.value]} for civ in Civilization],
        "types": [
            {"type": card_type or "Unknown", "type_ja": stats.card_types_ja.get(card_type) or "不明", "count": count}
            for card_type, count in stats.card_types.most_common()
        ],
        "shield_triggers": stats.shield_triggers,
        "p_trigger_in_shields": float(stats.trigger_probability),
        "multicolored": stats.multicolored,
    }
