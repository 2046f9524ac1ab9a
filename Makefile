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

.PHONY: serve site test bench examples chromium clean

$(STAMP): requirements.txt constraints.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q -r requirements.txt -c constraints.txt
	@touch $@

# Debian's Chromium for the browser tests (Playwright cannot download browsers here).
chromium:
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; }

site: $(STAMP)
	$(BIN)/mkdocs build --strict

serve: site
	@echo "Serving the site on http://127.0.0.1:$(PORT)/ (Ctrl-C stops)"
	$(BIN)/python -m http.server $(PORT) --bind 127.0.0.1 --directory site

test: $(STAMP) chromium
	$(BIN)/python -m pytest -n 2 tests

bench: $(STAMP)
	$(BIN)/python tests/bench.py

examples: $(STAMP)
	cd engine && ../$(BIN)/python -m parlour examples --regenerate --dir ../docs/examples

clean:
	rm -rf site $(VENV)
