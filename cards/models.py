"""The card catalogue: one Card per physical card identity (one record of the card data), its faces and printings."""

from django.db import models

from games.registry import DEFAULT_GAME


class Card(models.Model):
    # The game the card is of (a games.registry code); `release_date` below is every game's one "not yet released".
    # Another game's cards share the table; each game keeps its own typed facts in a table of its own, one-to-one
    # with this row (Duel Masters: games.dm.models.DmCard, `card.dm`).
    game = models.CharField(max_length=16, default=DEFAULT_GAME, db_index=True, editable=False)
    # The record's own Japanese name as given by the data: unique in its game, the import's natural key.
    name_ja = models.CharField(max_length=255)
    name_en = models.CharField(max_length=255, null=True, blank=True)
    # Copy-counting identity (rule 100.2a, 1.2.3): NFKC-normalised name, shared by width variants of one name.
    name_key = models.CharField(max_length=255, db_index=True)
    facts_available = models.BooleanField(default=True)
    # Where the record's facts come from (the data's `facts_source`: tw, super-pylori, cgi3, geekstack), and the
    # fact fields that source does not give: their stored default (false, null, []) means "not known", not "no".
    facts_source = models.CharField(max_length=32, blank=True, default="", db_index=True)
    facts_unknown = models.JSONField(default=list, blank=True)
    # First release: the earliest dated printing (a month-precision set counts as the last day of its month);
    # NULL when no printing is dated. Derived at import time from the Set table.
    release_date = models.DateField(null=True, blank=True, db_index=True)
    release_set = models.CharField(max_length=64, blank=True, default="")  # the set code of that printing
    # False when a printing of the card has no date (a promo grouping, a product the data does not date): it may have
    # come out before release_date, which is then the day it was out by, not its first day.
    release_date_exact = models.BooleanField(default=True)

    # Lower-cased NFKC text of every name (Japanese, English, faces, readings) for search.
    search_text = models.TextField(default="", blank=True)
    # Hash of the imported record: a re-import that finds the same hash changes nothing.
    source_hash = models.CharField(max_length=64, default="")
    sources = models.JSONField(default=list)
    # Set explicitly by the importer (bulk writes skip auto_now). Any write of the row raises its game's
    # CatalogueVersion, which the in-memory indexes of every process compare against.
    updated_at = models.DateTimeField(auto_now=True, db_index=True)

    class Meta:
        ordering = ["name_ja"]
        constraints = [
            models.UniqueConstraint(fields=["game", "name_ja"], name="card_unique_name_per_game"),
        ]

    def __str__(self) -> str:
        return self.name_ja


class CatalogueVersion(models.Model):
    """One game's catalogue version: a number that every insert, update or delete of one of the game's Card rows
    raises, in the same transaction (database triggers, migration 0006: an import's bulk writes, an admin edit, a
    test's factory alike). What the processes' in-memory indexes are keyed by (cards.selectors.catalogue_version):
    read by primary key, where a fingerprint of the whole table (COUNT, MAX(updated_at)) read every row of it.

    A row's first value, and every later one, is at least the time of the write in milliseconds: a row deleted with
    its cards (a flush) or rolled back with them (a test) never comes back with a number an index was built from."""

    game = models.CharField(max_length=16, primary_key=True)
    version = models.BigIntegerField()

    def __str__(self) -> str:
        return f"{self.game} {self.version}"


class CatalogueImport(models.Model):
    """A game's last `import_games` (cards/management/commands/import_games.py): the hash of the data files it read
    and the game's catalogue version it left. The next one finds both unchanged and skips the import (nothing to do:
    the same files, and no write to the game's cards since), so a `make run` with the data already in re-imports
    nothing.

    `importing_since`: when the import running now started (None when none runs). `make run` serves while the other
    games' data is imported (deckbuilder/serve.py); their pages say so meanwhile."""

    game = models.CharField(max_length=16, primary_key=True)
    source_hash = models.CharField(max_length=64, blank=True, default="")
    catalogue_version = models.BigIntegerField(null=True)
    importing_since = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.game} {self.source_hash[:12]}"


class Set(models.Model):
    """A set code seen in the printings (a product, a promo grouping, a tournament list of the source), with its
    Japanese release date when one is known."""

    class Precision(models.TextChoices):
        DAY = "day", "Day"
        MONTH = "month", "Month"

    code = models.CharField(max_length=64, unique=True)
    name_ja = models.CharField(max_length=255, blank=True, default="")
    name_source = models.CharField(max_length=255, blank=True, default="")
    kind = models.CharField(max_length=128, blank=True, default="")
    # The day, or for a month-precision date the LAST day of that month (the latest day the set can have been
    # released: a card dated by it is never said to exist before it did). NULL: undated.
    release_date = models.DateField(null=True, blank=True, db_index=True)
    release_text = models.CharField(max_length=10, blank=True, default="")  # as the data gives it: YYYY-MM(-DD)
    date_precision = models.CharField(max_length=8, choices=Precision.choices, blank=True, default="")
    date_source = models.CharField(max_length=255, blank=True, default="")
    suspect = models.BooleanField(default=False)
    note = models.TextField(blank=True, default="")
    source_hash = models.CharField(max_length=64, default="")

    class Meta:
        ordering = ["code"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(release_date__isnull=True, date_precision="")
                | models.Q(release_date__isnull=False, date_precision__in=["day", "month"]),
                name="set_release_date_has_precision",
            ),
        ]

    def __str__(self) -> str:
        return self.code


class CardFace(models.Model):
    """One side of a card with several (a Duel Masters twinpact half or psychic back, a Dragon Ball Super leader's
    awakened side): its name, type, colours (`colours`: the game's colour words of the face), cost, power and traits
    (`races`: races, special traits), which every game with faces has; the game's other facts of the face are in
    `facts`."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="faces")
    position = models.PositiveSmallIntegerField()
    role = models.CharField(max_length=32)
    name_ja = models.CharField(max_length=255, db_index=True, blank=True)
    name_en = models.CharField(max_length=255, null=True, blank=True)
    card_type = models.CharField(max_length=64, null=True, blank=True)
    card_type_ja = models.CharField(max_length=64, null=True, blank=True)
    colours = models.JSONField(default=list)
    cost = models.IntegerField(null=True, blank=True)
    power = models.CharField(max_length=64, null=True, blank=True)
    power_value = models.IntegerField(null=True, blank=True)
    races = models.JSONField(default=list)
    facts = models.JSONField(default=dict)  # every other fact of the face, as the data gives it

    class Meta:
        ordering = ["card", "position"]
        constraints = [models.UniqueConstraint(fields=["card", "position"], name="cardface_unique_position")]

    def __str__(self) -> str:
        return self.name_ja


class Printing(models.Model):
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="printings")
    set_code = models.CharField(max_length=64, db_index=True)
    set_name = models.CharField(max_length=255, blank=True, default="")
    number = models.CharField(max_length=64, blank=True, default="")
    collector_id = models.CharField(max_length=64, blank=True, default="")
    rarity = models.CharField(max_length=128, blank=True, default="")
    listed_name_ja = models.CharField(max_length=255, blank=True, default="")
    shared_face = models.BooleanField(default=False)
    tcg = models.BooleanField(default=False)  # an English TCG printing
    source = models.CharField(max_length=255, blank=True, default="")

    class Meta:
        ordering = ["card", "set_code", "number"]

    def __str__(self) -> str:
        return f"{self.set_code} {self.number}"


class Nickname(models.Model):
    """A name players use for a card (nicknames.json): resolved like a name, never shown as the card's name."""

    nickname = models.CharField(max_length=255)
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="nicknames")
    source = models.CharField(max_length=64, blank=True, default="")
    ambiguous = models.BooleanField(default=False)  # the source marks it as naming more than one card

    class Meta:
        constraints = [models.UniqueConstraint(fields=["nickname", "card"], name="nickname_unique_per_card")]

    def __str__(self) -> str:
        return f"{self.nickname} → {self.card_id}"
