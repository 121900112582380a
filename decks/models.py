"""Decks: entries per zone of the deck's game (games.registry), immutable versions."""

import secrets
from enum import StrEnum

from django.conf import settings
from django.db import models

from games.registry import DEFAULT_GAME


class DeckVisibility(StrEnum):
    PRIVATE = "private"  # the owner only
    UNLISTED = "unlisted"  # anyone holding the share link; never listed
    PUBLIC = "public"  # listed, searchable, copyable


VISIBILITY_CHOICES = [(v.value, v.value.title()) for v in DeckVisibility]


def new_share_slug() -> str:
    return secrets.token_urlsafe(18)  # 144 random bits: the link is the capability


class Deck(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks")
    # The game the deck is of (a games.registry code); its zones and rules are the game's (issue 19).
    game = models.CharField(max_length=16, default=DEFAULT_GAME, db_index=True, editable=False)  # never changes
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True, default="")
    format_code = models.CharField(max_length=32, default="advance")
    visibility = models.CharField(max_length=16, choices=VISIBILITY_CHOICES, default=DeckVisibility.PRIVATE.value)
    share_slug = models.CharField(max_length=32, unique=True, default=new_share_slug)
    # The optimistic-concurrency token (ETag): every write is `UPDATE ... WHERE version = <If-Match>`.
    version = models.PositiveIntegerField(default=1)
    copied_from = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="copies")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["visibility", "-updated_at"]), models.Index(fields=["owner", "-updated_at"])]
        constraints = [
            models.CheckConstraint(condition=models.Q(version__gte=1), name="deck_version_positive"),
            models.CheckConstraint(
                condition=models.Q(visibility__in=[v.value for v in DeckVisibility]), name="deck_visibility_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class DeckEntry(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="entries")
    # One of the deck's game's zones (games.registry), checked by the services: the zones are the game's, not the
    # schema's, so a game brings its own without a migration.
    zone = models.CharField(max_length=16)
    card = models.ForeignKey("cards.Card", on_delete=models.PROTECT, related_name="+")
    quantity = models.PositiveIntegerField()

    class Meta:
        ordering = ["deck", "zone", "card__name_ja"]  # a game orders its own (decks.selectors.deck_entries)
        constraints = [
            models.CheckConstraint(condition=models.Q(quantity__gte=1), name="deckentry_quantity_min_1"),
            models.UniqueConstraint(fields=["deck", "zone", "card"], name="deckentry_one_row_per_card_zone"),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} x {self.card_id} ({self.zone})"


class DeckVersion(models.Model):
    """A snapshot written with every save. Saves of one editing session (`session`) fold into the session's latest
    version (deck_update): the history keeps one version per session, with gaps in the numbers."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    # {"name", "description", "format", "visibility", "entries": {zone: [{"card_id", "name_ja", "count"}]}}
    snapshot = models.JSONField()
    note = models.CharField(max_length=200, blank=True, default="")
    # The editing session that wrote it (an editor page's id): the saves of one session fold into one version.
    session = models.CharField(max_length=64, blank=True, default="")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["deck", "-number"]
        constraints = [models.UniqueConstraint(fields=["deck", "number"], name="deckversion_unique_number")]

    def __str__(self) -> str:
        return f"{self.deck_id} v{self.number}"
