"""The OCG's data words as its players read them: the card kinds, Attributes, monster Types, monster card types and
Spell/Trap properties the data writes in English (`FIRE`, `Zombie`, `Effect`), each with its English label and the
name the Japanese cards print (炎属性, アンデット族, 効果). The card page, the card browser's filters and the deck
pages' columns show them through `word_label`."""

from __future__ import annotations

from django.utils.translation import get_language, pgettext_lazy

CARD_TYPES = {
    "monster": ("Monster", "モンスター"),
    "spell": ("Spell", "魔法"),
    "trap": ("Trap", "罠"),
}
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
RACES_JA = {
    "Warrior": "戦士族", "Machine": "機械族", "Fiend": "悪魔族", "Dragon": "ドラゴン族", "Spellcaster": "魔法使い族",
    "Fairy": "天使族", "Beast": "獣族", "Winged Beast": "鳥獣族", "Cyberse": "サイバース族", "Aqua": "水族",
    "Zombie": "アンデット族", "Rock": "岩石族", "Beast-Warrior": "獣戦士族", "Insect": "昆虫族", "Plant": "植物族",
    "Psychic": "サイキック族", "Reptile": "爬虫類族", "Pyro": "炎族", "Thunder": "雷族", "Dinosaur": "恐竜族",
    "Fish": "魚族", "Sea Serpent": "海竜族", "Wyrm": "幻竜族", "Illusion": "幻想魔族", "Divine-Beast": "幻神獣族",
    "Creator God": "創造神族",
}  # fmt: skip
# An Attribute as a card prints it (炎属性).
ATTRIBUTES = {value: (value, f"{ja}属性") for value, ja in ATTRIBUTES_JA.items()}
RACES = RACES_JA
MONSTER_TYPES = {**MONSTER_TYPES_JA, "Special Summon": "特殊召喚"}
PROPERTIES = PROPERTIES_JA
# The deck the card goes in, as the page names it.
DECK_ZONES = {
    "main": (pgettext_lazy("OCG deck", "Main Deck"), "メインデッキ"),
    "extra": (pgettext_lazy("OCG deck", "Extra Deck"), "エクストラデッキ"),
}


def japanese() -> bool:
    return (get_language() or "en").startswith("ja")


def word_label(kind: str, value: str | None) -> str:
    """One data word in the page's language (the English word where Japanese is not known): `kind` is one of
    card_type, attribute, race, monster_type, property."""
    if not value:
        return ""
    if kind == "card_type":
        en, ja = CARD_TYPES.get(value, (value, value))
    elif kind == "attribute":
        en, ja = ATTRIBUTES.get(value.upper(), (value, value))
    elif kind == "race":
        en, ja = value, RACES.get(value, value)
    elif kind == "monster_type":
        en, ja = value, MONSTER_TYPES.get(value, value)
    elif kind == "property":
        en, ja = value, PROPERTIES.get(value, value)
    elif kind == "deck":
        label, ja = DECK_ZONES.get(value, (value, value))
        en = str(label)
    else:
        en = ja = value
    return ja if japanese() else en


def both_labels(kind: str, value: str | None) -> str:
    """A data word in both languages, the page's first (`モンスター (Monster)`, `Monster (モンスター)`)."""
    if not value:
        return ""
    shown = word_label(kind, value)
    with_other = _other(kind, value)
    return shown if not with_other or with_other == shown else f"{shown} ({with_other})"


def _other(kind: str, value: str) -> str:
    from django.utils import translation

    other = "en" if japanese() else "ja"
    with translation.override(other):
        return word_label(kind, value)
