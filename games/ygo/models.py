"""The Yu-Gi-Oh! OCG's tables: the typed facts of each of its catalogue cards (cards.Card rows with game="ygo") and
the dated Forbidden/Limited lists (rules as data with effective dates, house style 3)."""

from django.db import models

from games.ygo.rules.vocabulary import CardType, DeckZone

CARD_TYPE_CHOICES = [(value.value, value.name.title()) for value in CardType]
DECK_ZONE_CHOICES = [(value.value, value.name.title()) for value in DeckZone]


class YgoCard(models.Model):
    """One OCG card's facts beside its catalogue row (one-to-one with cards.Card)."""

    card = models.OneToOneField("cards.Card", on_delete=models.CASCADE, related_name="ygo")
    # The card's identity in the rules engine: its Konami id, or -(Yugipedia page id) for a pre-release card without
    # one (games.ygo.rules.cards). The import's natural key.
    ygo_id = models.IntegerField(unique=True)
    konami_id = models.IntegerField(null=True, blank=True, db_index=True)
    passwords = models.JSONField(default=list)  # passwords[0] is the printed one; the rest alternate artworks
    card_type = models.CharField(max_length=8, choices=CARD_TYPE_CHOICES, db_index=True)
    monster_types = models.JSONField(default=list)  # Effect, Tuner, Fusion, Synchro, Xyz, Link, Pendulum, ...
    spell_trap_property = models.CharField(max_length=16, blank=True, default="")  # Quick-Play, Field, Counter, ...
    attribute = models.CharField(max_length=8, blank=True, default="", db_index=True)
    race = models.CharField(max_length=32, blank=True, default="", db_index=True)  # the monster Type
    level = models.PositiveSmallIntegerField(null=True, blank=True, db_index=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True, db_index=True)
    link_rating = models.PositiveSmallIntegerField(null=True, blank=True, db_index=True)
    atk = models.IntegerField(null=True, blank=True, db_index=True)  # NULL: no ATK, or "?" (then atk_text is "?")
    defense = models.IntegerField(null=True, blank=True, db_index=True)
    atk_text = models.CharField(max_length=8, blank=True, default="")
    defense_text = models.CharField(max_length=8, blank=True, default="")
    scale = models.PositiveSmallIntegerField(null=True, blank=True)
    archetypes = models.JSONField(default=list)
    deck_zone = models.CharField(max_length=8, choices=DECK_ZONE_CHOICES, db_index=True)
    aliases = models.JSONField(default=list)  # names the card is "always treated as" (PR p.41)
    in_ocg = models.BooleanField(default=True)
    # The data's record (facts only), from which the process's pure catalogue (games.ygo.rules.Catalogue) is built.
    record = models.JSONField(default=dict)

    class Meta:
        ordering = ["ygo_id"]

    def __str__(self) -> str:
        return f"{self.ygo_id}"

    @property
    def official_url(self) -> str | None:
        """The card's page in the official card database (Japanese)."""
        if self.konami_id is None:
            return None
        return (
            f"https://www.db.yugioh-card.com/yugiohdb/card_search.action?ope=2&cid={self.konami_id}&request_locale=ja"
        )


class YgoLimitList(models.Model):
    """One dated OCG Forbidden/Limited list (リミットレギュレーション): Konami ids per status; a card on none of the
    three is unlimited. The list in force on a day is the latest `effective` on or before it."""

    effective = models.DateField(unique=True)
    forbidden = models.JSONField(default=list)
    limited = models.JSONField(default=list)
    semi_limited = models.JSONField(default=list)
    source = models.CharField(max_length=255, blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["effective"]

    def __str__(self) -> str:
        return self.effective.isoformat()


class YgoGenesysList(models.Model):
    """One dated official GENESYS point list (「GENESYS」ポイント設定, from genesys.json): points per Konami
    id (a card not listed has 0), the card-pool date (cards first released on or after it are not allowed), the card
    kinds not allowed, the default point cap. The list in force on a day is the latest `effective` on or before it."""

    effective = models.DateField(unique=True)
    points = models.JSONField(default=dict)  # {konami_id (str): points}
    card_pool_before = models.DateField(null=True, blank=True)
    banned_kinds = models.JSONField(default=list)  # "link", "pendulum"
    default_cap = models.PositiveIntegerField(default=100)
    source = models.CharField(max_length=255, blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["effective"]

    def __str__(self) -> str:
        return f"GENESYS {self.effective.isoformat()}"

    def record(self) -> dict:
        """The list as the data writes it (games.ygo.rules.genesys.genesys_list_from_record)."""
        return {
            "effective_date": self.effective.isoformat(),
            "points": self.points,
            "card_pool_released_before": self.card_pool_before.isoformat() if self.card_pool_before else None,
            "banned_card_kinds": self.banned_kinds,
            "default_point_cap": self.default_cap,
            "source": self.source,
        }
