from django.contrib import admin

from decks.models import Deck, DeckEntry, DeckVersion


class DeckEntryInline(admin.TabularInline):
    model = DeckEntry
    raw_id_fields = ["card"]
    extra = 0


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["id", "name", "owner", "format_code", "visibility", "version", "updated_at"]
    list_filter = ["visibility", "format_code"]
    search_fields = ["name", "owner__username"]
    # The version is the concurrency token: only the services change it (conditional UPDATE).
    readonly_fields = ["version", "share_slug", "copied_from", "created_at", "updated_at"]
    inlines = [DeckEntryInline]


@admin.register(DeckVersion)
class DeckVersionAdmin(admin.ModelAdmin):
    list_display = ["deck", "number", "author", "note", "created_at"]
    readonly_fields = ["deck", "number", "snapshot", "author", "note", "created_at"]

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # versions are immutable
