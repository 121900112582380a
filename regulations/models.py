"""Formats, dated list events (Duel Masters' Hall of Fame, ...) and organizers' event overlays: rules as data, with
effective dates, for every game (a `game` code; the game gives the statuses their meaning)."""

from enum import StrEnum

from django.conf import settings
from django.db import models

from games import registry

# A status of a dated list or an overlay is its game's (games.registry.Game: `list_limits`, `combo_statuses`,
# `unlisted_status`): stored as a string here, checked by the game (its import, its overlay_resolve), offered as
# choices by the admin (regulations.admin).


class Format(models.Model):
    """A construction format of a game (editable in the admin): what every game's format has. Its rules beyond these
    (zones, sizes, copy limits, setup) are its game's own: a game keeps them in a table of its own, one-to-one with the
    row, and the admin and the format API reach them through games.registry (`format_admin_inlines`,
    `format_serializer`; docs/games.md)."""

    # The game the format is of (a games.registry code); a code is unique in its game (issue 19).
    game = models.CharField(max_length=16, default=registry.DEFAULT_GAME, db_index=True)
    code = models.SlugField(max_length=32)
    name = models.CharField(max_length=100)
    name_ja = models.CharField(max_length=100, blank=True, default="")
    description = models.TextField(blank=True, default="")
    dated_list = models.BooleanField(default=True)  # the format's dated list applies (Duel Masters: 100.2 "normally")
    # The format whose dated list applies (blank: its own events). Duel Party follows the Hall of Fame regulation of
    # two-player play ("殿堂レギュレーションに準拠").
    regulation_format = models.SlugField(max_length=32, blank=True, default="")
    position = models.PositiveSmallIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)  # part of the data version the checking processes compare

    class Meta:
        ordering = ["position", "code"]
        constraints = [
            models.UniqueConstraint(fields=["game", "code"], name="format_unique_code_per_game"),
        ]

    def __str__(self) -> str:
        return self.code

    def display_name(self, *, japanese: bool = False) -> str:
        """The one name of the format on every page (editable in the admin with the rest of the format)."""
        return (self.name_ja if japanese and self.name_ja else self.name) or self.code


class RegulationEvent(models.Model):
    """One dated change of a Hall of Fame list: a card's status, or a combo starting or ending."""

    class Kind(models.TextChoices):
        CARD = "card", "Card"
        COMBO = "combo", "Combo"

    format = models.ForeignKey(Format, on_delete=models.CASCADE, related_name="events")
    effective_date = models.DateField(db_index=True)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    status_from = models.CharField(max_length=32, null=True, blank=True)
    status_to = models.CharField(max_length=32)
    listed_name = models.CharField(max_length=500)  # as the list writes it
    on_release = models.BooleanField(default=False)
    source = models.CharField(max_length=255, blank=True, default="")
    # Order inside the imported file: events of one date replay in file order.
    position = models.PositiveIntegerField(default=0)
    # Import key: a re-import finds the same event and changes nothing.
    natural_key = models.CharField(max_length=64, unique=True)
    imported_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["effective_date", "position", "id"]
        indexes = [models.Index(fields=["format", "effective_date"])]

    def __str__(self) -> str:
        return f"{self.effective_date} {self.listed_name}: {self.status_from} -> {self.status_to}"


class RegulationEventCard(models.Model):
    """A card an event names, matched to a card identity. Unmatched names stay here (card = NULL), never dropped."""

    event = models.ForeignKey(RegulationEvent, on_delete=models.CASCADE, related_name="cards")
    pair = models.PositiveSmallIntegerField(null=True, blank=True)  # combo: which pair; card events: NULL
    side = models.PositiveSmallIntegerField(default=0)  # combo: 0 or 1
    listed_name = models.CharField(max_length=500)
    card = models.ForeignKey("cards.Card", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    # The engine's counting key: the matched card's name key, else the normalised listed name.
    name_key = models.CharField(max_length=255, db_index=True)
    matched_by = models.CharField(max_length=32, default="")  # card_key, name, face, ruby, ... ("" = unmatched)

    class Meta:
        ordering = ["event", "pair", "side"]

    def __str__(self) -> str:
        return self.listed_name


class EventOverlay(models.Model):
    """An organizer's overlay on a base format: extra limits, bans and unbans, and an optional card-pool cut-off."""

    slug = models.SlugField(max_length=64, unique=True)  # the stable id players validate against; never changes
    # Its base format's game (issue 19), set on every save: never a form field of its own.
    game = models.CharField(max_length=16, default=registry.DEFAULT_GAME, db_index=True, editable=False)
    name = models.CharField(max_length=200)
    base_format = models.ForeignKey(Format, on_delete=models.PROTECT, related_name="overlays")
    # Cards first released after this date are CARD_POOL_CUTOFF violations under the overlay (docs/legality.md).
    card_pool_cutoff = models.DateField(null=True, blank=True)
    description = models.TextField(blank=True, default="")
    # The organizer who may change or delete it (NULL: made in the admin, or the account was deleted; players
    # keep validating against it either way).
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="event_overlays"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.slug

    def save(self, *args, **kwargs):
        self.game = self.base_format.game  # the admin's form has no game: the overlay is of its format's game
        if kwargs.get("update_fields") is not None and "base_format" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "game"}
        super().save(*args, **kwargs)


class OverlayCard(models.Model):
    overlay = models.ForeignKey(EventOverlay, on_delete=models.CASCADE, related_name="cards")
    card = models.ForeignKey("cards.Card", on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=32)  # the game's unlisted status or one of its `list_limits`

    class Meta:
        constraints = [models.UniqueConstraint(fields=["overlay", "card"], name="overlaycard_unique_card")]

    def __str__(self) -> str:
        return f"{self.overlay}: {self.card} {self.status}"


class OverlayCombo(models.Model):
    """An organizer's own combo: the two cards may not both be in one registration, in any zones (like 100.2's)."""

    overlay = models.ForeignKey(EventOverlay, on_delete=models.CASCADE, related_name="combos")
    first = models.ForeignKey("cards.Card", on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey("cards.Card", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=32)  # one of the game's `combo_statuses`
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["overlay", "position", "id"]
        constraints = [
            models.CheckConstraint(condition=~models.Q(first=models.F("second")), name="overlaycombo_two_cards"),
        ]

    def __str__(self) -> str:
        return f"{self.overlay}: {self.first} + {self.second}"


class BatchStatus(StrEnum):
    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


class BatchChunkStatus(StrEnum):
    PENDING = "pending"
    DONE = "done"


class LegalityBatch(models.Model):
    """A batch legality check too large for one request, checked on Celery workers chunk by chunk. The batch API is
    open to everyone, so a batch is found by its unguessable `token` (the URL); one created by a signed-in caller is
    shown to that caller only."""

    token = models.CharField(max_length=43, unique=True)  # secrets.token_urlsafe(32)
    game = models.CharField(max_length=16, default=registry.DEFAULT_GAME)  # the decklists' game (a games.registry code)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="legality_batches"
    )
    # The context as the request resolved it: the format (an overlay's base format), the date, the overlay and its
    # description as the synchronous answer gives it.
    format_code = models.CharField(max_length=32)
    as_of = models.DateField()
    overlay_id = models.CharField(max_length=64, null=True, blank=True)
    overlay = models.JSONField(null=True, blank=True)
    include_lines = models.BooleanField(default=False)
    status = models.CharField(
        max_length=8, choices=[(s.value, s.value) for s in BatchStatus], default=BatchStatus.QUEUED.value
    )
    total = models.PositiveIntegerField()  # decklists
    done = models.PositiveIntegerField(default=0)
    chunks_total = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=[s.value for s in BatchStatus]), name="legality_batch_status_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(done__lte=models.F("total")), name="legality_batch_done_le_total"
            ),
        ]

    def __str__(self) -> str:
        return f"legality batch {self.pk} ({self.status}, {self.done}/{self.total})"


class LegalityBatchChunk(models.Model):
    """A slice of a batch's entries (as sent) and, once checked, their results in the synchronous answer's shape."""

    batch = models.ForeignKey(LegalityBatch, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    first = models.PositiveIntegerField()  # the position of the first entry in the batch (default player names)
    entries = models.JSONField()
    size = models.PositiveIntegerField()
    status = models.CharField(
        max_length=8, choices=[(s.value, s.value) for s in BatchChunkStatus], default=BatchChunkStatus.PENDING.value
    )
    results = models.JSONField(null=True, blank=True)
    legal = models.PositiveIntegerField(default=0)
    attempts = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["batch_id", "index"]
        constraints = [
            models.UniqueConstraint(fields=["batch", "index"], name="legality_batch_chunk_unique_index"),
            models.CheckConstraint(
                condition=models.Q(status__in=[s.value for s in BatchChunkStatus]),
                name="legality_batch_chunk_status_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"legality batch {self.batch_id} chunk {self.index} ({self.status})"
