"""The WSGI application gunicorn serves, and its warm-up before the workers are forked (gunicorn.conf.py).

A worker forked from a master that had only imported the application still paid, on its first request of each kind,
for what Django builds lazily: the URL patterns' regular expressions of each language, the translation catalogues,
the templates, the middleware's and views' deferred imports. Measured on a fresh worker (a three-game database,
2 cores): its first ping took 12-21 ms and then 1 ms, its first home page 80 ms and then 8, its first card list 145
and then 25, its first API search 35-50 and then 9-15, on every start and again after every reload. `warm_up` sends
one request of each kind through the application in the master, in each language, so every worker starts with them
built.
"""

import os
import sys
from io import BytesIO
from urllib.parse import quote
from wsgiref.util import setup_testing_defaults

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckbuilder.settings")

application = get_wsgi_application()

# The address of the warm-up's requests: TEST-NET-1 (RFC 5737), never a client's, so it takes nobody's rate limit.
WARM_UP_ADDRESS = "192.0.2.1"
# Read-only requests (no write, no session): the API's ping and each game's search, and the pages every visitor opens.
WARM_UP_PATHS = ("/api/v1/ping/", "/", "/decks/public/")
WARM_UP_GAME_PATHS = ("/cards/?game={game}", "/api/v1/cards/?game={game}")


def warm_up_paths() -> list[str]:
    from games import registry

    games = [game.code for game in registry.all_games()]
    return [*WARM_UP_PATHS, *(path.format(game=game) for path in WARM_UP_GAME_PATHS for game in games)]


def warm_up_environ(path: str, language: str) -> dict:
    """A GET of `path` as a browser in `language` would send it, to a host the settings allow, over HTTPS when the
    settings redirect plain HTTP there (production), so that the view runs instead of the redirect."""
    from django.conf import settings

    hosts = [host.lstrip(".") for host in settings.ALLOWED_HOSTS if host.lstrip(".") not in ("", "*")]
    path, _, query = path.partition("?")
    environ: dict = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": quote(query, safe="=&"),
        "HTTP_HOST": hosts[0] if hosts else "localhost",
        "HTTP_ACCEPT_LANGUAGE": language,
        "REMOTE_ADDR": WARM_UP_ADDRESS,
        "wsgi.input": BytesIO(),
        "wsgi.errors": sys.stderr,
    }
    if settings.SECURE_SSL_REDIRECT:
        environ["wsgi.url_scheme"] = "https"
        if settings.SECURE_PROXY_SSL_HEADER:
            header, value = settings.SECURE_PROXY_SSL_HEADER
            environ[header] = value
    setup_testing_defaults(environ)  # the other keys every WSGI request has (SERVER_NAME, wsgi.version...)
    return environ


def warm_up() -> dict[str, int]:
    """Each warm-up path (`warm_up_paths`) in each of the site's languages through the application, as the server
    would send it; the status of each (`<language> <path>`), for the log. The answers are read and closed as the
    server does (closing fires request_finished, which closes the request's database connection)."""
    from django.conf import settings

    statuses: dict[str, int] = {}
    started: list[str] = []

    def start_response(status: str, headers: list, exc_info=None):
        started.append(status)
        return lambda data: None

    for language, _name in settings.LANGUAGES:
        for path in warm_up_paths():
            answer = application(warm_up_environ(path, language), start_response)
            try:
                for _chunk in answer:
                    pass
            finally:
                answer.close()
            statuses[f"{language} {path}"] = int(started.pop().split()[0])
    return statuses
