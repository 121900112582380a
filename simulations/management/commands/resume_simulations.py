"""Re-send the start task of runs that made no progress for a while (lost broker messages). The worker does this by
itself (Celery beat and its start-up, simulations.tasks); the command is for a look by hand."""

from django.core.management.base import BaseCommand

from simulations.tasks import simulation_runs_resume


class Command(BaseCommand):
    help = "Re-enqueue the pending chunks of runs with no progress for --older-than seconds (safe to repeat)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--older-than", type=int, default=None, help="seconds without progress (default: JOBS_STALE_SECONDS)"
        )

    def handle(self, *args, older_than: int | None, **options):
        resumed = simulation_runs_resume(older_than_seconds=older_than)
        self.stdout.write(f"resumed {len(resumed)} run(s): {resumed}")
