# Quick start: `make run` serves the app (`make run HOST=0.0.0.0` for a phone on the same
# network: it prints the address to open), `make test` runs every check: `make check` (lint,
# types), then the four test lanes, one folder of tests/ each: `make unit` (the engine and
# the pure code), `make web` (the app over HTTP), `make browser` (Chromium), `make ops`
# (migrations, PostgreSQL, processes, restarts). docs/development.md says more.
# Both create the local .venv on first use, from the hashed lock files in requirements/:
# `make run` installs only what the server needs (runtime.txt); `make test` adds the test
# tools (dev.txt). After changing dependencies in pyproject.toml, run `make lock`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUNTIME_STAMP := $(VENV)/.runtime-stamp
DEV_STAMP := $(VENV)/.dev-stamp
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check --require-hashes --no-deps
HOST ?= 127.0.0.1
PORT ?= 8000
# `make lock` resolves for every platform and Python >= 3.11 (the image runs 3.11).
UV_COMPILE := $(BIN)/uv pip compile --quiet --universal --python-version 3.11 \
	--generate-hashes \
	--custom-compile-command "make lock   (after any change to the dependencies in pyproject.toml)"

.PHONY: run run-core test check lint unit web browser ops browser-deps proxy-deps bench strength strength-eaai lock messages tags release-prepare release release-fixture backup restore clean fast fast-clean core

$(BIN)/python:
	@echo "make: creating the virtual environment $(VENV) ($(PYTHON) -m venv)"
	$(PYTHON) -m venv $(VENV)

# The project itself is not built or installed: a .pth file puts this checkout on the
# venv's path (what an editable install does, without fetching a build backend).
$(RUNTIME_STAMP): requirements/runtime.txt | $(BIN)/python
	@echo "make: installing the server's packages from requirements/runtime.txt (hashes checked)"
	$(PIP) -r requirements/runtime.txt
	@$(BIN)/python -c "import site, sys; open(site.getsitepackages()[0] + '/gin-rummy-checkout.pth', 'w').write(sys.argv[1] + '\n')" "$(CURDIR)"
	@touch $@

$(DEV_STAMP): requirements/dev.txt $(RUNTIME_STAMP)
	@echo "make: installing the test tools from requirements/dev.txt (hashes checked)"
	$(PIP) -r requirements/dev.txt
	@touch $@

# The engine's compiled core (docs/strength.md, tools/fast_core.py): the play-outs'
# modules compiled with mypyc from the same source, C extensions beside the .py files
# (never committed). `make fast` builds it (mypyc comes with mypy, the dev extra; it needs
# a C compiler and Python's headers; about 10 s on one core), `make fast-clean` removes it.
# `make run` and the test lanes build it when they can (`core`: nothing when it is up to
# date) and otherwise run the pure engine, saying so; FAST_CORE_REQUIRED=1 (CI) makes a
# failed build an error.
fast: $(DEV_STAMP)
	$(BIN)/python tools/fast_core.py build

fast-clean: | $(BIN)/python
	$(BIN)/python tools/fast_core.py clean

# (After the test tools, which bring mypyc: `make -j2 test` builds it beside `make lint`.)
core: | $(DEV_STAMP)
	@$(BIN)/python tools/fast_core.py build --if-possible

# `make run` builds the core whenever a C compiler and Python's headers are there: it
# installs the build's own packages (requirements/tools.txt's setuptools and
# requirements/core.txt's mypyc, hashes checked) into the venv first; otherwise it says so
# in one line and serves the pure engine (as it does when mypyc cannot be installed).
CORE_STAMP := $(VENV)/.core-stamp
$(CORE_STAMP): requirements/core.txt requirements/tools.txt $(RUNTIME_STAMP)
	@echo "make: installing the compiled core's build (mypyc) from requirements/core.txt"
	$(PIP) -r requirements/tools.txt
	$(PIP) -r requirements/core.txt
	@touch $@

run-core: $(RUNTIME_STAMP)
	@if $(BIN)/python tools/fast_core.py can-build; then \
	  if $(MAKE) -s --no-print-directory $(CORE_STAMP); then \
	    $(BIN)/python tools/fast_core.py build --if-possible; \
	  else echo "engine: could not install mypyc (requirements/core.txt): the pure Python engine runs"; fi; \
	fi

run: $(RUNTIME_STAMP) run-core
	@mkdir -p data
	@echo "make: migrating the database (alembic upgrade head)"
	$(BIN)/alembic upgrade head
	@echo "make: serving on http://$(HOST):$(PORT)$${BASE_PATH:-}/ (Ctrl-C stops)"
	@$(BIN)/python tools/lan_address.py "$(HOST)" "$(PORT)" "$${BASE_PATH:-}"
	HOST=$(HOST) PORT=$(PORT) $(BIN)/python -m app

# Browser tests need Debian's Chromium: its headless shell drives the browser lane (a
# quarter less CPU than the full browser), the full browser what only a real window does
# (tests/support/chromium.py). Install the missing ones when we may.
BROWSER_PACKAGES := chromium:/usr/bin/chromium chromium-headless-shell:/usr/lib/chromium/chromium-headless-shell
browser-deps:
	@missing=""; for pair in $(BROWSER_PACKAGES); do [ -x "$${pair#*:}" ] || missing="$$missing $${pair%%:*}"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null) \
	      || echo "warning: could not install$$missing; browser tests will be skipped or slower"; \
	  elif command -v sudo >/dev/null; then \
	    (sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null) \
	      || echo "warning: could not install$$missing; browser tests will be skipped or slower"; \
	  else echo "warning:$$missing missing and no root; browser tests will be skipped or slower"; fi; \
	fi

# The ops lane runs the app behind Debian's nginx and Caddy (tests/ops/test_behind_a_proxy.py);
# install them when missing and we may (the tests do the same, or skip saying why).
proxy-deps:
	@for pair in nginx:nginx caddy:caddy; do prog=$${pair%%:*}; pkg=$${pair##*:}; \
	  if ! command -v $$prog >/dev/null && [ ! -x /usr/sbin/$$prog ]; then \
	    if [ "$$(id -u)" = 0 ]; then \
	      (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$pkg >/dev/null) \
	        || echo "warning: could not install $$pkg; its proxy tests will be skipped"; \
	    elif command -v sudo >/dev/null; then \
	      (sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$pkg >/dev/null) \
	        || echo "warning: could not install $$pkg; its proxy tests will be skipped"; \
	    else echo "warning: $$prog missing and no root; its proxy tests will be skipped"; fi; \
	  fi; \
	done

# Lint, types and the import contracts between the packages (pyproject.toml,
# [tool.importlinter]); `make lint` adds the Dockerfile.
check: $(DEV_STAMP)
	$(BIN)/ruff check app tests bench alembic tools
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache
	$(BIN)/python tools/check_catalogues.py

lint: check
	@if [ -x $(BIN)/hadolint ]; then $(BIN)/hadolint --failure-threshold warning Dockerfile; \
	else echo "hadolint has no wheel for this platform: Dockerfile not linted"; fi

# The lanes: each runs the tests of one folder on two processes and prints pytest's summary
# (a lane never collects nothing: the lane folders are not empty, and tests/conftest.py
# refuses a test file outside them). PYTEST_ARGS adds options, e.g.
# `make web PYTEST_ARGS="-k friend -x"`.
# Each lane's processes (pytest-xdist workers): two, one a CPU; WORKERS_<lane> sets
# another count (e.g. `make browser WORKERS_browser=3`: on a clean clone, three browser
# workers beside the ops lane saved nothing and two waits timed out, docs/development.md
# "Timings"). The ops lane takes three: its tests wait on servers they start and on
# their clients (1.7 of 2 cores busy with two workers): 193 → 167 s alone on a quiet
# machine, all green.
WORKERS_ops ?= 3
LANES := unit web ops browser
PYTEST_ARGS ?=
LANE_PYTEST = $(BIN)/python -m pytest -n $(or $(WORKERS_$(1)),2) --dist worksteal -q $(PYTEST_ARGS)
# The same in the shell, for the lane named by $$lane (`make test`'s loops).
LANE_WORKERS := $(foreach lane,$(LANES),$(lane)=$(or $(WORKERS_$(lane)),2))
SHELL_LANE_PYTEST = n=2; for pair in $(LANE_WORKERS); do [ "$${pair%%=*}" = "$$lane" ] && n=$${pair\#*=}; done; \
  $(BIN)/python -m pytest -n $$n --dist worksteal -q $(PYTEST_ARGS) tests/$$lane

unit web: $(DEV_STAMP) core
	$(call LANE_PYTEST,$@) tests/$@

ops: $(DEV_STAMP) proxy-deps core
	$(call LANE_PYTEST,$@) tests/$@

browser: $(DEV_STAMP) browser-deps core
	$(call LANE_PYTEST,$@) tests/$@

# Every lane runs even when one fails (each prints its summary); the exit status says
# whether all passed. Each lane's time is printed after it. TEST_STEPS: the steps, one
# after another; lanes joined by "+" run side by side in their step, the first printing
# as it goes, each other writing into a file printed whole when it ends (no two lanes'
# lines mix). The default runs the lanes one after another: the ops lane beside the web
# lane (`"unit web+ops browser"`) took longer than both one after the other (its servers'
# starts compete with the web lane for the CPU), and beside the browser lane, whose waits
# are 10 s, two of them timed out (docs/development.md, "Timings").
TEST_STEPS ?= unit web ops browser
TEST_STEP_LANES := $(subst +, ,$(TEST_STEPS))
ifneq ($(filter test,$(MAKECMDGOALS)),)
ifneq ($(sort $(TEST_STEP_LANES)) $(words $(TEST_STEP_LANES)),$(sort $(LANES)) $(words $(LANES)))
$(error TEST_STEPS="$(TEST_STEPS)" must name each lane of $(LANES) once)
endif
endif
test: $(DEV_STAMP) browser-deps proxy-deps lint core
	@logs=$$(mktemp -d); failed=""; \
	for step in $(TEST_STEPS); do \
	  first=$${step%%+*}; beside=$$(echo "$$step" | tr + ' '); beside=$${beside#$$first}; \
	  jobs=""; \
	  for lane in $$beside; do \
	    echo "make: the $$lane lane (tests/$$lane) runs beside the $$first lane; its output follows when it ends"; \
	    ( start=$$(date +%s); status=0; { $(SHELL_LANE_PYTEST); } >$$logs/$$lane.log 2>&1 || status=$$?; \
	      echo "$$status $$(( $$(date +%s) - start ))" >$$logs/$$lane.done ) & \
	    jobs="$$jobs $$!"; \
	  done; \
	  lane=$$first; start=$$(date +%s); echo "make: the $$lane lane (tests/$$lane)"; \
	  { $(SHELL_LANE_PYTEST); } || failed="$$failed $$lane"; \
	  echo "make: the $$lane lane took $$(( $$(date +%s) - start )) s"; \
	  wait $$jobs; \
	  for lane in $$beside; do \
	    read status seconds <$$logs/$$lane.done; \
	    echo "make: the $$lane lane (tests/$$lane), run beside the $$first lane:"; cat $$logs/$$lane.log; \
	    [ "$$status" = 0 ] || failed="$$failed $$lane"; \
	    echo "make: the $$lane lane took $$seconds s"; \
	  done; \
	  if [ -n "$$beside" ]; then echo "make: the step $$step took $$(( $$(date +%s) - start )) s"; fi; \
	done; \
	rm -rf $$logs; \
	if [ -n "$$failed" ]; then echo "make: failed lanes:$$failed"; exit 1; fi

bench: $(DEV_STAMP)
	$(BIN)/python bench/engine.py

# Re-resolve the lock files from pyproject.toml (newest versions allowed by it) and
# requirements/tools.in (the image's pip and setuptools), with hashes. Needs uv, which
# is installed into the venv for this.
# Translations (docs/translating.md): extract every message of the code and templates into
# app/locale/messages.pot, then update (or start) each language's catalogue.
LANGUAGES := de es fr it pt
messages: $(DEV_STAMP)
	$(BIN)/pybabel --quiet extract -F babel.cfg --no-location --sort-output --project=gin-rummy \
	  --copyright-holder="Gin Rummy contributors" --msgid-bugs-address="" \
	  --add-comments=Translators: -k gettext -k ngettext:1,2 -k N_ -k pgettext:1c,2 -k NC_:1c,2 \
	  -o app/locale/messages.pot .
	@for l in $(LANGUAGES); do \
	  if [ -f app/locale/$$l/LC_MESSAGES/messages.po ]; then \
	    $(BIN)/pybabel --quiet update --no-fuzzy-matching -i app/locale/messages.pot -d app/locale -l $$l; \
	  else $(BIN)/pybabel --quiet init -i app/locale/messages.pot -d app/locale -l $$l; fi; \
	done
	@echo "make: catalogues updated; translate the empty msgstr entries in app/locale/*/LC_MESSAGES/messages.po"

lock: | $(BIN)/python
	@echo "make: installing uv (the lock tool) into $(VENV)"
	$(BIN)/python -m pip install --quiet --disable-pip-version-check 'uv>=0.9'
	$(UV_COMPILE) pyproject.toml --extra postgres -o requirements/runtime.txt
	$(UV_COMPILE) pyproject.toml --extra postgres --extra dev -o requirements/dev.txt
	$(UV_COMPILE) requirements/tools.in -o requirements/tools.txt
	$(UV_COMPILE) requirements/core.in -c requirements/dev.txt -o requirements/core.txt
	@echo "make: requirements/*.txt refreshed; review with git diff, then run make test"

# The strength table (issue 13): hours of one CPU at full size; results accumulate in
# bench/results/strength.jsonl.gz and docs/strength.md is rewritten after every cell.
# Cheap levels: PAIRS mirrored pairs per seed series; slow ones: MINUTES per cell.
PAIRS ?= 1000
MINUTES ?= 15
STRENGTH := nice -n 10 $(BIN)/python bench/strength.py table --workers 1
strength: $(DEV_STAMP)
	@echo "make: installing OpenSpiel (the bench extra) for its simple bot"
	$(BIN)/python -m pip install --quiet --disable-pip-version-check 'open-spiel>=1.5'
	$(STRENGTH) --pairs $(PAIRS) --cells standard:simple easy:simple
	$(STRENGTH) --pairs 100 --cells simple:openspiel standard:openspiel easy:openspiel
	$(STRENGTH) --pairs $(PAIRS) --minutes $(MINUTES) --cells hard:simple hard:openspiel
	$(STRENGTH) --pairs $(PAIRS) --minutes $(MINUTES) --cells expert:simple expert:hard \
	  expert:openspiel
	$(MAKE) --no-print-directory strength-eaai

# The EAAI panel (issue 51; docs/strength.md, "The EAAI panel"): Expert against jdh8's
# engines (../shared/jdh8: mc:512, the MARJJ surrogate, mc:256, eaai) and, in our harness,
# OpenSpiel's simple bot and Hard, with the seeds and pairs fixed in bench/eaai.py before
# running. Builds jdh8's bridge offline into build/jdh8 (about a minute; rustc/cargo), the
# compiled core (and OpenSpiel, the bench extra, when its matchup is played), then plays
# every pre-registered pair at nice 19 on one core (about a day)
# and renders docs/strength.md from the raw results (bench/results/eaai/*.jsonl).
# EAAI_ARGS adds options: a try is EAAI_ARGS="--only eaai --pairs 2 --results /tmp/eaai".
JDH8 ?= ../shared/jdh8
JDH8_BUILD ?= $(CURDIR)/build/jdh8
EAAI_ARGS ?=
$(JDH8_BUILD)/bin/jdh8-bridge:
	CARGO_JOBS=1 nice -n 19 $(JDH8)/build.sh $(JDH8)/vendor/gin-rummy-engine $(JDH8_BUILD) \
	  $(JDH8)/vendor/gin-rummy

strength-eaai: $(DEV_STAMP) $(JDH8_BUILD)/bin/jdh8-bridge fast
	nice -n 19 $(BIN)/python bench/eaai.py run --jdh8 $(JDH8) \
	  --bridge $(JDH8_BUILD)/bin/jdh8-bridge $(EAAI_ARGS)

# Releases (tools/release.py; docs/development.md, "Releases"). RELEASES records each
# release's commit: `make tags` makes the tag vX.Y.Z of each in this clone (README: install).
# `make release-prepare VERSION=X.Y.Z` commits the release (__version__, CHANGELOG.md's
# heading, the migrations recorded in alembic/released.json); `make release` checks, builds
# the image with its OCI labels, tags the commit, then records it in RELEASES and sets the
# next .dev0 version in a second commit. DRY_RUN=1 checks and prints the commands only (no
# docker needed); NO_IMAGE=1 tags and records without building an image.
# IMAGE (default gin-rummy), SOURCE (the repository's address; default the origin remote),
# PLATFORMS=linux/amd64,linux/arm64 (docker buildx, pushed), PUSH=1.
# `make release-fixture VERSION=X.Y.Z` makes the release's upgrade fixture
# (tools/release_fixture.py; TEST_POSTGRES_URL for its PostgreSQL dump).
IMAGE ?= gin-rummy
RELEASE_ARGS = --image '$(IMAGE)'$(if $(DRY_RUN), --dry-run)$(if $(SOURCE), --source '$(SOURCE)')$(if \
  $(PLATFORMS), --platforms '$(PLATFORMS)')$(if $(PUSH), --push)$(if $(NO_IMAGE), --no-image)
tags:
	$(PYTHON) tools/release.py tags

release-prepare:
	@test -n "$(VERSION)" || { echo "make: say which version: make release-prepare VERSION=X.Y.Z"; exit 1; }
	$(PYTHON) tools/release.py prepare '$(VERSION)'

release:
	$(PYTHON) tools/release.py publish $(RELEASE_ARGS)

# Back up the database DATABASE_URL names (default data/gin.db) into FILE, or restore FILE
# into it and upgrade it (stop the app first): app/backup.py, docs/operating.md "Backups".
backup restore: $(RUNTIME_STAMP)
	@test -n "$(FILE)" || { echo "make: say which file: make $@ FILE=gin-backup.db"; exit 1; }
	$(BIN)/python -m app.backup $@ '$(FILE)'

release-fixture: $(DEV_STAMP)
	@test -n "$(VERSION)" || { echo "make: say which version: make release-fixture VERSION=X.Y.Z"; exit 1; }
	$(BIN)/python tools/release_fixture.py '$(VERSION)'$(if $(CHECKOUT), --checkout '$(CHECKOUT)')$(if \
	  $(TEST_POSTGRES_URL), --postgres-url '$(TEST_POSTGRES_URL)')

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
