from django.contrib import admin

from cards.models import Card, CardFace, Printing


class CardFaceInline(admin.TabularInline):
    model = CardFace
    extra = 0


class PrintingInline(admin.TabularInline):
    model = Printing
    extra = 0


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ("name_ja", "name_en", "card_type", "cost", "power", "zone")
    list_filter = ("zone", "card_type", "facts_available", "shield_trigger", "blocker")
    search_fields = ("name_ja", "name_en", "search_text")
    inlines = [CardFaceInline, PrintingInline]
