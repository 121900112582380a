"""Acceptance: at least 40 real published decklists (games/dm/tests/decklists/, each citing its source) read against the
full card data (with the English names the import links from cards_en_only.json) give the right number of cards in
each zone, and at least 95 % of all their card lines resolve (the share of the lines naming a card the data holds is
reported too, with the names of the cards it lacks).

A deck whose zones cannot come out right because a card is missing from the data names that card in its fixture
(`missing:`); a name misspelt in the published list is named with the card meant (`misspelt: written => card`).
The test checks that exactly those lines stay unresolved, and that a misspelt name suggests the card meant first.

Every card name in the data, written exactly as the data spells it on a decklist line, reads as that card (its
counting name): brackets and bars that are part of a name stay, and an exact name wins over looser matches."""

from pathlib import Path

import pytest
from django.conf import settings

from games.dm.resolver import decklist_parse, decklist_read
from games.dm.tests.corpus import corpus_decks, corpus_figures, full_data_resolver, read_deck

pytestmark = pytest.mark.skipif(not Path(settings.CARD_DATA_SOURCE).exists(), reason="the card data is not present")

DECKS = corpus_decks()


@pytest.fixture(scope="module")
def resolver():
    return full_data_resolver()


def test_every_deck_cites_its_source_and_adds_up():
    assert all(deck.source.startswith("http") for deck in DECKS)
    assert len({deck.source for deck in DECKS}) == len(DECKS)
    # A real deck: 40 cards, 0 or 8 hyperspatial, 0 or 12 GR (what the fixture's own list adds up to); a list
    # published with another total says so in its `note:`.
    assert all((deck.expected["main"] == 40 or deck.note) and deck.expected["gr"] in (0, 12) for deck in DECKS)


@pytest.mark.parametrize("deck", DECKS, ids=[deck.name for deck in DECKS])
def test_a_real_decklist_reads_into_the_right_zones(resolver, deck):
    result = read_deck(deck, resolver)
    assert sorted(result.unresolved) == sorted([*deck.missing, *deck.misspelt])
    assert {written: result.first_suggestion[written] for written in deck.misspelt} == deck.misspelt
    if not deck.missing:
        assert {zone: result.totals.get(zone, 0) for zone in deck.expected} == deck.expected


def test_corpus_figures(resolver, capsys):
    results = [read_deck(deck, resolver) for deck in DECKS]
    figures = corpus_figures(results)
    with capsys.disabled():
        print(f"\ndecklist corpus: {figures}")
    assert figures["corpus_decks"] >= 40
    # Every card line, the lines naming cards the data lacks (the fixtures' `missing:`, named above) included.
    assert figures["corpus_lines_resolved_pct"] >= 95.0
    assert figures["corpus_lines_in_data_resolved_pct"] >= 95.0
    # Zones come out right for every deck but those naming a card the data lacks (their unknown lines still count).
    assert [r.deck.name for r in results if not r.zones_right and not r.deck.missing] == []


NAME_LINES = [
    pytest.param("4 {}", id="count-name"),
    pytest.param("《{}》 ×4", id="quoted-name-times-count"),
    pytest.param("{} ×4", id="name-times-count"),
    pytest.param("4x <{}>", id="count-x-angle-quoted-name"),
]


@pytest.mark.parametrize("layout", NAME_LINES)
def test_every_card_name_in_the_data_reads_as_its_card(resolver, layout, capsys):
    names = [
        (card_id, name)
        for card_id in range(1, len(resolver) + 1)
        for name in (resolver.facts(card_id).name_ja, resolver.facts(card_id).name_en)
        if name
    ]
    wrong: dict[str, list[str]] = {}
    for card_id, name in names:
        rows = decklist_read(decklist_parse(layout.format(name), resolver=resolver), resolver=resolver)
        cards = [row for row in rows if row.count is not None]
        if len(cards) != 1:
            why = f"{len(cards)} card lines"
        elif cards[0].card is None:
            why = f"{cards[0].status.value} as {cards[0].written!r}"
        elif cards[0].card.name_key != resolver.facts(card_id).name_key:
            why = f"another card: {cards[0].card.name_ja}"
        else:
            continue
        wrong.setdefault(why, []).append(name)
    with capsys.disabled():
        print(f"\n{layout!r}: {len(names)} names, {sum(map(len, wrong.values()))} not read as their card")
    assert wrong == {}
