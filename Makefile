# The commands CI and people run. `make run` and `make test` do all the set-up on a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
PORT ?= 8000
PG_URL ?= postgres://postgres@127.0.0.1:5432/deckbuilder
REDIS_URL_TEST ?= redis://127.0.0.1:6379/15

.PHONY: install install-dev run test test-unit test-integration test-browser check lint bench services browser gettext messages clean

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -r requirements.txt
	# A missing or conflicting transitive requirement fails the build, not the deployment: pip's own check, then the
	# documented brokers' and cache's modules imported from requirements.txt alone (deckbuilder/requirements_check.py).
	$(PIP) check
	$(PY) -m deckbuilder.requirements_check
	touch $@

$(VENV)/.installed-dev: requirements-dev.txt $(VENV)/.installed
	$(PIP) install -q -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed

install-dev: $(VENV)/.installed-dev

# The system checks run once, with migrate (each command ran them again: seconds of every start on a loaded machine).
# Duel Masters' data is in before the server starts; the other games' import (import_games, which skips a game whose
# data files and cards are unchanged since its last import) runs beside the server once it answers, so the first page
# never waits for it: their pages say so until it is in, then the web workers are replaced by ones that have their
# catalogues built (deckbuilder/serve.py --import-games). The commands log no SQL (DEBUG=false unless set).
run: install
	export DEBUG=$${DEBUG:-false}; \
	$(PY) -m deckbuilder.run_commands "migrate --noinput" "import_cards --skip-checks" "import_effects --skip-checks" \
		"import_regulations --skip-checks" "collectstatic --noinput -v 0 --skip-checks"
	PORT=$(PORT) $(PY) -m deckbuilder.serve --import-games

# Everything: unit tests (SQLite), integration tests (PostgreSQL, Redis, a Celery worker), browser tests, and the
# API fuzzed against its own OpenAPI schema with every schemathesis check (api/tests/test_schemathesis.py).
test: install-dev services browser gettext
	$(PY) -m pytest -m "not integration and not browser"
	DATABASE_URL=$(PG_URL) REDIS_URL_TEST=$(REDIS_URL_TEST) $(PY) -m pytest -m integration
	$(PY) -m pytest -m browser
	$(PY) -m pytest -m schema

test-unit: install-dev gettext
	$(PY) -m pytest -m "not integration and not browser"

lint: install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

check: lint test

bench: install-dev services
	$(PY) -m bench

# Before and after in one run: `make bench-compare REF=<git revision> AREAS="cards legality simulation"` runs the
# benches of REF's tree and of this one in turn (bench/compare.py) and prints the figures side by side.
bench-compare: install-dev services
	$(PY) -m bench.compare $(REF) $(AREAS)

# Start PostgreSQL and Redis when they are not running (the integration tests use the real services).
services:
	@pg_isready -h 127.0.0.1 -p 5432 -q || pg_ctlcluster --skip-systemctl-redirect $$(ls /etc/postgresql) main start
	@redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 || redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no
	@for i in $$(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
	@psql -h 127.0.0.1 -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname='deckbuilder'" | grep -q 1 \
		|| psql -h 127.0.0.1 -U postgres -c "CREATE DATABASE deckbuilder" >/dev/null

# Debian's Chromium for the browser tests (Playwright drives it; no browser is downloaded by a tool), and a
# Japanese font so that the screenshots the tests save show Japanese text.
browser:
	@command -v chromium >/dev/null 2>&1 && fc-list :lang=ja | grep -q . \
		|| (apt-get update -q && apt-get install -y -q chromium fonts-ipafont-gothic >/dev/null)

# GNU gettext (xgettext, msgfmt): web/tests/test_i18n.py extracts the UI texts with it, `make messages` compiles.
gettext:
	@command -v xgettext >/dev/null 2>&1 && command -v msgfmt >/dev/null 2>&1 \
		|| (apt-get update -q && apt-get install -y -q gettext >/dev/null)

# Collect the UI texts into locale/ja/LC_MESSAGES/*.po (new ones with an empty msgstr to fill in), then compile the
# .mo files, which are committed so that running the site needs no gettext tool (web/README.md, "Languages").
MESSAGE_IGNORES := --ignore=.venv --ignore=var --ignore=artifacts --ignore=staticfiles --ignore='*/tests/*'
messages: gettext
	$(PY) manage.py makemessages -l ja -d django --no-location --no-obsolete $(MESSAGE_IGNORES)
	$(PY) manage.py makemessages -l ja -d djangojs --no-location --no-obsolete $(MESSAGE_IGNORES)
	$(PY) manage.py compilemessages -l ja

clean:
	rm -rf $(VENV) var
