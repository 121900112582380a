"""No Duel Masters in the core (issue 32): the core apps' code (comments and docstrings aside) names none of its
words; what is Duel Masters' is in games/dm/ and reaches the core as the game's capabilities (docs/games.md). The
settings are where the games are named (GAMES, DEFAULT_GAME), so they are not scanned.

The few words left are public API and URL names that clients already send and read, each listed below with the
place it stays in; a new one anywhere else fails."""

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CORE = ("accounts", "api", "cards", "decks", "regulations", "simulations", "tournaments", "web", "deckbuilder")
TERMS = re.compile(
    r"duel ?masters|デュエル|hall[_ ]of[_ ]fame|殿堂|civilization|\bcivs?\b|shields?\b|hyperspatial|超次元|\bgr\b|"
    r"twinpact|premium_combo|\bdm\b",
    re.IGNORECASE,
)
# (file, word): public names that stay for the clients that use them.
KEPT = {
    # GET /formats/ answers `hall_of_fame` for every format (docs/api.md), the Format row's column
    ("regulations/models.py", "hall_of_fame"),
    ("regulations/apis.py", "hall_of_fame"),
    ("regulations/admin.py", "hall_of_fame"),
    ("regulations/selectors.py", "hall_of_fame"),
    # a deck API entry's and a catalogue face's `civilizations` (docs/api.md), the card face's column
    ("cards/models.py", "civilization"),
    ("cards/admin.py", "civilization"),
    ("cards/apis.py", "civilization"),
    ("decks/apis.py", "civilization"),
    ("web/selectors.py", "civilization"),
    # the odds API's `where` values (POST /odds/, docs/simulation.md)
    ("simulations/apis.py", "shields"),
    # the deck lists' colour filter: its URL parameter `civ` and the summaries the list templates read
    ("web/selectors.py", "civ"),
    ("web/selectors.py", "civs"),
    ("web/views/decks.py", "civ"),
    ("web/views/decks.py", "civilization"),
}


def _docstring_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def _core_words() -> list[tuple[str, int, str]]:
    """(file, line, word) of every term in the core's code: names and strings, not comments or docstrings."""
    found = []
    for app in CORE:
        for path in sorted((REPO / app).rglob("*.py")):
            parts = path.relative_to(REPO).parts
            if "tests" in parts or "migrations" in parts or parts[:2] == ("deckbuilder", "settings"):
                continue
            source = path.read_text(encoding="utf-8")
            docstrings = _docstring_lines(ast.parse(source))
            for token in tokenize.generate_tokens(io.StringIO(source).readline):
                if token.type not in (tokenize.NAME, tokenize.STRING) or token.start[0] in docstrings:
                    continue
                for match in TERMS.finditer(token.string):
                    found.append(("/".join(parts), token.start[0], match.group(0).lower()))
    return found


def test_the_core_names_no_duel_masters_word():
    assert [(path, line, word) for path, line, word in _core_words() if (path, word) not in KEPT] == []


@pytest.mark.parametrize(
    ("source", "word"),
    [
        pytest.param('DEFAULT = "dm"\n', "dm", id="a-game-code"),
        pytest.param('help = "the Hall of Fame"\n', "hall of fame", id="a-help-text"),
        pytest.param("def shields(deck):\n    return deck\n", "shields", id="a-name"),
    ],
)
def test_the_scan_finds_a_planted_word(tmp_path, monkeypatch, source, word):
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "planted.py").write_text('"""A module."""\n# Duel Masters in a comment is fine\n' + source)
    monkeypatch.setattr(__import__(__name__, fromlist=["REPO"]), "REPO", tmp_path)
    for app in CORE:
        (tmp_path / app).mkdir(exist_ok=True)
    assert [found[2] for found in _core_words()] == [word]
