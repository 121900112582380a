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


class DmFormat(models.Model):
    """Duel Masters' own options of a format (a `regulations.Format` row of game "dm"): its zones, sizes and copy
    limits, the Duel Party partner and the setup the odds use. The core's row keeps what every game's format has
    (code, names, description, whether and whose dated list applies, position); these were its columns until the
    core knew no game (issue 19; games/dm/migrations/0003_format_options_data.py copied them here).

    A Duel Masters format without a row (one added in the admin with its Duel Masters options left as they were) is
    read as a row of the defaults below, the standard construction of `advance` (games.dm.legality.format_options).
    A saved or deleted row touches its format's `updated_at`, which the processes' data version compares."""

    format = models.OneToOneField("regulations.Format", on_delete=models.CASCADE, primary_key=True, related_name="dm")
    uses_hyperspatial = models.BooleanField(default=True)  # 100.3
    uses_gr = models.BooleanField(default=True)  # 100.4
    start_of_game_cards = models.BooleanField(default=True)  # 100.5
    main_size = models.PositiveSmallIntegerField(default=40)
    hyperspatial_max = models.PositiveSmallIntegerField(default=8)
    gr_size = models.PositiveSmallIntegerField(default=12)
    main_copies = models.PositiveSmallIntegerField(default=4)
    hyperspatial_copies = models.PositiveSmallIntegerField(default=4)
    gr_copies = models.PositiveSmallIntegerField(default=2)
    # デュエパーティー (official Duel Party rules): a partner zone of one creature of at least this cost, counted in
    # the main deck's size; every card within the partner's civilizations.
    uses_partner = models.BooleanField(default=False)
    partner_min_cost = models.PositiveSmallIntegerField(default=5)
    # Setup for the opening odds: 103.3 (5 shields, 5 cards in hand; the first player skips the first draw, 500.6);
    # Duel Party deals 6 and 6 and every player draws on their first turn.
    hand_size = models.PositiveSmallIntegerField(default=5)
    shield_count = models.PositiveSmallIntegerField(default=5)
    first_player_draws = models.BooleanField(default=False)

    class Meta:
        verbose_name = "Duel Masters format options"
        verbose_name_plural = "Duel Masters format options"
        constraints = [
            models.CheckConstraint(condition=models.Q(main_size__gte=1), name="dmformat_main_size_positive"),
        ]

    def __str__(self) -> str:
        return f"Duel Masters options of {self.format_id}"

    def save(self, *args, **kwargs):
        super().save(*args, **kwargs)
        _touch_format(self.format_id)

    def delete(self, *args, **kwargs):
        format_id = self.format_id  # the pk is cleared by the delete
        result = super().delete(*args, **kwargs)
        _touch_format(format_id)
        return result


def _touch_format(format_id: int) -> None:
    """The cached formats (regulations.selectors) are re-read when a format's `updated_at` changes."""
    from django.utils import timezone

    from regulations.models import Format

    Format.objects.filter(pk=format_id).update(updated_at=timezone.now())
