"""オリジナル under the Hall of Fame (issue 28), with the real records of the two cards, their real sets and the real
dated Hall of Fame events (settings.CARD_DATA_SOURCE, SET_DATA_SOURCE, REGULATION_DATA_SOURCE).

Sources: dmwiki's オリジナル page (https://dmwiki.net/%E3%82%AA%E3%83%AA%E3%82%B8%E3%83%8A%E3%83%AB):
「殿堂カード（殿堂入り、プレミアム殿堂、プレミアム殿堂超次元コンビ）の制約は受ける」; the official Creators'
Letter Vol.39 (https://dm.takaratomy.co.jp/cls/creatorsletter39/): the 殿堂 regulation affects every format.
The dates are the data's (hall_of_fame.json, from dmkeijiban/duema-bbs):
《機術士ディール／「本日のラッキーナンバー！」》 殿堂入り 2020-01-01, プレミアム殿堂 2024-03-11;
《神の試練》 殿堂入り 2023-08-11, プレミアム殿堂 2024-03-11."""

import io
import json
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from games.dm.rules.decklist import parse_text
from regulations import services
from regulations.tests.catalogue import FILLER, catalogue

DEAL = "機術士ディール"  # as players write it: the twinpact's creature side
TRIAL = "神の試練"
REAL = ("機術士ディール/「本日のラッキーナンバー！」", TRIAL)

HOF, PREMIUM = "HALL_OF_FAME", "PREMIUM_HALL_OF_FAME"


def _load(path) -> list | dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


@pytest.fixture
def real_hall_of_fame(db):
    """The two real cards (their real printings and sets), the fixture filler, and every real Hall of Fame event."""
    from cards.services import card_import, set_import
    from games.dm.hall_of_fame import regulation_import

    if not Path(settings.CARD_DATA_SOURCE).exists():
        pytest.skip("no card data")
    records = [r for r in _load(settings.CARD_DATA_SOURCE) if r["name_ja"] in REAL]
    assert sorted(r["name_ja"] for r in records) == sorted(REAL)
    codes = {p["set_code"] for r in records for p in r["printings"]}
    fillers = [r for r in catalogue() if r["name_ja"] in FILLER]
    sets = [s for s in _load(settings.SET_DATA_SOURCE) if s["code"] in codes]
    set_import(records=sets + _filler_set())
    card_import(records=records + fillers, source="fixture")
    regulation_import(source=settings.REGULATION_DATA_SOURCE)


def _filler_set() -> list[dict]:
    from regulations.tests.catalogue import sets

    return [s for s in sets() if s["code"] == "REG-01"]


def decklist(deal: int, trial: int) -> str:
    lines = [f"{deal} {DEAL}"] if deal else []
    lines += [f"{trial} {TRIAL}"] if trial else []
    rest, names = 40 - deal - trial, iter(FILLER)
    while rest:
        take = min(4, rest)
        lines.append(f"{take} {next(names)}")
        rest -= take
    return "\n".join(lines) + "\n"


# (id, deal copies, trial copies, as_of, expected codes in advance and in original). 神の試練 (DM22-RP1) is not yet
# released in 2019, so the first row has ディール only.
CASES = [
    ("before-any-listing", 4, 0, "2019-12-31", []),
    ("deal-limited-trial-not-yet", 4, 4, "2023-08-10", [HOF]),
    ("both-limited", 4, 4, "2023-08-11", [HOF, HOF]),
    ("both-limited-one-copy-each", 1, 1, "2024-03-10", []),
    ("both-premium", 4, 4, "2024-03-11", [PREMIUM, PREMIUM]),
    ("both-premium-one-copy-each", 1, 1, "2026-11-01", [PREMIUM, PREMIUM]),
]
FORMATS = ["advance", "original"]


@pytest.mark.parametrize("format_code", FORMATS)
@pytest.mark.parametrize(("deal", "trial", "as_of", "expected"), [pytest.param(*c[1:], id=c[0]) for c in CASES])
def test_original_applies_the_hall_of_fame_like_advance(real_hall_of_fame, format_code, deal, trial, as_of, expected):
    from datetime import date

    report = services.legality_report(
        decklist=parse_text(decklist(deal, trial)), format_code=format_code, as_of=date.fromisoformat(as_of)
    )
    assert [v["code"] for v in report["violations"]] == expected
    assert report["legal"] is (expected == [])
    assert [w["code"] for w in report["warnings"]] == []  # the list applies: no REGULATION_UNAVAILABLE
    assert report["regulation"]["label"] == f"advance {as_of}"  # the list of advance, named so


@pytest.mark.parametrize(("deal", "trial", "as_of", "expected"), [pytest.param(*c[1:], id=c[0]) for c in CASES])
def test_original_over_the_legality_api(real_hall_of_fame, client, deal, trial, as_of, expected):
    body = {"text": decklist(deal, trial), "format": "original", "as_of": as_of}
    response = client.post("/api/v1/legality/", body, format="json")
    assert response.status_code == 200
    assert [v["code"] for v in response.json()["violations"]] == expected
    assert [w["code"] for w in response.json()["warnings"]] == []


@pytest.mark.parametrize(("as_of", "code", "exit_code"), [("2019-12-31", None, 0), ("2024-03-11", PREMIUM, 1)])
def test_original_through_check_deck(real_hall_of_fame, monkeypatch, as_of, code, exit_code):
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(decklist(4, 0).encode())))
    with pytest.raises(SystemExit) as exit_info:
        call_command("check_deck", "-", "--format", "original", "--as-of", as_of, "--json", stdout=out, stderr=err)
    assert exit_info.value.code == exit_code
    assert [v["code"] for v in json.loads(out.getvalue())["violations"]] == ([code] if code else [])


def test_unrestricted_is_not_bound(real_hall_of_fame):
    """殿堂ゼロ: the one Duel Masters format the Hall of Fame does not bind (its row applies no list)."""
    from datetime import date

    report = services.legality_report(
        decklist=parse_text(decklist(4, 4)), format_code="unrestricted", as_of=date(2024, 3, 11)
    )
    assert report["violations"] == [] and report["regulation"] is None
