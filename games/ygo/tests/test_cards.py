"""The card catalogue: counts as the build report says, password and name lookups (folding), copy-limit names."""

import pytest

from games.ygo.rules.cards import fold_name
from games.ygo.rules.vocabulary import DeckZone


def test_catalogue_holds_every_record_of_the_build_report(catalogue, build_report):
    assert len(catalogue) == build_report["counts"]["records"]
    zones = {zone: sum(1 for card in catalogue.cards if card.deck_zone == zone) for zone in DeckZone}
    assert zones[DeckZone.MAIN] == build_report["counts"]["by_deck_zone"]["main"]
    assert zones[DeckZone.EXTRA] == build_report["counts"]["by_deck_zone"]["extra"]


@pytest.mark.parametrize(
    "written, expected",
    [
        pytest.param("灰流うらら", "Ash Blossom & Joyous Spring", id="japanese-name"),
        pytest.param("はるうらら", "Ash Blossom & Joyous Spring", id="reading-hiragana"),
        pytest.param("ハルウララ", "Ash Blossom & Joyous Spring", id="reading-katakana"),
        pytest.param("ﾊﾙｳﾗﾗ", "Ash Blossom & Joyous Spring", id="reading-half-width"),
        pytest.param("ASH BLOSSOM & JOYOUS SPRING", "Ash Blossom & Joyous Spring", id="english-upper-case"),
        pytest.param("青眼の白龍", "Blue-Eyes White Dragon", id="kanji-name"),
        pytest.param("ブルーアイズホワイトドラゴン", "Blue-Eyes White Dragon", id="reading-without-middle-dots"),
        pytest.param("ブルーアイズ ・ ホワイト ・ ドラゴン", "Blue-Eyes White Dragon", id="reading-spaced-dots"),
        pytest.param("Ｂｌｕｅ－Ｅｙｅｓ　Ｗｈｉｔｅ　Ｄｒａｇｏｎ", "Blue-Eyes White Dragon", id="english-full-width"),
        pytest.param("増殖するＧ", 'Maxx "C"', id="full-width-letter-in-japanese"),
        pytest.param("増殖するG", 'Maxx "C"', id="half-width-letter-in-japanese"),
    ],
)
def test_name_index_folds_script_width_case_and_dots(catalogue, written, expected):
    assert [card.name_en for card in catalogue.by_name(written)] == [expected]


def test_two_cards_of_one_name_are_both_found(catalogue):
    found = catalogue.by_name("Black Luster Soldier")
    assert len(found) == 2 and len({card.id for card in found}) == 2


@pytest.mark.parametrize(
    "password, konami_id",
    [
        pytest.param(89631139, 4007, id="printed-password"),
        pytest.param(89631140, 4007, id="alternate-art-password"),
        pytest.param(27847700, 4837, id="second-printed-password-polymerization"),
        pytest.param(14558128, 12950, id="alternate-art-ash-blossom"),
    ],
)
def test_password_lookup(catalogue, password, konami_id):
    assert catalogue.by_password(password).konami_id == konami_id


def test_every_password_of_every_card_finds_that_card(catalogue):
    wrong = [
        (card.name_en, number)
        for card in catalogue.cards
        for number in card.passwords
        if catalogue.by_password(number).id != card.id
    ]
    assert wrong == []


@pytest.mark.parametrize(
    "name, counts_as",
    [
        pytest.param("Cyber Harpie Lady", "Harpie Lady", id="always-treated-as-harpie-lady"),
        pytest.param("Harpie Lady 1", "Harpie Lady", id="harpie-lady-1"),
        pytest.param("Fusion Substitute", "Polymerization", id="fusion-substitute-as-polymerization"),
        pytest.param("Harpie Lady", "Harpie Lady", id="the-named-card-itself"),
        pytest.param("Pot of Greed", "Pot of Greed", id="no-alias"),
    ],
)
def test_copy_limit_name_follows_always_treated_as(catalogue, name, counts_as):
    (card,) = catalogue.by_name(name)
    (target,) = catalogue.by_name(counts_as)
    assert card.limit_keys == (target.id,)


def test_cards_with_both_names_count_under_each(catalogue):
    both = [card for card in catalogue.cards if any(a.kind == "also_treated_as" for a in card.aliases)]
    assert both, "the data lists cards that also have a second name"
    for card in both:
        assert len(card.limit_keys) == 1 + sum(1 for a in card.aliases if a.kind == "also_treated_as")


@pytest.mark.parametrize(
    "a, b",
    [
        pytest.param("ハーピィ・レディ", "はーぴぃれでぃ", id="katakana-hiragana"),
        pytest.param("ＡＢＣ　１２３", "abc123", id="full-width-and-space"),
        pytest.param("ﾌﾞﾙｰ･ｱｲｽﾞ", "ぶるーあいず", id="half-width-katakana-and-dot"),
    ],
)
def test_fold_name(a, b):
    assert fold_name(a) == fold_name(b)


@pytest.mark.parametrize(
    "written, expected",
    [
        pytest.param(
            "破壊剣の使い手-バスター・ブレイダー",
            ["Buster Blader, the Destruction Swordmaster"],
            id="ascii-hyphen-for-u2010",
        ),
        pytest.param(
            "破壊剣の使い手−バスター・ブレイダー", ["Buster Blader, the Destruction Swordmaster"], id="minus-sign"
        ),
        pytest.param("Legacy of Yatagarasu", ["Legacy of Yata-Garasu"], id="hyphen-left-out"),
        pytest.param("Maxx C", ['Maxx "C"'], id="quotes-left-out"),
        pytest.param("Rai-Mei", ["Rai-Mei"], id="exact-form-first"),
        pytest.param("Raimei", ["Raimei"], id="exact-form-first-other-card"),
        pytest.param("hero flash", ["Hero Flash!!", "H.E.R.O. Flash!"], id="loose-form-can-be-ambiguous"),
    ],
)
def test_loose_form_when_the_exact_form_finds_nothing(catalogue, written, expected):
    assert sorted(card.name_en for card in catalogue.by_name(written)) == sorted(expected)
