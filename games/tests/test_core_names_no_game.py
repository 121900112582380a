"""No Duel Masters in the core (issue 32): the core's code (comments and docstrings aside) and its pages (templates,
scripts and styles, comments aside) name none of its words; what is Duel Masters' is in games/dm/ (its words, its
page fragments under games/dm/templates/, its scripts under games/dm/static/) and reaches the core as the game's
capabilities (docs/games.md). The settings are where the games are named (GAMES, DEFAULT_GAME), so they are not
scanned; nor are the tests (they build Duel Masters decks as fixtures) and the migrations (history).

The public names that were Duel Masters' words (a face's and a deck entry's `civilizations`, a format's
`hall_of_fame`, the deck lists' `civ` parameter) are neutral in the core (`colours`, `dated_list`, `colour`); Duel
Masters answers and reads its older names through its `aliases` (games/dm/game.py). None is left to allow."""

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# The core: its apps, the games package's own floors (the registry, the capability protocols, what every game
# shares), the site's templates and static files (not a game's, which live in its folder).
CORE = ("accounts", "api", "cards", "decks", "regulations", "simulations", "tournaments", "web", "deckbuilder")
CORE_GAMES_MODULES = ("registry.py", "capabilities.py", "base.py", "hand_odds.py", "deck_codes.py")
PAGES = ("templates", "static")
PAGE_SUFFIXES = (".html", ".txt", ".js", ".css")

# Duel Masters' own words, English and Japanese (its name, its lists, its colours, its zones, its card kinds).
TERMS = re.compile(
    "|".join(
        (
            r"duel ?masters",
            r"デュエル・?マスターズ|デュエマ",
            r"hall[_ ]of[_ ]fame|殿堂",  # its dated lists
            r"civiliz\w*|\bcivs?\b|文明",  # its colours
            r"shield\w*|シールド|S・トリガー",
            r"\bmana\b|マナ",
            r"hyperspatial|超次元",
            r"super[_ ]?gr\b|\bgr\b|超GR",
            r"twinpact|ツインパクト",
            r"breaker|ブレイカー",
            r"premium_combo",
            r"\bdm\b",  # its code
        )
    ),
    re.IGNORECASE,
)


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


def _python_files() -> list[Path]:
    files = [path for app in CORE for path in sorted((REPO / app).rglob("*.py"))]
    files += [REPO / "games" / name for name in CORE_GAMES_MODULES if (REPO / "games" / name).exists()]
    return [
        path
        for path in files
        if not {"tests", "migrations"} & set(path.relative_to(REPO).parts)
        and path.relative_to(REPO).parts[:2] != ("deckbuilder", "settings")
    ]


def _python_words(path: Path) -> list[tuple[int, str]]:
    """(line, word) of every term in a module's names and strings, not its comments or docstrings."""
    source = path.read_text(encoding="utf-8")
    docstrings = _docstring_lines(ast.parse(source))
    return [
        (token.start[0], match.group(0).lower())
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type in (tokenize.NAME, tokenize.STRING) and token.start[0] not in docstrings
        for match in TERMS.finditer(token.string)
    ]


def _blank(match: re.Match) -> str:
    return "\n" * match.group(0).count("\n")  # a comment's lines stay, empty: the line numbers hold


# A page's comments: Django's ({# #}, {% comment %}), HTML's, CSS's and the scripts' block and line comments.
_COMMENTS = {
    ".html": re.compile(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}|<!--.*?-->|/\*.*?\*/", re.S),
    ".txt": re.compile(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}", re.S),
    ".css": re.compile(r"/\*.*?\*/", re.S),
    ".js": re.compile(r"/\*.*?\*/|(?:^|(?<=\s))//[^\n]*", re.S | re.M),
}


def _page_words(path: Path) -> list[tuple[int, str]]:
    """(line, word) of every term in a template, script or stylesheet, not in its comments."""
    text = _COMMENTS[path.suffix].sub(_blank, path.read_text(encoding="utf-8"))
    return [
        (number, match.group(0).lower())
        for number, line in enumerate(text.splitlines(), 1)
        for match in TERMS.finditer(line)
    ]


def _page_files() -> list[Path]:
    return [
        path
        for root in PAGES
        for path in sorted((REPO / root).rglob("*"))
        if path.suffix in PAGE_SUFFIXES and "vendor" not in path.relative_to(REPO).parts
    ]


def _core_words() -> list[tuple[str, int, str]]:
    """(file, line, word) of every Duel Masters term in the core, comments and docstrings aside."""
    found = [(path, line, word) for path in _python_files() for line, word in _python_words(path)]
    found += [(path, line, word) for path in _page_files() for line, word in _page_words(path)]
    return [("/".join(path.relative_to(REPO).parts), line, word) for path, line, word in found]


def test_the_core_names_no_duel_masters_word():
    assert _core_words() == []


@pytest.mark.parametrize(
    ("name", "source", "word"),
    [
        pytest.param("web/planted.py", 'DEFAULT = "dm"\n', "dm", id="a-game-code"),
        pytest.param("web/planted.py", 'help = "the Hall of Fame"\n', "hall of fame", id="a-help-text"),
        pytest.param("web/planted.py", "def shields(deck):\n    return deck\n", "shields", id="a-name"),
        pytest.param("games/registry.py", 'ZONE = "gr"\n', "gr", id="in-the-registry"),
        pytest.param("templates/web/planted.html", "<p>{% translate 'Mana zone' %}</p>\n", "mana", id="a-template"),
        pytest.param("templates/web/planted.txt", "{{ deck.civilizations }}\n", "civilizations", id="a-text-template"),
        pytest.param("static/js/planted.js", 'const zone = "hyperspatial";\n', "hyperspatial", id="a-script"),
        pytest.param("static/css/planted.css", ".civ-fire { color: red; }\n", "civ", id="a-stylesheet"),
        pytest.param("static/js/planted.js", 'label("超次元ゾーン");\n', "超次元", id="japanese"),
    ],
)
def test_the_scan_finds_a_planted_word(tmp_path, monkeypatch, name, source, word):
    comments = {
        ".py": '"""A module: Duel Masters in a docstring is fine."""\n# Duel Masters in a comment is fine\n',
        ".html": "{# Duel Masters #}<!-- the shields -->{% comment %}\nmana\n{% endcomment %}\n",
        ".txt": "{# Duel Masters #}\n",
        ".js": "// Duel Masters' shields\n/* mana,\n hyperspatial */\nconst url = 'https://example.org';\n",
        ".css": "/* Civilizations */\n",
    }
    planted = tmp_path / name
    planted.parent.mkdir(parents=True)
    planted.write_text(comments[planted.suffix] + source)
    monkeypatch.setattr(__import__(__name__, fromlist=["REPO"]), "REPO", tmp_path)
    for app in (*CORE, *PAGES, "games"):
        (tmp_path / app).mkdir(exist_ok=True)
    found = _core_words()
    assert [each[2] for each in found] == [word]
    assert found[0][1] == len(comments[planted.suffix].splitlines()) + 1  # the line of the planted word


def test_a_games_own_pages_are_not_the_core(tmp_path, monkeypatch):
    planted = tmp_path / "games" / "dm" / "templates" / "dm" / "solo.html"
    planted.parent.mkdir(parents=True)
    planted.write_text("<p>{% translate 'Shields' %}</p>\n")
    monkeypatch.setattr(__import__(__name__, fromlist=["REPO"]), "REPO", tmp_path)
    for app in (*CORE, *PAGES):
        (tmp_path / app).mkdir(exist_ok=True)
    assert _core_words() == []
