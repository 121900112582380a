"""Simulation jobs: the run and its chunks live in our own tables (the broker only carries ids).

A run is split into chunks of games; each chunk stores integer counts once (a conditional update), and the
run is merged exactly once (another conditional update) when the last chunk is done. A redelivered or
duplicated task message therefore never changes the result.
"""

from enum import StrEnum

from django.conf import settings
from django.db import models
from django.db.models import Q


class SimulationKind(StrEnum):
    OPENING_HANDS = "opening_hands"
    GOLDFISH = "goldfish"


class RunStatus(StrEnum):
    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"


class ChunkStatus(StrEnum):
    PENDING = "pending"
    DONE = "done"


FINISHED = (RunStatus.DONE, RunStatus.FAILED, RunStatus.CANCELLED)


class SimulationRun(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="simulation_runs")
    kind = models.CharField(max_length=16, choices=[(k.value, k.value) for k in SimulationKind])
    # The whole input, deck included (engine card records), so that a run can be repeated exactly.
    params = models.JSONField()
    seed = models.BigIntegerField()
    games = models.PositiveIntegerField()
    going = models.CharField(max_length=8)
    status = models.CharField(
        max_length=12, choices=[(s.value, s.value) for s in RunStatus], default=RunStatus.QUEUED.value
    )
    progress = models.FloatField(default=0.0)
    chunks_total = models.PositiveIntegerField(default=0)
    chunks_done = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    compute_seconds = models.FloatField(default=0.0)  # sum of the chunks' own compute time

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=[s.value for s in RunStatus]), name="simulation_run_status_valid"
            ),
            models.CheckConstraint(condition=Q(progress__gte=0) & Q(progress__lte=1), name="simulation_run_progress"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} ({self.status})"


class SimulationChunk(models.Model):
    run = models.ForeignKey(SimulationRun, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    first_game = models.PositiveBigIntegerField()
    games = models.PositiveIntegerField()
    status = models.CharField(
        max_length=8, choices=[(s.value, s.value) for s in ChunkStatus], default=ChunkStatus.PENDING.value
    )
    counts = models.JSONField(null=True, blank=True)
    seconds = models.FloatField(default=0.0)
    attempts = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["run_id", "index"]
        constraints = [
            models.UniqueConstraint(fields=["run", "index"], name="simulation_chunk_unique_index"),
            models.CheckConstraint(
                condition=Q(status__in=[s.value for s in ChunkStatus]), name="simulation_chunk_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"run {self.run_id} chunk {self.index} ({self.status})"


class CardEffects(models.Model):
    """The machine-readable effects of one card for the goldfish engine (`effects.json`, imported as data).

    Kept in the simulation app, not in `cards`: only the simulator reads them, they come from their own file with
    its own version and import step, and their vocabulary (kinds, triggers, conditions) is the engine's. One row per
    card with effects; the list is stored as the data gives it (the engine decides what it models)."""

    card = models.OneToOneField("cards.Card", on_delete=models.CASCADE, related_name="effects")
    effects = models.JSONField(default=list)
    data_version = models.PositiveIntegerField(default=1)
    # Hash of the card's effect list: a re-import that finds the same hash changes nothing.
    source_hash = models.CharField(max_length=64)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["card_id"]
        verbose_name_plural = "card effects"

    def __str__(self) -> str:
        return f"effects of card {self.card_id}"
