"""The card browser's Dragon Ball Super filters (game.search.browser_filters): colour, card type, cost,
power, combo power, special trait and set, each writing terms of the game's search fields (games/dbs/search.py), and
the panel that shows them (templates/dbs/card_filters.html). Labels in the page's language, as the editor names the
colours and types (games/dbs/editor.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from games.capabilities import CardBrowserFilters
from games.dbs.editor import COLORS_JA, TYPE_ORDER, TYPES_JA


def _word(english: str, japanese: str) -> str:
    return japanese if (get_language() or "en").startswith("ja") else english


_label = lazy(_word, str)

COLOR_CHOICES = [(color.lower(), _label(color, COLORS_JA[color])) for color in COLORS_JA]
TYPE_CHOICES = [("", _("Any type")), *((kind.lower(), _label(kind, TYPES_JA[kind])) for kind in TYPE_ORDER),
                ("z", _label("Any Z-card", "Zカード全て"))]  # fmt: skip
ORDER_CHOICES = (
    ("name", _("Name")),
    ("number", _("Card number")),
    ("cost", _("Cost")),
    ("power", _("Power")),
    ("combo", _("Combo power")),
)


def card_browser_filters() -> CardBrowserFilters:
    fields = {
        "color": forms.MultipleChoiceField(required=False, choices=COLOR_CHOICES, widget=forms.CheckboxSelectMultiple),
        "color_exact": forms.BooleanField(required=False),
        "type": forms.ChoiceField(required=False, choices=TYPE_CHOICES),
        "cost_min": forms.IntegerField(required=False, min_value=0, max_value=99),
        "cost_max": forms.IntegerField(required=False, min_value=0, max_value=99),
        "power_min": forms.IntegerField(required=False, min_value=0, max_value=999999),
        "power_max": forms.IntegerField(required=False, min_value=0, max_value=999999),
        "combo_min": forms.IntegerField(required=False, min_value=0, max_value=99999),
        "combo_max": forms.IntegerField(required=False, min_value=0, max_value=99999),
        "trait": forms.CharField(required=False, max_length=64),
        "set": forms.CharField(required=False, max_length=64),
    }
    return CardBrowserFilters(
        fields=fields,
        terms=search_terms,
        template="dbs/card_filters.html",
        orders=ORDER_CHOICES,
        search_help=_(
            "English names and card numbers (Son Goku, BT1-005), and terms such as color:red type:battle cost<=3 "
            "power>=15000 combo:5000 trait:saiyan set:BT10"
        ),
    )


def _text(value: object) -> str:
    text = str(value or "").replace('"', " ").strip()
    return f'"{text}"' if " " in text else text


def search_terms(data: Mapping[str, Any]) -> list[str]:
    """The widgets' terms: the colours (all of them, or exactly them), the card type, the cost, power and combo power
    ranges, a special trait and a set."""
    terms = []
    if data.get("color"):
        terms.append(("color=" if data.get("color_exact") else "color:") + ",".join(data["color"]))
    if data.get("type"):
        terms.append(f"type:{data['type']}")
    for name in ("cost", "power", "combo"):
        if data.get(f"{name}_min") is not None:
            terms.append(f"{name}>={data[f'{name}_min']}")
        if data.get(f"{name}_max") is not None:
            terms.append(f"{name}<={data[f'{name}_max']}")
    for name in ("trait", "set"):
        value = _text(data.get(name))
        if value:
            terms.append(f"{name}:{value}")
    return terms
