"""Opening-hand odds against values computed by hand (complements and inclusion-exclusion over C(n, k))."""

from fractions import Fraction
from math import comb

import pytest

from games.ygo.rules.odds import OddsError, at_least_one, joint_at_least, opening_hand_size, starter_and_extender


@pytest.mark.parametrize(
    "going, size", [pytest.param("first", 5, id="first-no-draw"), pytest.param("second", 6, id="second-draws")]
)
def test_opening_hand_size(going, size):
    assert opening_hand_size(going) == size


@pytest.mark.parametrize(
    "deck, copies, going, expected",
    [
        # 1 - C(37,5)/C(40,5) = 1 - 435897/658008
        pytest.param(40, 3, "first", Fraction(658008 - 435897, 658008), id="3-of-40-first"),
        # 1 - C(37,6)/C(40,6) = 1 - 2324784/3838380
        pytest.param(40, 3, "second", Fraction(3838380 - 2324784, 3838380), id="3-of-40-second"),
        # a 9-card hand-trap package: 1 - C(31,5)/C(40,5) = 1 - 169911/658008
        pytest.param(40, 9, "first", Fraction(658008 - 169911, 658008), id="hand-trap-package-9"),
        pytest.param(60, 0, "first", Fraction(0), id="no-copies"),
        pytest.param(5, 1, "first", Fraction(1), id="whole-deck-drawn"),
    ],
)
def test_at_least_one(deck, copies, going, expected):
    assert at_least_one(deck_size=deck, copies=copies, going=going) == expected


@pytest.mark.parametrize(
    "deck, starters, extenders, going, expected",
    [
        # 6 cards, 1 starter, 1 extender, 5 drawn: miss either with 1/6 each, both never -> 1 - 2/6
        pytest.param(6, 1, 1, "first", Fraction(2, 3), id="tiny-deck"),
        # 40 cards, 12 starters, 8 extenders: 1 - [C(28,5) + C(32,5) - C(20,5)] / C(40,5)
        pytest.param(
            40, 12, 8, "first", Fraction(658008 - (98280 + 201376 - 15504), 658008), id="12-starters-8-extenders"
        ),
        pytest.param(40, 12, 8, "second", Fraction(3838380 - (376740 + 906192 - 38760), 3838380), id="going-second"),
    ],
)
def test_starter_and_extender(deck, starters, extenders, going, expected):
    assert starter_and_extender(deck_size=deck, starters=starters, extenders=extenders, going=going) == expected


def test_joint_matches_inclusion_exclusion_for_every_split_of_a_40_card_deck():
    drawn = 5
    for s in range(0, 21, 4):
        for e in range(0, 41 - s, 5):
            by_hand = 1 - Fraction(comb(40 - s, drawn) + comb(40 - e, drawn) - comb(40 - s - e, drawn), comb(40, drawn))
            assert joint_at_least(deck_size=40, groups=((s, 1), (e, 1)), drawn=drawn) == by_hand, (s, e)


@pytest.mark.parametrize(
    "deck, copies",
    [
        pytest.param(40, 41, id="more-copies-than-cards"),
        pytest.param(4, 1, id="deck-smaller-than-the-hand"),
        pytest.param(40, -1, id="negative"),
    ],
)
def test_impossible_questions(deck, copies):
    with pytest.raises(OddsError):
        at_least_one(deck_size=deck, copies=copies)


def test_package_odds_of_a_real_deck(catalogue):
    """Nekroz's 40-card Main Deck: a package of Maxx "C" (2) and Mystical Space Typhoon (3)."""
    from pathlib import Path

    from games.ygo.rules.decklist import read_ydk
    from games.ygo.rules.odds import main_deck_copies, package_odds

    text = (Path(__file__).parent / "decklists" / "nekroz-2015.ydk").read_text(encoding="utf-8")
    deck = read_ydk(text, catalogue)
    maxx = catalogue.by_password(23434538)  # Maxx "C", 2 copies in the file
    mst = catalogue.by_password(5318639)  # Mystical Space Typhoon, 3 copies
    assert main_deck_copies(deck, [maxx.id, mst.id]) == (40, 5)
    # 1 - C(35,5)/C(40,5) = 1 - 324632/658008
    assert package_odds(deck, [maxx.id, mst.id]) == Fraction(658008 - 324632, 658008)
    assert package_odds(deck, [maxx.id, mst.id], going="second") == 1 - Fraction(comb(35, 6), comb(40, 6))


def test_starter_and_extender_odds_of_a_real_japanese_list(catalogue):
    """The 2011 BF list (decklists/README.md): at least one 終末の騎士 (3) and one ＢＦ－大旆のヴァーユ (3) by the
    first Main Phase, by inclusion-exclusion over C(40, n)."""
    from pathlib import Path

    from games.ygo.rules.decklist import read_text
    from games.ygo.rules.odds import main_deck_copies

    text = (Path(__file__).parent / "decklists" / "bf-japan-cs-yokohama-cs-2011-02.txt").read_text(encoding="utf-8")
    deck = read_text(text, catalogue)
    (knight,) = catalogue.by_name("終末の騎士")
    (vayu,) = catalogue.by_name("ＢＦ－大旆のヴァーユ")
    assert main_deck_copies(deck, [knight.id]) == (40, 3) and main_deck_copies(deck, [vayu.id]) == (40, 3)
    for going, n in (("first", 5), ("second", 6)):
        neither = comb(40, n) - 2 * comb(37, n) + comb(34, n)
        got = starter_and_extender(deck_size=40, starters=3, extenders=3, going=going)
        assert got == Fraction(neither, comb(40, n))
