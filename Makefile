# Quick start: `make run` serves the app, `make test` runs every check.
# Both create the local .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint typecheck unit browser-deps bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	mkdir -p data
	$(BIN)/alembic upgrade head
	HOST=$(HOST) PORT=$(PORT) $(BIN)/python -m app

# Browser tests need Debian's Chromium; install it when missing and we may.
browser-deps:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
	      || echo "warning: could not install chromium; browser tests will be skipped"; \
	  elif command -v sudo >/dev/null; then \
	    (sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
	      || echo "warning: could not install chromium; browser tests will be skipped"; \
	  else echo "warning: /usr/bin/chromium missing and no root; browser tests will be skipped"; fi; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check app tests bench alembic tools
	$(BIN)/mypy
	@if [ -x $(BIN)/hadolint ]; then $(BIN)/hadolint --failure-threshold warning Dockerfile; \
	else echo "hadolint has no wheel for this platform: Dockerfile not linted"; fi

test: $(STAMP) browser-deps lint
	$(BIN)/python -m pytest -n 2 -q

bench: $(STAMP)
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
