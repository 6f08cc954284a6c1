# Two commands: `make run` (the main job) and `make test`. Both set up .venv first.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup run test clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

run: setup
	HF_HUB_OFFLINE=1 $(BIN)/python -m engines.quickstart --out runs/quickstart

test: setup
	HF_HUB_OFFLINE=1 $(BIN)/python -m pytest

clean:
	rm -rf $(VENV) runs
