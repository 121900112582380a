"""Duel Masters' own tables."""

from django.db import models


class CardEffects(models.Model):
    """The machine-readable effects of one card for the goldfish engine (`effects.json`, imported as data).

    Duel Masters' own, not the catalogue's: only its goldfish reads them, they come from their own file with its own
    version and import step, and their vocabulary (kinds, triggers, conditions) is the engine's. One row per card with
    effects; the list is stored as the data gives it (the engine decides what it models). The table keeps the name it
    had in the simulations app, where it was created (games/dm/migrations/0001_initial.py)."""

    card = models.OneToOneField("cards.Card", on_delete=models.CASCADE, related_name="effects")
    effects = models.JSONField(default=list)
    data_version = models.PositiveIntegerField(default=1)
    # Hash of the card's effect list: a re-import that finds the same hash changes nothing.
    source_hash = models.CharField(max_length=64)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "simulations_cardeffects"
        ordering = ["card_id"]
        verbose_name_plural = "card effects"

    def __str__(self) -> str:
        return f"effects of card {self.card_id}"
