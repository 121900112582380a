"""The card browser's OCG filters (game.search.browser_filters): the widgets beside the search box, each
writing terms of the OCG's search fields (games/ygo/search.py), and the panel that shows them
(templates/ygo/card_filters.html). Choice labels are the words the Japanese cards print beside the English ones."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.capabilities import CardBrowserFilters
from games.ygo.words import ATTRIBUTES, CARD_TYPES, RACES, word_label

_label = lazy(word_label, str)

KIND_CHOICES = [("", _("Any kind")), *((value, _label("card_type", value)) for value in CARD_TYPES)]
# The monster card types the search's `type:` takes (games/ygo/search.py), by the words the cards print.
MONSTER_TYPE_CHOICES = [
    ("", _("Any")),
    *(
        (value.lower(), _label("monster_type", value))
        for value in ("Normal", "Effect", "Fusion", "Ritual", "Synchro", "Xyz", "Link", "Pendulum", "Tuner")
    ),
]
ATTRIBUTE_CHOICES = [("", _("Any Attribute")), *((value.lower(), _label("attribute", value)) for value in ATTRIBUTES)]
RACE_CHOICES = [("", _("Any Type")), *((value, _label("race", value)) for value in RACES)]
STARS_CHOICES = [
    ("level", pgettext_lazy("OCG", "Level")),
    ("rank", pgettext_lazy("OCG", "Rank")),
    ("link", pgettext_lazy("OCG", "Link")),
]
LIMIT_CHOICES = [
    ("", _("Any")),
    ("forbidden", pgettext_lazy("OCG list status", "Forbidden")),
    ("limited", pgettext_lazy("OCG list status", "Limited")),
    ("semi-limited", pgettext_lazy("OCG list status", "Semi-Limited")),
    ("unlimited", pgettext_lazy("OCG list status", "Unlimited")),
]
ORDER_CHOICES = (
    ("name", _("Name")),
    ("atk", pgettext_lazy("OCG", "ATK")),
    ("def", pgettext_lazy("OCG", "DEF")),
    ("level", pgettext_lazy("OCG", "Level")),
    ("date", _("Release date")),
)


def _number(*, min_value: int, max_value: int) -> forms.IntegerField:
    return forms.IntegerField(required=False, min_value=min_value, max_value=max_value)


def card_browser_filters() -> CardBrowserFilters:
    fields = {
        "kind": forms.ChoiceField(required=False, choices=KIND_CHOICES),
        "monster_type": forms.ChoiceField(required=False, choices=MONSTER_TYPE_CHOICES),
        "attr": forms.ChoiceField(required=False, choices=ATTRIBUTE_CHOICES),
        "race": forms.ChoiceField(required=False, choices=RACE_CHOICES),
        "stars": forms.ChoiceField(required=False, choices=STARS_CHOICES, initial="level"),
        "stars_min": _number(min_value=0, max_value=13),
        "stars_max": _number(min_value=0, max_value=13),
        "atk_min": _number(min_value=0, max_value=99999),
        "atk_max": _number(min_value=0, max_value=99999),
        "def_min": _number(min_value=0, max_value=99999),
        "def_max": _number(min_value=0, max_value=99999),
        "arch": forms.CharField(required=False, max_length=64),
        "limit": forms.ChoiceField(required=False, choices=LIMIT_CHOICES),
    }
    return CardBrowserFilters(
        fields=fields,
        terms=search_terms,
        template="ygo/card_filters.html",
        orders=ORDER_CHOICES,
        search_help=_(
            "Names in Japanese, English or kana (灰流うらら, はるうらら), and terms such as type:synchro attr:dark "
            "race:dragon level>=7 atk>=2500 arch:hero limit:semi-limited"
        ),
    )


def _quoted(value: str) -> str:
    return f'"{value}"' if " " in value else value


def search_terms(data: Mapping[str, Any]) -> list[str]:
    """The widgets' terms: card kind, monster card type, Attribute, Type, the Level / Rank / Link range, ATK and DEF
    ranges, archetype and the list status on the search's date."""
    terms = []
    for name, field in (("kind", "type"), ("monster_type", "type"), ("attr", "attr")):
        if data.get(name):
            terms.append(f"{field}:{data[name]}")
    if data.get("race"):
        terms.append(f"race:{_quoted(data['race'])}")
    stars = data.get("stars") or "level"
    for name, field in (("stars", stars), ("atk", "atk"), ("def", "def")):
        if data.get(f"{name}_min") is not None:
            terms.append(f"{field}>={data[f'{name}_min']}")
        if data.get(f"{name}_max") is not None:
            terms.append(f"{field}<={data[f'{name}_max']}")
    arch = (data.get("arch") or "").strip().replace('"', " ").strip()
    if arch:
        terms.append(f"arch:{_quoted(arch)}")
    if data.get("limit"):
        terms.append(f"limit:{data['limit']}")
    return terms
