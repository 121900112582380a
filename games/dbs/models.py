"""The Dragon Ball Super Card Game's typed card facts and its hint ban list, in the game's own tables.

A card is one card number (the data's record, `../shared/data/dbs/cards.json`); its core row is a cards.Card with
game="dbs" (names, release date, search text), and its game facts live here, one to one. Copies are counted by card
number (manual 1.073 5-1-3-1; the official Q&A), and alternate printings (`BT1-005_PR`) are variants of a number, so
the number and its variants are columns here and the core's name fields only name the card.
"""

from django.db import models

from cards.models import Card


class DbsCardFacts(models.Model):
    card = models.OneToOneField(Card, on_delete=models.CASCADE, related_name="dbs", primary_key=True)
    card_number = models.CharField(max_length=32, unique=True)  # the base number, official spelling
    variant_numbers = models.JSONField(default=list)  # alternate printings' numbers (`BT1-005_PR`)
    source_numbers = models.JSONField(default=list)  # other spellings of the number in the sources (`XD01-01`)
    card_type = models.CharField(max_length=16, db_index=True)  # Leader, Battle, Extra, Unison, Z-Battle, ...
    deck_zone = models.CharField(max_length=8)  # leader, main, z_deck (the data's `deck_zone`)
    back_name = models.CharField(max_length=255, blank=True, default="")  # a leader's awakened side
    colors = models.JSONField(default=list)  # Red, Blue, Green, Yellow, Black, White; [] = unknown
    energy_cost = models.IntegerField(null=True, blank=True, db_index=True)
    combo_energy = models.IntegerField(null=True, blank=True)
    combo_power = models.IntegerField(null=True, blank=True)
    power = models.IntegerField(null=True, blank=True, db_index=True)
    back_power = models.IntegerField(null=True, blank=True)
    characters = models.JSONField(default=list)
    special_traits = models.JSONField(default=list)
    era = models.CharField(max_length=255, blank=True, default="")
    back_characters = models.JSONField(default=list)
    back_special_traits = models.JSONField(default=list)
    back_era = models.CharField(max_length=255, blank=True, default="")
    rarity = models.CharField(max_length=32, blank=True, default="")
    set_code = models.CharField(max_length=16, blank=True, default="", db_index=True)
    set_name = models.CharField(max_length=255, blank=True, default="")
    # Construction flags derived by the data build from the card text (10-14-1, 10-17, 10-31-1, 5-1-3-2).
    ultimate = models.BooleanField(default=False)
    super_combo = models.BooleanField(default=False)
    dragon_ball = models.BooleanField(default=False)
    copies_limit = models.JSONField(null=True, blank=True)  # null: the normal rule; "any"; or an int
    copies_limit_scope = models.CharField(max_length=8, blank=True, default="")  # deck or z_deck
    facts_source = models.CharField(max_length=16, blank=True, default="")
    # The card pool on a date (issue 28): the earliest and latest day the card can have come out, from its set's
    # bounds in the data (`release_date` on the core row is the day-precise date, where known).
    release_date_earliest = models.DateField(null=True, blank=True)
    release_date_latest = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["card_number"]

    def __str__(self) -> str:
        return self.card_number

    def record(self) -> dict:
        """The data's record as the pure rules read it (games.dbs.rules.cards.card_from_record)."""
        release = self.card.release_date
        return {
            "card_number": self.card_number,
            "name_en": self.card.name_en,
            "back_name_en": self.back_name or None,
            "card_type": self.card_type,
            "deck_zone": self.deck_zone,
            "colors": self.colors,
            "energy_cost": self.energy_cost,
            "power": self.power,
            "ultimate": self.ultimate,
            "super_combo": self.super_combo,
            "dragon_ball": self.dragon_ball,
            "copies_limit": self.copies_limit,
            "copies_limit_scope": self.copies_limit_scope or None,
            "variant_numbers": self.variant_numbers,
            "source_numbers": self.source_numbers,
            "set_code": self.set_code,
            "release_date": release.isoformat() if release else None,
            "release_date_earliest": _iso(self.release_date_earliest),
            "release_date_latest": _iso(self.release_date_latest),
        }


def _iso(day) -> str | None:
    return day.isoformat() if day else None


class DbsBanEntry(models.Model):
    """One entry of the hint ban list (the data's banlist.json): every entry unverified, most undated."""

    card_number = models.CharField(max_length=32, db_index=True)
    status = models.CharField(max_length=8)  # banned | limited
    max_copies = models.PositiveSmallIntegerField()
    date = models.DateField(null=True, blank=True)  # None: undated, applied at every date
    date_as_written = models.CharField(max_length=64, blank=True, default="")
    source = models.CharField(max_length=255)
    commented_out_in_source = models.BooleanField(default=False)

    class Meta:
        ordering = ["card_number", "source"]

    def __str__(self) -> str:
        return f"{self.card_number} {self.status}"
