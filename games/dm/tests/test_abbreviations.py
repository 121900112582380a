"""Short forms players write, built from the names themselves (issue 28): ドギ剣 for
《蒼き団長 ドギラゴン剣》, モルネク for 《超戦龍覇 モルトNEXT（ネクスト）》 (the data README: no source read
states them, so they cannot come from a list). They resolve only when one card has the form, are
candidates otherwise; and on the real decklists of the corpus (games/dm/tests/decklists/, each citing
its source) no line that resolved without them changes card."""

import copy
import functools
from pathlib import Path

import pytest
from django.conf import settings

from games.abbreviations import morae, short_forms
from games.dm.resolver import AMBIGUOUS, OK, decklist_parse, decklist_read
from games.dm.tests.corpus import corpus_decks, full_data_resolver

SHORT_FORMS = [
    pytest.param("蒼き団長 ドギラゴン剣", {"ドギ剣"}, id="katakana-then-kanji"),
    pytest.param("超戦龍覇 モルトNEXT（ネクスト）", {"モルネク"}, id="latin-read-as-its-ruby"),
    pytest.param("ボルシャック・ドラゴン", {"ボルドラ"}, id="two-katakana-words"),
    pytest.param("音速 ガトリング", set(), id="one-run-has-none"),
    pytest.param("ジョット・ガン・ジョラゴン", {"ジョッガンジョラ"}, id="three-words"),
    pytest.param("超戦龍覇 モルトNEXT", set(), id="latin-without-a-reading-has-none"),
]


@pytest.mark.parametrize(("name", "expected"), SHORT_FORMS)
def test_short_forms_of_a_name(name, expected):
    assert short_forms(name) == expected


def test_morae_keep_small_kana_with_the_kana_before():
    assert morae("ショッカー") == ["ショ", "ッ", "カ", "ー"]


needs_data = pytest.mark.skipif(not Path(settings.CARD_DATA_SOURCE).exists(), reason="the card data is not present")


@pytest.fixture(scope="module")
def resolver():
    return full_data_resolver()


def _without_short_forms(resolver):
    other = copy.copy(resolver)
    other._short = {}
    other._match = functools.lru_cache(maxsize=1000)(other._match_uncached)
    other._lines = {}
    return other


@needs_data
@pytest.mark.parametrize(
    ("written", "status", "card"),
    [
        pytest.param("ドギ剣", OK, "蒼き団長 ドギラゴン剣", id="dogi-ken"),
        pytest.param("モルネク", OK, "超戦龍覇 モルトNEXT（ネクスト）", id="moru-neku"),
        pytest.param("ボルドラ", AMBIGUOUS, None, id="several-cards-are-candidates"),
    ],
)
def test_a_short_form_resolves_when_one_card_has_it(resolver, written, status, card):
    found = resolver.resolve(written)
    assert (found.status, found.card.name_ja if found.card else None) == (status, card)
    if status == AMBIGUOUS:  # ボルドラ
        assert "ボルシャック・ドラゴン" in [c.name_ja for c in found.candidates]
    assert _without_short_forms(resolver).resolve(written).status != OK  # before: unknown or only suggested


@needs_data
def test_english_initials_agree_with_the_nickname_the_data_gives(resolver):
    """BWD: built from ボルメテウス・ホワイト・ドラゴン's katakana words (games.abbreviations INITIALS), it names the
    card the nicknames data names by it (and the twinpact whose half bears that name: the nickname, a tier before the
    short forms, decides)."""
    from games.abbreviations import INITIALS

    assert "BWD" in short_forms("ボルメテウス・ホワイト・ドラゴン", rules=(INITIALS,))
    assert set(_without_short_forms(resolver)._nicknames["bwd"]) < set(resolver._short["bwd"])
    assert resolver.resolve("BWD").card.name_ja == "ボルメテウス・ホワイト・ドラゴン"


def test_the_import_reads_short_forms_in_a_decklist(resolver):
    rows = decklist_read(decklist_parse("4 ドギ剣\n4 モルネク\n", resolver=resolver), resolver=resolver)
    assert [(row.count, row.card.name_ja) for row in rows] == [
        (4, "蒼き団長 ドギラゴン剣"),
        (4, "超戦龍覇 モルトNEXT（ネクスト）"),
    ]


@needs_data
def test_no_resolved_line_of_the_real_decklists_changes_card(resolver):
    """Measured on every real list of the corpus: the lines that resolved without short forms resolve to the same
    card with them (a short form is tried only when nothing else names the text)."""
    before = _without_short_forms(resolver)
    changed, compared, gained = [], 0, 0
    for deck in corpus_decks():
        rows_after = decklist_read(decklist_parse(deck.text, resolver=resolver), resolver=resolver)
        rows_before = decklist_read(decklist_parse(deck.text, resolver=before), resolver=before)
        for old, new in zip(rows_before, rows_after, strict=True):
            if old.card is not None:
                compared += 1
                if new.card is None or new.card.id != old.card.id:
                    changed.append((deck.name, old.written))
            elif new.card is not None:
                gained += 1
    assert compared > 500 and changed == []
    print(f"short forms: {compared} resolved lines compared, 0 changed, {gained} more resolved")
