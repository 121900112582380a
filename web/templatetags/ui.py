"""Template filters of the pages (`|tr` for data words, civilization classes, percentages) and the old `{% t %}` tag.

UI texts are Django's `{% translate %}` / `{% blocktranslate %}` (load `i18n`). `{% t "..." %}` is kept only so that a
template not yet converted still renders translated: `manage.py convert_ui_strings` rewrites it (web/README.md).
"""

import re

from django import template
from django.utils.translation import gettext

from web.i18n import display, server_message

register = template.Library()

_BRACES = re.compile(r"\{(\w+)\}")
_PERCENT = re.compile(r"%\((\w+)\)s")


@register.simple_tag
def t(text: str, **kwargs) -> str:
    """The old tag: `{x}` placeholders are looked up as gettext's `%(x)s`, then filled (Django escapes the result)."""
    translated = _PERCENT.sub(r"{\1}", gettext(_BRACES.sub(r"%(\1)s", text)))
    return translated.format(**kwargs) if kwargs else translated


@register.filter
def tr(text) -> str:
    """A data word (zone, format, status, face role...) in the active language."""
    return display(text)


@register.filter
def server_text(text) -> str:
    """An English message of another layer (search error, decklist line error...) in the active language."""
    return server_message(text, as_html=True)


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
