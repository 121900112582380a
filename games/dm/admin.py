"""The admin of Duel Masters' own tables: a card's facts, edited on the catalogue card's page
(cards.admin.CardAdmin asks the game for this inline, games.registry.Game.card_admin_inlines)."""

from django.contrib import admin

from games.dm.models import DmCard


class DmCardInline(admin.StackedInline):
    model = DmCard
    can_delete = False
    readonly_fields = ("civ_mask",)  # derived from the civilizations on save (DmCard.save)
    verbose_name = verbose_name_plural = "Duel Masters facts"
