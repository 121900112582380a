"""Short forms OCG players write (issue 28, "Read what players write"), built from the Japanese names themselves
(games.abbreviations under games.ygo.rules.cards.SHORT_FORM_RULES): a short form names a card only when one card has
it, and offers its cards as candidates when a few do; the same in the text import, the JSON import and
the search (those two through the core: test_game.py, test_a_short_form_is_found_and_imported).

Measured on real writing: each row below is a short form as a published page writes it, with the card that page
says it means (only the words needed are quoted, with the page's address). A form that resolves must resolve to that
card; one that several cards share must offer it among the candidates."""

import copy

import pytest

from games.ygo.rules.decklist import read_decklist
from games.ygo.rules.vocabulary import LineStatus
from games.ygo.tests.tournament_lists import TOURNAMENT_LISTS

INSIDE_GAMES = "https://cdn.inside-games.jp/article/2022/02/07/136658_2.html"  # 「うらら」「増G」「墓穴」「抹殺」 named
# as 「灰流うらら」「増殖するG」「墓穴の指名者」「抹殺の指名者」 in the article's heading and lead
YANAGI = "https://note.com./yanagi_yugioh/n/na9bebdaeeebb"  # 「選択枠:スモワ2、金謙1」 beside ≪スモール・ワールド≫ 2枚

REAL_SHORT_FORMS = [
    # (the line as written, the card its source means, the reader's verdict, the source)
    pytest.param("うらら ×3", "灰流うらら", LineStatus.CARD, INSIDE_GAMES, id="urara"),
    pytest.param("増G ×3", "増殖するＧ", LineStatus.CARD, INSIDE_GAMES, id="zou-g"),
    pytest.param("墓穴 ×1", "墓穴の指名者", LineStatus.AMBIGUOUS, INSIDE_GAMES, id="boketsu-two-cards-offered"),
    pytest.param("抹殺 ×1", "抹殺の指名者", LineStatus.AMBIGUOUS, INSIDE_GAMES, id="massatsu-four-cards-offered"),
    pytest.param("スモワ 2", "スモール・ワールド", LineStatus.CARD, YANAGI, id="sumowa"),
    pytest.param("金謙 1", "金満で謙虚な壺", LineStatus.CARD, YANAGI, id="kinken"),
]


@pytest.mark.parametrize(("written", "meant", "status", "source"), REAL_SHORT_FORMS)
def test_a_real_short_form_resolves_to_the_card_its_source_means_or_offers_it(
    catalogue, written, meant, status, source
):
    line = read_decklist(written, catalogue).lines[0]
    assert line.status == status
    if status == LineStatus.CARD:
        assert line.card.name == meant
    else:
        assert meant in [card.name for card in line.candidates]


def test_without_a_count_a_short_form_is_not_a_card(catalogue):
    """A heading or a comment line without a count is never taken for a card (うらら alone is not a line of 1)."""
    assert read_decklist("うらら", catalogue).lines[0].status == LineStatus.IGNORED


def _without_short_forms(catalogue):
    other = copy.copy(catalogue)
    object.__setattr__(other, "_short", {})
    return other


def test_no_resolved_line_of_the_real_lists_changes_card(catalogue, capsys):
    """Every real list of the fixtures (the tournament reports' texts and .ydk files): a line that named a card
    without short forms names the same card with them."""
    before = _without_short_forms(catalogue)
    compared, changed, gained = 0, [], 0
    for item in TOURNAMENT_LISTS:
        text = item.path.read_text(encoding="utf-8")
        old_lines, new_lines = read_decklist(text, before).lines, read_decklist(text, catalogue).lines
        for old, new in zip(old_lines, new_lines, strict=True):
            if old.card is not None:
                compared += 1
                if new.card is None or new.card.id != old.card.id:
                    changed.append((item.file, old.text))
            elif new.card is not None:
                gained += 1
    assert compared > 50 and changed == []
    with capsys.disabled():
        print(f"\nOCG short forms: {compared} resolved lines compared, {len(changed)} changed, {gained} more resolved")
