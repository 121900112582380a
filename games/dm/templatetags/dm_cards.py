"""Template filters of Duel Masters' page fragments (games/dm/templates/dm/): a card's civilizations as the tile's
frame and the card page's border, a twinpact's two halves, the breaker's short mark, the printed cost."""

from django import template

from games.dm.words import display_word

register = template.Library()

_CIVS = ("light", "water", "darkness", "fire", "nature")
_BREAKER_SHORT = {"double": "W・B", "triple": "T・B", "quattro": "Q・B", "world": "∞W・B"}
_TWINPACT_ROLES = ("twinpact_top", "twinpact_bottom")


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
    return _BREAKER_SHORT.get(str(breaker), display_word(breaker))


@register.filter
def civ_class(civilizations) -> str:
    """The border class of a card page: its civilization, `multi` for several, `colorless` for none."""
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
    facts = getattr(card, "dm", None)  # Duel Masters' own row
    return _cost(getattr(facts, "cost_text", None) or getattr(facts, "cost", None))
