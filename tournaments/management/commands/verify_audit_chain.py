import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.services import audit_chain_verify


def _heads(values: list[str]) -> list[dict]:
    """Each --head is a head as published (JSON: {"event", "count", "hash", "signature"}), inline or a file path;
    a file may hold one head or a list of them."""
    heads = []
    for value in values:
        text = Path(value).read_text() if not value.lstrip().startswith(("{", "[")) else value
        try:
            loaded = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CommandError(f"--head is not JSON: {exc}") from None
        for head in loaded if isinstance(loaded, list) else [loaded]:
            if not isinstance(head, dict) or not {"event", "count", "hash"} <= set(head):
                raise CommandError('a head needs "event", "count" and "hash"')
            heads.append(head)
    return heads


class Command(BaseCommand):
    help = (
        "Verify the audit trail: every entry's hash chain and Ed25519 signature, every registration against its "
        "entries, and (--head) the chain against heads published earlier. Exits non-zero on any problem."
    )

    def add_arguments(self, parser):
        parser.add_argument("--event", type=int, default=None, help="Only this event's chain")
        parser.add_argument(
            "--head",
            action="append",
            default=[],
            help='A published chain head, JSON or a file: {"event": 3, "count": 12, "hash": "...", "signature": "..."}',
        )

    def handle(self, *args, event=None, head=(), **options):
        problems = audit_chain_verify(event_id=event, heads=_heads(list(head)))
        if problems:
            for problem in problems:
                where = f"event {problem['event']}"
                if problem.get("sequence") is not None:
                    where += f" entry #{problem['sequence']} (id {problem['entry']})"
                if problem.get("registration") is not None:
                    where += f" registration {problem['registration']}"
                self.stderr.write(f"{where}: {problem['problem']}")
            raise CommandError(f"audit chain broken: {len(problems)} problem(s)")
        self.stdout.write(self.style.SUCCESS("audit chain intact"))
