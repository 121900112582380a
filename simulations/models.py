"""Simulation jobs: the run and its chunks live in our own tables (the broker only carries ids).

A run is split into chunks of games; each chunk stores integer counts once (a conditional update), and the
run is merged exactly once (another conditional update) when the last chunk is done. A redelivered or
duplicated task message therefore never changes the result.
"""

from enum import StrEnum

from django.conf import settings
from django.db import models
from django.db.models import Q

from games.registry import DEFAULT_GAME


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
    # The game whose engines play the run (games.registry): the deck's game, or the default one for a decklist.
    game = models.CharField(max_length=16, default=DEFAULT_GAME)
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
