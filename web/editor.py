"""The deck editor's working copy, for every game: apply one change, then return deck + legality + statistics in one
response.

The browser keeps the working copy (card ids and counts per zone) and sends it with each change; this module applies
the change and asks the deck's game (games.registry) to judge it: its legality report, its statistics, what its
card tiles show, the zones its format shows and where a card goes when added without a zone. Nothing is stored
here: saving goes through the decks API with If-Match.
"""

from datetime import date

from django.utils.translation import gettext

from api.codes import ApplicationError, ErrorCode
from games import registry
from games.capabilities import editor_zone
from regulations.decklists import copies_check, lines_check
from web.verdict import legality_verdict

MAX_COUNT = 999


class EditorInputError(ApplicationError, ValueError):
    """A change or working copy the editor cannot read (its JSON endpoint answers in the API's error shape)."""


WorkingCopy = dict[str, dict[int, int]]  # zone code -> {card id: count}, in insertion order


def _game(game) -> registry.Game:
    return game if isinstance(game, registry.Game) else registry.get(game)


def _card_id(value) -> int:
    text = str(value)
    if isinstance(value, bool) or not isinstance(value, int | str) or not (text.isascii() and text.isdigit()):
        raise EditorInputError(ErrorCode.INVALID_CARD, "A card is given by its numeric id.", {"card": text[:50]})
    return int(value)


def editor_as_of(value) -> date | None:
    """The regulation date of an editor request: YYYY-MM-DD, or nothing for today."""
    if value in (None, ""):
        return None
    problem = EditorInputError(ErrorCode.INVALID_DATE, "as_of is a date YYYY-MM-DD.", {"as_of": str(value)[:50]})
    if not isinstance(value, str):
        raise problem
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise problem from None


def _zone(value, game: registry.Game) -> str:
    if not isinstance(value, str) or not game.has_zone(value):
        raise EditorInputError(ErrorCode.INVALID_ZONE, "Unknown zone.", {"zone": str(value)[:50]})
    return str(value)


def _count(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise EditorInputError(ErrorCode.INVALID_COUNT, f"A count is a whole number from 0 to {MAX_COUNT}.")
    return value


def game_cards(game: registry.Game, card_ids) -> dict[int, dict]:
    """What the editor's tiles show of these cards: the game's own summaries (`editor.cards`), and for a card it
    does not describe (a game without an editor of its own) its catalogue row: its names, the first zone as its
    home. An id that is not one of the game's cards is absent."""
    ids = list(dict.fromkeys(card_ids))
    facts = dict(game.editor.cards(ids)) if ids else {}
    missing = [card for card in ids if card not in facts]
    if missing:
        from cards.models import Card

        home = game.zones[0].code
        rows = Card.objects.filter(game=game.code, id__in=missing)
        for card_id, name_ja, name_en in rows.values_list("id", "name_ja", "name_en"):
            facts[card_id] = {"id": card_id, "name_ja": name_ja, "name_en": name_en, "cost": None, "power": None,
                              "card_type": "", "card_type_ja": "", "home": home}  # fmt: skip
    return facts


def _known(cards: set[int], game: registry.Game) -> dict[int, dict]:
    """The game's facts of these cards (`game_cards`); UNKNOWN_CARD for an id that is not one of its cards."""
    facts = game_cards(game, sorted(cards)) if cards else {}
    missing = sorted(cards - set(facts))
    if missing:
        raise EditorInputError(ErrorCode.UNKNOWN_CARD, "No card has this id.", {"card": missing[0]})
    return facts


def working_copy_from_json(data, *, game=None) -> WorkingCopy:
    """{"main": [{"card": id, "count": n}], <another zone of the game>: [...]}; every id must be a card of the
    game's catalogue."""
    the_game = _game(game)
    if not isinstance(data, dict):
        raise EditorInputError(ErrorCode.INVALID_DECK, "The deck is an object with one list per zone.")
    copy: WorkingCopy = {zone: {} for zone in the_game.zone_codes()}
    for key, entries in data.items():
        zone = _zone(key, the_game)
        if not isinstance(entries, list):
            raise EditorInputError(ErrorCode.INVALID_DECK, "Each zone is a list of entries.", {"zone": zone})
    # The bounds of every decklist (lines, copies), counted before an entry is read: an 11,000-entry copy cost about
    # a second of CPU per request, and this endpoint is open to anonymous clients.
    entries_total = sum(len(entries) for entries in data.values())
    try:
        lines_check(entries_total)
    except ApplicationError as exc:
        raise EditorInputError(exc.code, exc.message, {"entries": entries_total}) from None
    read: list[tuple[str, int, int]] = []
    for key, entries in data.items():
        for entry in entries:
            if not isinstance(entry, dict):
                raise EditorInputError(ErrorCode.INVALID_DECK, "Each entry is an object with card and count.")
            read.append((key, _card_id(entry.get("card")), _count(entry.get("count"))))
    _known({card for _zone, card, _count in read}, the_game)
    for zone, card, count in read:
        if count:
            copy[zone][card] = min(MAX_COUNT, copy[zone].get(card, 0) + count)
    copies_check(working_copy_copies(copy))
    return copy


def working_copy_copies(copy: WorkingCopy) -> int:
    return sum(sum(cards.values()) for cards in copy.values())


def working_copy_to_json(copy: WorkingCopy) -> dict:
    return {zone: [{"card": card, "count": count} for card, count in cards.items()] for zone, cards in copy.items()}


def working_copy_apply(copy: WorkingCopy, op: dict, *, game=None) -> WorkingCopy:
    """One editor change: add (to the card's own zone, the game's `home`, unless one is given), set a count, or move
    between zones."""
    the_game = _game(game)
    if not isinstance(op, dict):
        raise EditorInputError(ErrorCode.INVALID_OPERATION, "The change is an object with an `op`.")
    kind = op.get("op")
    if kind in (None, "none"):
        return copy
    if kind not in ("add", "set", "move"):  # an unknown change is refused whatever card it names
        raise EditorInputError(
            ErrorCode.INVALID_OPERATION, "`op` is one of add, set, move, none.", {"op": str(kind)[:20]}
        )
    card = _card_id(op.get("card"))
    facts = _known({card}, the_game)[card]
    if kind == "add":
        zone = _zone(op["zone"], the_game) if op.get("zone") else _zone(facts.get("home"), the_game)
        count = _count(op.get("count", 1))
        copy[zone][card] = min(MAX_COUNT, copy[zone].get(card, 0) + count)
    elif kind == "set":
        zone, count = _zone(op.get("zone"), the_game), _count(op.get("count"))
        if count:
            copy[zone][card] = count
        else:
            copy[zone].pop(card, None)
    elif kind == "move":
        source, target = _zone(op.get("from"), the_game), _zone(op.get("to"), the_game)
        have = copy[source].get(card, 0)
        count = have if op.get("count") in (None, "all") else min(have, _count(op.get("count")))
        if count:
            if count == have:
                copy[source].pop(card)
            else:
                copy[source][card] = have - count
            copy[target][card] = min(MAX_COUNT, copy[target].get(card, 0) + count)
    copies_check(working_copy_copies(copy))
    return copy


def card_summaries_with_pictures(summaries: dict[int, dict]) -> dict[str, dict]:
    """The game's card summaries (by id as text, as the browser's JSON has them), each with its official image and
    page (`web.selectors.card_pictures`, from the catalogue's printings; None when the card has none or external
    images are off) unless the game's summary says them itself (`page`: its own official page, or None)."""
    from web.selectors import card_pictures

    pictures = card_pictures(card_ids=[card for card, summary in summaries.items() if "page" not in summary])
    out = {}
    for card, summary in summaries.items():
        if "page" in summary:
            out[str(card)] = summary
            continue
        picture = pictures.get(card) or {}
        out[str(card)] = {**summary, "image": picture.get("image"), "page": picture.get("page")}
        if "image_back" in picture:  # a two-sided card's other side (the solo board turns it over)
            out[str(card)]["image_back"] = picture["image_back"]
    return out


def editor_cards(card_ids, *, game=None) -> dict[str, dict]:
    """What the editor's tiles show of these cards (search results, hover previews): the game's summaries with
    their pictures; ids that are not the game's cards are left out."""
    return card_summaries_with_pictures(game_cards(_game(game), card_ids))


def editor_state(
    *,
    copy: WorkingCopy,
    format_code: str,
    as_of: date | None,
    game=None,
    overlay_id: str | None = None,
    odds_groups: dict | None = None,
) -> dict:
    """The working copy with its cards, the legality report and the statistics: one editor response.

    With an event overlay (its stable slug) the report is the overlay's: its base format, its own card statuses.
    `zones` are the zones the page shows for the format (with their sizes and keys), and every zone that holds a
    card even where the format has none (the report says ZONE_NOT_IN_FORMAT)."""
    the_game = _game(game)
    judged = the_game.editor.state(zones=copy, format_code=format_code, as_of=as_of, overlay_id=overlay_id or None)
    report = judged["legality"]
    cards = dict(judged["cards"])
    missing = [card for held in copy.values() for card in held if card not in cards]
    if missing:  # cards the game's editor does not describe: their catalogue rows
        cards.update(game_cards(the_game, missing))
    # The page shows the verdict in the request's language (web.verdict): the short lines naming card and fix.
    report["verdict"] = legality_verdict(report)
    shown = {zone["code"] for zone in judged["zones"]}
    zones = list(judged["zones"])
    for index, zone in enumerate(the_game.zones):
        if zone.code not in shown and copy.get(zone.code):
            zones.insert(min(index, len(zones)), editor_zone(zone))
    state = {
        "game": the_game.code,
        "zones": zones,
        "deck": working_copy_to_json(copy),
        "cards": card_summaries_with_pictures(cards),
        "legality": report,
        "stats": judged["stats"],
    }
    if odds_groups and odds_groups.get("conditions"):
        state["hand_odds"] = editor_hand_odds(copy, odds_groups, game=the_game, format_code=format_code)
    return state


def editor_hand_odds(copy: WorkingCopy, odds_groups: dict, *, game: registry.Game, format_code: str) -> dict:
    """The deck's hand odds by groups (its saved groups and conditions, simulations.services.hand_odds_of) over the
    working copy's main deck, recomputed on every edit; {"error": message} when they have no answer (a group's card
    taken out of the deck, a deck smaller than the opening)."""
    from simulations.services import hand_odds_of

    if not isinstance(odds_groups.get("groups"), list) or not isinstance(odds_groups.get("conditions"), list):
        return {"error": gettext("The hand odds' groups cannot be read.")}
    try:
        return hand_odds_of(
            main=dict(copy.get(game.main_zone(), {})),
            game=game,
            format_code=format_code,
            groups=[g for g in odds_groups["groups"] if isinstance(g, dict) and "name" in g and "cards" in g],
            conditions=odds_groups["conditions"],
        )
    except ApplicationError as exc:
        return {"error": exc.message}
