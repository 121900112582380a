"""The start-of-game set table (rule 100.5) as data: set ids, names and member card names."""

import json
from functools import cache
from pathlib import Path

_TABLE = Path(__file__).with_name("start_sets.json")


@cache
def load_start_set_table() -> tuple[dict, ...]:
    """[{"id", "name", "members": [{"name", "physical_cards"}]}]; the caller resolves member names to name keys."""
    return tuple(json.loads(_TABLE.read_text(encoding="utf-8"))["sets"])
