"""Duel Masters' own tables."""

from django.db import models

from games.dm.rules.vocabulary import Breaker, CivMask, Zone

ZONE_CHOICES = [(zone.value, zone.name.replace("_", " ").title()) for zone in Zone]
BREAKER_CHOICES = [(breaker.value, breaker.value) for breaker in Breaker]


class DmCard(models.Model):
    """One Duel Masters card's facts beside its catalogue row (one-to-one with cards.Card, `card.dm`): every card of
    the game `dm` has one, written by the importer (games.dm.catalogue) with the catalogue row. A fact the record's
    source does not give is in the catalogue row's `facts_unknown`; its stored default (false, null, []) means "not
    known", not "no"."""

    card = models.OneToOneField("cards.Card", on_delete=models.CASCADE, primary_key=True, related_name="dm")
    civilizations = models.JSONField(default=list)  # Civilization values
    civ_mask = models.PositiveSmallIntegerField(default=0, db_index=True)  # CivMask bits, for queries
    zero_civilization = models.BooleanField(default=False)
    card_type = models.CharField(max_length=64, null=True, blank=True, db_index=True)
    card_type_ja = models.CharField(max_length=64, null=True, blank=True)
    type_codes = models.JSONField(default=list)
    zone = models.CharField(max_length=32, choices=ZONE_CHOICES, null=True, blank=True, db_index=True)
    cost = models.IntegerField(null=True, blank=True, db_index=True)
    cost_text = models.CharField(max_length=16, null=True, blank=True)
    power = models.CharField(max_length=64, null=True, blank=True)
    power_value = models.IntegerField(null=True, blank=True, db_index=True)
    races = models.JSONField(default=list)
    mana_number = models.IntegerField(null=True, blank=True)

    evolution = models.BooleanField(default=False)
    psychic = models.BooleanField(default=False)
    dragheart = models.BooleanField(default=False)
    gr = models.BooleanField(default=False)
    twinpact = models.BooleanField(default=False)
    hyper = models.BooleanField(default=False)
    zeron = models.BooleanField(default=False)
    forbidden = models.BooleanField(default=False)
    multi_face = models.BooleanField(default=False)

    shield_trigger = models.BooleanField(default=False)
    blocker = models.BooleanField(default=False)
    speed_attacker = models.BooleanField(default=False)
    slayer = models.BooleanField(default=False)
    breaker = models.CharField(max_length=16, choices=BREAKER_CHOICES, null=True, blank=True)
    breaker_ja = models.CharField(max_length=64, null=True, blank=True)
    power_attacker_bonus = models.IntegerField(null=True, blank=True)
    cant_attack = models.BooleanField(default=False)
    cant_attack_players = models.BooleanField(default=False)
    keywords_ja = models.JSONField(default=list)
    deck_limit_exceptions = models.JSONField(null=True, blank=True)
    # 100.5: the start-of-game set this card belongs to (cards that start in the battle zone, grouped by the
    # face they share, e.g. the Zeron Nebula cards and their shared back face) and how many cards the set has.
    start_set = models.CharField(max_length=255, null=True, blank=True)
    start_set_size = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["card_id"]
        constraints = [models.CheckConstraint(condition=models.Q(civ_mask__lte=31), name="dmcard_civ_mask_range")]

    def __str__(self) -> str:
        return f"facts of card {self.card_id}"

    def save(self, *args, **kwargs) -> None:
        # A hand edit (the admin) keeps the derived civilization bits right; the importer writes them in bulk.
        self.civ_mask = int(CivMask.of(self.civilizations or []))
        super().save(*args, **kwargs)


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
    core knew no game (issue 19; games/dm/migrations/0005_format_options_data.py copied them here).

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
    # 2ブロック: the card pool is the cards with the block mark of the block in force on the date and of the ones
    # before it, this many blocks in all (DmBlock); 0 = no block rule.
    block_count = models.PositiveSmallIntegerField(default=0)

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


class DmBlock(models.Model):
    """One block (series) of Duel Masters from 革命編 on, in release order (blocks.json, imported with the Hall of Fame
    by `manage.py import_regulations`): its block mark where a source states it, the day it began (its first
    booster's release) and its boosters' set codes, with those sets.json assigns to it. Decks, special packs and
    promos are not assigned (whether they carry a mark is per product)."""

    position = models.PositiveSmallIntegerField(unique=True)
    name_ja = models.CharField(max_length=100, unique=True)
    name_en = models.CharField(max_length=100, blank=True, default="")
    mark = models.CharField(max_length=32, null=True, blank=True)  # null: no source read states it
    start_date = models.DateField()
    sets = models.JSONField(default=list)  # booster set codes
    source = models.TextField(blank=True, default="")
    mark_source = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["position"]

    def __str__(self) -> str:
        return self.name_ja


def _touch_format(format_id: int) -> None:
    """The cached formats (regulations.selectors) are re-read when a format's `updated_at` changes."""
    from django.utils import timezone

    from regulations.models import Format

    Format.objects.filter(pk=format_id).update(updated_at=timezone.now())
