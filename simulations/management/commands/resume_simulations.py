"""Re-send the start task of runs that are still queued or running after a while (lost broker messages)."""

from django.core.management.base import BaseCommand

from simulations.services import simulation_runs_resume


class Command(BaseCommand):
    help = "Re-enqueue the pending chunks of simulation runs older than --older-than seconds (safe to repeat)."

    def add_arguments(self, parser):
        parser.add_argument("--older-than", type=int, default=600, help="seconds since the run was created")

    def handle(self, *args, older_than: int, **options):
        resumed = simulation_runs_resume(older_than_seconds=older_than)
        self.stdout.write(f"resumed {len(resumed)} run(s): {resumed}")
