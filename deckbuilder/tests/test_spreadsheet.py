"""CSV injection: every CSV the project writes neutralises cells a spreadsheet would run as a formula (OWASP "CSV
Injection"; the finding: player names from the organizer's import and usernames were written unchanged)."""

import csv
import io
import re
from pathlib import Path

import pytest

from deckbuilder.spreadsheet import csv_cell, csv_cell_read, csv_writer

ROOT = Path(__file__).resolve().parents[2]

CELLS = [
    # (the value written, the cell a spreadsheet reads)
    pytest.param('=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")', id="equals"),
    pytest.param("+1+2", "'+1+2", id="plus"),
    pytest.param("-2+3", "'-2+3", id="minus"),
    pytest.param("@SUM(A1)", "'@SUM(A1)", id="at"),
    pytest.param("\t=1", "'\t=1", id="tab"),
    pytest.param("\r=1", "'\r=1", id="carriage-return"),
    pytest.param("＝1+1", "'＝1+1", id="full-width-equals"),
    pytest.param("山田", "山田", id="plain-name-unchanged"),
    pytest.param("a=b", "a=b", id="formula-sign-inside-unchanged"),
    pytest.param(" =1", " =1", id="leading-space-unchanged"),
    pytest.param("", "", id="empty-unchanged"),
    pytest.param(-3, -3, id="negative-number-unchanged"),
    pytest.param(None, None, id="none-unchanged"),
]


@pytest.mark.parametrize("value, expected", CELLS)
def test_a_cell_that_would_start_a_formula_is_neutralised(value, expected):
    assert csv_cell(value) == expected
    assert csv_cell_read(csv_cell(value)) == value  # the import reads the original text back


@pytest.mark.parametrize("value, expected", CELLS)
def test_the_writer_neutralises_every_cell_of_a_row(value, expected):
    out = io.StringIO()
    csv_writer(out).writerows([["player", "status"], [value, value]])
    rows = list(csv.reader(io.StringIO(out.getvalue(), newline="")))
    written = "" if expected is None else str(expected)
    assert rows == [["player", "status"], [written, written]]


def test_every_csv_the_project_writes_goes_through_the_one_writer():
    """No module but deckbuilder/spreadsheet.py builds a csv writer (tests and benchmarks write their fixtures)."""
    pattern = re.compile(r"csv\.(writer|DictWriter)\(")
    offenders = [
        str(path.relative_to(ROOT))
        for path in ROOT.rglob("*.py")
        if not {".venv", "tests", "bench", "var", "node_modules"} & set(path.relative_to(ROOT).parts)
        and path.relative_to(ROOT) != Path("deckbuilder/spreadsheet.py")
        and pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
