# make run: venv, install, database, production server.  make test: everything the suite needs, then the suite.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 2
THREADS ?= 8
export FLASK_APP := scorekeeper

.PHONY: bench-pdf bench-runs bench-solver run test install test-deps runtime-deps system-deps translations messages clean bench soak

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# The install compiles the claim solver's search with Cython (setup.py; plain Python where it cannot).
EXTRAS ?=
# (setuptools warns that a folder named like the package could shadow it: this one is the package)
install: $(BIN)/python
	PYTHONWARNINGS="ignore:Editable installation" $(BIN)/pip install --quiet -e '.$(EXTRAS)'
	$(MAKE) --no-print-directory translations

translations:
	$(BIN)/pybabel compile -d scorekeeper/translations

messages: $(BIN)/python
	$(BIN)/pybabel extract -F babel.cfg -k N_ -k _l -o scorekeeper/translations/messages.pot .
	$(BIN)/pybabel update -i scorekeeper/translations/messages.pot -d scorekeeper/translations

run: runtime-deps install
	$(BIN)/flask init-db
	$(BIN)/gunicorn --config python:scorekeeper.serving --workers $(WORKERS) --threads $(THREADS) --bind $(HOST):$(PORT) \
		--no-control-socket --access-logfile - "scorekeeper:create_app()"

# Debian packages: the PDF's Japanese font and fast font subsetting; the tests add the browser, pdftotext
# and pdftoppm, and zbarimg (reads the printed QR codes back).
# What compiles the solver, where this Python lacks it (its headers, a C compiler).
BUILD_DEBS := $(shell $(PYTHON) -c "import os, shutil, sysconfig; \
	print('python3-dev' * (not os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h'))), \
	      'gcc' * (shutil.which('cc') is None))" 2>/dev/null)
RUNTIME_DEBS := fonts-ipafont-gothic libharfbuzz-subset0 $(BUILD_DEBS)
TEST_DEBS := $(RUNTIME_DEBS) chromium poppler-utils zbar-tools
define apt_ensure
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing Debian packages:$$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	else echo "please install these Debian packages (as root):$$missing"; fi
endef

runtime-deps:
	$(call apt_ensure,$(RUNTIME_DEBS))

system-deps:
	$(call apt_ensure,$(TEST_DEBS))

test-deps: system-deps
	$(MAKE) --no-print-directory install EXTRAS='[test]'

# The 25 slowest tests are listed at the end: CI must stay well within 30 minutes.
test: test-deps
	$(BIN)/python -m pytest --durations=25

# About 12 minutes, loopback only, temporary database: one table on stdout, bench/results.json
# (the claim solver's cases included; `make bench-solver` runs those alone).
bench: runtime-deps install
	$(BIN)/python -m bench.run

# The PDF's rows alone (about 3 minutes): one sheet against a plain render, the two 100-sheet booklets.
bench-pdf: runtime-deps install
	$(BIN)/python -m bench.run --pdf-only

# `make bench` three times back to back (about 45 minutes), their targeted rows side by side for docs/performance.md.
bench-runs: runtime-deps install
	$(BIN)/python -m bench.history --runs 3

# The claim solver's cases alone, every recorded answer checked (several minutes: best points from a full deal are slow).
bench-solver: install
	$(BIN)/python bench/solver_bench.py

# The slow fault tests: SIGKILL mid-write with `make run`'s 4 workers, 10 rounds; 200 fuzz examples per route;
# every page's accessibility check in every language on a phone and a desk (`make test`: a phone, in English).
SOAK_ROUNDS ?= 10
soak: test-deps
	SCOREKEEPER_SOAK_ROUNDS=$(SOAK_ROUNDS) SCOREKEEPER_FUZZ=soak $(BIN)/python -m pytest -p no:cacheprovider \
		tests/test_faults.py tests/test_fuzz.py tests/test_api_fuzz.py tests/browser/test_every_page.py

clean:
	rm -rf $(VENV) build *.egg-info scorekeeper/*/*.so
