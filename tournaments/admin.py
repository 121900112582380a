from django.contrib import admin

from tournaments.models import AuditEntry, Event, Registration, RevalidationJob


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    """Read-only. Every change to an event goes through tournaments.services, which writes the audit entry in the
    same transaction (lock, publish ...); an admin form saving the row directly would change the lock, the deadline or
    the regulation with no entry (the issue's finding: a superuser cleared an event's lock unaudited)."""

    list_display = ["id", "name", "date", "format_code", "organizer", "registration_deadline", "locked_at"]
    search_fields = ["name", "organizer__username"]
    readonly_fields = [f.name for f in Event._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False  # events are created through the API or the pages (tournaments.services.event_create)


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["id", "event", "player_name", "status", "deck_hash", "updated_at"]
    list_filter = ["status"]
    search_fields = ["player_name"]
    # Frozen at registration; changes go through the organizer's amendment (with a reason, in the audit trail).
    readonly_fields = [f.name for f in Registration._meta.fields]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    """Read-only: the trail is append-only (python manage.py verify_audit_chain checks it)."""

    list_display = ["event", "sequence", "action", "actor_name", "created_at", "entry_hash"]
    list_filter = ["action"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(RevalidationJob)
class RevalidationJobAdmin(admin.ModelAdmin):
    list_display = ["id", "event", "status", "done", "total", "created_at", "finished_at"]
    readonly_fields = [
        "event",
        "requested_by",
        "status",
        "total",
        "done",
        "results",
        "error",
        "created_at",
        "finished_at",
    ]
