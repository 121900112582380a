"""A report's `lines[]`: a row copied from the rows read before (games.ygo.game._lines_json's memo) is the row built
for that line, in every real list, however full the memo."""

from pathlib import Path
from types import SimpleNamespace

import pytest

from games.ygo.game import _line_json, _lines_json
from games.ygo.rules.decklist import read_decklist
from games.ygo.tests.tournament_lists import TOURNAMENT_LISTS

FILES = sorted((Path(__file__).parent / "decklists").glob("*.ydk"))
TEXTS = [
    *[pytest.param(path.read_text("utf-8"), id=path.stem) for path in FILES],
    *[pytest.param(item.path.read_text("utf-8"), id=item.id) for item in TOURNAMENT_LISTS],
    # Unknown and ambiguous lines, a card twice, a heading, a comment: every status a row has.
    pytest.param(
        "メインデッキ\n灰流うらら×3\n灰流うらら×3\n存在しないカード×2\nBlack Luster Soldier\nBlack Luster Soldier\n"
        "# memo\nエクストラデッキ\n灰流うらら\n",
        id="every-status",
    ),
]


def _context():
    return SimpleNamespace(pk=lambda card: card.id + 1_000_000, line_rows={})


def _built(lines, context) -> list[dict]:
    return [_line_json(line, context) for line in lines]


@pytest.mark.parametrize("text", TEXTS)
def test_the_rows_are_the_rows_built_line_by_line(catalogue, text):
    lines = read_decklist(text, catalogue).lines
    context = _context()
    expected = _built(lines, context)
    first = _lines_json(lines, context)
    assert first == expected
    assert [list(row) for row in first] == [list(row) for row in expected]  # the keys in the same order
    # The memo full of this list and of every other real list's lines: the same rows.
    for other in [*FILES, *(item.path for item in TOURNAMENT_LISTS)]:
        _lines_json(read_decklist(other.read_text("utf-8"), catalogue).lines, context)
    assert context.line_rows
    again = _lines_json(lines, context)
    assert again == expected
    # Each row and each list of candidates is the report's own: writing to one changes no other report's.
    assert all(a is not b and a["candidates"] is not b["candidates"] for a, b in zip(first, again, strict=True))


def test_an_ambiguous_line_lists_its_candidates_each_time(catalogue):
    lines = read_decklist("Black Luster Soldier\nBlack Luster Soldier\n", catalogue).lines
    context = _context()
    for _ in range(2):  # the memo keeps no ambiguous row: each is built with its candidates
        rows = _lines_json(lines, context)
        assert [row["status"] for row in rows] == ["ambiguous", "ambiguous"]
        assert len(rows[0]["candidates"]) > 1 and rows[0]["candidates"] == rows[1]["candidates"]
        assert rows[0]["candidates"] is not rows[1]["candidates"]
    assert context.line_rows == {}
