"""Test data for cards: records in the card data's schema (see the data README), which the tests import through the
real importer, and the engine's card identities (`CardFacts`) for tests that need no database.

A record is an ordinary creature with facts unless told otherwise; the traits give the kinds of card the rules
distinguish, with the fields the real data gives them."""

import factory

from games.dm.rules.cards import CardFacts
from games.dm.rules.vocabulary import Zone

SOURCE = "test-fixture"

# The flags of a whole card; a face carries the same ones but those three.
FLAGS = (
    "zero_civilization", "evolution", "psychic", "dragheart", "gr", "twinpact", "hyper", "zeron", "forbidden",
    "multi_face", "shield_trigger", "blocker", "speed_attacker", "slayer", "cant_attack", "cant_attack_players",
)  # fmt: skip
_CARD_ONLY_FLAGS = ("hyper", "multi_face", "twinpact")


# Bases with every flag false (a record lists all of them).
_CardFlags = type("_CardFlags", (factory.DictFactory,), dict.fromkeys(FLAGS, False))
_FaceFlags = type("_FaceFlags", (factory.DictFactory,), dict.fromkeys(set(FLAGS) - set(_CARD_ONLY_FLAGS), False))


class PrintingRecordFactory(factory.DictFactory):
    """One printing of a card (the record's `printings`)."""

    set_code = "DM-01"
    set_name = factory.LazyAttribute(lambda o: f"set {o.set_code}")
    number = factory.Sequence(str)
    collector_id = factory.LazyAttribute(lambda o: f"{o.set_code} {o.number}")
    rarity = "C"
    listed_name_ja = "テストカード"
    source = SOURCE


class FaceRecordFactory(_FaceFlags):
    """One face of a multi-faced card (a twinpact half, a front, a shared back)."""

    name_ja = factory.Sequence(lambda n: f"テスト面{n}")
    name_en = None
    role = "front"
    type_code = "C"
    card_type = "Creature"
    card_type_ja = "クリーチャー"
    civilizations = factory.List([])
    cost = None
    cost_text = None
    power = factory.LazyAttribute(lambda o: None if o.power_value is None else str(o.power_value))
    power_value = None
    races = factory.List([])
    keywords_ja = factory.List([])
    breaker = None
    breaker_ja = None
    power_attacker_bonus = None
    zone = "main_deck"

    class Params:
        spell = factory.Trait(type_code="S", card_type="Spell", card_type_ja="呪文")


class CardRecordFactory(_CardFlags):
    """One card record with facts."""

    name = None  # the English name
    name_ja = factory.Sequence(lambda n: f"テストカード{n}")
    facts_available = True
    face_names_ja = factory.LazyAttribute(lambda o: [o.name_ja])
    civilizations = factory.List([])
    card_type = "Creature"
    card_type_ja = "クリーチャー"
    type_codes = factory.List(["C"])
    zone = "main_deck"
    cost = None
    cost_text = None
    power = factory.LazyAttribute(lambda o: None if o.power_value is None else str(o.power_value))
    power_value = None
    races = factory.List([])
    mana_number = 1
    breaker = None
    breaker_ja = None
    power_attacker_bonus = None
    keywords_ja = factory.List([])
    deck_limit_exceptions = None
    faces = factory.List([])
    printings = factory.List([])
    tcg_printings = factory.List([])
    sources = factory.List([SOURCE])

    class Params:
        spell = factory.Trait(card_type="Spell", card_type_ja="呪文", type_codes=["S"])
        psychic_creature = factory.Trait(
            card_type="Psychic Creature",
            card_type_ja="サイキック・クリーチャー",
            type_codes=["PC"],
            zone="hyperspatial_zone",
            psychic=True,
            mana_number=None,
        )
        gr_creature = factory.Trait(
            card_type="GR Creature",
            card_type_ja="GRクリーチャー",
            type_codes=["GRC"],
            zone="super_gr_zone",
            gr=True,
            mana_number=None,
        )
        # A twinpact: a creature on top, a spell below; the record's name is both halves' joined by '/'.
        twin = factory.Trait(
            card_type="Twinpact",
            card_type_ja="ツインパクト",
            type_codes=["C", "S"],
            twinpact=True,
            multi_face=True,
        )


def name_only_record(name_ja: str, **fields: object) -> dict:
    """A card known only by name (from a set list): no facts at all."""
    return {
        "name": None,
        "name_ja": name_ja,
        "facts_available": False,
        "printings": [],
        "tcg_printings": [],
        "sources": [SOURCE],
        **fields,
    }


class SetRecordFactory(factory.DictFactory):
    """One set in the schema of sets.json (released on a day unless told otherwise)."""

    code = factory.Sequence(lambda n: f"SET-{n:02d}")
    name_ja = factory.LazyAttribute(lambda o: f"テスト弾 {o.code}")
    name_source = "fixture"
    kind = "product"
    release_date = "2002-05-30"
    date_precision = "day"
    date_source = "fixture"
    suspect = False
    note = None


class CardFactsFactory(factory.Factory):
    """A card identity as the rules engines see it (no database); a creature unless told otherwise."""

    class Meta:
        model = CardFacts

    id = factory.Sequence(lambda n: n + 1)
    name_ja = factory.Sequence(lambda n: f"Card {n}")
    name_key = factory.LazyAttribute(lambda o: o.name_ja)

    class Params:
        psychic_creature = factory.Trait(psychic=True, zone=Zone.HYPERSPATIAL, card_type="Psychic Creature")
        gr_creature = factory.Trait(gr=True, zone=Zone.SUPER_GR, card_type="GR Creature")
