from django.core.management.base import BaseCommand, CommandError

from tournaments.services import audit_chain_verify


class Command(BaseCommand):
    help = "Recompute every audit entry's hash chain; exits non-zero if any entry was altered, removed or reordered."

    def add_arguments(self, parser):
        parser.add_argument("--event", type=int, default=None, help="Only this event's chain")

    def handle(self, *args, event=None, **options):
        problems = audit_chain_verify(event_id=event)
        if problems:
            for problem in problems:
                where = f"event {problem['event']} entry #{problem['sequence']} (id {problem['entry']})"
                self.stderr.write(f"{where}: {problem['problem']}")
            raise CommandError(f"audit chain broken: {len(problems)} problem(s)")
        self.stdout.write(self.style.SUCCESS("audit chain intact"))
