"""The short forms built from a card's name (games.abbreviations), rule by rule: one owner for every game, each game
naming the rules its names allow."""

import pytest

from games.abbreviations import FIRST_WORD, INITIALS, KANA_TAIL, KANJI_HEADS, PARTS, RULES, morae, short_forms

SHORT_FORMS = [
    # (name, rules, the short forms)
    pytest.param("蒼き団長 ドギラゴン剣", (PARTS,), {"ドギ剣"}, id="parts-katakana-then-kanji"),
    pytest.param("超戦龍覇 モルトNEXT（ネクスト）", (PARTS,), {"モルネク"}, id="parts-latin-read-as-its-ruby"),
    pytest.param("スモール・ワールド", (PARTS,), {"スモワー", "スモワ"}, id="parts-a-long-vowel-left-out-too"),
    pytest.param("音速 ガトリング", (PARTS,), set(), id="parts-one-run-has-none"),
    pytest.param("墓穴の指名者", (FIRST_WORD,), {"墓穴"}, id="first-word-before-a-particle"),
    pytest.param("灰流うらら", (FIRST_WORD,), set(), id="first-word-needs-a-particle-after-it"),
    pytest.param("増殖するＧ", (KANJI_HEADS,), {"増G"}, id="kanji-heads-kanji-and-latin"),
    pytest.param("金満で謙虚な壺", (KANJI_HEADS,), {"金謙"}, id="kanji-heads-two-kanji-words"),
    pytest.param("灰流うらら", (KANA_TAIL,), {"うらら"}, id="kana-tail"),
    pytest.param("ボルメテウス・ホワイト・ドラゴン", (INITIALS,), {"BWD"}, id="initials-howa-is-w"),
    pytest.param("クリスタル・ランサー・ドラゴン", (INITIALS,), {"CLD", "CRD", "KLD", "KRD"}, id="initials-two-ways"),
    pytest.param("ボルシャック・ドラゴン", (INITIALS,), set(), id="initials-need-three-words"),
    pytest.param("灰流うらら", (), set(), id="no-rules-no-forms"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "rules", "expected"), SHORT_FORMS)
def test_short_forms_of_a_name(name, rules, expected):
    assert short_forms(name, rules=rules) == expected


def test_a_name_is_never_its_own_short_form():
    assert all(form != "ドラゴン" for form in short_forms("ドラゴン", rules=RULES))


def test_morae_keep_small_kana_with_the_kana_before():
    assert morae("ショッカー") == ["ショ", "ッ", "カ", "ー"]
