"""The legality verdict as a player reads it: what is wrong, on which card, and what the fix is.

A legality report (regulations.services.report_to_dict) carries codes, counts and limits, and long messages in two
languages. The pages (the import page, the editor's live legality, the deck page, the event pages) show one short
line per problem in the page's language instead, built here from the codes and numbers: "Main deck: 1 card too
many", "《X》 4 copies: at most 3"; a game words its own codes (Game.pages.verdict_text). A code no one words (a
problem whose message already names the card and the fix) is shown with the report's own message.

A deck that breaks only the size rules is "buildable" (house style: XMage's partly legal deck); its headline says
what is true of its sizes, "1 card too many" or "3 cards short", never that it is unfinished.
"""

from django.utils.translation import get_language, gettext, ngettext

from games import registry
from web.i18n import display


def _size_codes() -> tuple[frozenset[str], frozenset[str]]:
    """The games' size rules (Game.pages.size_codes): a deck breaking only these is buildable; those of a zone that may
    be left empty instead (Game.pages.size_codes_or_empty). A code means the same in every game that uses it."""
    games = registry.all_games()
    return (
        frozenset().union(*(game.pages.size_codes for game in games)),
        frozenset().union(*(game.pages.size_codes_or_empty for game in games)),
    )


def _japanese() -> bool:
    return (get_language() or "en").startswith("ja")


def _own_message(item: dict) -> str:
    """The report's own message in the page's language."""
    return (item.get("message_ja") if _japanese() else None) or item.get("message") or str(item.get("code", ""))


def _card(item: dict) -> str:
    names = [card.get("name") for card in item.get("cards") or () if card.get("name")]
    return "".join(f"《{name}》" for name in names)


def _size_text(item: dict, *, or_empty: bool) -> str | None:
    count, limit, zone = item.get("count"), item.get("limit"), display(item.get("zone") or "main")
    if count is None or limit is None:
        return None
    if count > limit:
        over = count - limit
        return ngettext("%(zone)s: %(count)s card too many", "%(zone)s: %(count)s cards too many", over) % {
            "zone": zone,
            "count": over,
        }
    short = limit - count
    if or_empty:  # a zone either unused or exactly full (Game.pages.size_codes_or_empty)
        return ngettext(
            "%(zone)s: %(count)s card short (or leave it empty)",
            "%(zone)s: %(count)s cards short (or leave it empty)",
            short,
        ) % {"zone": zone, "count": short}
    return ngettext("%(zone)s: %(count)s card short", "%(zone)s: %(count)s cards short", short) % {
        "zone": zone,
        "count": short,
    }


def violation_text(item: dict) -> str:
    """One violation or warning of a legality report as a short line naming the card and the fix."""
    code, count, limit = item.get("code"), item.get("count"), item.get("limit")
    card = _card(item)
    text: str | None = None
    size_codes, or_empty = _size_codes()
    if code in size_codes:
        text = _size_text(item, or_empty=code in or_empty)
    elif code == "COPY_LIMIT" and card and count is not None and limit is not None:
        text = ngettext(
            "%(card)s %(count)s copy: at most %(limit)s", "%(card)s %(count)s copies: at most %(limit)s", count
        ) % {"card": card, "count": count, "limit": limit}
    else:  # a code of one game's own rules, worded by that game (Game.pages.verdict_text)
        for game in registry.all_games():
            text = game.pages.verdict_text(item, card=card)
            if text:
                break
    return text or _own_message(item)


def legality_verdict(report: dict | None) -> dict | None:
    """The verdict of a legality report: `status` (legal | buildable | illegal), the `headline` and one `items`
    row per violation and warning (`kind`, `code`, `rule`, `text`: the short line, `message`: the long one), also
    split as `violations` and `warnings`; the size problems of a buildable deck are its headline, not rows again."""
    if not report:
        return None
    violations = report.get("violations") or []
    if report.get("legal"):
        status, headline = "legal", gettext("Legal")
    elif report.get("buildable") and violations:
        # Only the size rules are broken: the headline is what is true of the sizes.
        status, headline = "buildable", " · ".join(violation_text(item) for item in violations)
        violations = []
    else:
        status, headline = "illegal", gettext("Not legal")
    items = [
        {
            "kind": kind,
            "code": item.get("code"),
            "rule": item.get("rule"),
            "text": violation_text(item),
            "message": _own_message(item),
        }
        for kind, rows in (("violation", violations), ("warning", report.get("warnings") or []))
        for item in rows
    ]
    return {
        "status": status,
        "headline": headline,
        "items": items,
        "violations": [item for item in items if item["kind"] == "violation"],
        "warnings": [item for item in items if item["kind"] == "warning"],
    }
