"""Settings from the environment. Defaults give a working local set-up: SQLite and an embedded broker."""

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF, UNSAFE_INLINE
from django.core.exceptions import ImproperlyConfigured
from redis.backoff import NoBackoff
from redis.retry import Retry

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(exist_ok=True)


def env_bool(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "insecure-local-development-key-change-me-in-production")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
CSRF_FAILURE_VIEW = "api.errors.csrf_failure"  # the JSON error shape under /api/

# The games the project runs (issue 19): import paths of game packages, each with a `game` module holding its
# registry entry (games.registry loads them; the core never imports a game). The one line a new game adds.
GAMES = ["games.dm", "games.ygo", "games.dbs"]
# The game of a request, a deck or an event that names none: every client written before games existed.
DEFAULT_GAME = "dm"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "api",
    "cards",
    "regulations",
    "accounts",
    "decks",
    "tournaments",
    "simulations",
    "web",
    *GAMES,  # each game is a Django app too: its own tables, page fragments and commands (docs/games.md)
]

MIDDLEWARE = [
    "api.middleware.QueryStringLimitMiddleware",  # 414 URI_TOO_LONG before anything reads the parameters
    "api.middleware.BodySizeLimitMiddleware",  # 413 PAYLOAD_TOO_LARGE before anything reads a body over 5 MB
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "web.page_messages.PageMessageMiddleware",  # django.contrib.messages, left out of the API's requests
    "web.game_choice.GameChoiceMiddleware",  # the game a page shows: ?game=, the player's profile, the cookie
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "web.security_policy.SitePolicyMiddleware",  # django-csp's middleware, the settings' policy built once
    # a page that meets an outage (Redis, the broker) answers a 503 page in the page shell, never a bare 500
    "web.middleware.ServiceUnavailablePageMiddleware",
]

# Content-Security-Policy on every response (django-csp). Scripts only from this site: the pages have no inline
# script or event handler (static/js/confirm.js does their confirms), and the API docs use drf-spectacular's split
# Swagger view, whose start script is a file too. Styles allow 'unsafe-inline': card tiles and frames are coloured
# per card by style attributes (the games' tiles, static/js/tile.js) and the printable sheets carry a <style>;
# an injected style can restyle a page but run nothing, and scripts are the policy's point. Images: this site and
# data: URIs (Swagger UI's icons).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

ROOT_URLCONF = "deckbuilder.urls"
WSGI_APPLICATION = "deckbuilder.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "web.game_choice.site_game",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers wait for the lock instead of failing at once; WAL lets readers run beside a writer.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            # `make run`'s imports run side by side and wait for each other's writes longer (Makefile).
            "timeout": float(os.environ.get("SQLITE_TIMEOUT_SECONDS", "20")),
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL;",
        }
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# The one backend: ModelBackend behind the log-in limits (accounts/backends.py), for the admin, the pages and the API.
AUTHENTICATION_BACKENDS = ["accounts.backends.LoginLimitedModelBackend"]
# An API token is valid this long after it was issued (fixed, not sliding: accounts/authentication.py says why).
API_TOKEN_LIFETIME_SECONDS = int(os.environ.get("API_TOKEN_LIFETIME_SECONDS", str(30 * 24 * 3600)))
# Log-in limits per (account, address) and per address, with growing delays (accounts/services.py explains why).
LOGIN_FREE_FAILURES_PAIR = int(os.environ.get("LOGIN_FREE_FAILURES_PAIR", "5"))
LOGIN_FREE_FAILURES_ADDRESS = int(os.environ.get("LOGIN_FREE_FAILURES_ADDRESS", "20"))
LOGIN_DELAY_BASE_SECONDS = int(os.environ.get("LOGIN_DELAY_BASE_SECONDS", "2"))
LOGIN_DELAY_MAX_SECONDS = int(os.environ.get("LOGIN_DELAY_MAX_SECONDS", "900"))
LOGIN_FAILURE_WINDOW_SECONDS = int(os.environ.get("LOGIN_FAILURE_WINDOW_SECONDS", "3600"))
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("ja", "日本語")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Asia/Tokyo"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)  # collectstatic fills it (make run); WhiteNoise expects it to exist

DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
# No request body nests deeper than a few levels; deeper JSON is refused before parsing (api/parsers.py).
JSON_MAX_DEPTH = int(os.environ.get("JSON_MAX_DEPTH", "32"))
# No page or API call needs a long query string: longer ones answer 414 URI_TOO_LONG (api/middleware.py). gunicorn's
# limit_request_line (gunicorn.conf.py) must stay above it, or gunicorn answers an HTML 414 first.
MAX_QUERY_STRING_LENGTH = int(os.environ.get("MAX_QUERY_STRING_LENGTH", "4096"))
# Loops over many items in one request stop with 503 TIME_BUDGET_EXCEEDED after this (deckbuilder/budget.py).
REQUEST_TIME_BUDGET_SECONDS = float(os.environ.get("REQUEST_TIME_BUDGET_SECONDS", "5"))
# Expensive requests (decklist checks, api/concurrency.py): how many one web process runs at once, how many more wait
# for a slot (and how long); beyond that 503 SERVER_BUSY at once.
EXPENSIVE_REQUESTS_PER_PROCESS = int(os.environ.get("EXPENSIVE_REQUESTS_PER_PROCESS", "1"))
EXPENSIVE_REQUESTS_QUEUE_PER_PROCESS = int(os.environ.get("EXPENSIVE_REQUESTS_QUEUE_PER_PROCESS", "3"))
EXPENSIVE_REQUEST_WAIT_SECONDS = float(os.environ.get("EXPENSIVE_REQUEST_WAIT_SECONDS", "5"))
# ... and how many run at once across the machine's web processes (0: no bound beyond each process's): the cores but
# one, so that a core is always left to the cheap requests (pings, pages). One lock file a slot in this folder.
EXPENSIVE_REQUESTS_PER_SERVER = int(
    os.environ.get("EXPENSIVE_REQUESTS_PER_SERVER", str(max(1, (os.cpu_count() or 1) - 1)))
)
EXPENSIVE_SLOTS_DIR = os.environ.get("EXPENSIVE_SLOTS_DIR", str(VAR_DIR / "expensive-slots"))
# A request of at most this many bytes of body (a player's decklist, an editor's deck) takes its process's slot only.
LIGHT_REQUEST_BYTES = int(os.environ.get("LIGHT_REQUEST_BYTES", "4096"))
# A batch legality check of more decklists than this is checked on the Celery workers (202 and a progress URL):
# 50 ordinary decklists take well under a second in a request, 50 of 500 unknown lines about two seconds.
LEGALITY_BATCH_SYNC_MAX = int(os.environ.get("LEGALITY_BATCH_SYNC_MAX", "50"))
# Chunk sizes of the jobs: a few seconds of work at most, far under the chunk tasks' 40 s soft time limit.
# A batch sent without signing in (regulations/batches.py): at most this many decklists and characters of decklists
# per request, and at most this many such batches queued or running at once (the workers are shared with the
# simulations; one 3.7 MB anonymous batch delayed a user's simulation from 2.1 s to 23.3 s).
LEGALITY_BATCH_ANON_MAX_DECKS = int(os.environ.get("LEGALITY_BATCH_ANON_MAX_DECKS", "100"))
LEGALITY_BATCH_ANON_MAX_CHARS = int(os.environ.get("LEGALITY_BATCH_ANON_MAX_CHARS", "500000"))
LEGALITY_BATCH_ANON_MAX_QUEUED = int(os.environ.get("LEGALITY_BATCH_ANON_MAX_QUEUED", "2"))
LEGALITY_BATCH_CHUNK = int(os.environ.get("LEGALITY_BATCH_CHUNK", "25"))  # decklists (of 500 unknown lines: ~2 s)
REVALIDATION_CHUNK = int(os.environ.get("REVALIDATION_CHUNK", "100"))  # registrations
# Rows of one registration CSV import (the event lock is held while they are written).
TOURNAMENT_IMPORT_MAX_ROWS = int(os.environ.get("TOURNAMENT_IMPORT_MAX_ROWS", "256"))
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024

# Card data: imported at set-up time from a path or URL, never stored in the repository.
CARD_DATA_DIR = os.environ.get("CARD_DATA_DIR", str(BASE_DIR.parent / "shared" / "data"))
CARD_DATA_SOURCE = os.environ.get("CARD_DATA_SOURCE", str(Path(CARD_DATA_DIR) / "cards.json"))
SET_DATA_SOURCE = os.environ.get("SET_DATA_SOURCE", str(Path(CARD_DATA_DIR) / "sets.json"))
EFFECTS_DATA_SOURCE = os.environ.get("EFFECTS_DATA_SOURCE", str(Path(CARD_DATA_DIR) / "effects.json"))
# English cards the data did not link to a Japanese record; the import links those it can for certain.
CARD_ENGLISH_ONLY_DATA_SOURCE = os.environ.get(
    "CARD_ENGLISH_ONLY_DATA_SOURCE", str(Path(CARD_DATA_DIR) / "cards_en_only.json")
)
NICKNAME_DATA_SOURCE = os.environ.get("NICKNAME_DATA_SOURCE", str(Path(CARD_DATA_DIR) / "nicknames.json"))
REGULATION_DATA_SOURCE = os.environ.get("REGULATION_DATA_SOURCE", str(Path(CARD_DATA_DIR) / "hall_of_fame.json"))
# Duel Masters' blocks from 革命編 on (2ブロック), imported with the Hall of Fame (games/dm/blocks.py).
BLOCK_DATA_SOURCE = os.environ.get("BLOCK_DATA_SOURCE", str(Path(CARD_DATA_DIR) / "blocks.json"))
# Card pictures: the official card site's image of a printing (games/dm/official.py), loaded by the player's browser
# from CARD_IMAGE_HOST (a Content-Security-Policy allows exactly this host in img-src). False: no external image
# at all, only the drawn tiles (the links to the official card pages stay).
CARD_IMAGES_EXTERNAL = env_bool("CARD_IMAGES_EXTERNAL", True)
CARD_IMAGE_HOST = os.environ.get("CARD_IMAGE_HOST", "dm.takaratomy.co.jp")
# Dragon Ball Super's official card images (games/dbs/rules/official.py), allowed beside CARD_IMAGE_HOST.
DBS_CARD_IMAGE_HOST = os.environ.get("DBS_CARD_IMAGE_HOST", "www.dbs-cardgame.com")


def csp_img_src(*, external: bool, host: str, also: tuple[str, ...] = ()) -> list[str]:
    """img-src: this site, inline data and, with external pictures on, the outside hosts a page may load anything
    from (the card pictures: `host`, then the other games' hosts `also`)."""
    return [SELF, "data:", *([f"https://{name}" for name in (host, *also)] if external else [])]


CONTENT_SECURITY_POLICY["DIRECTIVES"]["img-src"] = csp_img_src(
    external=CARD_IMAGES_EXTERNAL, host=CARD_IMAGE_HOST, also=(DBS_CARD_IMAGE_HOST,)
)
# How often a process re-reads the catalogue and regulation versions behind its in-memory indexes (0: every read).
DATA_VERSION_CHECK_SECONDS = float(os.environ.get("DATA_VERSION_CHECK_SECONDS", "0"))
DATA_DOWNLOAD_MAX_BYTES = int(os.environ.get("DATA_DOWNLOAD_MAX_BYTES", str(64 * 1024 * 1024)))


THROTTLE_MAX_REQUESTS = 100_000  # a rate's requests per window at most: its history is read and written per request


def throttle_rate(name: str, default: str) -> str | None:
    """A scope's rate ("600/min": requests per s, min, hour or day, as DRF reads it); `none` lifts it (the benchmarks,
    which measure the work and not the limit: a huge rate would still keep a history of every request of the last
    minute). A rate DRF cannot read (it would answer every request 500), or above THROTTLE_MAX_REQUESTS (a history
    that long to read and write per request; `none` is what lifts a limit), stops the start here, naming the setting."""
    value = os.environ.get(name, default).strip()
    if value.lower() in {"none", "off", ""}:
        return None
    count, _, period = value.partition("/")
    if not (count.isdigit() and count.isascii() and period[:1] in {"s", "m", "h", "d"}):
        raise ImproperlyConfigured(f"{name}={value!r}: a rate is requests per s, min, hour or day (600/min), or none.")
    if not 1 <= int(count) <= THROTTLE_MAX_REQUESTS:
        raise ImproperlyConfigured(
            f"{name}={value!r}: a rate allows 1 to {THROTTLE_MAX_REQUESTS:,} requests per window; none lifts it."
        )
    return value


def shared_map_options(rates) -> dict:
    """The slots of make run's rate-limit store (deckbuilder.cache.SharedMapCache): each holds one key's history,
    so its size follows the largest rate (a pickled count takes 9 bytes), the map kept within 256 MiB (fewer slots
    for longer histories) and 1,024 slots at least."""
    longest = max((int(rate.partition("/")[0]) for rate in rates if rate), default=0)
    slot_bytes = max(32 * 1024, -(-(9 * longest + 1024) // 4096) * 4096)
    return {"SLOT_BYTES": slot_bytes, "SLOTS": max(1024, min(8192, (256 << 20) // slot_bytes))}


THROTTLE_RATES = {
    "anon": throttle_rate("THROTTLE_ANON", "600/min"),
    "user": throttle_rate("THROTTLE_USER", "3000/min"),
    "editor": throttle_rate("THROTTLE_EDITOR", "600/min"),  # /editor/state/: one request per deck edit
    # failed token authentications per address, counted by the authentication itself (accounts/authentication.py)
    "auth_failures": throttle_rate("THROTTLE_AUTH_FAILURES", "20/min"),
}

REST_FRAMEWORK = {
    # Token first: an anonymous write gets 401 with `WWW-Authenticate: Token` (session first would give 403).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # Bodies are size-, encoding-, depth- and digit-checked before any view runs (api/parsers.py), in every type.
    "DEFAULT_PARSER_CLASSES": [
        "api.parsers.BoundedJSONParser",
        "api.parsers.BoundedFormParser",
        "api.parsers.BoundedMultiPartParser",
    ],
    # DRF's JSON written by orjson (api/renderers.py: the same JSON, a tenth of the time); the browsable API as before.
    "DEFAULT_RENDERER_CLASSES": ["api.renderers.JSONRenderer", "rest_framework.renderers.BrowsableAPIRenderer"],
    "DEFAULT_PAGINATION_CLASS": "api.pagination.StandardPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
    # DRF's throttles counting in the `throttle` cache that every process shares, failing closed (api/throttling.py).
    "DEFAULT_THROTTLE_CLASSES": ["api.throttling.AnonThrottle", "api.throttling.UserThrottle"],
    "DEFAULT_THROTTLE_RATES": THROTTLE_RATES,
    # The client address is REMOTE_ADDR, never X-Forwarded-For (the client writes that header): as the log-in limits
    # (accounts/services.py), a proxy in front must pass the client's address on as REMOTE_ADDR.
    "NUM_PROXIES": 0,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Duel Masters deck builder API",
    "DESCRIPTION": "Card search, deck legality, decks, tournaments and simulations.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "api.schema.postprocess_schema"],
}

REDIS_URL = os.environ.get("REDIS_URL", "")
# A Redis that is away must fail a request within about a second (then 503 RATE_LIMITER_UNAVAILABLE), not hang it:
# bounded socket timeouts, and one attempt (redis-py otherwise retries with back-offs of up to seconds).
_REDIS_CACHE_OPTIONS = {
    "socket_connect_timeout": float(os.environ.get("REDIS_TIMEOUT_SECONDS", "0.5")),
    "socket_timeout": float(os.environ.get("REDIS_TIMEOUT_SECONDS", "0.5")),
    "retry": Retry(NoBackoff(), 0),
}
_REDIS_CACHE: dict[str, object] = {
    "BACKEND": "django.core.cache.backends.redis.RedisCache",
    "LOCATION": REDIS_URL,
    "OPTIONS": _REDIS_CACHE_OPTIONS,
}
CACHES: dict[str, dict[str, object]] = {
    "default": dict(_REDIS_CACHE)
    if REDIS_URL
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "deckbuilder"},
    # The request throttles' counters (api/throttling.py), which every web process must share: Redis in production;
    # without it (`make run`) one file in VAR_DIR that the processes of this machine map into their memory
    # (deckbuilder.cache.SharedMapCache: a count is read and written in memory, no file written per count). Not the
    # site's database cache: on SQLite every request would then write to the database file and wait behind the deck
    # writes' lock.
    "throttle": dict(_REDIS_CACHE)
    if REDIS_URL
    else {
        "BACKEND": "deckbuilder.cache.SharedMapCache",
        "LOCATION": os.environ.get("THROTTLE_CACHE_DIR", str(VAR_DIR / "throttle-store")),
        "OPTIONS": shared_map_options(THROTTLE_RATES.values()),
    },
}

# The audit trail's Ed25519 signing key (tournaments/signing.py): never in the database. AUDIT_SIGNING_KEY is the
# base64 32-byte seed, or AUDIT_SIGNING_KEY_FILE a file holding it. Empty: the user's configuration directory
# (signing.key_file), never VAR_DIR: whoever copies the data directory (the database, its backups) must not get the
# key with it; `check --deploy` warns when the file is there or next to the database (tournaments.W003).
AUDIT_SIGNING_KEY = os.environ.get("AUDIT_SIGNING_KEY", "")
AUDIT_SIGNING_KEY_FILE = os.environ.get("AUDIT_SIGNING_KEY_FILE", "")
AUDIT_SIGNING_KEY_CREATE = env_bool("AUDIT_SIGNING_KEY_CREATE", True)
AUDIT_RETIRED_PUBLIC_KEYS = env_list("AUDIT_RETIRED_PUBLIC_KEYS", "")  # after a rotation: the old public halves

# Celery: the embedded default needs no server (kombu's SQLAlchemy transport on an SQLite file);
# production sets CELERY_BROKER_URL=redis://...
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", f"sqla+sqlite:///{VAR_DIR / 'celery-broker.sqlite3'}")
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or None
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
# The queue tasks go to, the follow-up chunks a worker sends included (a worker started with -Q must see them).
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "celery")
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Sending a task must fail fast when the broker is away (the API then answers 503 QUEUE_UNAVAILABLE), not hang.
CELERY_BROKER_CONNECTION_TIMEOUT = float(os.environ.get("CELERY_BROKER_CONNECTION_TIMEOUT", "2"))
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.5}

# Self-healing jobs (deckbuilder/jobs.py): a job is stale when it made no progress for JOBS_STALE_SECONDS; a
# chunk's hard time limit (50 s: a simulation chunk, a re-validation chunk, a legality batch chunk) is under that,
# so a stale job has no task running. The sweep (Celery beat, and the worker's start-up) re-sends it:
# a lost chunk comes back within JOBS_STALE_SECONDS + JOBS_SWEEP_INTERVAL_SECONDS (75 s).
JOBS_STALE_SECONDS = int(os.environ.get("JOBS_STALE_SECONDS", "60"))
JOBS_SWEEP_INTERVAL_SECONDS = float(os.environ.get("JOBS_SWEEP_INTERVAL_SECONDS", "15"))
JOBS_MAX_ATTEMPTS = int(os.environ.get("JOBS_MAX_ATTEMPTS", "5"))  # a chunk or job lost this often fails its run
# A sweep not run within one interval is dropped (`expires`): a backlog of sweeps never queues before real work.
_SWEEP = {"schedule": JOBS_SWEEP_INTERVAL_SECONDS, "options": {"expires": JOBS_SWEEP_INTERVAL_SECONDS}}
CELERY_BEAT_SCHEDULE = {
    "simulations-resume-stale": {"task": "simulations.resume_stale", **_SWEEP},
    "tournaments-resume-stale": {"task": "tournaments.resume_stale", **_SWEEP},
    "regulations-resume-stale": {"task": "regulations.resume_stale", **_SWEEP},
}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
if CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    # acks_late on Redis: a message held by a worker that died is redelivered once it has been unacknowledged
    # for visibility_timeout seconds. It must exceed the longest hard time limit (50 s, the chunk tasks),
    # the sweep above usually resumes the job first.
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "150")),
        "unacked_restore_interval": int(os.environ.get("CELERY_UNACKED_RESTORE_INTERVAL", "10")),
        "unacked_restore_throttle": int(os.environ.get("CELERY_UNACKED_RESTORE_THROTTLE", "1")),
    }

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
