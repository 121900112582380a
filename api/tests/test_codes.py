"""The error vocabulary and its documentation agree both ways: docs/api.md has one table of codes."""

import re
from pathlib import Path

import pytest

from api.codes import ErrorCode

API_DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"
ROW = re.compile(r"^\|\s*`([A-Z][A-Z0-9_]+)`\s*\|\s*(\d{3})\s*\|\s*(.+?)\s*\|\s*$")


def documented_codes() -> dict[str, int]:
    """The rows of the table under '## Error codes' in docs/api.md: code -> HTTP status."""
    text = API_DOC.read_text(encoding="utf-8")
    section = text.split("## Error codes", 1)[1].split("\n## ", 1)[0]
    rows = [ROW.match(line) for line in section.splitlines()]
    return {m.group(1): int(m.group(2)) for m in rows if m}


def test_the_table_has_no_repeated_code():
    text = API_DOC.read_text(encoding="utf-8").split("## Error codes", 1)[1].split("\n## ", 1)[0]
    codes = [m.group(1) for m in map(ROW.match, text.splitlines()) if m]
    assert len(codes) == len(set(codes))


@pytest.mark.parametrize("code", list(ErrorCode), ids=str)
def test_every_code_is_documented_with_its_status(code):
    assert documented_codes().get(code.value) == code.status


def test_every_documented_code_exists():
    assert set(documented_codes()) - {c.value for c in ErrorCode} == set()


@pytest.mark.parametrize("code", list(ErrorCode), ids=str)
def test_every_code_has_an_error_status_and_a_meaning(code):
    assert 400 <= code.status <= 599
    assert code.meaning.endswith(".")
