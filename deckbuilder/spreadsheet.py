"""The one CSV writer of the project: every cell a spreadsheet would read as a formula is neutralised.

Why: the exported texts come from outside (player names from an organizer's import CSV and from usernames, deck
names), and a cell such as `=HYPERLINK("http://...")` or `@SUM(...)` runs as a formula when the file is opened in
Excel or LibreOffice (CSV injection, OWASP "CSV Injection"). OWASP's advice: a cell that starts with `=`, `+`, `-`,
`@`, a tab or a carriage return gets a leading apostrophe, which spreadsheets show as text. Japanese Excel also
reads the full-width `＝ ＋ － ＠` typed at the start of a cell as their ASCII forms, so those get one too.

Every CSV the project writes goes through `csv_writer` (a test checks that no other module calls `csv.writer` or
`csv.DictWriter`). The registration import reads an exported file back through `csv_cell_read`, which takes the
apostrophe off again, so a player called `-kun` stays `-kun` on the way out and back in.
"""

import csv
from collections.abc import Iterable
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠")


def csv_cell(value: Any) -> Any:
    """The value as a spreadsheet may safely read it: text that would start a formula gets a leading apostrophe;
    numbers and other values are written as they are (a negative number is data, not a formula)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_cell_read(value: Any) -> Any:
    """The inverse of `csv_cell` for a cell read back: the apostrophe it added is dropped."""
    if isinstance(value, str) and value.startswith("'") and value[1:].startswith(FORMULA_STARTS):
        return value[1:]
    return value


class SafeCsvWriter:
    """csv.writer's writerow / writerows, with every cell through `csv_cell`."""

    def __init__(self, out, **fmtparams):
        self._writer = csv.writer(out, **fmtparams)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._writer.writerow([csv_cell(value) for value in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def csv_writer(out, **fmtparams) -> SafeCsvWriter:
    return SafeCsvWriter(out, **fmtparams)
