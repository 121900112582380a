"""Template tags of the pages: `{% t "English text" %}` (the UI catalogue of web.i18n) and the JS string table."""

import json

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from web.i18n import JS_STRINGS, display, translate

register = template.Library()


@register.simple_tag
def t(text: str, **kwargs) -> str:
    """The UI text in the active language; keyword arguments fill `{name}` placeholders (all escaped by Django)."""
    translated = translate(text)
    return translated.format(**kwargs) if kwargs else translated


@register.filter
def tr(text) -> str:
    """A data word (zone, format, status...) or UI text in the active language."""
    return display(text)


@register.simple_tag
def ui_strings_json():
    """The JS string table as a JSON <script> element (json_script-style escaping: no `<`, `>`, `&` in the data)."""
    data = {key: translate(key) for key in JS_STRINGS}
    payload = (
        json.dumps(data, ensure_ascii=False).replace("<", "\\u003C").replace(">", "\\u003E").replace("&", "\\u0026")
    )
    return format_html('<script id="ui-strings" type="application/json">{}</script>', mark_safe(payload))


@register.filter
def civ_class(civilizations) -> str:
    """The border class of a card tile: its civilization, `multi` for several, `colorless` for none."""
    civs = list(civilizations or [])
    if not civs:
        return "colorless"
    return civs[0] if len(civs) == 1 else "multi"


@register.filter
def civ_gradient(civilizations) -> str:
    civs = list(civilizations or [])
    if len(civs) < 2:
        return ""
    return f"--c1: var(--{civs[0]}); --c2: var(--{civs[-1]});"


@register.filter
def percent(value) -> str:
    try:
        return f"{float(value) * 100:.1f}%"
    except (TypeError, ValueError):
        return "–"
