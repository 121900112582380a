from django.contrib import admin

from regulations.models import EventOverlay, Format, OverlayCard, OverlayCombo, RegulationEvent, RegulationEventCard


@admin.register(Format)
class FormatAdmin(admin.ModelAdmin):
    list_display = ["code", "name", "uses_hyperspatial", "uses_gr", "start_of_game_cards", "hall_of_fame"]


class RegulationEventCardInline(admin.TabularInline):
    model = RegulationEventCard
    raw_id_fields = ["card"]
    extra = 0


@admin.register(RegulationEvent)
class RegulationEventAdmin(admin.ModelAdmin):
    list_display = ["effective_date", "format", "kind", "listed_name", "status_from", "status_to"]
    list_filter = ["format", "kind", "status_to"]
    search_fields = ["listed_name"]
    inlines = [RegulationEventCardInline]


class OverlayCardInline(admin.TabularInline):
    model = OverlayCard
    raw_id_fields = ["card"]
    extra = 0


class OverlayComboInline(admin.TabularInline):
    model = OverlayCombo
    raw_id_fields = ["first", "second"]
    extra = 0


@admin.register(EventOverlay)
class EventOverlayAdmin(admin.ModelAdmin):
    list_display = ["slug", "name", "base_format", "owner", "card_pool_cutoff"]
    raw_id_fields = ["owner"]
    inlines = [OverlayCardInline, OverlayComboInline]
