"""import-linter contracts that cover every game by themselves (pyproject.toml, docs/games.md "The contracts").

A game is a folder under `games/` holding a `game` module (games/dm/game.py, games/tests/minigame/game.py): the
contracts find the games in the import graph, so a new game is checked from its first line, before any
configuration names it. In a `games_forbidden` contract (a forbidden contract), the module `GAME` stands for every
game package and `GAME.<name>` for each game's `<name>` subpackage where it has one (`GAME.rules`: its pure rules).
"""

from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.domain.contract import ContractCheck
from importlinter.domain.imports import ModuleExpression

GAME = "GAME"


def game_packages(modules: set[str]) -> set[str]:
    """Every game package: the package of a `game` module under `games` (not the games package's own modules)."""
    return {name.removesuffix(".game") for name in modules if name.startswith("games.") and name.endswith(".game")}


def _expand(expressions: set[ModuleExpression], games: set[str], modules: set[str]) -> set[ModuleExpression]:
    out = set()
    for expression in expressions:
        text = expression.expression
        if text == GAME or text.startswith(GAME + "."):
            suffix = text.removeprefix(GAME)
            out |= {ModuleExpression(game + suffix) for game in games if game + suffix in modules}
        else:
            out.add(expression)
    return out


class GamesForbiddenContract(ForbiddenContract):
    """A forbidden contract over every game package (`GAME`), found in the graph."""

    type_name = "games_forbidden"

    def check(self, graph, verbose: bool) -> ContractCheck:
        modules = set(graph.modules)
        games = game_packages(modules)
        self.source_modules = _expand(self.source_modules, games, modules)  # type: ignore[assignment,arg-type]
        self.forbidden_modules = _expand(self.forbidden_modules, games, modules)  # type: ignore[assignment,arg-type]
        return super().check(graph, verbose)
