# SPDX-License-Identifier: MIT
# Every entry point a person types. Python 3.11+ is needed (each target
# builds the project's own virtual environment first); test and bench also
# need Node.js 20+ and npm, for the 32-bit MicroPython (npm ci).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
PORT ?=
# setuptools says "Editable installation... be careful with folders named
# like your package" on every editable install with package-dir mappings
# (ours maps three source roots): information, not a problem, so a fresh
# set-up hides it. Other warnings still show.
PIP_QUIET := PYTHONWARNINGS="ignore:Editable installation"

.PHONY: venv npm browser tmux postgres test test-board bench sim web deploy smoke guide graph clean

venv: $(STAMP)

# Rebuilt only when the dependency list or the package roots change; the
# install is editable, so source edits need no reinstall.
$(STAMP): pyproject.toml shared/tricktally/__init__.py firmware/tallyboard/__init__.py host/tricktally_host/__init__.py host/tallyfakes/__init__.py
	$(PYTHON) -c 'import sys; sys.exit("TrickTally needs Python 3.11 or newer") if sys.version_info < (3, 11) else None'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(PIP_QUIET) $(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The browser tests (the season report, the board in a browser) and the web
# board's bench need Debian's chromium: installed when missing, and a clear
# stop when it cannot be (never a silently skipped test).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "chromium is missing: installing it with apt-get (needed by the browser tests)"; \
		{ command -v apt-get >/dev/null 2>&1 && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } \
		|| { echo "error: cannot install chromium (run as root on Debian/Ubuntu: apt-get install -y chromium)" >&2; exit 1; }; }

# The terminal simulator's tests read its picture back from a real terminal,
# tmux (a Debian package): installed when missing, a clear stop when it
# cannot be.
tmux:
	@command -v tmux >/dev/null 2>&1 || { \
		echo "tmux is missing: installing it with apt-get (needed by the terminal simulator's tests)"; \
		{ command -v apt-get >/dev/null 2>&1 && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux >/dev/null; } \
		|| { echo "error: cannot install tmux (run as root on Debian/Ubuntu: apt-get install -y tmux)" >&2; exit 1; }; }

# The database tests run every command on PostgreSQL as well as SQLite, on
# a real server (Debian's postgresql package) the tests start themselves as
# an unprivileged user in a temporary folder (tests/host/pg_server.py):
# installed when missing, a clear stop when it cannot be.
postgres:
	@ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || command -v postgres >/dev/null 2>&1 || { \
		echo "PostgreSQL is missing: installing it with apt-get (needed by the database tests)"; \
		{ command -v apt-get >/dev/null 2>&1 && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; } \
		|| { echo "error: cannot install PostgreSQL (run as root on Debian/Ubuntu: apt-get install -y postgresql)" >&2; exit 1; }; }

# The 32-bit tests and figures run on the official MicroPython WebAssembly
# port, an npm package pinned in package.json / package-lock.json.
npm: $(NODE_STAMP)

$(NODE_STAMP): package.json package-lock.json
	@command -v node >/dev/null 2>&1 || { echo "The 32-bit tests need Node.js 20 or newer: install it (Debian: apt-get install nodejs npm)" >&2; exit 1; }
	@node -e 'process.exit(parseInt(process.versions.node) >= 20 ? 0 : 1)' || { echo "The 32-bit tests need Node.js 20 or newer; this is $$(node --version): upgrade it" >&2; exit 1; }
	@command -v npm >/dev/null 2>&1 || { echo "The 32-bit tests need npm (Debian: apt-get install npm)" >&2; exit 1; }
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

test: venv npm browser tmux postgres
	$(BIN)/python -m pytest

# The device test payloads on an attached board through mpremote; prints
# the board's own figures (hardware/README.md).
test-board: venv
	$(BIN)/python -m tests.board $(PORT)

bench: venv npm browser postgres
	$(BIN)/python -m bench

sim: venv
	$(BIN)/tricktally sim

# The board in a browser: the firmware on MicroPython's WebAssembly port
# (from node_modules), served on 127.0.0.1 until Ctrl-C (WEB_PORT=... for
# another port than the command's default).
WEB_PORT ?=
web: venv npm
	$(BIN)/tricktally sim --web $(if $(WEB_PORT),--web-port $(WEB_PORT))

deploy: venv
	$(BIN)/tricktally deploy $(if $(PORT),--port $(PORT))

# The hardware smoke test: on the board with PORT=..., else on the simulator.
smoke: venv
	$(if $(PORT),$(BIN)/mpremote connect $(PORT) exec "import tallyboard.smoke; tallyboard.smoke.run()",$(BIN)/tricktally smoke)

# The quick guides (docs/guide/XX.md) as printable A4 pages: one PNG per
# language and guide.pdf with all of them, in GUIDE_OUT.
GUIDE_OUT ?= build/guide
guide: venv
	$(BIN)/python tools/make_guide.py docs/guide $(GUIDE_OUT)

# The picture of the house (the import graph of shared/ and firmware/) in
# docs/ARCHITECTURE.md, drawn again from the code; tests/test_import_graph.py
# fails while it is stale.
graph: venv
	$(BIN)/python tools/import_graph.py --write

clean:
	rm -rf $(VENV) node_modules bench-results.json .pytest_cache .hypothesis
