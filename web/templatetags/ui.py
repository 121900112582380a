"""Template filters of the pages (`|tr` for data words, civilization classes, percentages).

UI texts are Django's `{% translate %}` / `{% blocktranslate %}` (load `i18n`).
"""

from django import template
from django.utils.translation import get_language

from regulations.selectors import format_name as regulations_format_name
from web.audit import audit_details as audit_detail_rows
from web.i18n import display, server_message
from web.verdict import legality_verdict
from web.verdict import violation_text as verdict_line

register = template.Library()


@register.filter
def tr(text) -> str:
    """A data word (zone, format, status, face role...) in the active language."""
    return display(text)


@register.filter
def format_name(code) -> str:
    """A format code as the format's name (the Format table) in the active language."""
    return regulations_format_name(code=str(code), japanese=(get_language() or "en").startswith("ja"))


@register.filter
def server_text(text) -> str:
    """An English message of another layer (search error, decklist line error...) in the active language."""
    return server_message(text, as_html=True)


_CIVS = ("light", "water", "darkness", "fire", "nature")
_BREAKER_SHORT = {"double": "W・B", "triple": "T・B", "quattro": "Q・B", "world": "∞W・B"}


@register.filter
def civ_list(civilizations) -> list[str]:
    """A card's civilizations in the printed order, lower case (the data writes "Fire")."""
    civs = {str(civ).lower() for civ in civilizations or []}
    return [civ for civ in _CIVS if civ in civs]


@register.filter
def frame_style(civilizations) -> str:
    """The tile's frame (`--frame`, see static/js/tile.js frameStyle): one colour, or the civilizations side by side."""
    civs = civ_list(civilizations)
    if not civs:
        return "--frame: linear-gradient(var(--colorless), var(--colorless))"
    if len(civs) == 1:
        return f"--frame: linear-gradient(var(--{civs[0]}), var(--{civs[0]}))"
    step = 100 / len(civs)
    stops = ", ".join(f"var(--{civ}) {i * step:g}% {(i + 1) * step:g}%" for i, civ in enumerate(civs))
    return f"--frame: linear-gradient(90deg, {stops})"


@register.filter
def twinpact_half(name, index) -> str:
    """One half of a twinpact's combined name ("top/bottom"); the whole name for other cards' first half."""
    parts = [part for part in str(name or "").replace("／", "/").split("/") if part]
    if len(parts) != 2:
        return str(name or "") if index == 0 else ""
    return parts[int(index)]


@register.filter
def breaker_short(breaker) -> str:
    return _BREAKER_SHORT.get(str(breaker), display(breaker))


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


@register.filter
def verdict(report) -> dict | None:
    """A legality report as the verdict a player reads (web.verdict): headline and one short line per problem."""
    return legality_verdict(report)


@register.filter
def violation_text(item) -> str:
    """One violation of a legality report as a short line naming the card and the fix (web.verdict)."""
    return verdict_line(item) if isinstance(item, dict) else ""


@register.filter
def audit_details(payload) -> list[dict]:
    """An audit entry's payload as labelled rows in the active language (web.audit)."""
    return audit_detail_rows(payload if isinstance(payload, dict) else None)


_TWINPACT_ROLES = ("twinpact_top", "twinpact_bottom")


@register.filter
def twinpact_faces(card) -> tuple | None:
    """A twinpact's (top, bottom) faces (its CardFace rows: prefetched, else one query), or None for another card."""
    if not getattr(getattr(card, "dm", None), "twinpact", False) or not hasattr(card, "faces"):
        return None
    faces = {face.role: face for face in card.faces.all()}
    top, bottom = (faces.get(role) for role in _TWINPACT_ROLES)
    return (top, bottom) if top is not None and bottom is not None else None


def _cost(value) -> str:
    return "–" if value is None or value == "" else str(value)


@register.filter
def cost_label(card) -> str:
    """The printed cost: the data's cost text, else the cost ("–" for none); a twinpact's two halves both ("2 / 3")."""
    halves = twinpact_faces(card)
    if halves is not None:
        return " / ".join(_cost(face.cost) for face in halves)
    facts = getattr(card, "dm", None)  # Duel Masters' own row (another game's card has none)
    return _cost(getattr(facts, "cost_text", None) or getattr(facts, "cost", None))
