from django import forms
from django.contrib import admin

from games import registry
from regulations.models import EventOverlay, Format, OverlayCard, OverlayCombo, RegulationEvent, RegulationEventCard
from regulations.selectors import overlay_closed_events


def _frozen(overlay) -> bool:
    """An overlay that a locked tournament event validates against is read-only here too, as in the services
    (overlay_update: OVERLAY_LOCKED): the event's lock entry signs its content (docs/legality.md)."""
    return isinstance(overlay, EventOverlay) and overlay.pk is not None and overlay_closed_events(overlay=overlay) > 0


class _FrozenOverlayInline(admin.TabularInline):
    """An inline of an overlay's cards or combos; `obj` is the overlay."""

    def has_add_permission(self, request, obj=None):
        return not _frozen(obj) and super().has_add_permission(request, obj)

    def has_change_permission(self, request, obj=None):
        return not _frozen(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return not _frozen(obj) and super().has_delete_permission(request, obj)


def _status_choices() -> list[tuple[str, str]]:
    """Every game's list statuses (Game.lists.statuses), for the admin's status fields."""
    statuses = dict.fromkeys(status for game in registry.all_games() for status in game.lists.statuses())
    return [(status, status.replace("_", " ").capitalize()) for status in statuses]


class _StatusChoicesForm(forms.ModelForm):
    """A stored status is its game's string (regulations.models); the admin offers the games' statuses."""

    status_fields: tuple[str, ...] = ()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in self.status_fields:
            field = self.fields.get(name)
            if field is not None:
                blank = [("", "---------")] if not field.required else []
                self.fields[name] = forms.ChoiceField(
                    choices=blank + _status_choices(), required=field.required, label=field.label
                )


class RegulationEventForm(_StatusChoicesForm):
    status_fields = ("status_from", "status_to")


class OverlayCardForm(_StatusChoicesForm):
    status_fields = ("status",)


class OverlayComboForm(_StatusChoicesForm):
    status_fields = ("kind",)


@admin.register(Format)
class FormatAdmin(admin.ModelAdmin):
    """A format's own fields, and under them its game's options of it (Game.lists.format_admin_inlines:
    Duel Masters' zones, sizes and setup); a new format shows the default game's."""

    list_display = ["code", "name", "game", "dated_list", "regulation_format", "position"]
    list_filter = ["game"]

    def get_inlines(self, request, obj):
        try:
            game = registry.get(obj.game if obj is not None else None)
        except registry.UnknownGame:  # a format of a game the project no longer runs: its own fields only
            return []
        return list(game.lists.format_admin_inlines())


class RegulationEventCardInline(admin.TabularInline):
    model = RegulationEventCard
    raw_id_fields = ["card"]
    extra = 0


@admin.register(RegulationEvent)
class RegulationEventAdmin(admin.ModelAdmin):
    form = RegulationEventForm
    list_display = ["effective_date", "format", "kind", "listed_name", "status_from", "status_to"]
    list_filter = ["format", "kind", "status_to"]
    search_fields = ["listed_name"]
    inlines = [RegulationEventCardInline]


class OverlayCardInline(_FrozenOverlayInline):
    model = OverlayCard
    form = OverlayCardForm
    raw_id_fields = ["card"]
    extra = 0


class OverlayComboInline(_FrozenOverlayInline):
    model = OverlayCombo
    form = OverlayComboForm
    raw_id_fields = ["first", "second"]
    extra = 0


@admin.register(EventOverlay)
class EventOverlayAdmin(admin.ModelAdmin):
    list_display = ["slug", "name", "base_format", "owner", "card_pool_cutoff"]
    raw_id_fields = ["owner"]
    inlines = [OverlayCardInline, OverlayComboInline]

    def has_change_permission(self, request, obj=None):
        return not _frozen(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return not _frozen(obj) and super().has_delete_permission(request, obj)
