"""The real OCG data for the tests: the shared data's `ygo/` folder (never copied into the repository).

Found as the settings find the card data: CARD_DATA_DIR, else the folder of CARD_DATA_SOURCE, else `../shared/data`
beside the repository. Tests that need it are skipped when it is absent.
"""

import json
import os
from pathlib import Path

import pytest

from games.ygo.rules import load_cards, load_limits

REPO = Path(__file__).resolve().parents[3]


def ygo_data_dir() -> Path:
    if os.environ.get("CARD_DATA_DIR"):
        base = Path(os.environ["CARD_DATA_DIR"])
    elif os.environ.get("CARD_DATA_SOURCE"):
        base = Path(os.environ["CARD_DATA_SOURCE"]).parent
    else:
        base = REPO.parent / "shared" / "data"
    return base / "ygo"


DATA = ygo_data_dir()
needs_data = pytest.mark.skipif(not (DATA / "cards.json").exists(), reason="the OCG card data is not present")


@pytest.fixture(scope="session")
def catalogue():
    if not (DATA / "cards.json").exists():
        pytest.skip("the OCG card data is not present")
    return load_cards(DATA)


@pytest.fixture(scope="session")
def limits():
    if not (DATA / "limits.json").exists():
        pytest.skip("the OCG limit lists are not present")
    return load_limits(DATA)


@pytest.fixture(scope="session")
def limit_records():
    return json.loads((DATA / "limits.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def build_report():
    return json.loads((DATA / "build_report.json").read_text(encoding="utf-8"))
