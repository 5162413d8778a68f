# The two commands of README: `make run` (set up and serve) and `make test` (set up and test).
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
# Debian packages the product and its tests need: WeasyPrint's Pango, a font with
# card suits, and the Chromium that the browser tests drive.
DEBS := chromium libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core

.PHONY: run test test-postgres setup system-deps catalogs extract update-catalogs migrate lint bench clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $@

setup: $(BIN)/.installed catalogs

system-deps:
	@missing=""; for p in $(DEBS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

catalogs: $(BIN)/.installed
	@if ls translations/*/LC_MESSAGES/messages.po >/dev/null 2>&1; then \
	  $(BIN)/pybabel -q compile -d translations -D messages; fi

extract: $(BIN)/.installed
	$(BIN)/pybabel -q extract -F babel.cfg -k _l -k N_ -o translations/messages.pot .

update-catalogs: extract
	$(BIN)/pybabel -q update -i translations/messages.pot -d translations --no-fuzzy-matching

migrate: setup
	$(BIN)/scorekeeper db upgrade

run: system-deps setup migrate
	$(BIN)/scorekeeper serve --host $(HOST) --port $(PORT)

lint: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/mypy --strict scorekeeper

test: system-deps setup lint
	$(BIN)/pytest -q

# The web and browser tests again, on a local PostgreSQL server (Debian's postgresql,
# installed and started here when missing; a throwaway database owned by `scorekeeper`).
PG_URL ?= postgresql+psycopg://scorekeeper:scorekeeper@127.0.0.1/scorekeeper_test
test-postgres: setup
	@dpkg -s postgresql >/dev/null 2>&1 || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }
	@pg_lsclusters -h | grep -q online || pg_ctlcluster $$(pg_lsclusters -h | head -1 | cut -d' ' -f1) main start
	@su postgres -c "psql -qtc \"SELECT 1 FROM pg_roles WHERE rolname='scorekeeper'\"" | grep -q 1 || \
	  su postgres -c "psql -qc \"CREATE ROLE scorekeeper LOGIN PASSWORD 'scorekeeper'\""
	@su postgres -c "psql -qtc \"SELECT 1 FROM pg_database WHERE datname='scorekeeper_test'\"" | grep -q 1 || \
	  su postgres -c "createdb -O scorekeeper scorekeeper_test"
	SCOREKEEPER_TEST_DATABASE_URL=$(PG_URL) $(BIN)/pytest -q tests/web tests/browser

bench: setup migrate
	@dpkg -s wrk >/dev/null 2>&1 || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; } || true
	$(BIN)/python bench/referee.py
	$(BIN)/python bench/pdf.py
	-$(BIN)/python bench/web.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
