"""`manage.py flush` empties every table, the append-only audit trail included.

The audit triggers (tournaments.audit_guard) refuse the flush's DELETE (SQLite) or TRUNCATE (PostgreSQL), so this
override of Django's command lifts them for the flush only, in the same transaction. The test runner flushes
through this command after every transactional test.
"""

from django.core.management.commands import flush

from tournaments.audit_guard import audit_guard_disabled


class Command(flush.Command):
    def handle(self, **options):
        with audit_guard_disabled(using=options["database"]):
            super().handle(**options)
