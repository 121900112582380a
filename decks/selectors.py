"""Deck reads. Every read takes the caller and returns only what the caller may see (private decks never leak)."""

from django.db.models import Q, QuerySet, Sum
from django.http import Http404

from api.codes import ApplicationError, ErrorCode
from decks.models import Deck, DeckEntry, DeckVersion, DeckVisibility
from games import registry


def zone_order(game: str | None = None) -> tuple[str, ...]:
    """A game's deck zones in display order (games.registry): what a deck, a version and a diff are laid out by."""
    return registry.get(game).zone_codes()


def registered_zones(game: str | None = None) -> tuple[str, ...]:
    """The zones a deck of the game is registered, checked and compared on (an editor's list such as Duel Masters'
    considering list is not part of a registered deck)."""
    return registry.get(game).registered_zone_codes()


def snapshot_game(snapshot: dict) -> str:
    """The game of a stored deck (a version's or a registration's snapshot): a snapshot written before games existed,
    or of a Duel Masters deck, names none and is Duel Masters' (registry.DEFAULT_GAME)."""
    return snapshot.get("game") or registry.DEFAULT_GAME


class DeckForbidden(ApplicationError):
    """The caller may see the deck but not change it."""

    def __init__(self):
        super().__init__(ErrorCode.PERMISSION_DENIED, "Only the owner can change this deck.")


def _is_user(user) -> bool:
    return user is not None and getattr(user, "is_authenticated", False)


def deck_visibility_filter(*, user) -> Q:
    """The decks a caller may find by id: public ones and the caller's own. Unlisted ones only via their link."""
    visible = Q(visibility=DeckVisibility.PUBLIC.value)
    if _is_user(user):
        visible |= Q(owner_id=user.id)
    return visible


def deck_get_visible(*, deck_id: int, user) -> Deck:
    """The deck if the caller may read it, else Http404 (a private deck is indistinguishable from a missing one)."""
    deck = Deck.objects.select_related("owner").filter(deck_visibility_filter(user=user), id=deck_id).first()
    if deck is None:
        raise Http404("deck not found")
    return deck


def deck_get_shared(*, slug: str) -> Deck:
    """An unlisted or public deck by its share link."""
    deck = (
        Deck.objects.select_related("owner")
        .filter(share_slug=slug, visibility__in=[DeckVisibility.UNLISTED.value, DeckVisibility.PUBLIC.value])
        .first()
    )
    if deck is None:
        raise Http404("deck not found")
    return deck


def deck_get_owned(*, deck_id: int, user) -> Deck:
    """The deck for a write: Http404 when the caller cannot see it, DeckForbidden when it is someone else's."""
    deck = deck_get_visible(deck_id=deck_id, user=user)
    if not _is_user(user) or deck.owner_id != user.id:
        raise DeckForbidden()
    return deck


def deck_list_visible(
    *,
    user,
    q: str | None = None,
    format_code: str | None = None,
    owner: str | None = None,
    mine: bool = False,
    game: str | None = None,
) -> QuerySet[Deck]:
    """Lists and search: the caller's own decks (any visibility) and other people's public decks, nothing else."""
    if mine:
        if not _is_user(user):
            return Deck.objects.none()
        decks = Deck.objects.filter(owner_id=user.id)
    else:
        decks = Deck.objects.filter(deck_visibility_filter(user=user))
    if q:
        decks = decks.filter(Q(name__icontains=q) | Q(description__icontains=q))
    if format_code:
        decks = decks.filter(format_code=format_code)
    if game:
        decks = decks.filter(game=registry.get(game).code)  # UNKNOWN_GAME
    if owner:
        decks = decks.filter(owner__username=owner)
    return decks.select_related("owner").order_by("-updated_at", "-id")


def deck_choices_owned(*, user) -> list[Deck]:
    """The caller's own decks, newest first, with only what a deck chooser needs (id, name, version)."""
    if not _is_user(user):
        return []
    return list(Deck.objects.filter(owner_id=user.id).only("id", "name", "version").order_by("-updated_at", "-id"))


def deck_list_public_with_card(*, card_id: int, limit: int = 20) -> tuple[list[Deck], int]:
    """The public decks holding a card in any zone, newest first (at most `limit`), each with `card_copies` (its count
    over all zones), and how many there are in all. Private and unlisted decks are never listed (unlisted ones are
    reached only through their link)."""
    decks = (
        Deck.objects.filter(visibility=DeckVisibility.PUBLIC.value, entries__card_id=card_id)
        .annotate(card_copies=Sum("entries__quantity"))
        .select_related("owner")
        .order_by("-updated_at", "-id")
    )
    return list(decks[:limit]), decks.count()


def deck_entries(*, deck: Deck) -> list[DeckEntry]:
    """The deck's rows with their cards and the game's own facts, in the game's catalogue order within a zone."""
    game = registry.get(deck.game)
    related = ("card", f"card__{game.catalogue.relation}") if game.catalogue.relation else ("card",)
    order = ("zone", *(f"card__{path}" for path in game.catalogue.order), "card__name_ja")
    return list(DeckEntry.objects.filter(deck=deck).select_related(*related).order_by(*order))


def deck_entries_by_zone(*, deck: Deck) -> dict[str, list[DeckEntry]]:
    zones: dict[str, list[DeckEntry]] = {zone: [] for zone in zone_order(deck.game)}
    for entry in deck_entries(deck=deck):
        zones.setdefault(entry.zone, []).append(entry)
    return zones


def deck_versions_list(*, deck: Deck) -> QuerySet[DeckVersion]:
    return DeckVersion.objects.filter(deck=deck).select_related("author").order_by("-number")


def deck_version_get(*, deck: Deck, number: int) -> DeckVersion:
    version = DeckVersion.objects.filter(deck=deck, number=number).select_related("author").first()
    if version is None:
        raise Http404("version not found")
    return version


def snapshot_counts(snapshot: dict) -> dict[tuple[str, int], dict]:
    """{(zone, card_id): {"card_id", "name_ja", "count"}} of a version snapshot."""
    out = {}
    for zone, rows in snapshot.get("entries", {}).items():
        for row in rows:
            out[(zone, row["card_id"])] = row
    return out


def snapshot_zone_diff(old_snapshot: dict, new_snapshot: dict) -> dict[str, dict[str, list[dict]]]:
    """Cards added and removed per zone from one snapshot to another (deck versions, a registration and the deck
    a judge checks at the table): {zone: {"added": [{card_id, name_ja, count}], "removed": [...]}}."""
    old_counts = snapshot_counts(old_snapshot)
    new_counts = snapshot_counts(new_snapshot)
    game = snapshot_game(new_snapshot or old_snapshot)
    zones: dict[str, dict[str, list[dict]]] = {zone: {"added": [], "removed": []} for zone in zone_order(game)}
    for key in sorted(set(old_counts) | set(new_counts)):
        zone, card_id = key
        before = old_counts.get(key, {}).get("count", 0)
        after = new_counts.get(key, {}).get("count", 0)
        if before == after:
            continue
        row = new_counts.get(key) or old_counts[key]
        change = {"card_id": card_id, "name_ja": row.get("name_ja", ""), "count": abs(after - before)}
        zones.setdefault(zone, {"added": [], "removed": []})["added" if after > before else "removed"].append(change)
    return zones


def deck_version_diff(*, deck: Deck, number: int, against: int | None = None) -> dict:
    """Cards added and removed per zone between version `against` (default: the previous one) and `number`."""
    new = deck_version_get(deck=deck, number=number)
    if against is None:  # the previous version kept (an editing session's saves fold into one: numbers have gaps)
        previous = DeckVersion.objects.filter(deck=deck, number__lt=number).order_by("-number").first()
        against = previous.number if previous is not None else 0
    base_number = against
    old_snapshot = {} if base_number < 1 else deck_version_get(deck=deck, number=base_number).snapshot
    zones = snapshot_zone_diff(old_snapshot, new.snapshot)
    changed = {
        field: {"from": old_snapshot.get(field), "to": new.snapshot.get(field)}
        for field in ("name", "description", "format", "visibility")
        if old_snapshot.get(field) != new.snapshot.get(field)
    }
    return {"from_version": max(base_number, 0), "to_version": number, "zones": zones, "changed": changed}
