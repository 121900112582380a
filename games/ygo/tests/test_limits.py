"""Dated Forbidden/Limited lists: the list in force on a day, and a card's status around a list change, checked
against the entries of limits.json."""

from datetime import date, timedelta

import pytest

from games.ygo.rules.vocabulary import LimitStatus

STATUS_KEYS = {
    "forbidden": LimitStatus.FORBIDDEN,
    "limited": LimitStatus.LIMITED,
    "semi_limited": LimitStatus.SEMI_LIMITED,
}


def test_every_list_is_loaded_in_date_order(limits, limit_records, build_report):
    assert len(limits) == len(limit_records)
    dates = [item.effective for item in limits.lists]
    assert dates == sorted(dates)
    latest = limit_records[-1]
    assert limits.lists[-1].effective.isoformat() == latest["effective"]
    assert sum(1 for s in limits.lists[-1].statuses.values() if s == LimitStatus.FORBIDDEN) == len(latest["forbidden"])


@pytest.mark.parametrize("index", [1, 10, 40, 63, 64, -1], ids=lambda i: f"list-{i}")
def test_list_in_force_changes_on_the_effective_day(limits, limit_records, index):
    record, previous = limit_records[index], limit_records[index - 1]
    effective = date.fromisoformat(record["effective"])
    assert limits.list_in_force(effective).effective == effective
    assert limits.list_in_force(effective - timedelta(days=1)).effective.isoformat() == previous["effective"]
    assert limits.list_in_force(effective + timedelta(days=1)).effective == effective


def test_no_list_before_the_first(limits, limit_records):
    first = date.fromisoformat(limit_records[0]["effective"])
    assert limits.list_in_force(first - timedelta(days=1)) is None
    assert limits.list_in_force(first).effective == first


def _status(record: dict, konami_id: int) -> LimitStatus:
    for key, status in STATUS_KEYS.items():
        if konami_id in record[key]:
            return status
    return LimitStatus.UNLIMITED


@pytest.mark.parametrize("index", [5, 30, 50, 70, -1], ids=lambda i: f"change-into-list-{i}")
def test_card_status_around_a_list_change(limits, limit_records, index):
    """Every card whose status differs between two consecutive lists: the day before has the old status, the
    effective day the new one, as limits.json says."""
    record, previous = limit_records[index], limit_records[index - 1]
    listed = {k for r in (record, previous) for key in STATUS_KEYS for k in r[key]}
    changed = [k for k in sorted(listed) if _status(record, k) != _status(previous, k)]
    assert changed, "consecutive lists differ"
    effective = date.fromisoformat(record["effective"])
    before, after = limits.list_in_force(effective - timedelta(days=1)), limits.list_in_force(effective)
    for konami_id in changed:
        assert before.status(konami_id) == _status(previous, konami_id)
        assert after.status(konami_id) == _status(record, konami_id)
        assert after.allowed(konami_id) == _status(record, konami_id).copies


@pytest.mark.parametrize(
    "status, copies",
    [
        pytest.param(LimitStatus.FORBIDDEN, 0, id="forbidden-0"),
        pytest.param(LimitStatus.LIMITED, 1, id="limited-1"),
        pytest.param(LimitStatus.SEMI_LIMITED, 2, id="semi-limited-2"),
        pytest.param(LimitStatus.UNLIMITED, 3, id="unlimited-3"),
    ],
)
def test_status_copies(status, copies):
    assert status.copies == copies


def test_label_names_the_effective_date(limits):
    latest = limits.lists[-1]
    assert latest.effective.isoformat() in latest.label
    assert f"{latest.effective.year}年" in latest.label_ja


def test_every_list_the_build_report_counts(limits, build_report):
    """As many lists as the data's build report says, the newest one with its Forbidden / Limited / Semi-Limited
    sizes (the 2026-12 data: 88 lists, the newest of 2026-10-01)."""
    counted = build_report["limits"]
    latest = limits.lists[-1]
    assert (len(limits), limits.lists[0].effective.isoformat(), latest.effective.isoformat()) == (
        counted["lists"],
        counted["first"],
        counted["last"],
    )
    sizes = {key: sum(1 for s in latest.statuses.values() if s == status) for key, status in STATUS_KEYS.items()}
    assert {"effective": latest.effective.isoformat(), **sizes} == counted["latest"]
