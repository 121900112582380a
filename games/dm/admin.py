"""Duel Masters in the admin: its own facts of a card and options of a format, shown on the catalogue card's and the
format's pages (cards.admin.CardAdmin and regulations.admin.FormatAdmin ask the game for them:
games.registry.Game.catalogue.admin_inlines, Game.lists.format_admin_inlines)."""

from django.contrib import admin

from games.dm.models import DmCard, DmFormat


class DmCardInline(admin.StackedInline):
    model = DmCard
    can_delete = False
    readonly_fields = ("civ_mask",)  # derived from the civilizations on save (DmCard.save)
    verbose_name = verbose_name_plural = "Duel Masters facts"


class DmFormatInline(admin.StackedInline):
    """A format's zones, sizes, copy limits, partner and setup. Left as they are on a new format, no row is saved and
    the format is read with these defaults (games.dm.legality.format_options)."""

    model = DmFormat
    can_delete = False
    min_num = 0
    max_num = 1
    extra = 1
    fieldsets = [
        (None, {"fields": ["uses_hyperspatial", "uses_gr", "start_of_game_cards", "uses_partner", "block_count"]}),
        ("Sizes and copies", {"fields": [
            "main_size", "main_copies", "hyperspatial_max", "hyperspatial_copies", "gr_size", "gr_copies",
            "partner_min_cost",
        ]}),
        ("Setup (the odds)", {"fields": ["hand_size", "shield_count", "first_player_draws"]}),
    ]  # fmt: skip
