"""Resolver cases : every way a name is written finds the one card identity."""

import pytest

from cards.models import Card
from cards.services import card_import
from cards.tests.fixtures import AROMA_TWIN, BOLSHACK, HOME_TWIN, JK_FULL, JK_HALF, MALT, PSYCHIC_A, PSYCHIC_B
from games.dm.resolver import AMBIGUOUS, OK, UNKNOWN, Resolver, get_resolver
from games.dm.rules.vocabulary import LineStatus

RESOLVES = [
    # (id, written, expected record)
    ("japanese", BOLSHACK, BOLSHACK),
    ("english", "Bolshack Dragon", BOLSHACK),
    ("english-lower-case", "bolshack dragon", BOLSHACK),
    ("english-upper-case", "BOLSHACK DRAGON", BOLSHACK),
    ("full-width-katakana-and-dot", "ボルシャック･ドラゴン", BOLSHACK),
    ("brackets", "《ボルシャック・ドラゴン》", BOLSHACK),
    ("extra-whitespace", "  ボルシャック・ドラゴン \t", BOLSHACK),
    ("ruby-kept", MALT, MALT),
    ("ruby-dropped", "超戦龍覇 モルトNEXT", MALT),
    ("ruby-half-width-parentheses", "超戦龍覇 モルトNEXT(ネクスト)", MALT),
    ("full-width-latin-and-ideographic-space", "超戦龍覇\u3000モルトＮＥＸＴ", MALT),
    ("ruby-dropped-in-brackets", "《超戦龍覇　モルトNEXT》", MALT),
    ("english-of-ruby-card", "maltnext, super battle dragon ruler", MALT),
    ("whole-card-beats-face", "パラダイス・アロマ", "パラダイス・アロマ"),
    ("whole-card-beats-face-loosely", "パラダイス アロマ", "パラダイス・アロマ"),
    ("english-whole-card", "paradise aroma", "パラダイス・アロマ"),
    (
        "twinpact-combined-spaces",
        AROMA_TWIN,
        AROMA_TWIN,
    ),
    (
        "twinpact-combined-no-spaces",
        "パラダイス・アロマ/「挑戦、それは終わりなきスパイラル！」",
        AROMA_TWIN,
    ),
    (
        "twinpact-full-width-slash-half-width-marks",
        "パラダイス・アロマ／「挑戦、それは終わりなきスパイラル!」",
        AROMA_TWIN,
    ),
    (
        "twinpact-bottom-face",
        "「挑戦、それは終わりなきスパイラル！」",
        AROMA_TWIN,
    ),
    ("twinpact-stored-without-spaces-written-with", "ホメホメロ / ホメホメロック", HOME_TWIN),
    ("twinpact-english-combined", "homehomero / homehomerock", HOME_TWIN),
    ("twinpact-top-face", "ホメホメロ", HOME_TWIN),
    ("psychic-front", PSYCHIC_A, PSYCHIC_A),
    ("width-variant-half", JK_HALF, JK_HALF),
    ("width-variant-full", JK_FULL, JK_FULL),
    ("width-variant-english", "jk great gamble", JK_HALF),
    ("facts-unavailable-name", "未来のカード", "未来のカード"),
    ("half-width-katakana", "ﾎﾞﾙｼｬｯｸ･ﾄﾞﾗｺﾞﾝ", BOLSHACK),
    ("wave-dash-for-tilde", "テスト〜波の剣〜", "テスト～波の剣～"),
    ("half-width-tilde", "テスト~波の剣~", "テスト～波の剣～"),
    ("stray-space-before-tilde", "テスト ～波の剣～", "テスト～波の剣～"),
    ("space-missing-in-title", "超戦龍覇モルトNEXT", MALT),
    # How players type names (cards.names.loose_key)
    ("hiragana-for-katakana", "ぼるしゃっく・どらごん", BOLSHACK),
    ("middle-dot-dropped", "ボルシャックドラゴン", BOLSHACK),
    ("space-for-middle-dot", "ボルシャック ドラゴン", BOLSHACK),
    ("variation-selector", "ボルシャック・ドラゴン\ufe0f", BOLSHACK),
    ("unbalanced-bracket", "《ボルシャック・ドラゴン", BOLSHACK),
    ("note-in-parentheses", "ボルシャック・ドラゴン(殿)", BOLSHACK),
    ("note-in-full-width-parentheses", "ボルシャック・ドラゴン（プレ殿）", BOLSHACK),
    ("twinpact-halves-with-a-space", "ホメホメロ ホメホメロック", HOME_TWIN),
    ("psychic-front-slash-back", f"{PSYCHIC_A}/貪欲バリバリ・パックンガー", PSYCHIC_A),
    # Names players actually write: the part after the title, when exactly one card has it
    ("part-after-title", "モルトNEXT", MALT),
]


@pytest.mark.parametrize(("written", "expected"), [case[1:] for case in RESOLVES], ids=[c[0] for c in RESOLVES])
def test_resolves_to_one_card(imported, written, expected):
    resolution = get_resolver().resolve(written)
    assert resolution.status == OK
    assert resolution.card.id == imported[expected]
    assert resolution.written == written
    assert resolution.candidates == ()


def test_width_variants_share_one_counting_name(imported):
    # 1.2.3: two records whose names differ only in width are one name for the copy limit.
    resolver = get_resolver()
    half, full = resolver.resolve(JK_HALF).card, resolver.resolve(JK_FULL).card
    assert half.id != full.id
    assert half.name_key == full.name_key == JK_HALF


def test_twinpact_counts_by_combined_name_not_by_half(imported):
    # 1.2.4: "A / B" and a card named "A" are different names.
    resolver = get_resolver()
    twinpact = resolver.resolve("パラダイス・アロマ/「挑戦、それは終わりなきスパイラル！」").card
    single = resolver.resolve("パラダイス・アロマ").card
    assert twinpact.name_key != single.name_key
    assert twinpact.name_key == "パラダイス・アロマ/「挑戦、それは終わりなきスパイラル!」"


AMBIGUOUS_CASES = [
    ("shared-psychic-back-face", "貪欲バリバリ・パックンガー", {PSYCHIC_A, PSYCHIC_B}),
    ("shared-back-face-english", "tearing packunga, the greedy", {PSYCHIC_A, PSYCHIC_B}),
    ("shared-zeron-face", "《零龍》", {"滅亡の起源 零無", "手札の儀"}),
]


@pytest.mark.parametrize(("written", "expected"), [c[1:] for c in AMBIGUOUS_CASES], ids=[c[0] for c in AMBIGUOUS_CASES])
def test_ambiguous_names_return_every_candidate(imported, written, expected):
    resolution = get_resolver().resolve(written)
    assert resolution.status == AMBIGUOUS
    assert resolution.card is None
    assert {c.name_ja for c in resolution.candidates} == expected
    assert {c.id for c in resolution.candidates} == {imported[name] for name in expected}


UNKNOWN_CASES = [
    ("typo-japanese", "ボルシャック・ドラゴ", BOLSHACK),
    ("typo-english", "Bolshak Dragon", BOLSHACK),
    ("one-wrong-kanji", "超戦龍王 モルトNEXT", MALT),
]


@pytest.mark.parametrize(("written", "best"), [c[1:] for c in UNKNOWN_CASES], ids=[c[0] for c in UNKNOWN_CASES])
def test_unknown_names_return_closest_candidates(imported, written, best):
    resolution = get_resolver().resolve(written)
    assert resolution.status == UNKNOWN
    assert resolution.card is None
    assert resolution.candidates[0].name_ja == best
    assert resolution.candidates[0].id == imported[best]


def test_nothing_close_returns_no_candidates(imported):
    resolution = get_resolver().resolve("xqzxqzxqz")
    assert (resolution.status, resolution.candidates) == (UNKNOWN, ())


@pytest.mark.parametrize("kind", ["int", "digits", "full-width-digits"])
def test_card_id_resolves(imported, kind):
    card_id = imported[BOLSHACK]
    written = {
        "int": card_id,
        "digits": str(card_id),
        "full-width-digits": str(card_id).translate(str.maketrans("0123456789", "０１２３４５６７８９")),
    }[kind]
    resolution = get_resolver().resolve(written)
    assert resolution.status == OK
    assert resolution.card.id == card_id


def test_unknown_id_is_unknown(imported):
    resolution = get_resolver().resolve(max(imported.values()) + 1000)
    assert (resolution.status, resolution.card) == (UNKNOWN, None)


def test_facts_by_id_and_key_error(imported):
    resolver = get_resolver()
    card_id = imported[BOLSHACK]
    assert resolver.facts(card_id).name_ja == BOLSHACK
    with pytest.raises(KeyError):
        resolver.facts(max(imported.values()) + 1000)


def test_resolver_is_rebuilt_when_the_catalogue_changes(imported, catalogue_records):
    before = get_resolver()
    assert get_resolver() is before  # unchanged catalogue: the same in-memory index
    assert before.resolve("新しいカード").status == UNKNOWN
    changed = [*catalogue_records, {**catalogue_records[0], "name_ja": "新しいカード", "name": "Brand New"}]
    card_import(records=changed, source="fixture")
    after = get_resolver()
    assert after is not before
    assert after.resolve("brand new").card.id == Card.objects.get(name_ja="新しいカード").id


def test_resolver_sees_an_update_made_elsewhere(imported):
    # Another process changes a card: the version (count, latest updated_at) changes, so the index is rebuilt.
    get_resolver()
    card = Card.objects.get(name_ja=BOLSHACK)
    card.name_en = "Bolshack Dragon Renamed"
    card.save()
    assert get_resolver().resolve("bolshack dragon renamed").card.id == card.id


def test_fuzzy_candidates_do_not_depend_on_build_order(imported):
    built = Resolver.from_catalogue()
    entries = [(built.facts(i), [built.facts(i).name_ja], []) for i in sorted(imported.values())]
    forward, backward = Resolver(entries), Resolver(list(reversed(entries)))
    for written in ("ボルシャック", "テスト", "dragon"):
        assert forward.resolve(written).candidates == backward.resolve(written).candidates


def test_an_exact_name_always_wins(imported):
    # ボルシャック・NEX is a whole name; the looser tiers never replace it by another card.
    resolution = get_resolver().resolve("ボルシャック・NEX")
    assert (resolution.status, resolution.card.name_ja) == (OK, "ボルシャック・NEX")


def test_a_nickname_resolves_to_its_card(imported):
    from cards.services import nickname_import

    summary = nickname_import(
        data={
            "nicknames": [
                {"nickname": "波夢", "name_ja": BOLSHACK, "source": "test"},
                {"nickname": "誰", "name_ja": "存在しないカード", "source": "test"},
            ]
        }
    )
    assert (summary.total, summary.created, summary.unknown_cards) == (2, 1, ["存在しないカード"])
    again = nickname_import(data={"nicknames": [{"nickname": "波夢", "name_ja": BOLSHACK, "source": "test"}]})
    assert (again.created, again.unchanged, again.deleted) == (0, 1, 0)
    resolution = get_resolver().resolve("波夢")
    assert (resolution.status, resolution.card.id) == (OK, imported[BOLSHACK])


def test_identify_tells_a_name_from_a_comment(imported):
    resolver = get_resolver()
    assert resolver.identify(BOLSHACK) == imported[BOLSHACK]
    assert resolver.identify("序盤に出す") is None
    assert resolver.identify("貪欲バリバリ・パックンガー") == tuple(sorted((imported[PSYCHIC_A], imported[PSYCHIC_B])))


IDENTIFY_WHOLE = [
    ("whole-name", BOLSHACK, BOLSHACK, True),
    ("name-without-ruby", "超戦龍覇 モルトNEXT", MALT, True),
    ("part-after-title", "モルトNEXT", MALT, False),  # resolves, but is not a whole name: never cuts a comment
]


@pytest.mark.parametrize(
    ("written", "card", "whole"), [c[1:] for c in IDENTIFY_WHOLE], ids=[c[0] for c in IDENTIFY_WHOLE]
)
def test_identify_whole_ignores_a_part_of_a_name(imported, written, card, whole):
    resolver = get_resolver()
    assert resolver.identify(written) == imported[card]
    assert resolver.identify_whole(written) == (imported[card] if whole else None)


def test_suggestions_can_be_skipped(imported):
    resolution = get_resolver().resolve("ボルシャック・ドラゴ", suggest=False)
    assert (resolution.status, resolution.candidates) == (UNKNOWN, ())


LOOSE_SAME = [
    ("long-vowel-as-minus", "ガイアール・カイザー", "ガイア－ル・カイザー"),
    ("long-vowel-as-wave-dash", "ガイアール・カイザー", "ガイア〜ル・カイザー"),
    ("hiragana", "ガイアール・カイザー", "がいあーる・かいざー"),
    ("roman-numeral", "時の法皇 ミラダンテXII", "時の法皇ミラダンテⅫ"),
    ("greek-kappa", "κの字", "kの字"),
    ("quotes", "“乱振”舞神 G・W・D", '"乱振"舞神 GWD'),
    ("double-angle-brackets", "≪ボルシャック・ドラゴン≫", "ボルシャック・ドラゴン"),
    ("latin-hyphen-as-space", "Bronze-Arm Tribe", "Bronze Arm Tribe"),
]


@pytest.mark.parametrize(("a", "b"), [c[1:] for c in LOOSE_SAME], ids=[c[0] for c in LOOSE_SAME])
def test_loose_key_folds_how_players_type(a, b):
    from cards.names import loose_key

    assert loose_key(a) == loose_key(b)


# Where an unknown line counts: with the cards of its block when no heading placed them (a misspelt psychic after
# the blank line that ends the main deck), else where it was written.
UNKNOWN_LINE_ZONES = [
    ("among-psychics-after-a-blank-line", f"4 {BOLSHACK}\n\n1 {PSYCHIC_A}\n1 時空の誤字カード\n", "hyperspatial"),
    ("in-the-main-deck", f"4 {BOLSHACK}\n1 時空の誤字カード\n\n1 {PSYCHIC_A}\n", "main"),
    ("block-of-two-zones", f"4 {BOLSHACK}\n1 時空の誤字カード\n1 {PSYCHIC_A}\n", "main"),
    ("under-a-heading", f"4 {BOLSHACK}\n\n超次元\n1 {PSYCHIC_A}\nGR\n1 時空の誤字カード\n", "gr"),
]


@pytest.mark.parametrize(("text", "zone"), [c[1:] for c in UNKNOWN_LINE_ZONES], ids=[c[0] for c in UNKNOWN_LINE_ZONES])
def test_an_unknown_line_counts_with_the_cards_of_its_block(imported, text, zone):
    from games.dm.resolver import decklist_parse, decklist_read

    resolver = get_resolver()
    rows = decklist_read(decklist_parse(text, resolver=resolver), resolver=resolver)
    (unknown,) = [row for row in rows if row.unresolved]
    assert (unknown.written, unknown.zone.value) == ("時空の誤字カード", zone)


# Names whose brackets or bars are part of them, read from a decklist line (reader and resolver together). Each
# pair folds into one loose key, so only the exact name tells them apart: it must win (the data holds both).
OWN_BRACKETS = (
    "アクア・ジェット〈BOOON・スカイ〉",
    "アクア・ジェット＜BOOON・スカイ＞",
    "帝王坂∞",
    "帝王坂∞＜…………！＞",
)
OWN_BRACKET_LINES = [
    *(pytest.param(f"4 {name}", name, id=f"exact-{index}") for index, name in enumerate(OWN_BRACKETS)),
    *(pytest.param(f"《{name}》 ×4", name, id=f"quoted-{index}") for index, name in enumerate(OWN_BRACKETS)),
    pytest.param(
        "4 アクア・ジェット<BOOON・スカイ>", "アクア・ジェット＜BOOON・スカイ＞", id="half-width-of-full-width"
    ),
    pytest.param("4 神聖十二神騎:||", "神聖十二神騎:||", id="bars-in-the-name"),
    pytest.param("神聖十二神騎:|| ×4", "神聖十二神騎:||", id="bars-in-the-name-count-after"),
]


@pytest.fixture(scope="module")
def bracket_resolver():
    from cards.tests.factories import CardRecordFactory

    records = [CardRecordFactory(name_ja=name) for name in (*OWN_BRACKETS, "神聖十二神騎:||", "十・二・神・騎")]
    return Resolver.from_records(records)


@pytest.mark.parametrize(("text", "name"), OWN_BRACKET_LINES)
def test_a_name_with_its_own_brackets_reads_as_that_card(bracket_resolver, text, name):
    from games.dm.resolver import decklist_parse, decklist_read

    rows = decklist_read(decklist_parse(text, resolver=bracket_resolver), resolver=bracket_resolver)
    assert [(row.status, row.card.name_ja if row.card else None, row.count) for row in rows] == [
        (LineStatus.CARD, name, 4)
    ]


def test_a_name_cut_before_its_own_bracket_stays_ambiguous(bracket_resolver):
    # Written without its closing bracket, the name is no exact name: the loose key matches both spellings.
    resolution = bracket_resolver.resolve("アクア・ジェット〈BOOON・スカイ")
    assert resolution.status == AMBIGUOUS
    assert {c.name_ja for c in resolution.candidates} == set(OWN_BRACKETS[:2])
