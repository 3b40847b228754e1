# make run       — set up .venv with the app extras and start the tutor (Voila) on http://127.0.0.1:8866
# make test      — set up .venv with the test extras (and the static build's tools), then lint and the whole test suite
# make test-fast — lint and every test but the browser and notebook ones: the inner loop
# make lint      — ruff check and ruff format --check (every Python file of the checkout) and mypy (digitutor/),
#                 configured in pyproject.toml
# Tests run on every core (JOBS=auto; e.g. `make test JOBS=1` for one process); PYTEST_ARGS adds pytest options.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
JOBS ?= auto
PYTEST_ARGS ?=
PYTEST := $(BIN)/python -m pytest -n $(JOBS) --dist loadfile $(PYTEST_ARGS)

.PHONY: run test test-fast lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.app: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[app]"
	touch $@

$(VENV)/.test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[app,test,static]"
	touch $@

run: $(VENV)/.app
	$(BIN)/digitutor serve

test: lint
	$(PYTEST)

test-fast: lint
	$(PYTEST) tests --ignore=tests/browser --ignore=tests/notebooks

lint: $(VENV)/.test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: $(VENV)/.app
	$(BIN)/digitutor bench

clean:
	rm -rf $(VENV) build *.egg-info
