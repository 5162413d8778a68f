# The two commands of README: `make run` (set up and serve) and `make test` (set up and test).
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
# Debian packages serving needs: WeasyPrint's Pango and a font with card suits; ICU
# and what PyICU is built with (it comes from PyPI as source); the tests also drive
# Debian's Chromium.
RUN_DEBS := libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core libicu-dev pkg-config g++
TEST_DEBS := $(RUN_DEBS) chromium poppler-utils zbar-tools
# Serving installs the app alone (plus the PostgreSQL driver when DATABASE_URL names
# PostgreSQL); the tests install the test tools and the driver too.
POSTGRES := $(if $(filter postgresql%,$(DATABASE_URL)),postgres,)
RUN_EXTRAS := $(if $(POSTGRES),[postgres],)

.PHONY: run test test-postgres setup setup-test system-deps system-deps-test catalogs pack extract \
	update-catalogs migrate lint bench clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(BIN)/.installed-run$(POSTGRES): pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install -q -e '.$(RUN_EXTRAS)'
	touch $@

$(BIN)/.installed-test: pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install -q -e '.[test,postgres]'
	touch $@

setup: $(BIN)/.installed-run$(POSTGRES) catalogs pack
setup-test: $(BIN)/.installed-test catalogs pack

# From the npm registry, pinned in package-lock.json: Pyodide, which the offline pack
# serves from the app's own static files; axe-core, which the browser tests inject into
# the pages they check (never served by the app); ESLint, and fake-indexeddb for the
# service worker's unit tests.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The offline pack (scorekeeper/static/pack/): Pyodide and the referee with its compiled
# catalogs, for the phone's own referee; rewritten only where a file changed.
pack: node_modules/.package-lock.json catalogs
	$(BIN)/python tools/offline_pack.py

define install_debs
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

# npm installs the front-end pieces; Debian's nodejs and npm when no npm is there at all
# (a Node.js from elsewhere brings its own npm, which Debian's npm package would conflict with).
system-deps:
	$(call install_debs,$(RUN_DEBS))
	@command -v npm >/dev/null 2>&1 || { echo "installing Debian packages: nodejs npm"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; }

system-deps-test: system-deps
	$(call install_debs,$(TEST_DEBS))

# Babel comes with the app itself, so serving and testing both compile the catalogs: each
# one only when its .po changed, written beside and then moved into place, so that a
# process reading the catalogs meanwhile (the PostgreSQL pass beside `make test`) never
# meets a half-written file.
CATALOGS := $(patsubst %.po,%.mo,$(wildcard translations/*/LC_MESSAGES/messages.po))
catalogs: $(CATALOGS)

translations/%/LC_MESSAGES/messages.mo: translations/%/LC_MESSAGES/messages.po | $(VENV)/bin/python
	@test -x $(BIN)/pybabel || $(BIN)/pip install -q babel
	@$(BIN)/pybabel -q compile -l $* -i $< -o $@.part && mv $@.part $@

extract: setup-test
	$(BIN)/pybabel -q extract -F babel.cfg -k _l -k N_ -o translations/messages.pot .

update-catalogs: extract
	$(BIN)/pybabel -q update -i translations/messages.pot -d translations --no-fuzzy-matching

migrate: setup
	$(BIN)/scorekeeper db upgrade

run: system-deps setup migrate
	$(BIN)/scorekeeper serve --host $(HOST) --port $(PORT) $(if $(WORKERS),--workers $(WORKERS),)

# ESLint (pinned in package.json) reads the app's JavaScript, the service worker's included.
lint: setup-test
	$(BIN)/ruff check .
	$(BIN)/mypy --strict scorekeeper
	node_modules/.bin/eslint -c tools/eslint.config.mjs scorekeeper/static/js tests/js

# The service worker's outbox and set-up code unit-tested on Node's own runner, then pytest
# on three processes (pytest-xdist), one more than the two cores: the browser tests spend
# much of their time waiting on their pages, and a third process fills it. The tests are
# handed out one by one and an idle process takes half of a busy one's queue (xdist's
# worksteal), so that no long test file is left to run alone at the end; a module fixture
# is then made again on each process that runs a test of its file. Each process has its
# own browser, and every server a test starts takes a free port. TEST_WORKERS=0 runs
# pytest in one process.
TEST_WORKERS ?= 3
test: system-deps-test setup-test lint
	node --test tests/js/
	$(BIN)/pytest -q --durations=25 -n $(TEST_WORKERS) --dist worksteal

# The web and browser tests again, on a local PostgreSQL server (Debian's postgresql,
# installed and started here when missing; throwaway databases owned by `scorekeeper`, one
# per pytest-xdist process: scorekeeper_test_gw0, _gw1, _gw2, made by the tests' set-up).
PG_URL ?= postgresql+psycopg://scorekeeper:scorekeeper@127.0.0.1/scorekeeper_test
# The browser tests drive the same pages whatever the database: one of them, a match played
# through to its winner, runs on PostgreSQL too; the stateless referee API runs once, in
# `make test`, and so does every test that does not use the test database or is marked
# `any_database` (tests/conftest.py).
PG_TESTS := tests/web --ignore=tests/web/test_web_openapi.py \
  tests/browser/test_browser_match.py::test_a_whole_match_fix_an_old_deal_reach_the_target
test-postgres: setup-test
	@dpkg -s postgresql >/dev/null 2>&1 || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }
	@pg_lsclusters -h | grep -q online || pg_ctlcluster $$(pg_lsclusters -h | head -1 | cut -d' ' -f1) main start
	@su postgres -c "psql -qtc \"SELECT 1 FROM pg_roles WHERE rolname='scorekeeper'\"" | grep -q 1 || \
	  su postgres -c "psql -qc \"CREATE ROLE scorekeeper LOGIN PASSWORD 'scorekeeper'\""
	@su postgres -c "psql -qc \"ALTER ROLE scorekeeper CREATEDB\""
	@su postgres -c "psql -qtc \"SELECT 1 FROM pg_database WHERE datname='scorekeeper_test'\"" | grep -q 1 || \
	  su postgres -c "createdb -O scorekeeper scorekeeper_test"
	SCOREKEEPER_TEST_DATABASE_URL=$(PG_URL) $(BIN)/pytest -q --durations=25 -n $(TEST_WORKERS) \
	  --dist worksteal $(PG_TESTS)

bench: system-deps-test setup-test migrate
	@dpkg -s wrk >/dev/null 2>&1 || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; } || true
	$(BIN)/python bench/referee.py
	$(BIN)/python bench/pdf.py
	-$(BIN)/python bench/web.py
	-$(BIN)/python bench/tables.py
	-$(BIN)/python bench/offline.py

clean:
	rm -rf $(VENV) .pytest_cache .pytest_cache_postgres .mypy_cache .ruff_cache scorekeeper/static/pack
