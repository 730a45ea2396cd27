# SPDX-License-Identifier: MIT
# Every entry point a person types. Only Python 3.11+ is needed: each target
# builds the project's own virtual environment first.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?=

.PHONY: venv browser test bench sim deploy smoke clean

venv: $(STAMP)

# Rebuilt only when the dependency list or the package roots change; the
# install is editable, so source edits need no reinstall.
$(STAMP): pyproject.toml shared/tricktally/__init__.py firmware/tallyboard/__init__.py host/tricktally_host/__init__.py
	$(PYTHON) -c 'import sys; sys.exit("TrickTally needs Python 3.11 or newer") if sys.version_info < (3, 11) else None'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The report's browser test needs Debian's chromium: installed when missing,
# and a clear stop when it cannot be (never a silently skipped test).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "chromium is missing: installing it with apt-get (needed by the season report's browser test)"; \
		{ command -v apt-get >/dev/null 2>&1 && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } \
		|| { echo "error: cannot install chromium (run as root on Debian/Ubuntu: apt-get install -y chromium)" >&2; exit 1; }; }

test: venv browser
	$(BIN)/python -m pytest

bench: venv
	$(BIN)/python -m bench

sim: venv
	$(BIN)/tricktally sim

deploy: venv
	$(BIN)/tricktally deploy $(if $(PORT),--port $(PORT))

# The hardware smoke test: on the board with PORT=..., else on the simulator.
smoke: venv
	$(if $(PORT),$(BIN)/mpremote connect $(PORT) exec "import tallyboard.smoke; tallyboard.smoke.run()",$(BIN)/tricktally smoke)

clean:
	rm -rf $(VENV) bench-results.json .pytest_cache .hypothesis
