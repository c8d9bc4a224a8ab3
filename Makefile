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

# verl's multi-turn interaction loop is tested with the real package: verl 0.7.1 (the last release
# with interactions) pins transformers < 5, so its pure-Python modules go into their own folder,
# on PYTHONPATH for the second run only; procgym's environment is unchanged
# (docs/integrations/verl.md). In the first run those tests skip.
VERL_DIR := .verl-0.7.1
$(VERL_DIR)/.installed: $(VENV)/.installed
	$(BIN)/pip install --quiet --no-deps --target $(VERL_DIR) verl==0.7.1 tensordict==0.10.0 \
		pyvers==0.2.3 omegaconf==2.3.0 antlr4-python3-runtime==4.9.3 hydra-core==1.3.2 codetiming==1.4.0 pylatexenc==2.11
	touch $@

test: setup $(VERL_DIR)/.installed
	$(BIN)/python -m pytest -n auto --durations=25 tests
	PYTHONPATH=$(VERL_DIR) $(BIN)/python -m pytest -q -p no:cacheprovider tests/integrations/test_verl.py

bench: setup
	$(BIN)/python bench/generation.py

catalogue: setup
	$(BIN)/python -m procgym.catalogue docs/catalogue.md envs/task_names.py

clean:
	rm -rf $(VENV) demo_out .pytest_cache
