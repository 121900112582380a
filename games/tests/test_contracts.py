"""The import contracts cover a new game by themselves (deckbuilder/import_contracts.py): a scratch game is planted in
a copy of the code (its folder and nothing else, as docs/games.md says), and each of the three violations a new game
can bring breaks its contract with no line of pyproject.toml changed."""

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
PURE, CORE, APART = (contract["name"] for contract in PYPROJECT["contracts"][:3])

SCRATCH = {
    "games/scratch/__init__.py": "",
    "games/scratch/rules/__init__.py": '"""The scratch game\'s rules."""\n',
    "games/scratch/game.py": "from games.registry import Game\n\n\nclass Scratch(Game):\n    code = 'scratch'\n",
}

VIOLATIONS = {
    "none": {},
    "core-imports-the-game": {"cards/scratch_probe.py": "import games.scratch.game  # noqa\n"},
    "django-in-its-rules": {"games/scratch/rules/__init__.py": "import django  # noqa\n"},
    "it-imports-another-game": {"games/scratch/game.py": SCRATCH["games/scratch/game.py"] + "import games.dbs.game\n"},
}


def _copy(tmp_path: Path) -> Path:
    """The code's Python packages and pyproject.toml: what lint-imports reads."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.html", "*.js", "*.css", "*.json", "*.txt", "*.ydk",
                                    "*.po", "*.mo", "*.md", "*.png", "*.svg")  # fmt: skip
    for package in PYPROJECT["root_packages"]:
        shutil.copytree(REPO / package, tmp_path / package, ignore=ignore)
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def _broken(root: Path) -> set[str]:
    lint = Path(sys.executable).parent / "lint-imports"
    run = subprocess.run([str(lint), "--no-cache"], cwd=root, capture_output=True, text=True, timeout=300)
    summary = " ".join(run.stdout.split())  # names wrap at the terminal's width
    assert "Contracts:" in summary, run.stdout + run.stderr
    return {name for name in (PURE, CORE, APART) if f"{' '.join(name.split())} BROKEN" in summary}


@pytest.mark.parametrize(
    ("planted", "broken"),
    [
        pytest.param("none", set(), id="the-scratch-game-alone-keeps-every-contract"),
        pytest.param("core-imports-the-game", {CORE}, id="a-core-import-of-it"),
        pytest.param("django-in-its-rules", {PURE}, id="django-in-its-rules"),
        pytest.param("it-imports-another-game", {APART}, id="an-import-of-another-game"),
    ],
)
def test_a_violation_in_a_new_game_breaks_its_contract(tmp_path, planted, broken):
    root = _copy(tmp_path)
    for path, text in {**SCRATCH, **VIOLATIONS[planted]}.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    assert _broken(root) == broken
