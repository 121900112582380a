"""card_to_facts: the one conversion from the catalogue to the engines' CardFacts."""

import pytest

from cards.models import Card
from cards.tests.fixtures import AROMA_TWIN, BOLSHACK, PSYCHIC_A
from games.dm.facts import card_to_facts
from games.dm.rules.vocabulary import Breaker, Civilization, Zone


def facts_of(name: str):
    return card_to_facts(Card.objects.prefetch_related("faces").get(name_ja=name))


def test_plain_creature(imported):
    facts = facts_of(BOLSHACK)
    assert facts.id == imported[BOLSHACK]
    assert (facts.name_ja, facts.name_en, facts.name_key) == (BOLSHACK, "Bolshack Dragon", BOLSHACK)
    assert facts.civilizations == frozenset({Civilization.FIRE})
    assert (facts.cost, facts.power, facts.mana_number) == (6, 6000, 1)
    assert (facts.zone, facts.breaker, facts.races) == (Zone.MAIN_DECK, Breaker.DOUBLE, ("アーマード・ドラゴン",))
    assert (facts.rule_plus, facts.twinpact, facts.max_copies, facts.deck_size_delta) == (False, False, {}, 0)


def test_twinpact_bottom_face(imported):
    # 808: the bottom half is usable as its own spell: its own cost and civilizations.
    facts = facts_of(AROMA_TWIN)
    assert facts.twinpact and facts.shield_trigger
    bottom = facts.twinpact_bottom
    assert bottom.id == facts.id
    assert (bottom.name_ja, bottom.card_type, bottom.cost) == ("「挑戦、それは終わりなきスパイラル！」", "Spell", 2)
    assert bottom.civilizations == frozenset({Civilization.WATER, Civilization.LIGHT})
    assert bottom.shield_trigger is True
    assert facts.face_names == ("パラダイス・アロマ", "「挑戦、それは終わりなきスパイラル！」")


def test_twinpact_halves_are_paid_with_their_own_civilizations(imported):
    # 112.2a, 808: the creature half costs its own civilizations; the whole card gives both halves' in mana.
    from games.dm.rules.goldfish.deck import engine_card_from_facts

    facts = facts_of(AROMA_TWIN)
    top = facts.twinpact_top
    assert (top.name_ja, top.cost, top.power, top.civilizations) == (
        "パラダイス・アロマ",
        3,
        1000,
        {Civilization.WATER},
    )
    engine = engine_card_from_facts(facts, 4)
    assert [(half.kind, half.cost, half.civilizations) for half in engine.halves] == [
        ("creature", 3, {Civilization.WATER}),
        ("spell", 2, {Civilization.WATER, Civilization.LIGHT}),
    ]
    assert engine.mana_civilizations == {Civilization.WATER, Civilization.LIGHT}


@pytest.mark.parametrize(
    ("name", "max_copies", "delta", "rule_plus", "zone"),
    [
        ("四十日鼠 チョロチュー", {Zone.MAIN_DECK: None}, 0, False, Zone.MAIN_DECK),  # 100.2a: more than 4
        ("13番目の計画", {}, 5, True, Zone.HYPERSPATIAL),  # 314.3a: deck size +5
        ("ジェイ-SHOCKER", {}, 0, False, Zone.SUPER_GR),
    ],
    ids=["100.2a-no-copy-limit", "314.3a-rule-plus-deck-size", "gr-zone"],
)
def test_deck_limit_exceptions_and_rule_plus(imported, name, max_copies, delta, rule_plus, zone):
    facts = facts_of(name)
    assert (facts.max_copies, facts.deck_size_delta) == (max_copies, delta)
    assert (facts.rule_plus, facts.zone) == (rule_plus, zone)


def test_psychic_has_no_mana_number(imported):
    facts = facts_of(PSYCHIC_A)
    assert (facts.psychic, facts.zone, facts.mana_number) == (True, Zone.HYPERSPATIAL, None)
    assert facts.face_names == ("貪欲バリバリ・パックンガー",)


def test_start_of_game_set_from_shared_face(imported):
    # 100.5: cards that start in the battle zone and share a face form one set.
    facts = [facts_of(name) for name in ("滅亡の起源 零無", "手札の儀")]
    assert {(f.start_set, f.start_set_size, f.zone) for f in facts} == {("零龍", 2, Zone.BATTLE_ZONE_AT_START)}
    assert facts_of(BOLSHACK).start_set is None


def test_record_without_facts(imported):
    facts = facts_of("未来のカード")
    assert (facts.facts_available, facts.name_key) == (False, "未来のカード")
    assert (facts.cost, facts.civilizations, facts.face_names) == (None, frozenset(), ())


@pytest.mark.parametrize(
    ("breaker", "raw", "expected"),
    [
        pytest.param(None, None, None, id="no-breaker"),
        pytest.param("double", "W・ブレイカー", Breaker.DOUBLE, id="double"),
        pytest.param("other", "G・ブレイカー", Breaker.WORLD, id="509.4-g-breaker-breaks-every-shield"),
        pytest.param("other", "ドラゴン・W・ブレイカー", Breaker.DOUBLE, id="dragon-w-breaks-two"),
        pytest.param("other", "マスター・T・ブレイカー", Breaker.TRIPLE, id="master-t-breaks-three"),
        pytest.param("other", "ヌル・ブレイカー", Breaker.OTHER, id="conditional-stays-other"),
    ],
)
def test_breaker_of_the_data_becomes_a_number_of_shields(breaker, raw, expected):
    from games.dm.facts import _breaker

    assert _breaker(breaker, raw) == expected
