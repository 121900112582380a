"""House style 1: the rules engines are pure Python. Until the import-linter contract covers `games.dbs.rules`, this
test imports every module of it in a fresh interpreter and looks for a Django, DRF or Celery module."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
MODULES = ("cards", "decklist", "legality", "odds", "violations", "vocabulary")


def test_the_rules_package_imports_no_framework():
    code = (
        "import sys\n"
        + "".join(f"import games.dbs.rules.{name}\n" for name in MODULES)
        + "print(sorted({m.split('.')[0] for m in sys.modules} & {'django', 'rest_framework', 'celery', 'kombu'}))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
