"""GENESYS for the OCG (「GENESYS」): dated official point lists, data with effective dates, never code. Pure Python.

The shared data's `ygo/genesys.json` (its README explains the rules): each list has an effective date, points per
konami_id (a card not listed has 0), a card-pool cut-off (cards first released on or after it may not be used), the
card kinds that may not be used (Link and Pendulum monsters) and the default point cap (100). A deck checked on a day
takes the list in force then (the latest effective date on or before it). Rules, from the list pages and Konami's
GENESYS announcement (the README's sources):

1. the points of every card of the Main, Extra and Side Deck, each copy counted, must not exceed the cap: 100 unless
   the event's organizer (or the request) sets another;
2. no Link and no Pendulum monster in any of the three decks;
3. only cards first released before the list's card-pool date;
4. the Forbidden/Limited list is not used; 3 copies of a name still apply.
"""

import bisect
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from types import MappingProxyType

# The card kinds a list may ban, as the data names them -> the monster type the card data gives them.
KIND_TYPES = {"link": "Link", "pendulum": "Pendulum"}


@dataclass(frozen=True, slots=True)
class GenesysList:
    """One dated point list."""

    effective: date
    points: Mapping[int, int] = field(default_factory=dict)  # konami_id -> points; absent: 0
    card_pool_before: date | None = None  # cards first released on or after this day are not allowed
    banned_kinds: tuple[str, ...] = ()  # "link", "pendulum"
    default_cap: int = 100
    source: str = ""

    @property
    def label(self) -> str:
        return f"GENESYS point list {self.effective.isoformat()}"

    @property
    def label_ja(self) -> str:
        return f"「GENESYS」ポイント設定 {self.effective.year}年{self.effective.month}月{self.effective.day}日"

    def points_of(self, konami_id: int) -> int:
        return self.points.get(konami_id, 0)


class GenesysHistory:
    """Every dated point list, ascending."""

    __slots__ = ("_dates", "lists")

    def __init__(self, lists: Iterable[GenesysList]) -> None:
        self.lists: tuple[GenesysList, ...] = tuple(sorted(lists, key=lambda item: item.effective))
        self._dates = [item.effective for item in self.lists]

    def __len__(self) -> int:
        return len(self.lists)

    def list_in_force(self, as_of: date) -> GenesysList | None:
        """The list effective on `as_of`; None before the first (no OCG GENESYS then)."""
        index = bisect.bisect_right(self._dates, as_of)
        return self.lists[index - 1] if index else None

    def history_of(self, konami_id: int) -> list[tuple[date, int]]:
        """The card's points on each list, oldest first (0 where a list does not name it)."""
        return [(item.effective, item.points_of(konami_id)) for item in self.lists]


def genesys_list_from_record(record: Mapping) -> GenesysList:
    cutoff = record.get("card_pool_released_before")
    return GenesysList(
        effective=date.fromisoformat(record["effective_date"]),
        points=MappingProxyType({int(key): int(value) for key, value in (record.get("points") or {}).items()}),
        card_pool_before=date.fromisoformat(cutoff) if cutoff else None,
        banned_kinds=tuple(record.get("banned_card_kinds") or ()),
        default_cap=int(record.get("default_point_cap") or 100),
        source=str(record.get("source") or ""),
    )


def load_genesys(path: str | Path) -> GenesysHistory:
    """The history of a genesys.json file (the shared data's `ygo/genesys.json`, or a directory holding it)."""
    path = Path(path)
    if path.is_dir():
        path = path / "genesys.json"
    records = json.loads(path.read_text(encoding="utf-8"))
    return GenesysHistory(genesys_list_from_record(record) for record in records)
