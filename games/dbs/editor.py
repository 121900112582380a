"""The Dragon Ball Super Card Game in the deck editor (games.registry's editor hooks): the leader slot (exactly one
Leader card, 5-1-2), the deck with the sizes of the rule version in force, the Z-Deck and the side deck; what a card
tile shows (card number, colour, energy cost, power, type, combo); the zone an added card goes to (a Leader to the
leader slot, a Z-card to the Z-Deck); the colour and energy-cost statistics of the deck."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from django.utils import timezone
from django.utils.translation import get_language, gettext

from games.capabilities import editor_zone
from games.dbs import catalogue as db
from games.dbs.rules.cards import DbsCard
from games.dbs.rules.legality import RulesUnavailable, rule_version_in_force
from games.dbs.rules.official import card_image, card_image_back, card_list_page
from games.dbs.rules.vocabulary import Zone
from games.dbs.statistics import CURVE, deck_tally

COLORS = {"Red": "#c8413a", "Blue": "#2f6fc1", "Green": "#3a9a4b", "Yellow": "#d9b43a", "Black": "#3a3a3a",
          "White": "#d8d8d8"}  # fmt: skip
COLORS_JA = {"Red": "赤", "Blue": "青", "Green": "緑", "Yellow": "黄", "Black": "黒", "White": "白"}
TYPES_JA = {
    "Leader": "リーダー", "Battle": "バトル", "Extra": "エクストラ", "Unison": "ユニゾン", "Z-Leader": "Zリーダー",
    "Z-Battle": "Zバトル", "Z-Extra": "Zエクストラ", "Z-Unison": "Zユニゾン",
}  # fmt: skip
TYPE_ORDER = ("Leader", "Battle", "Unison", "Extra", "Z-Leader", "Z-Battle", "Z-Unison", "Z-Extra")


def add_note() -> str:
    return gettext("a Leader goes to the leader slot, Z-cards to the Z-Deck")


def _japanese() -> bool:
    return (get_language() or "en").startswith("ja")


def card_summary(card_id: int, card: DbsCard, facts: dict) -> dict:
    combo = facts.get("combo_power")
    colors = list(card.colors)
    lines_en = [card.card_number, " / ".join(colors)]
    lines_ja = [card.card_number, " / ".join(COLORS_JA.get(color, color) for color in colors)]
    if combo:
        lines_en.append(f"Combo {facts.get('combo_energy') or 0} / +{combo}")
        lines_ja.append(f"コンボ {facts.get('combo_energy') or 0} / +{combo}")
    flags = [name for name, on in (("Ultimate", card.ultimate), ("Super Combo", card.super_combo),
                                    ("Dragon Ball", card.dragon_ball)) if on]  # fmt: skip
    if flags:
        lines_en.append(", ".join(flags))
        lines_ja.append(", ".join(flags))
    power = None
    if card.power is not None:
        power = f"{card.power}" + (f" // {facts['back_power']}" if facts.get("back_power") else "")
    # A leader's two sides, each with its own name and power (2-3-2-1-2): the solo board turns it over (awakens).
    faces = None
    if card.back_name:
        faces = [
            {"name": card.name, "power": None if card.power is None else str(card.power)},
            {"name": card.back_name, "power": None if facts.get("back_power") is None else str(facts["back_power"])},
        ]
    return {
        "id": card_id,
        # The game is printed in English: one name in both languages (the Leader's two sides).
        "name_ja": card.display_name,
        "name_en": card.display_name,
        "card_number": card.card_number,
        "card_type": card.card_type.value,
        "card_type_ja": TYPES_JA.get(card.card_type.value, card.card_type.value),
        "cost": card.energy_cost,
        "cost_text": "–" if card.energy_cost is None else str(card.energy_cost),
        "power": power,
        "colors": colors,
        "faces": faces,
        "home": card.zone.value,
        "group": {
            "key": card.card_type.value,
            "en": card.card_type.value,
            "ja": TYPES_JA.get(card.card_type.value, card.card_type.value),
            "order": TYPE_ORDER.index(card.card_type.value) + 1 if card.card_type.value in TYPE_ORDER else 99,
        },
        "groups": {
            "colour": {
                "key": "/".join(colors) or "none",
                "en": " / ".join(colors) or "–",
                "ja": " / ".join(COLORS_JA.get(color, color) for color in colors) or "–",
                # one colour in the colours' order, then the multicoloured cards
                "order": list(COLORS).index(colors[0]) + (10 if len(colors) > 1 else 0) if colors else 99,
            }
        },
        "tile": {
            "frame": [COLORS.get(color, "#888") for color in colors] or ["#888"],
            "lines_en": [line for line in lines_en if line],
            "lines_ja": [line for line in lines_ja if line],
            # The official card list searched by the number (official.py), in the list view and the preview.
            "links": [{"label": label, "url": card_list_page(card.card_number), "lang": language}
                      for language, label in (("en", "Official card list"), ("ja", "公式カードリスト"))],
        },
        # No "page" here: the pages take the official picture from the game's `card_pictures` (external images on).
    }  # fmt: skip


def card_pictures(card_ids: Iterable[int]) -> dict[int, dict]:
    """Per card id, the official card image by its number (on DBS_CARD_IMAGE_HOST) and its card-list page."""
    from django.conf import settings

    state = db.state()
    out = {}
    for card_id in card_ids:
        card = state.card_of_id(card_id)
        if card is not None:
            image = card_image(card.card_number, host=settings.DBS_CARD_IMAGE_HOST)
            out[card_id] = {"page": card_list_page(card.card_number), "image": image}
            if card.back_name:  # a leader's awakened side
                out[card_id]["image_back"] = card_image_back(card.card_number, host=settings.DBS_CARD_IMAGE_HOST)
    return out


def editor_cards(card_ids: Iterable[int]) -> dict[int, dict]:
    state = db.state()
    out = {}
    for card_id in card_ids:
        card = state.card_of_id(card_id)
        if card is not None:
            out[card_id] = card_summary(card_id, card, state.facts.get(card.card_number) or {})
    return out


def editor_zones(zones, *, as_of: date | None) -> list[dict]:
    """The leader slot (exactly one), the deck (the sizes of the rule version in force on the date), the Z-Deck (at
    most its size; none before the Zenkai series) and the side deck (counted, not checked)."""
    try:
        version = rule_version_in_force(as_of or timezone.localdate())
    except RulesUnavailable:
        version = None
    main: dict = {}
    if version is not None:
        main = (
            {"size": version.deck_min}
            if version.deck_min == version.deck_max
            else {"min": version.deck_min, "max": version.deck_max}
        )
    layout = {
        Zone.LEADER.value: {
            "size": 1,
            "hint": gettext("Exactly one Leader card."),
        },
        Zone.MAIN.value: main,
        Zone.Z.value: {"max": version.z_deck_max if version is not None else None},
        Zone.SIDE.value: {"aside": True},
    }
    out = []
    for zone in zones:
        out.append(editor_zone(zone, **layout.get(zone.code, {})))
    return out


def editor_statistics(entries: Iterable[tuple[int, str, int]]) -> dict:
    """The deck's energy-cost curve (0 to 7, 8+) stacked by colour, its colours (a multicolour card in each), its
    card types, and the leader's colours."""
    japanese = _japanese()
    tally = deck_tally(entries, card_of_id=db.state().card_of_id)
    colors, types, totals = tally.colors, tally.types, tally.zones
    leader_colors, multicolored = tally.leader_colors, tally.multicolored
    # A multicolour card is split between its colours so that each cost's bar counts it once.
    curve = {
        column: {color or "Colorless": n for color, n in shares.items()} for column, shares in tally.cost_shares.items()
    }

    def color_name(color: str) -> str:
        return COLORS_JA.get(color, color) if japanese else color

    present = [color for color in (*COLORS, "Colorless") if any(curve.get(c, {}).get(color) for c in CURVE)]
    charts = [
        {
            "kind": "stacked",
            "id": "dbs-cost-curve",
            "title": gettext("Energy cost curve (main deck)"),
            "labels": CURVE,
            "series": [
                {"name": color_name(color), "color": COLORS.get(color, "#888"),
                 "values": [round(curve.get(column, {}).get(color, 0), 2) for column in CURVE]}
                for color in present
            ],
        },
        {
            "kind": "bars",
            "id": "dbs-colors",
            "title": gettext("Colours (main deck)"),
            "items": [{"label": color_name(color), "value": colors[color], "color": COLORS[color]}
                      for color in COLORS if colors[color]],
        },
        {
            "kind": "bars",
            "id": "dbs-types",
            "title": gettext("Card types"),
            "items": [{"label": TYPES_JA.get(kind, kind) if japanese else kind, "value": count, "color": "#6b7a99"}
                      for kind, count in sorted(types.items(), key=lambda kv: (-kv[1], kv[0]))],
        },
        {
            "kind": "numbers",
            "id": "dbs-counts",
            "title": gettext("Cards"),
            "items": [
                {"label": gettext("Leader colours"), "value": " / ".join(map(color_name, leader_colors)) or "–"},
                {"label": gettext("Multicolored cards"), "value": multicolored},
                {"label": gettext("Z-Deck"), "value": totals[Zone.Z.value]},
            ],
        },
    ]  # fmt: skip
    return {
        "charts": charts,
        "colors": {color: colors[color] for color in COLORS if colors[color]},
        "cost_curve": {column: round(sum(curve.get(column, {}).values())) for column in CURVE},
        "card_types": dict(sorted(types.items())),
        "leader_colors": leader_colors,
    }
