"""The card search language: the parser (pure) and the search over the fixture catalogue."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.query import (
    CivTerm,
    FlagTerm,
    NumberTerm,
    QueryError,
    RaceTerm,
    SetTerm,
    TextTerm,
    TypeTerm,
    ZoneTerm,
    parse_query,
)
from cards.selectors import card_search
from cards.tests.fixtures import AROMA_TWIN, BOLSHACK, HOME_TWIN, JK_FULL, JK_HALF, MALT, NEX, PSYCHIC_A, PSYCHIC_B
from dmrules.vocabulary import Civilization, Zone

FIRE, WATER = Civilization.FIRE, Civilization.WATER

PARSES = [
    ("empty", "", ()),
    ("blank", "   ", ()),
    ("japanese-word", "ボルシャック", (TextTerm("ボルシャック"),)),
    ("english-word-folded", "Bolshack", (TextTerm("bolshack"),)),
    ("full-width-word-folded", "ＢＯＬＳＨＡＣＫ", (TextTerm("bolshack"),)),
    ("quoted-words", '"bolshack dragon"', (TextTerm("bolshack dragon"),)),
    ("two-words-and", "bolshack dragon", (TextTerm("bolshack"), TextTerm("dragon", position=9))),
    ("civ-has", "civ:fire", (CivTerm(frozenset({FIRE})),)),
    ("civ-has-all", "civ:fire,water", (CivTerm(frozenset({FIRE, WATER})),)),
    ("civ-exactly", "civ=fire", (CivTerm(frozenset({FIRE}), exact=True),)),
    ("civ-japanese", "civ:火,水", (CivTerm(frozenset({FIRE, WATER})),)),
    ("civ-colorless", "civ:colorless", (CivTerm(frozenset(), exact=True),)),
    ("civ-zero-is-colorless", "civ:zero", (CivTerm(frozenset(), exact=True),)),
    ("civ-alias-upper-case", "C:FIRE", (CivTerm(frozenset({FIRE})),)),
    ("cost-colon", "cost:3", (NumberTerm("cost", "=", 3),)),
    ("cost-le", "cost<=3", (NumberTerm("cost", "<=", 3),)),
    ("cost-lt", "cost<3", (NumberTerm("cost", "<", 3),)),
    ("cost-ne", "cost!=3", (NumberTerm("cost", "!=", 3),)),
    ("power-ge", "power>=5000", (NumberTerm("power", ">=", 5000),)),
    ("power-gt", "pow>5000", (NumberTerm("power", ">", 5000),)),
    ("type-part", "type:creature", (TypeTerm("creature"),)),
    ("type-exact", "type=spell", (TypeTerm("spell", exact=True),)),
    ("type-japanese", "t:呪文", (TypeTerm("呪文"),)),
    ("race", "race:ドラゴン", (RaceTerm("ドラゴン"),)),
    ("race-quoted", 'race="アーマード・ドラゴン"', (RaceTerm("アーマード・ドラゴン", exact=True),)),
    ("zone-gr", "zone:gr", (ZoneTerm(Zone.SUPER_GR),)),
    ("zone-hyperspatial", "zone:hyperspatial", (ZoneTerm(Zone.HYPERSPATIAL),)),
    ("is-trigger", "is:trigger", (FlagTerm("trigger"),)),
    ("is-twinpact", "is:twinpact", (FlagTerm("twinpact"),)),
    ("set", "set:DMRP-01", (SetTerm("dmrp-01"),)),
    ("negated-filter", "-civ:fire", (CivTerm(frozenset({FIRE}), negate=True),)),
    ("negated-word", "-dragon", (TextTerm("dragon", negate=True),)),
    (
        "combination",
        "civ:fire cost<=3 -is:blocker ドラゴン",
        (
            CivTerm(frozenset({FIRE})),
            NumberTerm("cost", "<=", 3, position=9),
            FlagTerm("blocker", negate=True, position=17),
            TextTerm("ドラゴン", position=29),
        ),
    ),
]


@pytest.mark.parametrize(("text", "terms"), [c[1:] for c in PARSES], ids=[c[0] for c in PARSES])
def test_parses(text, terms):
    assert parse_query(text).terms == terms


@pytest.mark.parametrize(
    ("text", "order", "terms"),
    [("civ:fire order:cost", "cost", 1), ("order=-power", "-power", 0), ("dragon", None, 1)],
    ids=["order-colon", "order-descending", "no-order"],
)
def test_order_in_query(text, order, terms):
    query = parse_query(text)
    assert (query.order, len(query.terms)) == (order, terms)


MALFORMED = [
    # (id, query, position, expected contains)
    ("unknown-field", "colour:red", 0, "one of civ"),
    ("unknown-field-after-term", "dragon foo:1", 7, "one of civ"),
    ("missing-value", "cost<=", 6, "a value"),
    ("missing-value-before-space", "civ: fire", 4, "a value"),
    ("not-a-number", "cost<=x", 6, "an integer"),
    ("not-a-number-power", "power>=5k", 7, "an integer"),
    ("unknown-civilization", "civ:purple", 4, "one of light"),
    ("unknown-second-civilization", "civ:fire,purple", 9, "one of light"),
    ("colorless-with-civ", "civ:colorless,fire", 4, "a civilization"),
    ("operator-not-for-field", "civ<=fire", 3, "':'"),
    ("operator-not-for-is", "is=trigger", 2, "':'"),
    ("unknown-flag", "is:shiny", 3, "one of trigger"),
    ("unknown-zone", "zone:graveyard", 5, "one of main"),
    ("lone-minus", "dragon -", 8, "a term after '-'"),
    ("minus-then-space", "- dragon", 1, "a term after '-'"),
    ("unterminated-quote", 'race:"ドラゴン', 10, "closing"),
    ("quote-inside-word", 'ab"c', 2, "whitespace"),
    ("empty-quoted", 'name:""', 5, "a value"),
    ("unknown-order", "order:rarity", 6, "one of name"),
    ("negated-order", "x -order:cost", 2, "order:-cost"),
]


@pytest.mark.parametrize(("text", "position", "expected"), [c[1:] for c in MALFORMED], ids=[c[0] for c in MALFORMED])
def test_malformed_query_names_position_and_expectation(text, position, expected):
    with pytest.raises(QueryError) as caught:
        parse_query(text)
    assert caught.value.position == position
    assert expected in caught.value.expected


SEARCHES = [
    # (id, q, expected names)
    ("japanese-name-part", "ボルシャック", {BOLSHACK, NEX}),
    ("english-name-part-any-case", "BOLSHACK", {BOLSHACK}),
    ("face-name", "挑戦", {AROMA_TWIN}),
    ("width-insensitive", "ｊｋ大バクチ", {JK_HALF, JK_FULL}),
    ("ruby-less-name", '"超戦龍覇 モルトnext"', {MALT}),
    ("civ-exactly", "civ=water", {"パラダイス・アロマ"}),
    ("civ-exactly-twinpact-both-halves", "civ=water,light", {AROMA_TWIN}),
    ("civ-has-all", "civ:water,nature", {PSYCHIC_A, PSYCHIC_B}),
    ("civ-colorless", "civ:colorless", {"無色のゼニス", "13番目の計画", "滅亡の起源 零無", "手札の儀"}),
    ("cost", "cost:6", {BOLSHACK, NEX, PSYCHIC_B}),
    ("cost-le-and-civ", "cost<=4 civ:fire", {JK_HALF, JK_FULL}),
    ("power-ge", "power>=11000", {NEX, "無色のゼニス"}),
    ("type-spell-includes-twinpact-half", "type:spell civ:water", {AROMA_TWIN}),
    ("type-exact", "type=twinpact", {AROMA_TWIN, HOME_TWIN}),
    ("race-part", "race:ドラゴン", {BOLSHACK, NEX, MALT}),
    ("race-exact", "race=ドラゴン", set()),
    ("zone-gr", "zone:gr", {"ジェイ-SHOCKER"}),
    ("zone-hyperspatial", "zone:hyperspatial", {PSYCHIC_A, PSYCHIC_B, "13番目の計画"}),
    ("is-trigger", "is:trigger", {AROMA_TWIN}),
    ("is-blocker", "is:blocker", {"パラダイス・アロマ"}),
    ("is-twinpact", "is:twinpact", {AROMA_TWIN, HOME_TWIN}),
    ("is-evolution", "is:evolution", {NEX}),
    ("is-rule-plus", "is:rule_plus", {"13番目の計画"}),
    ("set", "set:dm-01", {BOLSHACK}),
    ("set-of-name-without-facts", "set:DM26-RP1", {"未来のカード"}),
    ("negation", "ボルシャック -is:evolution", {BOLSHACK}),
    ("negated-civ", "cost>=6 -civ:fire", {PSYCHIC_B, "無色のゼニス"}),
    ("no-match", "civ:light,darkness", set()),
    ("wave-dash-word", "〜波の剣", {"テスト～波の剣～"}),
]


@pytest.mark.parametrize(("q", "names"), [c[1:] for c in SEARCHES], ids=[c[0] for c in SEARCHES])
def test_search(imported, q, names):
    by_id = {card_id: name for name, card_id in imported.items()}
    assert {by_id[card_id] for card_id in card_search(q=q)} == names


ORDERS = [
    ("cost", "civ:fire", [JK_HALF, JK_FULL, NEX, BOLSHACK, MALT]),
    ("-cost", "civ:fire", [MALT, NEX, BOLSHACK, JK_HALF, JK_FULL]),
    ("power", "civ:fire", [BOLSHACK, MALT, NEX, JK_HALF, JK_FULL]),
    ("name", "ボルシャック", [NEX, BOLSHACK]),
]  # fmt: skip


@pytest.mark.parametrize(("order", "q", "names"), ORDERS, ids=[c[0] for c in ORDERS])
def test_search_order(imported, order, q, names):
    by_id = {card_id: name for name, card_id in imported.items()}
    assert [by_id[card_id] for card_id in card_search(q=q, order=order)] == names


def test_order_term_in_query_wins_over_argument(imported):
    by_id = {card_id: name for name, card_id in imported.items()}
    names = [by_id[card_id] for card_id in card_search(q="civ:fire order:-cost", order="name")]
    assert names[0] == MALT


def test_empty_query_lists_every_card(imported):
    assert sorted(card_search(q="")) == sorted(imported.values())


# Property: any text either parses or fails with a QueryError pointing inside the text (never another exception,
# so the API never answers 500). Generated from an alphabet rich in the language's own characters; fixed seed.
_ALPHABET = st.sampled_from(
    list('civ:cost<=>!-" ,is:trigger zone:gr race:ドラゴン set:dm-01 order:-power 火水ａ１《》\t')
)


@settings(max_examples=400, derandomize=True, deadline=None)
@given(st.text(alphabet=_ALPHABET, max_size=40))
def test_any_text_parses_or_names_a_position(text):
    try:
        parse_query(text)
    except QueryError as exc:
        assert 0 <= exc.position <= len(text)
        assert exc.expected


@settings(max_examples=60, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet=_ALPHABET, max_size=30))
def test_any_parsed_query_can_be_searched(imported, text):
    try:
        ids = card_search(q=text)
    except QueryError:
        return
    assert set(ids) <= set(imported.values())
