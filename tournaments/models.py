"""Events, frozen registrations, the hash-chained audit trail and re-validation jobs."""

from enum import StrEnum

from django.conf import settings
from django.db import models

from games.registry import DEFAULT_GAME


class RegistrationStatus(StrEnum):
    LEGAL = "legal"
    ILLEGAL = "illegal"  # registered knowingly as illegal; listed for the organizer


class AuditAction(StrEnum):
    SUBMIT = "submit"
    REPLACE = "replace"
    AMEND = "amend"
    LOCK = "lock"
    IMPORT = "import"
    WITHDRAW = "withdraw"
    PUBLISH = "publish"
    UNLOCK = "unlock"  # the organizer reopens registrations, with a reason
    SETTINGS = "settings"  # the organizer changes the event's settings before the lock


class JobStatus(StrEnum):
    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


class ChunkStatus(StrEnum):
    PENDING = "pending"
    DONE = "done"


def _choices(enum) -> list[tuple[str, str]]:
    return [(member.value, member.value.title()) for member in enum]


class Event(models.Model):
    organizer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organized_events")
    name = models.CharField(max_length=200)
    date = models.DateField()
    # The event's game (a games.registry code): its decks, formats and legality are that game's (issue 19).
    game = models.CharField(max_length=16, default=DEFAULT_GAME, db_index=True, editable=False)
    format_code = models.CharField(max_length=32, default="advance")
    # The Hall of Fame list in force on this date applies (default: the event date).
    regulation_date = models.DateField()
    # Keyed by the overlay's slug, its public id: `overlay_id` (what the API, the exports and the audit trail's
    # settings entries carry) stays the slug. PROTECT: an overlay an event validates against cannot be deleted.
    overlay = models.ForeignKey(
        "regulations.EventOverlay",
        to_field="slug",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="events",
    )
    registration_deadline = models.DateTimeField()
    # At most this many registrations (null: no limit); checked on submit and on the CSV import.
    capacity = models.PositiveIntegerField(null=True, blank=True)
    # The organizer's GENESYS point cap (the OCG's `genesys` format; None: the list's default, 100).
    point_cap = models.PositiveIntegerField(null=True, blank=True)
    publish_decklists = models.BooleanField(default=False, help_text="Publish the decklists after the event")
    decklists_published_at = models.DateTimeField(null=True, blank=True)
    locked_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-id"]

    def __str__(self) -> str:
        return self.name


class Registration(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    # Null for players registered by the organizer's batch import who have no account here.
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="registrations"
    )
    player_name = models.CharField(max_length=150)
    deck = models.ForeignKey("decks.Deck", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    deck_version = models.PositiveIntegerField(null=True, blank=True)
    snapshot = models.JSONField()  # frozen: decks.services.deck_snapshot() at registration time
    deck_hash = models.CharField(max_length=64)  # the game's deck hash of the snapshot (games.registry)
    legality_report = models.JSONField()  # the engine's report at registration time
    status = models.CharField(max_length=16, choices=_choices(RegistrationStatus))
    submitted_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["event", "player_name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player_name"], name="registration_one_per_player"),
            models.CheckConstraint(
                condition=models.Q(status__in=[s.value for s in RegistrationStatus]), name="registration_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_name} @ {self.event_id}"


class AuditEntry(models.Model):
    """Append-only: services only ever insert. Each entry's hash covers the previous entry's hash (per event),
    so changing, removing or reordering an entry breaks the chain, and each entry hash is signed with an Ed25519 key
    that is not in the database (tournaments/signing.py), so a chain recomputed by whoever can write the table no
    longer verifies (`manage.py verify_audit_chain`)."""

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="audit_entries")
    sequence = models.PositiveIntegerField()
    registration_id_ref = models.BigIntegerField(null=True, blank=True)  # plain id: survives a deleted registration
    action = models.CharField(max_length=16, choices=_choices(AuditAction))
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    actor_name = models.CharField(max_length=150, blank=True, default="")
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    entry_hash = models.CharField(max_length=64, unique=True)
    signature = models.CharField(max_length=88, blank=True, default="")  # base64 Ed25519 over the entry hash
    key_id = models.CharField(max_length=16, blank=True, default="")  # which key signed (tournaments.signing.key_id)

    class Meta:
        ordering = ["event", "sequence"]
        constraints = [models.UniqueConstraint(fields=["event", "sequence"], name="audit_unique_sequence")]

    def __str__(self) -> str:
        return f"{self.event_id}#{self.sequence} {self.action}"


class RevalidationJob(models.Model):
    """A Celery re-validation of every registration of an event; progress and per-player results live here."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="revalidation_jobs")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    status = models.CharField(max_length=16, choices=_choices(JobStatus), default=JobStatus.QUEUED.value)
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    # [{"registration_id", "player", "status_at_registration", "status_now", "changed", "violations": [codes],
    #   "details": [{"code", "rule", "zone", "count", "limit", "cards": [{"name"}], "message", "message_ja"}]}]
    results = models.JSONField(default=list)
    error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The sweep's heartbeat (set by every progress update) and how often a worker took the job (deckbuilder/jobs.py).
    updated_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"revalidation {self.id} of event {self.event_id}: {self.status}"


class RevalidationChunk(models.Model):
    """One slice of a re-validation (REVALIDATION_CHUNK registrations, fixed when the job starts), run by its own task:
    a large event's job shows progress per chunk, a lost chunk is re-sent alone, and the results are written once."""

    job = models.ForeignKey(RevalidationJob, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    registration_ids = models.JSONField(default=list)
    size = models.PositiveIntegerField()
    status = models.CharField(max_length=8, choices=_choices(ChunkStatus), default=ChunkStatus.PENDING.value)
    results = models.JSONField(default=list)  # the job's result rows for these registrations, in their order
    attempts = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["job_id", "index"]
        constraints = [
            models.UniqueConstraint(fields=["job", "index"], name="revalidation_chunk_unique_index"),
            models.CheckConstraint(
                condition=models.Q(status__in=[s.value for s in ChunkStatus]), name="revalidation_chunk_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"revalidation {self.job_id} chunk {self.index} ({self.status})"
