"""Duel Masters in the deck editor (games.registry's editor hooks): what a card tile shows, the zone a card goes to
when added without one, the zones a format shows (デュエパーティー: the partner, no hyperspatial or GR zone) and the
statistics laid out for the charts. The editor itself (web/editor.py) is every game's."""

from collections import Counter
from collections.abc import Iterable

from django.utils.translation import gettext

from games.capabilities import editor_zone
from games.dm.rules.cards import CardFacts, deck_zone_of
from games.dm.rules.statistics import CURVE_COLUMNS, STACKS, deck_statistics
from games.dm.rules.vocabulary import Civilization, DeckZone

_CIV_ORDER = {civ: index for index, civ in enumerate(Civilization)}


def _civs(facts: CardFacts) -> list[str]:
    return sorted((c.value for c in facts.civilizations), key=lambda c: _CIV_ORDER[Civilization(c)])


def _half(facts: CardFacts | None) -> dict | None:
    if facts is None:
        return None
    return {"name_ja": facts.name_ja, "cost": facts.cost, "colours": _civs(facts), "power": facts.power,
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
    """A card's keyword abilities as the catalogue gives them: the flags of a `DmCard` or `CardFacts` (evolution,
    S・トリガー, blocker, speed attacker, slayer, breaker, power attacker, can't attack) written as the card prints
    them, then the data's own keyword lines (`keywords_ja`, `breaker_ja` of a `DmCard`) that these do not repeat.
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


def add_note() -> str:
    return gettext("psychic and dragheart cards go to the hyperspatial zone, GR cards to the GR zone")


def home_zone(facts: CardFacts) -> DeckZone:
    """Where a card goes when added without a zone: where it starts the game (data `zone`); start-of-game sets are
    counted inside the main deck (spec 1.2.8)."""
    return deck_zone_of(facts)


def card_summary(facts: CardFacts) -> dict:
    """What the browser draws a card tile with (static/js/tile.js) and groups the deck by. The official image and
    page (`image`, `page`) are added by the editor (web.editor.card_summaries_with_pictures)."""
    return {
        "id": facts.id,
        "name_ja": facts.name_ja,
        "name_en": facts.name_en,
        "colours": _civs(facts),  # the core's tiles' key of a card's colour words
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


def editor_cards(card_ids: Iterable[int]) -> dict[int, dict]:
    from games.dm.resolver import get_resolver

    resolver = get_resolver()
    out = {}
    for card in card_ids:
        try:
            out[card] = card_summary(resolver.facts(card))
        except KeyError:
            continue
    return out


def editor_zones(*, format_code: str, zones) -> list[dict]:
    """The editor's zones for a format: the main deck (its size), the hyperspatial zone (at most), the super GR zone
    (exactly, or empty), the considering list (Shift+Enter, `m`). A format with a partner (デュエパーティー) shows the
    partner zone (one creature of at least the format's cost) and hides the zones it does not use; every other
    format shows all four (a card in a zone the format does not use is a ZONE_NOT_IN_FORMAT violation)."""
    from games.dm.legality import dm_format, format_options

    fmt = format_options(dm_format(code=format_code))
    partner = fmt.uses_partner
    main_size = fmt.main_size - 1 if partner else fmt.main_size  # the partner counts toward the deck's size
    # The editor's short zone names (its tabs and menus always had them).
    layout = {
        DeckZone.MAIN.value: {"size": main_size, "name_en": "Main deck", "name_ja": "メインデッキ"},
        DeckZone.HYPERSPATIAL.value: {"max": fmt.hyperspatial_max, "name_en": "Hyperspatial", "name_ja": "超次元"},
        DeckZone.GR.value: {"size": fmt.gr_size, "optional": True, "name_en": "GR", "name_ja": "超GR"},
        DeckZone.PARTNER.value: {
            "size": 1,
            "hint": gettext("One creature of cost %(cost)s or more; it counts as one of the %(size)s cards.")
            % {"cost": fmt.partner_min_cost, "size": fmt.main_size},
        },
        DeckZone.CONSIDERING.value: {"aside": True, "name_en": "Considering", "name_ja": "検討中"},
    }
    shown = {DeckZone.MAIN.value, DeckZone.CONSIDERING.value}
    if partner:
        shown.add(DeckZone.PARTNER.value)
        shown |= {DeckZone.HYPERSPATIAL.value} if fmt.uses_hyperspatial else set()
        shown |= {DeckZone.GR.value} if fmt.uses_gr else set()
    else:
        shown |= {DeckZone.HYPERSPATIAL.value, DeckZone.GR.value}
    out = []
    for zone in zones:
        if zone.code not in shown:
            continue
        out.append(editor_zone(zone, **layout.get(zone.code, {})))
    return out


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
        "charts": _charts(stats),
    }


# The charts' colours of the curve's stacks and of the civilizations (the frames' colours, site.css).
STACK_COLOURS = {
    "light": "#e9c93b", "water": "#2f7fd6", "darkness": "#5b4a6b", "fire": "#d8432c", "nature": "#3a9a47",
    "multicolor": "#c77dd6", "colorless": "#9a9a9a",
}  # fmt: skip
_STACK_WORDS = {"multicolor": "multi"}  # the stack's data word (games/dm/words.py)


def _charts(stats) -> list[dict]:
    """The statistics as the editor's and the deck page's charts (static/js/stats.js), in the page's language: the
    mana curve stacked by civilization, the civilizations, the card types, the trigger numbers."""
    from django.utils.translation import get_language

    from games.dm.words import display_word

    japanese = (get_language() or "en").startswith("ja")
    curve = [
        {"name": display_word(_STACK_WORDS.get(stack, stack)), "color": STACK_COLOURS.get(stack, "#888"),
         "values": [stats.curve.get(column, Counter())[stack] for column in CURVE_COLUMNS]}
        for stack in STACKS
    ]  # fmt: skip
    return [
        {"kind": "stacked", "title": gettext("Mana curve (main deck)"), "labels": list(CURVE_COLUMNS),
         "series": [row for row in curve if any(row["values"])]},
        {"kind": "bars", "title": gettext("Civilizations"),
         "items": [{"label": display_word(civ.value), "value": stats.civilizations[civ.value],
                    "color": STACK_COLOURS[civ.value]} for civ in Civilization]},
        {"kind": "bars", "title": gettext("Card types"),
         "items": [{"label": (stats.card_types_ja.get(card_type) or "不明") if japanese else card_type or "Unknown",
                    "value": count, "color": "#6b7a99"} for card_type, count in stats.card_types.most_common()]},
        {"kind": "numbers", "id": "trigger-stats", "title": "",
         "items": [{"label": gettext("Shield triggers"), "value": stats.shield_triggers},
                   {"label": gettext("Chance of at least one trigger in the 5 shields"),
                    "value": f"{float(stats.trigger_probability) * 100:.1f}%"},
                   {"label": gettext("Multicolored cards"), "value": stats.multicolored}]},
    ]  # fmt: skip


def editor_statistics(entries: Iterable[tuple[int, str, int]]) -> dict:
    from games.dm.resolver import get_resolver

    resolver = get_resolver()
    deck = (DeckZone.MAIN.value, DeckZone.PARTNER.value)  # the partner is a card of the deck (Duel Party)
    main = [(resolver.facts(card), count) for card, zone, count in entries if zone in deck]
    return chart_statistics(main=main)
