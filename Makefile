# make run  — set up .venv with the app extras and start the tutor (Voila) on http://127.0.0.1:8866
# make test — set up .venv with the test extras (and the static build's tools) and run the whole test suite
# make lint — ruff (every Python file of the checkout) and mypy (digitutor/), configured in pyproject.toml

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint venv app-deps test-deps bench clean

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

test: $(VENV)/.test
	$(BIN)/python -m pytest

lint: $(VENV)/.test
	$(BIN)/ruff check .
	$(BIN)/mypy

bench: $(VENV)/.app
	$(BIN)/digitutor bench

clean:
	rm -rf $(VENV) build *.egg-info
