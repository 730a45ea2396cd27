# SPDX-License-Identifier: MIT
# Every entry point a person types. Only Python 3.11+ is needed: each target
# builds the project's own virtual environment first.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?=
# setuptools says "Editable installation... be careful with folders named
# like your package" on every editable install with package-dir mappings
# (ours maps three source roots): information, not a problem, so a fresh
# set-up hides it. Other warnings still show.
PIP_QUIET := PYTHONWARNINGS="ignore:Editable installation"

.PHONY: venv test bench sim deploy smoke clean

venv: $(STAMP)

# Rebuilt only when the dependency list or the package roots change; the
# install is editable, so source edits need no reinstall.
$(STAMP): pyproject.toml shared/tricktally/__init__.py firmware/tallyboard/__init__.py host/tricktally_host/__init__.py
	$(PYTHON) -c 'import sys; sys.exit("TrickTally needs Python 3.11 or newer") if sys.version_info < (3, 11) else None'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(PIP_QUIET) $(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

test: venv
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
