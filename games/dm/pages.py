"""What the shared pages show of Duel Masters (games.registry.Game's page members; web/ renders them without knowing
the game): the card page's abilities and official links, the official pictures of the card tiles, the editor's
hover previews, the deck lists' civilization filter and the zones a card page adds a card to.

The official site's ids and addresses are `games.dm.official` (pure); the host is the `CARD_IMAGE_HOST` setting.
Whether the pages load external images at all (`CARD_IMAGES_EXTERNAL`) is the pages' own decision.
"""

from collections.abc import Iterable
from types import SimpleNamespace
from typing import Any

from django.conf import settings
from django.db.models import F, QuerySet
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.dm.catalogue import CARD_GAME
from games.dm.editor import card_abilities
from games.dm.official import OfficialCard, official_card, official_card_of_printings
from games.dm.rules.vocabulary import Civilization, CivMask, DeckZone

# The civilizations in their printed order, named as the pages name them.
CIVILIZATION_LABELS = {
    Civilization.LIGHT.value: _("Light"),
    Civilization.WATER.value: _("Water"),
    Civilization.DARKNESS.value: _("Darkness"),
    Civilization.FIRE.value: _("Fire"),
    Civilization.NATURE.value: _("Nature"),
}


def _link(found: OfficialCard | None) -> dict | None:
    return None if found is None else {"id": found.id, "page_url": found.page_url, "image_url": found.image_url}


def card_page_facts(*, card: Any, printings: list) -> dict:
    """The card page's Duel Masters facts of a catalogue row (its faces and printings prefetched): `abilities` (the
    keyword abilities as the card prints them), `face_abilities` (face id -> its abilities), `printing_links` (per
    printing, in order, its official page `{"id", "page_url", "image_url"}` or None) and `picture` (the picture
    printing's official page and image, or None)."""
    host = settings.CARD_IMAGE_HOST
    return {
        "abilities": card_abilities(card.dm),
        "face_abilities": {
            face.id: card_abilities(SimpleNamespace(**face.facts)) if isinstance(face.facts, dict) else []
            for face in card.faces.all()
        },
        "printing_links": [
            _link(official_card(p.set_code, p.number, twinpact=card.dm.twinpact, host=host)) for p in printings
        ],
        "picture": _link(
            official_card_of_printings(printings, first_set=card.release_set, twinpact=card.dm.twinpact, host=host)
        ),
    }


def card_pictures(card_ids: Iterable[int]) -> dict[int, dict]:
    """Per Duel Masters card id, the official page and image of its picture printing
    (`games.dm.official.official_card_of_printings`) as `{"page": url, "image": url}`; a card none of whose printings
    has an official id (or another game's card) is absent. One query."""
    from cards.models import Printing

    rows = (
        Printing.objects.filter(card_id__in=set(card_ids), card__game=CARD_GAME, tcg=False)
        .order_by("card_id", "set_code", "number")
        .values("card_id", "set_code", "number", "shared_face", "card__release_set", twinpact=F("card__dm__twinpact"))
    )
    by_card: dict[int, list[Any]] = {}
    for row in rows:
        by_card.setdefault(row["card_id"], []).append(row)
    pictures = {}
    for card_id, printings in by_card.items():
        found = official_card_of_printings(
            printings,
            first_set=printings[0]["card__release_set"],
            twinpact=printings[0]["twinpact"],
            host=settings.CARD_IMAGE_HOST,
        )
        if found is not None:
            pictures[card_id] = {"page": found.page_url, "image": found.image_url}
    return pictures


def _twinpact_halves(card) -> list[dict] | None:
    """A twinpact's top and bottom faces as the tiles draw them (static/js/tile.js), each with its own cost."""
    if not card.dm.twinpact:
        return None
    faces = {face.role: face for face in card.faces.all()}
    top, bottom = faces.get("twinpact_top"), faces.get("twinpact_bottom")
    if top is None or bottom is None:
        return None
    return [
        {
            "name_ja": face.name_ja,
            "cost": face.cost,
            "colours": [str(civ).lower() for civ in face.colours or []],
            "power": face.power,
            "card_type_ja": face.card_type_ja,
            "card_type": face.card_type,
        }
        for face in (top, bottom)
    ]


def card_previews(card_ids: Iterable[int]) -> dict[int, dict]:
    """Per Duel Masters card id, what the editor's hover preview adds: the abilities as the catalogue gives them and
    a twinpact's two halves with their own costs (`halves`). One query with its faces."""
    from cards.models import Card

    return {
        card.id: {"abilities": card_abilities(card.dm), "halves": _twinpact_halves(card)}
        for card in Card.objects.filter(id__in=list(card_ids), game=CARD_GAME)
        .select_related("dm")
        .prefetch_related("faces")
    }


def deck_filters() -> list[tuple[str, Any]]:
    """The civilizations, in the printed order, with their names."""
    return list(CIVILIZATION_LABELS.items())


def deck_filter_cards(value: str) -> QuerySet | None:
    """The Duel Masters cards of a civilization (a multicoloured card is of each of its civilizations), or None for
    a value that is no civilization."""
    from cards.models import Card

    if value not in CIVILIZATION_LABELS:
        return None
    bit = int(CivMask[Civilization(value).name])
    return Card.objects.filter(game=CARD_GAME).annotate(civ_bit=F("dm__civ_mask").bitand(bit)).filter(civ_bit__gt=0)


def card_add_zones(card_id: int) -> tuple[list[str], str]:
    """A card page's "add to a deck": the card's own zone (where it starts the game, `deck_zone_of`), selected, and
    the considering list (a deck write puts a card written in any other zone into its own zone anyway)."""
    from games.dm.resolver import get_resolver
    from games.dm.rules.cards import deck_zone_of

    home = deck_zone_of(get_resolver().facts(card_id)).value
    return [home, DeckZone.CONSIDERING.value], home


def verdict_text(item: dict, *, card: str) -> str | None:
    """The short line of a Hall of Fame violation (web.verdict): the card, its copies and the list's limit."""
    code, count, limit = item.get("code"), item.get("count"), item.get("limit")
    if code == "HALL_OF_FAME" and card and count is not None and limit is not None:
        return ngettext(
            "%(card)s %(count)s copy: Hall of Fame, at most %(limit)s",
            "%(card)s %(count)s copies: Hall of Fame, at most %(limit)s",
            count,
        ) % {"card": card, "count": count, "limit": limit}
    if code == "PREMIUM_HALL_OF_FAME" and card and count is not None:
        return ngettext(
            "%(card)s %(count)s copy: Premium Hall of Fame, none allowed",
            "%(card)s %(count)s copies: Premium Hall of Fame, none allowed",
            count,
        ) % {"card": card, "count": count}
    if code == "PREMIUM_COMBO" and card:
        return gettext("%(cards)s: banned together, keep only one of them") % {"cards": card}
    return None
