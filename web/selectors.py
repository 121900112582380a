"""Reads the pages need from other apps that those apps do not offer as selectors (read-only)."""

from typing import Any, cast

from regulations.models import EventOverlay


def overlay_choices(game: str | None = None) -> list[dict]:
    """The event overlays a player can check a deck against: stable id (slug), name and base format; of one game's
    (its base format's) when `game` is given.

    Uses `regulations.selectors.overlay_list` when the regulations app offers it, else reads the model."""
    from regulations import selectors as regulation_selectors

    overlay_list = getattr(regulation_selectors, "overlay_list", None)
    overlays = overlay_list() if overlay_list else EventOverlay.objects.select_related("base_format").order_by("slug")
    if game is not None:
        overlays = overlays.filter(game=game)
    return [_overlay_row(overlay) for overlay in overlays[:500]]


def overlay_game(overlay_id: str) -> str | None:
    """The game of an event overlay (its base format's), or None when there is no such overlay."""
    return EventOverlay.objects.filter(slug=overlay_id).values_list("game", flat=True).first()


def _overlay_row(overlay) -> dict:
    if isinstance(overlay, dict):  # a selector may return rows already
        base = overlay.get("base_format")
        base = base.get("code") if isinstance(base, dict) else base
        return {"id": overlay.get("id") or overlay.get("slug"), "name": overlay.get("name", ""), "base_format": base}
    return {"id": overlay.slug, "name": overlay.name, "base_format": overlay.base_format.code}


# ---- deck lists: summaries (counts, colours, key card, legality today) and filters ---- ------------------------

LIST_LEGALITY_TIMEOUT = 3600  # a cached legality status is per deck version, day and data version
LEGALITY_FILTER_LIMIT = 500  # the legality filter checks at most this many decks (newest first)


def deck_list_filtered(*, decks, colour: str | None = None, card: str | None = None, game: str | None = None):
    """Narrow a deck queryset to decks with a card of a colour (a value of a game's `deck_filters`; of `game`'s alone
    when one is named) and/or a card whose name contains `card`."""
    from django.db.models import Q

    from games import registry

    entry_model = decks.model.entries.rel.related_model
    if colour:
        games = [registry.get(game)] if game else registry.all_games()
        found = [cards for each in games if (cards := each.pages.deck_filter_cards(colour)) is not None]
        if found:
            match = Q(card_id__in=found[0].values("id"))
            for cards in found[1:]:
                match |= Q(card_id__in=cards.values("id"))
            decks = decks.filter(id__in=entry_model.objects.filter(match).values("deck_id"))
    if card:
        match = Q(card__name_ja__icontains=card) | Q(card__name_en__icontains=card) | Q(card__name_key__icontains=card)
        entries = entry_model.objects.filter(match).values("deck_id")
        decks = decks.filter(id__in=entries)
    return decks


def deck_filter_choices(game: str | None = None) -> list[tuple[str, Any]]:
    """A game's `deck_filters` (value, label), or every game's, each value once, in the games' order."""
    from games import registry

    choices: dict[str, Any] = {}
    for each in [registry.get(game)] if game else registry.all_games():
        for value, label in each.pages.deck_filters():
            choices.setdefault(value, label)
    return list(choices.items())


def list_cache_version() -> int:
    """The cached deck rows and statuses hold card names, format names and legality: a card or regulation import
    (a new data version) must not be answered from them."""
    from cards.selectors import catalogue_version
    from deckbuilder.cache import shared_cache_version
    from regulations.selectors import data_version

    return shared_cache_version(catalogue_version(), data_version())


def deck_list_summaries(*, decks: list, as_of) -> dict[int, dict]:
    """Per deck: cards per zone (`counts`; `count_list`, the game's `deck_list_zones`, and `aside_count`, its zones
    that are not registered), colours (the game's `list_fields` "colours"), a key card (the main deck's
    most expensive card, then the one with most copies) and its legality status as of `as_of` (cached per version)."""
    from django.db.models import F

    from api.codes import ApplicationError, ErrorCode
    from deckbuilder.cache import shared_cache_get_many, shared_cache_set_many
    from decks.models import DeckEntry
    from decks.selectors import registered_zones
    from decks.services import snapshot_to_decklist
    from games import registry
    from regulations.services import UnknownFormat, legality_report

    games = {deck.game: registry.get(deck.game) for deck in decks}
    # a deck's colours in its game's order (`deck_filters`), its zones counted from 0
    colour_order = {
        code: {value: index for index, (value, _label) in enumerate(game.pages.deck_filters())}
        for code, game in games.items()
    }
    summaries: dict[int, dict[str, Any]] = {
        deck.id: {
            "counts": dict.fromkeys(games[deck.game].zone_codes(), 0),
            "colours": set(),
            "key": None,
            "kinds": {},
            "entries": {},
        }
        for deck in decks
    }
    # the colours count the registered zones (not the considering list); the key card is the main deck's
    registered = {code: set(game.registered_zone_codes()) for code, game in games.items()}
    main = {code: game.pages.key_zone or game.main_zone() for code, game in games.items()}
    deck_games = {deck.id: deck.game for deck in decks}
    # each game's cost and colours of a card (`deck_entry_fields`) as columns of one query, named by game
    own = {
        f"{code}_{key}": F(f"card__{path}")
        for code, game in games.items()
        for key, path in (game.pages.list_fields or game.catalogue.deck_entry_fields).items()
    }
    # each game's kind of a card (`pages.kind_field`: the OCG's monster / spell / trap) for its lists' kind column
    own.update(
        {f"{code}_kind": F(f"card__{game.pages.kind_field}") for code, game in games.items() if game.pages.kind_field}
    )
    rows = DeckEntry.objects.filter(deck_id__in=summaries).values(
        "deck_id", "zone", "quantity", "card_id", "card__name_ja", **own
    )
    for typed in rows.order_by("deck_id", "zone", "card__name_ja"):  # equal ranks: the first name is the key
        row = cast("dict[str, Any]", typed)  # the games' columns are named at run time
        deck_id, zone, quantity, card_id = row["deck_id"], row["zone"], row["quantity"], row["card_id"]
        summary = summaries[deck_id]
        summary["counts"][zone] = summary["counts"].get(zone, 0) + quantity  # another game's zones too
        summary["entries"].setdefault(zone, []).append({"card_id": card_id, "count": quantity})
        game_code = deck_games[deck_id]
        if zone in registered[game_code]:
            colours = row.get(f"{game_code}_colours") or []
            summary["colours"].update(str(c).lower() for c in ([colours] if isinstance(colours, str) else colours))
        if zone == main[game_code]:
            kind = row.get(f"{game_code}_kind")
            if kind:
                summary["kinds"][kind] = summary["kinds"].get(kind, 0) + quantity
            cost = row.get(f"{game_code}_cost")
            rank = (cost if cost is not None else -1, quantity)
            if summary["key"] is None or rank > summary["key"][0]:
                summary["key"] = (rank, {"id": card_id, "name_ja": row["card__name_ja"]})
    keys = {deck.id: f"web:deck-legality:{deck.id}:{deck.version}:{deck.format_code}:{as_of}" for deck in decks}
    version = list_cache_version()
    cached = shared_cache_get_many(list(keys.values()), version=version)  # nothing while the store is away
    fresh = {}
    for deck in decks:
        summary = summaries[deck.id]
        status = cached.get(keys[deck.id])
        if status is None:
            try:
                if deck.game == registry.DEFAULT_GAME:
                    decklist = snapshot_to_decklist(summary, zones=registered_zones())
                    report = legality_report(decklist=decklist, format_code=deck.format_code, as_of=as_of)
                else:  # another game's deck: its own legality, through the registry
                    game = registry.get(deck.game)
                    stored = {"entries": summary["entries"], "game": deck.game}
                    decklist = snapshot_to_decklist(stored, zones=game.registered_zone_codes())
                    report = game.legality_report(
                        decklist=decklist, format_code=deck.format_code, as_of=as_of, overlay_id=None
                    )
                status = "legal" if report["legal"] else "buildable" if report.get("buildable") else "illegal"
            except (UnknownFormat, ApplicationError) as error:
                if getattr(error, "code", None) != ErrorCode.UNKNOWN_FORMAT:
                    raise
                status = "unknown"  # a deck of a format since removed: the list says so, the page still works
            fresh[keys[deck.id]] = status
        summary["status"] = status
        game = games[deck.game]
        counts = summary["counts"]
        summary["count_list"] = [counts.get(zone, 0) for zone in game.pages.deck_list_zone_codes()]
        summary["aside_count"] = sum(counts.get(zone.code, 0) for zone in game.zones if not zone.registered)
        order = colour_order[deck.game]
        summary["colours"] = sorted(summary["colours"], key=lambda c: order.get(c, len(order)))
        summary["key"] = summary["key"][1] if summary["key"] else None
        del summary["entries"]
    if fresh:
        shared_cache_set_many(fresh, LIST_LEGALITY_TIMEOUT, version=version)
    return summaries


def deck_list_page(*, decks, as_of, legality: str | None = None) -> list:
    """Decks (a queryset or list) with their summaries attached (`deck.summary`); filtered by legality status when
    asked (over at most LEGALITY_FILTER_LIMIT decks, newest first)."""
    decks = list(decks[:LEGALITY_FILTER_LIMIT]) if legality else list(decks)
    summaries = deck_list_summaries(decks=decks, as_of=as_of)
    _labels(decks, summaries)
    for deck in decks:
        deck.summary = summaries[deck.id]
    if legality:
        decks = [deck for deck in decks if deck.summary["status"] == legality]
    return decks


def _labels(decks: list, summaries: dict[int, dict]) -> None:
    """The words a list row shows, translated once per page rather than once per row (the deck list benchmark)."""
    from django.utils import timezone
    from django.utils.translation import get_language, gettext

    from regulations.selectors import format_name
    from web.i18n import display

    words: dict[str, str] = {}

    def word(value: str) -> str:
        if value not in words:
            words[value] = display(value)
        return words[value]

    japanese = (get_language() or "en").startswith("ja")
    status_labels = {
        "legal": gettext("Legal"),
        "buildable": gettext("Buildable"),
        "illegal": gettext("Not legal"),
        "unknown": gettext("Unknown"),
    }
    from games import registry

    colour_words = {}  # each game's colours by its own names (one game's `fire` is not another's)
    for deck in decks:
        if deck.game not in colour_words:
            colour_words[deck.game] = {
                value: str(label) for value, label in registry.get(deck.game).pages.deck_filters()
            }
        own = colour_words[deck.game]
        summary = summaries[deck.id]
        pages = registry.get(deck.game).pages
        kinds = summary.get("kinds") or {}
        order = {value: index for index, value in enumerate(pages.kind_order)}
        summary["kind_labels"] = [
            (pages.kind_label(kind), kinds[kind]) for kind in sorted(kinds, key=lambda k: (order.get(k, len(order)), k))
        ]
        summary["key_label"] = str(pages.key_label)
        updated = timezone.localtime(deck.updated_at)
        summary.update(
            status_label=status_labels[summary["status"]],
            colour_labels=[(colour, own.get(colour) or word(colour)) for colour in summary["colours"]]
            or ([(none, word(none))] if (none := registry.get(deck.game).pages.no_colour) else []),
            format_label=format_name(code=deck.format_code, japanese=japanese, game=deck.game),
            visibility_label=word(deck.visibility),
            updated_iso=updated.isoformat(),
            updated_text=updated.strftime("%Y-%m-%d %H:%M"),
        )


# ---- card pictures: each game's official pictures of its cards (Game.pages.card_pictures) ---------------


def card_pictures(*, card_ids) -> dict[int, dict]:
    """Per card id, the official page and image of its picture, as its game gives them (`Game.pages.card_pictures`:
    the game's official card site) as `{"page": url, "image": url or None}`; a card without one is absent. With
    `CARD_IMAGES_EXTERNAL` off the image is None (the drawn tile only) and the page link stays."""
    from django.conf import settings

    from games import registry

    ids = set(card_ids)
    pictures: dict[int, dict] = {}
    for game in registry.all_games():
        for card_id, found in game.pages.card_pictures(ids).items():
            pictures[card_id] = {
                "page": found.get("page"),
                "image": found.get("image") if settings.CARD_IMAGES_EXTERNAL else None,
            }
            if found.get("image_back"):  # a two-sided card's other side (a DBS leader's awakened side)
                pictures[card_id]["image_back"] = found["image_back"] if settings.CARD_IMAGES_EXTERNAL else None
    return pictures


PREVIEW_CARDS_MAX = 100  # one page of the editor's search results is 30 cards


def card_previews(*, card_ids, game) -> dict[int, dict]:
    """Per card id of the game's, what the editor's hover preview adds to a card of the cards API: the official
    image and page (`card_pictures`) and the game's own preview (`pages.card_previews`: a card's abilities, and the
    parts a game draws of its own)."""
    ids = list(dict.fromkeys(card_ids))[:PREVIEW_CARDS_MAX]
    own = game.pages.card_previews(ids)
    pictures = card_pictures(card_ids=list(own))
    previews = {}
    for card_id, preview in own.items():
        picture = pictures.get(card_id) or {}
        previews[card_id] = {"image": picture.get("image"), "page": picture.get("page"), **preview}
    return previews


def card_tile_lines(*, cards: list, game) -> None:
    """The core's card tile of a game without its own (`pages.templates`) shows what the game's editor tiles show
    (game.editor.cards): its type line (`card.type_line`: the OCG's チューナー・効果 / 炎属性 / アンデット族, DBS's card
    type) and its numbers (`card.stat_line`: ATK / DEF, power), in the page's language."""
    from django.utils.translation import get_language

    if game.pages.template("web/_tile.html") != "web/_tile.html":
        return
    japanese = (get_language() or "en").startswith("ja")
    facts = game.editor.cards([card.id for card in cards])
    for card in cards:
        found = facts.get(card.id) or {}
        first, second = ("card_type_ja", "card_type") if japanese else ("card_type", "card_type_ja")
        lines = (found.get("tile") or {}).get("lines_ja" if japanese else "lines_en") or []
        card.type_line = " / ".join(filter(None, [found.get(first) or found.get(second) or "", *lines]))
        card.stat_line = found.get("power") or ""
