"""Reads the pages need from other apps that those apps do not offer as selectors (read-only)."""

from regulations.models import EventOverlay


def overlay_choices() -> list[dict]:
    """The event overlays a player can check a deck against: stable id (slug), name and base format.

    Uses `regulations.selectors.overlay_list` when the regulations app offers it, else reads the model."""
    from regulations import selectors as regulation_selectors

    overlay_list = getattr(regulation_selectors, "overlay_list", None)
    overlays = overlay_list() if overlay_list else EventOverlay.objects.select_related("base_format").order_by("slug")
    return [_overlay_row(overlay) for overlay in overlays[:500]]


def _overlay_row(overlay) -> dict:
    if isinstance(overlay, dict):  # a selector may return rows already
        base = overlay.get("base_format")
        base = base.get("code") if isinstance(base, dict) else base
        return {"id": overlay.get("id") or overlay.get("slug"), "name": overlay.get("name", ""), "base_format": base}
    return {"id": overlay.slug, "name": overlay.name, "base_format": overlay.base_format.code}
