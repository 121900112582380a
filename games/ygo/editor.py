"""The Yu-Gi-Oh! OCG in the deck editor (games.registry's editor hooks): the three zones with their sizes (PR p.8),
what a card tile shows (name in Japanese and English, type line, Attribute and Type, Level / Rank / Link, ATK/DEF,
the official database page by Konami id), the zone an added card goes to (an Extra Deck monster to the Extra Deck)
and the statistics: the Main Deck's monster / spell / trap split, its monsters by Level, its Attributes, and the
Extra Deck by kind with its Ranks and Link ratings."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import get_language, gettext

from games.capabilities import editor_zone
from games.ygo.rules import DeckZone, YgoCard
from games.ygo.rules.legality import EXTRA_MAX, MAIN_MAX, MAIN_MIN, SIDE_MAX
from games.ygo.rules.vocabulary import CardType
from games.ygo.statistics import EXTRA_KINDS, deck_tally, printed_stars

DATABASE = "https://www.db.yugioh-card.com/yugiohdb/card_search.action?ope=2&cid={konami_id}&request_locale={locale}"

# The card frames' colours (the printed cards'), by the first kind that applies.
FRAMES = (
    ("Link", "#1d5ea8"),
    ("Xyz", "#2b2b2b"),
    ("Synchro", "#d9d9d9"),
    ("Fusion", "#8a4fb3"),
    ("Ritual", "#5b8fd6"),
    ("Normal", "#d9b54a"),
)
FRAME_EFFECT = "#c8743a"
FRAME_SPELL = "#1d9a7a"
FRAME_TRAP = "#b0387a"

MONSTER_TYPES_JA = {
    "Normal": "通常", "Effect": "効果", "Fusion": "融合", "Synchro": "シンクロ", "Xyz": "エクシーズ", "Link": "リンク",
    "Ritual": "儀式", "Pendulum": "ペンデュラム", "Tuner": "チューナー", "Flip": "リバース", "Spirit": "スピリット",
    "Union": "ユニオン", "Gemini": "デュアル", "Toon": "トゥーン",
}  # fmt: skip
PROPERTIES_JA = {
    "Normal": "通常", "Continuous": "永続", "Quick-Play": "速攻", "Field": "フィールド", "Equip": "装備",
    "Counter": "カウンター", "Ritual": "儀式",
}  # fmt: skip
ATTRIBUTES_JA = {"DARK": "闇", "EARTH": "地", "LIGHT": "光", "WATER": "水", "WIND": "風", "FIRE": "炎", "DIVINE": "神"}
ATTRIBUTE_COLORS = {
    "DARK": "#5b3f7a", "EARTH": "#8a6b3a", "LIGHT": "#d9b54a", "WATER": "#2f7fc1", "WIND": "#3aa35b",
    "FIRE": "#c8413a", "DIVINE": "#b8962e",
}  # fmt: skip
RACES_JA = {
    "Warrior": "戦士族", "Machine": "機械族", "Fiend": "悪魔族", "Dragon": "ドラゴン族", "Spellcaster": "魔法使い族",
    "Fairy": "天使族", "Beast": "獣族", "Winged Beast": "鳥獣族", "Cyberse": "サイバース族", "Aqua": "水族",
    "Zombie": "アンデット族", "Rock": "岩石族", "Beast-Warrior": "獣戦士族", "Insect": "昆虫族", "Plant": "植物族",
    "Psychic": "サイキック族", "Reptile": "爬虫類族", "Pyro": "炎族", "Thunder": "雷族", "Dinosaur": "恐竜族",
    "Fish": "魚族", "Sea Serpent": "海竜族", "Wyrm": "幻竜族", "Illusion": "幻想魔族", "Divine-Beast": "幻神獣族",
    "Creator God": "創造神族",
}  # fmt: skip
KIND_COLORS = dict(FRAMES)
TYPE_COLORS = {"monster": FRAME_EFFECT, "spell": FRAME_SPELL, "trap": FRAME_TRAP}


def add_note() -> str:
    return gettext("Fusion, Synchro, Xyz and Link monsters go to the Extra Deck")


def _japanese() -> bool:
    return (get_language() or "en").startswith("ja")


def _frame(card: YgoCard) -> str:
    if card.card_type is CardType.SPELL:
        return FRAME_SPELL
    if card.card_type is CardType.TRAP:
        return FRAME_TRAP
    return next((color for kind, color in FRAMES if kind in card.monster_types), FRAME_EFFECT)


def _type_line(card: YgoCard, record: dict, *, japanese: bool) -> str:
    if card.card_type is CardType.MONSTER:
        if japanese:
            kinds = "・".join(MONSTER_TYPES_JA.get(kind, kind) for kind in card.monster_types)
            return f"{kinds}モンスター" if kinds else "モンスター"
        return f"{' / '.join(card.monster_types)} Monster" if card.monster_types else "Monster"
    prop = record.get("property") or ""
    if japanese:
        base = "魔法" if card.card_type is CardType.SPELL else "罠"
        return f"{PROPERTIES_JA.get(prop, prop)}{base}" if prop else base
    base = "Spell" if card.card_type is CardType.SPELL else "Trap"
    return f"{prop} {base}" if prop else base


def _stat(value) -> str:
    return "?" if value == "?" else ("–" if value is None else str(value))


def card_summary(pk: int, card: YgoCard, record: dict) -> dict:
    japanese_line = _type_line(card, record, japanese=True)
    english_line = _type_line(card, record, japanese=False)
    monster = card.card_type is CardType.MONSTER
    attribute = card.attribute or ""
    race = card.race or ""
    power = None
    if monster:
        power = f"ATK {_stat(card.atk)}" + ("" if card.link_rating is not None else f" / DEF {_stat(card.defense)}")
    links = []
    if card.konami_id is not None:
        links = [
            {"label": "遊戯王OCGカードデータベース", "url": DATABASE.format(konami_id=card.konami_id, locale="ja"),
             "lang": "ja"},
            {"label": "Yu-Gi-Oh! Card Database", "url": DATABASE.format(konami_id=card.konami_id, locale="en"),
             "lang": "en"},
        ]  # fmt: skip
    group = {"monster": ("Monster", "モンスター", 1), "spell": ("Spell", "魔法", 2), "trap": ("Trap", "罠", 3)}
    group_en, group_ja, order = group[card.card_type.value]
    return {
        "id": pk,
        "name_ja": card.name_ja or card.name_en,
        "name_en": card.name_en,
        "card_type": english_line,
        "card_type_ja": japanese_line,
        "cost": card.level if card.level is not None else (card.rank if card.rank is not None else card.link_rating),
        "cost_text": printed_stars(card)
        or ("魔" if card.card_type is CardType.SPELL else "罠" if not monster else "–"),
        "power": power,
        "home": card.deck_zone.value,
        "group": {"key": card.card_type.value, "en": group_en, "ja": group_ja, "order": order},
        "tile": {
            "frame": [_frame(card)],
            "lines_en": [line for line in (" / ".join(filter(None, (attribute, race))),) if line],
            "lines_ja": [
                line
                for line in (
                    " / ".join(filter(None, (ATTRIBUTES_JA.get(attribute, attribute), RACES_JA.get(race, race)))),
                )
                if line
            ],
            "links": links,
        },
        "page": links[0]["url"] if links else None,  # the official page: no picture of the card is linked
        "image": None,
        "konami_id": card.konami_id,
    }


def editor_cards(card_ids: Iterable[int]) -> dict[int, dict]:
    from games.ygo.catalogue import ygo_context

    context = ygo_context()
    out = {}
    for pk in card_ids:
        card = context.by_pk.get(pk)
        if card is not None:
            out[pk] = card_summary(pk, card, context.facts.get(pk) or {})
    return out


def editor_zones(zones) -> list[dict]:
    sizes = {
        DeckZone.MAIN.value: {"min": MAIN_MIN, "max": MAIN_MAX},
        DeckZone.EXTRA.value: {"max": EXTRA_MAX},
        DeckZone.SIDE.value: {"max": SIDE_MAX, "aside": True},
    }
    out = []
    for zone in zones:
        out.append(editor_zone(zone, **sizes.get(zone.code, {})))
    return out


def editor_statistics(entries: Iterable[tuple[int, str, int]]) -> dict:
    """Charts of the Main Deck (monster / spell / trap, monsters by Level, by Attribute) and of the Extra Deck (by
    kind; Ranks and Link ratings apart from Levels)."""
    from games.ygo.catalogue import ygo_context

    japanese = _japanese()
    tally = deck_tally(entries, by_pk=ygo_context().by_pk)
    kinds, levels, attributes = tally.kinds, tally.levels, tally.attributes
    extra_kinds, extra_stars, totals = tally.extra_kinds, tally.extra_stars, tally.totals
    names = {"monster": gettext("Monsters"), "spell": gettext("Spells"), "trap": gettext("Traps")}
    top = max(levels, default=0)
    level_labels = [str(level) for level in range(1, max(12, top) + 1)]
    star_order = sorted(extra_stars, key=lambda text: ("LINK" in text, "☆" in text, int(text.lstrip("★☆LINK-"))))
    charts = [
        {
            "kind": "bars",
            "id": "ygo-card-types",
            "title": gettext("Main Deck: monsters, spells and traps"),
            "items": [{"label": names[kind], "value": kinds[kind], "color": TYPE_COLORS[kind]} for kind in names],
        },
        {
            "kind": "stacked",
            "id": "ygo-levels",
            "title": gettext("Main Deck monsters by Level"),
            "labels": level_labels,
            "series": [{"name": gettext("Monsters"), "color": FRAME_EFFECT,
                        "values": [levels[int(label)] for label in level_labels]}],
        },
        {
            "kind": "bars",
            "id": "ygo-attributes",
            "title": gettext("Main Deck monsters by Attribute"),
            "items": [
                {"label": ATTRIBUTES_JA.get(name, name) if japanese else name, "value": count,
                 "color": ATTRIBUTE_COLORS.get(name, "#888")}
                for name, count in sorted(attributes.items(), key=lambda kv: (-kv[1], kv[0]))
            ],
        },
        {
            "kind": "bars",
            "id": "ygo-extra",
            "title": gettext("Extra Deck by kind, Rank and Link rating"),
            "items": [
                *({"label": MONSTER_TYPES_JA.get(kind, kind) if japanese else kind, "value": extra_kinds[kind],
                   "color": KIND_COLORS.get(kind, "#888")} for kind in (*EXTRA_KINDS, "other") if extra_kinds[kind]),
                *({"label": stars, "value": extra_stars[stars], "color": "#6b7a99"} for stars in star_order),
            ],
        },
        {
            "kind": "numbers",
            "id": "ygo-counts",
            "title": gettext("Cards"),
            "items": [
                {"label": gettext("Main Deck"), "value": totals[DeckZone.MAIN.value]},
                {"label": gettext("Extra Deck"), "value": totals[DeckZone.EXTRA.value]},
                {"label": gettext("Side Deck"), "value": totals[DeckZone.SIDE.value]},
            ],
        },
    ]  # fmt: skip
    return {
        "charts": charts,
        "card_types": {kind: kinds[kind] for kind in names},
        "levels": {str(level): levels[level] for level in sorted(levels)},
        "attributes": dict(sorted(attributes.items())),
        "extra_deck": dict(sorted(extra_kinds.items())),
    }
