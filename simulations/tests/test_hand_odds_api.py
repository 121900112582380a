"""POST /api/v1/odds/hand/ for a Duel Masters decklist (the default game): groups named by card name, overlapping,
conditions combined with and; the figures against inclusion-exclusion over the deck's 40 cards, for rule 103.3's
opening (5 cards going first, 6 going second). Bad questions get their coded errors."""

from fractions import Fraction
from math import comb

import pytest
from rest_framework.test import APIClient

from decks.tests.fixtures import cards, legal_deck_json  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.urls("simulations.tests.urls")]

GROUPS = [
    {"name": "fire", "cards": ["テスト火竜", "テスト火炎弾", "テスト多色竜"]},
    {"name": "triggers", "cards": ["テスト水精", "テスト光盾", "テスト呪文", "テスト火炎弾"]},  # shares 火炎弾
    {"name": "bricks", "cards": ["テスト大型"]},
]


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def test_overlapping_groups_at_least_and_none_of_a_brick(cards):  # noqa: F811
    conditions = [
        {"group": "fire", "at_least": 1},
        {"group": "triggers", "at_least": 1},
        {"group": "bricks", "exactly": 0},
    ]
    body = {"decklist": legal_deck_json(), "groups": GROUPS, "conditions": conditions}
    answer = APIClient().post("/api/v1/odds/hand/", body, format="json")
    assert answer.status_code == 200, answer.json()

    def expected(n: int) -> Fraction:
        # Without the brick: 36 cards. Fire only 8 (火竜, 多色竜), triggers only 12, both 4 (火炎弾), others 12.
        # Fail: no fire (no 8, no 4) or no trigger (no 12, no 4); both: none of the 24.
        good = comb(36, n) - comb(24, n) - comb(20, n) + comb(12, n)
        return Fraction(good, comb(40, n))

    data = answer.json()
    assert (data["first"]["fraction"], data["second"]["fraction"]) == (_fraction(expected(5)), _fraction(expected(6)))
    assert data["first"]["percent"] == round(float(expected(5)) * 100, 2)
    assert data["opening"]["set_aside"] == 5 and data["groups"][1] == {"name": "fire", "copies": 12}


@pytest.mark.parametrize(
    ("groups", "conditions", "code"),
    [
        pytest.param(
            [{"name": "x", "cards": ["テストGR1"]}], [], "CARD_NOT_IN_DECK", id="a-card-outside-the-main-deck"
        ),
        pytest.param(GROUPS, [{"group": "nope", "at_least": 1}], "VALIDATION_ERROR", id="an-unknown-group"),
        pytest.param(
            GROUPS, [{"group": "fire", "at_least": 1, "exactly": 2}], "VALIDATION_ERROR", id="two-comparisons"
        ),
    ],
)
def test_a_bad_question_gets_its_code(cards, groups, conditions, code):  # noqa: F811
    body = {"decklist": legal_deck_json(), "groups": groups, "conditions": conditions}
    answer = APIClient().post("/api/v1/odds/hand/", body, format="json")
    assert (answer.status_code, answer.json()["error"]["code"]) == (400, code)


@pytest.mark.parametrize(
    ("starters", "deck_size"),
    [
        pytest.param(0, 40, id="no-start-of-game-card"),
        pytest.param(1, 40, id="a-start-of-game-card-is-not-dealt-from"),  # 100.5, 103.3
    ],
)
def test_a_start_of_game_card_is_not_in_the_deck_the_hand_is_dealt_from(db, starters, deck_size):
    """100.5, 103.3: a card that starts the game in the battle zone (禁断, 零龍) is put there before the shields and
    the hand are dealt: the odds of a group are those of the 40 cards shuffled, whatever else the main deck lists."""
    from cards.models import Card
    from cards.services import card_import
    from cards.tests.factories import CardRecordFactory
    from decks.tests.fixtures import catalogue_records

    starter = CardRecordFactory(
        name_ja="テスト開始時", civilizations=["Fire"], cost=0, zone="battle_zone_at_game_start"
    )
    card_import(records=[*catalogue_records(), starter], source="start-of-game-test")
    assert Card.objects.filter(name_ja="テスト開始時").exists()
    decklist = legal_deck_json()
    if starters:
        decklist["main"].append({"card": "テスト開始時", "count": starters})
    body = {"decklist": decklist, "groups": [GROUPS[2]], "conditions": [{"group": "bricks", "at_least": 1}]}
    answer = APIClient().post("/api/v1/odds/hand/", body, format="json")
    assert answer.status_code == 200, answer.json()
    expected = 1 - Fraction(comb(deck_size - 4, 5), comb(deck_size, 5))  # at least one of the 4 bricks in 5
    assert answer.json()["first"]["fraction"] == _fraction(expected)
