# The two commands: `make demo` (set up, then run the demo) and `make test` (set up, then run the tests).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup demo test bench catalogue clean

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
# torch first, pinned: the pinned wheel is a local CPU build; left to the train extra, pip would
# pull a CUDA build and gigabytes of CUDA packages.
	$(BIN)/pip install --quiet torch==2.13.0
	$(BIN)/pip install --quiet -e '.[dev,train]'
	touch $@

demo: setup
	$(BIN)/procgym demo

test: setup
	$(BIN)/python -m pytest -n auto --durations=25 tests

bench: setup
	$(BIN)/python bench/generation.py

catalogue: setup
	$(BIN)/python -m procgym.catalogue docs/catalogue.md

clean:
	rm -rf $(VENV) demo_out .pytest_cache
