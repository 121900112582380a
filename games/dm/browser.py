"""The card browser's Duel Masters filters (games.registry.Game.search.browser_filters): the widgets beside the search
box, each writing terms of the search language's Duel Masters fields (games/dm/query.py), and the panel that shows
them (templates/dm/card_filters.html)."""

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.capabilities import CardBrowserFilters
from games.dm.pages import deck_filters

TYPE_CHOICES = [
    ("", _("Any type")),
    ("creature", _("Creature")),
    ("spell", _("Spell")),
    ("cross_gear", _("Cross Gear")),
    ("castle", _("Castle")),
    ("field", _("Field")),
    ("twinpact", _("Twinpact")),
]
ZONE_CHOICES = [
    ("", _("Any zone")),
    ("main", _("Main deck")),
    ("hyperspatial", _("Hyperspatial zone")),
    ("gr", _("Super GR zone")),
]
KEYWORD_CHOICES = [
    ("trigger", _("Shield trigger")),
    ("blocker", _("Blocker")),
    ("speed_attacker", _("Speed attacker")),
    ("slayer", _("Slayer")),
    ("evolution", _("Evolution")),
    ("twinpact", _("Twinpact")),
]
ORDER_CHOICES = (("name", _("Name")), ("cost", _("Cost")), ("power", _("Power")))


def card_browser_filters() -> CardBrowserFilters:
    fields = {
        "civ": forms.MultipleChoiceField(required=False, choices=deck_filters(), widget=forms.CheckboxSelectMultiple),
        "civ_exact": forms.BooleanField(required=False),
        "cost_min": forms.IntegerField(required=False, min_value=0, max_value=99),
        "cost_max": forms.IntegerField(required=False, min_value=0, max_value=99),
        "type": forms.ChoiceField(required=False, choices=TYPE_CHOICES),
        "race": forms.CharField(required=False, max_length=64),
        "zone": forms.ChoiceField(required=False, choices=ZONE_CHOICES),
        "keywords": forms.MultipleChoiceField(
            required=False, choices=KEYWORD_CHOICES, widget=forms.CheckboxSelectMultiple
        ),
    }
    return CardBrowserFilters(
        fields=fields,
        terms=search_terms,
        template="dm/card_filters.html",
        orders=ORDER_CHOICES,
        search_help=_(
            "Names in Japanese or English, and terms such as civ:fire cost<=3 type:creature race:ドラゴン is:trigger "
            "zone:gr -is:blocker"
        ),
    )


def search_terms(data: Mapping[str, Any]) -> list[str]:
    """The widgets' terms: the civilizations (any of them, or exactly them), the cost range, the type, the race, the
    zone and every keyword."""
    terms = []
    if data.get("civ"):
        terms.append(("civ=" if data.get("civ_exact") else "civ:") + ",".join(data["civ"]))
    if data.get("cost_min") is not None:
        terms.append(f"cost>={data['cost_min']}")
    if data.get("cost_max") is not None:
        terms.append(f"cost<={data['cost_max']}")
    if data.get("type"):
        terms.append(f"type:{data['type']}")
    race = (data.get("race") or "").strip()
    if race:
        terms.append(f'race:"{race}"' if " " in race else f"race:{race}")
    if data.get("zone"):
        terms.append(f"zone:{data['zone']}")
    terms += [f"is:{keyword}" for keyword in data.get("keywords") or []]
    return terms
