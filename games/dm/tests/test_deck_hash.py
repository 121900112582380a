"""games.dm.rules.deck_hash: the one fingerprint of a registrable deck (report, registration, sheet)."""

import pytest

from games.dm.rules.deck_hash import deck_hash

DECK = [("main", 2864, 4), ("main", 17, 3), ("hyperspatial", 501, 1)]
# The value registrations have stored (and audit entries signed) since the first release for DECK: the form is frozen.
DECK_HASH = "bd30db54d8239d0762e6058454c38ec047438d24c8096ded0729dfb793670b24"


def test_the_form_of_stored_and_signed_hashes_is_kept():
    assert deck_hash(DECK) == DECK_HASH


@pytest.mark.parametrize(
    ("cards", "unresolved"),
    [
        pytest.param(list(reversed(DECK)), [], id="line-order"),
        pytest.param([("main", 2864, 1), ("main", 17, 3), ("main", 2864, 3), ("hyperspatial", 501, 1)], [], id="split"),
        pytest.param([*DECK, ("considering", 9, 2)], [], id="considering-list-is-not-registered"),
    ],
)
def test_one_deck_written_differently_hashes_alike(cards, unresolved):
    assert deck_hash(cards, unresolved) == DECK_HASH


@pytest.mark.parametrize(
    ("cards", "unresolved"),
    [
        pytest.param([("main", 2864, 4), ("main", 17, 2), ("hyperspatial", 501, 1)], [], id="a-count"),
        pytest.param([("main", 2864, 4), ("main", 17, 3), ("gr", 501, 1)], [], id="a-zone"),
        pytest.param(DECK, [("main", "ボルシャック", 1)], id="an-unidentified-line"),
    ],
)
def test_another_deck_hashes_apart(cards, unresolved):
    assert deck_hash(cards, unresolved) != DECK_HASH


def test_unidentified_lines_are_keyed_by_their_trimmed_text_and_summed():
    assert deck_hash(DECK, [("main", " ボルシャック", 1), ("main", "ボルシャック ", 2)]) == deck_hash(
        DECK, [("main", "ボルシャック", 3)]
    )
