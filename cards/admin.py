from django.contrib import admin

from cards.models import Card, CardFace, Printing, Set
from cards.services import card_refresh_after_edit
from games import registry


class CardFaceInline(admin.TabularInline):
    model = CardFace
    extra = 0
    fields = ("position", "role", "name_ja", "name_en", "card_type", "colours", "cost", "power")


class PrintingInline(admin.TabularInline):
    model = Printing
    extra = 0
    fields = ("set_code", "set_name", "number", "rarity", "listed_name_ja", "shared_face", "tcg")


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ("name_ja", "name_en", "game", "facts_available", "facts_source", "release_date")
    list_filter = ("game", "facts_available", "facts_source")
    search_fields = ("name_ja", "name_en", "search_text")
    # The first release is derived from the printings and the set list at every import (edit the set instead).
    readonly_fields = (
        "game", "name_key", "search_text", "source_hash", "sources", "updated_at", "release_date", "release_set",
    )  # fmt: skip
    list_per_page = 50

    def get_inlines(self, request, obj):
        # The card's game's own facts first (Game.catalogue.admin_inlines), then its faces and printings.
        own = registry.get(obj.game).catalogue.admin_inlines() if obj is not None else ()
        return [*own, CardFaceInline, PrintingInline]

    def save_model(self, request, obj, form, change):
        # Derived columns follow the edit; the next import restores the data file's version of the record.
        card_refresh_after_edit(card=obj)


@admin.register(Printing)
class PrintingAdmin(admin.ModelAdmin):
    list_display = ("set_code", "number", "card", "rarity", "tcg")
    list_filter = ("tcg", "shared_face")
    search_fields = ("set_code", "set_name", "listed_name_ja", "card__name_ja")
    raw_id_fields = ("card",)


@admin.register(Set)
class SetAdmin(admin.ModelAdmin):
    """Read-only: the set list file is the source (cards' first release dates are derived from it at import)."""

    list_display = ("code", "name_ja", "kind", "release_text", "release_date", "date_precision", "suspect")
    list_filter = ("kind", "date_precision", "suspect")
    search_fields = ("code", "name_ja")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
