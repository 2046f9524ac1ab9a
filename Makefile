# Two commands on a fresh machine: `make serve` (build and serve the site) and `make test`.
# Both create the virtual environment and install the pinned packages themselves.

SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8000
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export NO_MKDOCS_2_WARNING := 1

# The in-browser side: Pyodide from npm (pinned in playable/package-lock.json) and
# pyodide-build, which needs Python >= 3.12, in a venv of its own.
PYODIDE_PYTHON ?= $(firstword $(wildcard /root/.pyenv/versions/3.13*/bin/python /root/.pyenv/versions/3.12*/bin/python) $(shell command -v python3.13 python3.12 2>/dev/null))
PYVENV := .venv-pyodide
PYSTAMP := $(PYVENV)/.installed
NODESTAMP := playable/node_modules/.installed
PYODIDE_DIST := playable/node_modules/pyodide
RUNTIME := pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip

.PHONY: serve site wheel test bench strengths examples screenshots chromium clean

$(STAMP): requirements.txt constraints.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q -r requirements.txt -c constraints.txt
	@touch $@

# Debian's Chromium for the browser tests (Playwright cannot download browsers here).
chromium:
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; }

$(PYSTAMP): playable/requirements-pyodide.txt
	@test -n "$(PYODIDE_PYTHON)" || { echo "pyodide-build needs Python 3.12 or newer; none was found"; exit 1; }
	@test -x $(PYVENV)/bin/python || $(PYODIDE_PYTHON) -m venv $(PYVENV)
	$(PYVENV)/bin/python -m pip install -q -r playable/requirements-pyodide.txt
	@touch $@

$(NODESTAMP): playable/package.json playable/package-lock.json
	cd playable && npm ci --no-audit --no-fund
	@touch $@

# The engine as a pure-Python wheel, added to a copy of Pyodide's lock file so pages can loadPackage("parlour").
wheel: $(STAMP) $(PYSTAMP) $(NODESTAMP)
	rm -rf build/wheel build/pyodide && mkdir -p build/wheel build/pyodide
	$(BIN)/python -m pip wheel -q --no-deps --no-build-isolation -w build/wheel engine/
	cp $(addprefix $(PYODIDE_DIST)/,$(RUNTIME)) build/wheel/parlour-*.whl build/pyodide/
	cd build/pyodide && ../../$(PYVENV)/bin/pyodide lockfile add-wheels \
		--input ../../$(PYODIDE_DIST)/pyodide-lock.json --output pyodide-lock.json --base-path . parlour-*.whl
	rm -rf engine/build engine/*.egg-info

# hooks/publish.py copies build/pyodide into site/pyodide and versions the service worker.
# SITE_URL=https://example.org/cards/ make site  builds for the address the site is published at.
site: wheel
	$(BIN)/mkdocs build --strict

serve: site
	@echo "Serving the site on http://127.0.0.1:$(PORT)/ (Ctrl-C stops)"
	$(BIN)/python -m http.server $(PORT) --bind 127.0.0.1 --directory site

test: site chromium
	$(BIN)/python -m pytest -n 2 --dist worksteal tests

# OpenSpiel, for the speed comparison only, in a venv of its own (the project never imports it).
BENCH_PYTHON ?= $(firstword $(wildcard /root/.pyenv/versions/3.11*/bin/python) $(shell command -v python3.11 2>/dev/null) $(PYTHON))
BENCHVENV := .venv-bench
BENCHSTAMP := $(BENCHVENV)/.installed

$(BENCHSTAMP): tests/requirements-openspiel.txt
	@test -x $(BENCHVENV)/bin/python || $(BENCH_PYTHON) -m venv $(BENCHVENV)
	$(BENCHVENV)/bin/python -m pip install -q -r tests/requirements-openspiel.txt
	@touch $@

bench: site chromium $(BENCHSTAMP)
	$(BIN)/python tests/bench.py

# The strength table on every game page (docs/strengths.json); one game: python tests/strengths.py --game hearts
strengths: $(STAMP)
	$(BIN)/python tests/strengths.py

# Every game's live table on a desk and on a phone, as pictures in screenshots/ (linked from the README).
screenshots: site chromium
	$(BIN)/python tests/screenshots.py

examples: $(STAMP)
	cd engine && ../$(BIN)/python -m parlour examples --regenerate --dir ../docs/examples

clean:
	rm -rf site build $(VENV) $(PYVENV) playable/node_modules
