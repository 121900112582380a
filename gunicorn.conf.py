"""gunicorn's configuration: `make run` (deckbuilder/serve.py), production (docs/production.md) and `bench hardening`
all start `gunicorn -c gunicorn.conf.py deckbuilder.wsgi`, so what is measured is what runs.

A legality check of a long decklist is CPU-bound Python (tens of milliseconds); a ping, a page or a card search is a
few milliseconds. With sync workers a cheap request that arrives while every worker is busy waits in the listen queue
behind the expensive ones (the bench measured ping p99 at 60 x idle with 4 clients sending 500-line decklists). So:

- gthread workers: each process takes every connection at once on one of its threads, nothing waits in the queue;
- the expensive endpoints are bounded per process (api/concurrency.py): one CPU-bound request runs per process, three
  more wait for it without using the CPU, more answer 503 SERVER_BUSY at once instead of piling up; so at most 4 of
  a process's 8 threads are ever taken by decklist checks; across the processes, the cores but one run them at once
  (EXPENSIVE_REQUESTS_PER_SERVER), so one core is always left to the cheap requests;
- the catalogue's resolver (names, n-gram suggestion index), the card search index and the legality context are
  built once in the master before the workers are forked (`preload_app`, `when_ready`), with the URL configuration
  and its views: without it the first decklist check of each process took 5-7 s of CPU while it built them (and its
  first request 2 s more to import the views), the first card search 1-5 s, and every other request of that process
  waited for the interpreter lock meanwhile; and again before the workers are replaced on a reload (SIGHUP), which
  `make run` sends once the other games' data, imported beside the running server, is in;
- then one request of each kind (the ping, the home page, each game's card list and API search), in each language,
  goes through the application in the master (deckbuilder.wsgi.warm_up), so that what Django builds on a first request
  (URL patterns per language, translation catalogues, templates, deferred imports) is built once for every worker:
  a fresh worker's first ping took 12-21 ms instead of 1, its first page 80 ms instead of 8;
- the objects built before the fork (those caches, the modules: about 600,000 objects) are moved out of the garbage
  collector's generations (`gc.freeze`): each full collection walked all of them again in every worker, half a second
  and more that whichever request was running then waited (a ping's p99, a batch's spread); frozen, they are also
  never written to by the collector, so the workers keep sharing their memory pages with the master;
- the CPU-bound thread hands the GIL over every millisecond instead of every 5 ms (`sys.setswitchinterval`), so a
  cheap request on another thread of the same process waits about a millisecond for it, not five, each time it needs
  it back (after every socket read and write).
"""

import gc
import multiprocessing
import os
import sys

workers = int(os.environ.get("WEB_CONCURRENCY", max(2, multiprocessing.cpu_count())))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
timeout = 30  # REQUEST_TIME_BUDGET_SECONDS (5) ends long requests well before this
graceful_timeout = 10
keepalive = 5
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
preload_app = True
# gunicorn's largest bounded request line (0 would read it without a limit): a query string over the application's
# MAX_QUERY_STRING_LENGTH (4,096) but under this reaches Django, which answers 414 URI_TOO_LONG in the API's error
# shape (api/middleware.py), where gunicorn's default (4,094) answered an HTML 414 of its own.
limit_request_line = 8190
# gunicorn's control socket (gunicornc, gunicorn 25+) defaults to one path per user ($XDG_RUNTIME_DIR/gunicorn.ctl or
# ~/.gunicorn/gunicorn.ctl), shared by every gunicorn that user runs: one server's commands (reload, worker count,
# shutdown) reached whichever started last. Nothing here uses it: off, unless GUNICORN_CONTROL_SOCKET names a path of
# this server's own.
control_socket = os.environ.get("GUNICORN_CONTROL_SOCKET", "")
control_socket_disable = not control_socket


def when_ready(server):
    """Warm the per-process caches in the master, so that every forked worker starts with them built. Again on a reload
    (SIGHUP, `on_reload`): `make run` sends one when an import that ran beside the server changed a game's catalogue
    (deckbuilder/serve.py), so the fresh workers forked after it start with that game's catalogue built."""
    from django.db import connections
    from django.urls import resolve

    from deckbuilder.wsgi import warm_up
    from games import registry
    from regulations.services import legality_context

    try:
        resolve("/api/v1/ping/")  # imports the URL configuration and every view module (else the first request does)
        for game in registry.all_games():  # each game's name resolver and search index (games.registry)
            game.catalogue.warm()
        legality_context()
        server.log.info("URLs, resolver, search index and legality context loaded")
        statuses = warm_up()  # a request of each kind in each language (deckbuilder.wsgi)
        failed = {request: status for request, status in statuses.items() if status != 200}
        if failed:
            server.log.warning("warm-up requests that did not answer 200: %s", failed)
    except Exception:  # an empty or unmigrated database: the first request builds them instead
        server.log.exception("could not warm the resolver before forking the workers")
    finally:
        connections.close_all()  # a connection must never be shared by forked processes
        # Everything built so far lives as long as the workers: out of the collector's generations (see above).
        gc.collect()
        gc.freeze()


def on_reload(server):
    """A reload (SIGHUP) builds the catalogues again. What the last start or reload froze is first put back in the
    collector's generations: frozen objects are never collected, so the replaced catalogues' reference cycles (model
    instances, their states and caches) would otherwise stay in the master for good, and in every worker forked after
    it, one more set at each reload; thawed, the collection before the new freeze frees them."""
    gc.unfreeze()
    when_ready(server)


def post_fork(server, worker):
    sys.setswitchinterval(float(os.environ.get("GIL_SWITCH_INTERVAL_SECONDS", "0.001")))
