"""The game a visitor plays, chosen, shown and remembered (issue 30).

Every page knows one game (`request.site_game`): the one its address names (`?game=ygo`, as the API's parameter),
else the one a signed-in player chose last (their profile, accounts.services.player_game), else the visitor's cookie,
else the default game. A page's address that names a game also remembers it (the cookie, and the profile of a
signed-in player), so a Yu-Gi-Oh! player who chose once lands on Yu-Gi-Oh! next time. A page of one deck or card
shows its own game whatever was chosen (`game_shown`), without remembering it.
"""

from __future__ import annotations

from urllib.parse import urlencode

from accounts.services import player_game, player_game_set
from api.errors import is_api_request
from cards.selectors import catalogue_import_running
from games import registry

GAME_COOKIE = "game"
GAME_COOKIE_AGE = 365 * 24 * 3600
GAME_PARAMETER = "game"  # the pages' and the create forms' name, as the API's


def game_or_none(code: object) -> registry.Game | None:
    """The game of a code written by a visitor, or None for anything that is not one."""
    if not isinstance(code, str) or not code:
        return None
    try:
        return registry.get(code)
    except registry.UnknownGame:
        return None


def game_shown(request, code: str) -> None:
    """The page shows one deck's or card's game: the switch marks it, nothing is remembered."""
    game = game_or_none(code)
    if game is not None:
        request.site_game = game
        request.site_game_fixed = True


class GameChoiceMiddleware:
    """Sets `request.site_game` and remembers a game named by the address (after the authentication middleware)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if is_api_request(request):  # the API takes ?game= per request and remembers nothing: no page here
            return self.get_response(request)
        named = game_or_none(request.GET.get(GAME_PARAMETER))
        user = getattr(request, "user", None)
        signed_in = user is not None and user.is_authenticated
        game = named
        if game is None and signed_in:
            game = game_or_none(player_game(user=user))
        if game is None:
            game = game_or_none(request.COOKIES.get(GAME_COOKIE))
        request.site_game = game or registry.get()
        request.site_game_fixed = False
        if named is not None and signed_in and player_game(user=user) != named.code:
            player_game_set(user=user, game=named.code)
        response = self.get_response(request)
        if named is not None and request.COOKIES.get(GAME_COOKIE) != named.code:
            response.set_cookie(GAME_COOKIE, named.code, max_age=GAME_COOKIE_AGE, samesite="Lax")
        return response


def game_switch(request) -> list[dict]:
    """The switch's links: each game, its name in both languages, whether it is the page's, and its address (this
    page with the game, keeping the other parameters; the home page for a page of one deck or card)."""
    current = getattr(request, "site_game", None) or registry.get()
    fixed = getattr(request, "site_game_fixed", False)
    links = []
    for game in registry.all_games():
        if fixed:
            url = "/?" + urlencode({GAME_PARAMETER: game.code})
        else:
            params = request.GET.copy()
            params.pop("page", None)
            params[GAME_PARAMETER] = game.code
            url = f"{request.path}?{params.urlencode()}"
        short_en, short_ja = game.pages.switch_names or (game.name_en, game.name_ja)
        links.append({"code": game.code, "name_en": game.name_en, "name_ja": game.name_ja, "short_en": short_en,
                      "short_ja": short_ja, "current": game.code == current.code, "url": url})  # fmt: skip
    return links


def site_game(request) -> dict:
    """The context processor: the page's game (`site_game`), the switch (`game_switch`), every game's scripts and
    stylesheets (`game_scripts`, `game_stylesheets`: its `pages`), which draw its cards on any page, and, while the
    page's game's data is being imported (`make run` serves meanwhile), when that import started
    (`site_game_importing_since`)."""
    game = getattr(request, "site_game", None) or registry.get()
    games = registry.all_games()
    return {
        "site_game": game,
        "game_switch": game_switch(request),
        "game_scripts": [path for each in games for path in each.pages.scripts],
        "game_stylesheets": [path for each in games for path in each.pages.stylesheets],
        "site_game_importing_since": catalogue_import_running(game=game.code),
    }
