"""Dated OCG Forbidden/Limited lists (リミットレギュレーション): data with effective dates, never code.

Pure Python. The list in force on a day is the latest list whose effective date is on or before that day. A card
on no list is unlimited (3 copies); Forbidden allows 0, Limited 1, Semi-Limited 2, counted across the Main, Extra
and Side Deck together (rules spec 3.2 [EXT/POLICY]: the Perfect Rulebook's tournament chapter, p.197, was not
translated, so the scheme comes from the dated official lists).
"""

import bisect
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from types import MappingProxyType

from games.ygo.rules.vocabulary import LimitStatus

_STATUS_KEYS = (
    ("forbidden", LimitStatus.FORBIDDEN),
    ("limited", LimitStatus.LIMITED),
    ("semi_limited", LimitStatus.SEMI_LIMITED),
)


@dataclass(frozen=True, slots=True)
class LimitList:
    """One dated list: konami_id -> its status (cards absent are unlimited)."""

    effective: date
    statuses: Mapping[int, LimitStatus] = field(default_factory=dict)
    source: str = ""
    # konami_id -> copies allowed (0, 1, 2), read by every check: computed once.
    _copies: Mapping[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_copies", {card: status.copies for card, status in self.statuses.items()})

    @property
    def label(self) -> str:
        return f"OCG Forbidden/Limited list {self.effective.isoformat()}"

    @property
    def label_ja(self) -> str:
        return f"リミットレギュレーション {self.effective.year}年{self.effective.month}月{self.effective.day}日"

    def status(self, konami_id: int) -> LimitStatus:
        return self.statuses.get(konami_id, LimitStatus.UNLIMITED)

    def allowed(self, konami_id: int) -> int:
        """Copies of the card allowed across the three zones: 0, 1, 2 or 3."""
        return self._copies.get(konami_id, 3)

    def copies_by_card(self) -> dict[int, int]:
        """konami_id -> 0/1/2 for every listed card."""
        return dict(self._copies)


class LimitHistory:
    """Every dated list, ascending by effective date."""

    __slots__ = ("_dates", "lists")

    def __init__(self, lists: Iterable[LimitList]) -> None:
        self.lists: tuple[LimitList, ...] = tuple(sorted(lists, key=lambda item: item.effective))
        self._dates = [item.effective for item in self.lists]

    def __len__(self) -> int:
        return len(self.lists)

    def list_in_force(self, as_of: date) -> LimitList | None:
        """The list effective on `as_of` (the latest effective date <= as_of); None before the first list."""
        index = bisect.bisect_right(self._dates, as_of)
        return self.lists[index - 1] if index else None


def limit_list_from_record(record: Mapping) -> LimitList:
    statuses: dict[int, LimitStatus] = {}
    for key, status in _STATUS_KEYS:
        for konami_id in record.get(key) or ():
            statuses[int(konami_id)] = status
    return LimitList(
        effective=date.fromisoformat(record["effective"]),
        statuses=MappingProxyType(statuses),
        source=record.get("source", ""),
    )


def load_limits(path: str | Path) -> LimitHistory:
    """The history of a limits.json file (the shared data's `ygo/limits.json`, or a directory holding it)."""
    path = Path(path)
    if path.is_dir():
        path = path / "limits.json"
    return LimitHistory(limit_list_from_record(record) for record in json.loads(path.read_text(encoding="utf-8")))
