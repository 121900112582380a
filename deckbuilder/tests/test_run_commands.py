"""`make run` prepares in one process (deckbuilder/run_commands.py): each step as manage.py runs it, in order, and
the first that fails stops the others with its exit status."""

from pathlib import Path

import pytest

from deckbuilder import run_commands, serve

CHECKED = "System check identified no issues"


@pytest.mark.parametrize(
    "steps, code, checks_ran",
    [
        pytest.param(["check", "check --tag urls"], 0, 2, id="every-step-in-order"),
        pytest.param(["check", "no_such_command", "check"], 1, 1, id="unknown-command-stops"),
        pytest.param(["import_regulations --skip-checks --game no-such-game", "check"], 1, 0, id="command-error-stops"),
        pytest.param(["check --no-such-option", "check"], 2, 0, id="bad-argument-stops"),
        pytest.param([], 0, 0, id="nothing-to-run"),
    ],
)
def test_steps_run_in_order_until_one_fails(steps, code, checks_ran, capsys):
    assert run_commands.run_commands(steps) == code
    assert capsys.readouterr().out.count(CHECKED) == checks_ran


def test_make_run_prepares_in_one_process_with_the_checks_once():
    recipe = Path(serve.ROOT / "Makefile").read_text().split("\nrun:", 1)[1].split("\n\n", 1)[0]
    preparation = recipe.split("deckbuilder.run_commands", 1)[1].split("deckbuilder.serve", 1)[0]
    steps = [step.split()[0] for step in preparation.split('"')[1::2]]
    assert steps == ["migrate", "import_cards", "import_effects", "import_regulations", "collectstatic"]
    assert "manage.py" not in recipe
    assert preparation.count("--skip-checks") == len(steps) - 1  # the checks run with migrate


OLD_RECIPE = """run: install
\t$(PY) manage.py migrate --noinput \\
\t\t&& $(PY) manage.py import_cards --skip-checks && $(PY) manage.py collectstatic --noinput -v 0
\tPORT=$(PORT) $(PY) -m deckbuilder.serve --import-games
"""


@pytest.mark.parametrize(
    "makefile, commands",
    [
        pytest.param(
            None,
            [
                [
                    "-m",
                    "deckbuilder.run_commands",
                    "migrate --noinput",
                    "import_cards --skip-checks",
                    "import_effects --skip-checks",
                    "import_regulations --skip-checks",
                ],
                ["manage.py", "import_games", "--skip-checks"],
            ],
            id="this-tree-in-one-process",
        ),  # fmt: skip
        pytest.param(
            OLD_RECIPE,
            [
                ["manage.py", "migrate", "--noinput", "--skip-checks"],
                ["manage.py", "import_cards", "--skip-checks"],
                ["manage.py", "import_games", "--skip-checks"],
            ],
            id="an-older-tree-a-process-a-command",
        ),  # fmt: skip
    ],
)
def test_the_http_bench_prepares_its_database_as_make_run_does(tmp_path, makefile, commands):
    """bench.bench_http reads the recipe (this tree's and a compared older tree's): the same steps but collectstatic."""
    from bench.bench_http import make_run_commands

    tree = serve.ROOT
    if makefile is not None:
        tree = tmp_path
        (tree / "Makefile").write_text(makefile)
    assert [command[1:] for command in make_run_commands(tree)] == commands
