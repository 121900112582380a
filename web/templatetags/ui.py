"""Template filters of the pages (`|tr` for data words, a game's page fragments, percentages).

UI texts are Django's `{% translate %}` / `{% blocktranslate %}` (load `i18n`).
"""

from django import template
from django.utils.translation import get_language

from games import registry
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
def tr_of(text, game) -> str:
    """A game's data word in the active language, as that game names it (`{{ status|tr_of:card.game }}`)."""
    return display(text, game=game)


@register.filter
def game_name(game) -> str:
    """A game (or its code) by its name in the active language."""
    try:
        game = registry.get(getattr(game, "code", game))
    except registry.UnknownGame:
        return str(game)
    return game.name_ja if (get_language() or "en").startswith("ja") else game.name_en


@register.filter
def format_name(code) -> str:
    """A format code as the format's name (the Format table) in the active language."""
    return regulations_format_name(code=str(code), japanese=(get_language() or "en").startswith("ja"))


@register.filter
def event_format(event) -> str:
    """An event's format named in the active language as its game names it; a game that keeps no format rows (DBS's
    one format) by the game's name."""
    japanese = (get_language() or "en").startswith("ja")
    game = registry.get(event.game)
    name = regulations_format_name(code=str(event.format_code), japanese=japanese, game=game.code)
    if name == event.format_code and event.format_code == game.default_format:
        return game.name_ja if japanese else game.name_en
    return name


@register.filter
def server_text(text) -> str:
    """An English message of another layer (search error, decklist line error...) in the active language."""
    return server_message(text, as_html=True)


@register.filter
def page_template(item, name) -> str:
    """The template drawn in place of the core's template `name` for a card or deck (anything with a `game`): its
    game's page fragment (Game.pages.templates), else `name` itself."""
    return registry.get(getattr(item, "game", None)).pages.template(str(name))


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
