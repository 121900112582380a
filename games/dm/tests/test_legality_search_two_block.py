"""The card search's `legal:2block` reads the block rule as the legality check does (games.dm.rules.legality.rules
.BlockWindow): a card of the blocks allowed on the date is legal, a card known outside them is not, and a card whose
printings' blocks are not known is left out and reported as unknown (a note on the `block` field), never called
legal. `banned:` / `limited:` still read the Hall of Fame only.

Real records, sets, blocks and Hall of Fame events, each card found by the lookups of test_legality_two_block."""

from datetime import date

import pytest

from cards.models import Card
from games.dm.search import card_search, card_search_result
from games.dm.tests import test_legality_two_block as two_block

NOW, YEAR_BEFORE = two_block.NOW, two_block.YEAR_BEFORE
data, real_blocks = two_block.data, two_block.real_blocks  # the fixtures: the same real cards, by the same lookups


def _names(ids: list[int]) -> set[str]:
    return set(Card.objects.filter(id__in=ids).values_list("name_ja", flat=True))


# (id, case, as_of, found by legal:2block, reported as unknown)
CASES = [
    ("current-block", "current", NOW, True, False),
    ("rotating-in-force-a-year-before", "rotating", YEAR_BEFORE, True, False),
    ("rotating-out-a-year-later", "rotating", NOW, False, False),
    ("older-than-every-block", "old", NOW, False, False),
    ("products-of-unknown-block", "unknown", NOW, False, True),
    ("hall-of-fame-limited-in-the-block", "limited", NOW, True, False),
]


@pytest.mark.parametrize(("case", "as_of", "legal", "unknown"), [pytest.param(*c[1:], id=c[0]) for c in CASES])
def test_legal_two_block_reads_the_blocks(real_blocks, case, as_of, legal, unknown):
    names, fillers = real_blocks
    as_of = date.fromisoformat(as_of)
    name = names[case]
    assert (name in _names(card_search(q="legal:2block", as_of=as_of))) is legal
    assert (name in _names(card_search(q="-legal:2block", as_of=as_of))) is not legal
    assert set(fillers) <= _names(card_search(q="legal:2block", as_of=as_of))  # 王道W: in on both dates
    # The card alone (its ids): a note says whether the term could not decide it.
    result = card_search_result(q=f"legal:2block {name}", as_of=as_of)
    notes = [(note.field, note.unknown) for note in result.notes]
    assert notes == ([("block", 1)] if unknown else [])


def test_the_note_counts_every_card_of_unknown_block(real_blocks):
    names, _fillers = real_blocks
    result = card_search_result(q="legal:2block", as_of=date.fromisoformat(NOW))
    assert names["unknown"] not in _names(result.ids)
    assert [note.field for note in result.notes] == ["block"]
    assert result.notes[0].unknown >= 1


@pytest.mark.parametrize("as_of", [NOW, YEAR_BEFORE])
@pytest.mark.parametrize("status", ["banned", "limited"])
def test_banned_and_limited_read_the_hall_of_fame_only(real_blocks, status, as_of):
    """2ブロック applies advance's Hall of Fame: the block rule does not touch `banned:` and `limited:`."""
    names, _fillers = real_blocks
    as_of_date = date.fromisoformat(as_of)
    two_block = card_search(q=f"{status}:2block", as_of=as_of_date)
    assert two_block == card_search(q=f"{status}:advance", as_of=as_of_date)
    if status == "limited" and as_of == NOW:
        assert names["limited"] in _names(two_block)  # the lookup's card: limited by NOW


def test_the_pool_is_built_once_per_data_version_and_date(real_blocks):
    from games.dm.legality import _block_pool

    _block_pool.cache_clear()
    as_of = date.fromisoformat(NOW)
    first = card_search(q="legal:2block", as_of=as_of)
    misses = _block_pool.cache_info().misses
    assert card_search(q="legal:2block", as_of=as_of) == first
    assert _block_pool.cache_info().misses == misses  # the second search reads the cached pool
    card_search(q="legal:2block", as_of=date.fromisoformat(YEAR_BEFORE))
    assert _block_pool.cache_info().misses == misses + 1  # another date: its own pool
