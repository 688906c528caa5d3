PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEMO_DIR := .demo
# test-min's own venv: the declared minimum versions of the dependencies
MIN_VENV := .venv-min

.PHONY: install test test-min lint sql demo run screenshots bench clean

# pip >= 25.1 installs a PEP 735 dependency group (`--group dev`).
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade 'pip>=25.1'
	$(BIN)/pip install -q -e . --group dev
	touch $(STAMP)

install: $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check app tests bench tools

# every read statement as SQLite SQL, generated from the Core statements (checked in; a test fails when stale)
sql: $(STAMP)
	$(BIN)/python tools/gen_sql.py

# Python's bytecode caches on even where PYTHONDONTWRITEBYTECODE is set:
# without them each xdist worker recompiles and pytest re-rewrites every
# test module (~12 CPU-s a worker), and every Python the tests start
# recompiles the app. Three xdist workers a core (at most 8): a UI test
# spends about two thirds of its time waiting (the pilot's idle checks
# between keys, workers' threads) and the multi-process tests wait on their
# children, so more workers than cores fill the cores the others leave idle
# (2 cores, idle machine: 4 workers 165 s, 6 workers 148 s, 8 workers 167 s
# with 45 CPU-s more of start-ups and contention).
# worksteal: an idle worker takes tests queued on a busy one.
TEST_WORKERS ?= $(shell $(PYTHON) -c "import os; print(min(8, 3 * (os.cpu_count() or 1)))")

test: lint
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -q -n $(TEST_WORKERS) --dist worksteal

# The suite on the lowest versions pyproject.toml admits (needs the package
# index; `make test` does not): a fresh venv, each `name>=X` pinned to X.
test-min:
	rm -rf $(MIN_VENV)
	$(PYTHON) -m venv $(MIN_VENV)
	$(MIN_VENV)/bin/pip install -q --upgrade 'pip>=25.1'
	$(PYTHON) -c "import re, tomllib; deps = tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']; print('\n'.join(re.sub(r'>=([^,]+).*', r'==\1', d) for d in deps))" > $(MIN_VENV)/minimums.txt
	$(MIN_VENV)/bin/pip install -q -e . --group dev -c $(MIN_VENV)/minimums.txt
	cat $(MIN_VENV)/minimums.txt
	$(MIN_VENV)/bin/pytest -q -n 2

demo: $(STAMP)
	$(BIN)/ckpt-tui demo --dir $(DEMO_DIR) --seed 7 --force
	$(BIN)/ckpt-tui --db $(DEMO_DIR)/checkpoints.db --opencode-data $(DEMO_DIR)/opencode

# the app on the demo store, made first if it is not there yet
run: $(STAMP)
	test -f $(DEMO_DIR)/checkpoints.db || $(BIN)/ckpt-tui demo --dir $(DEMO_DIR) --seed 7
	$(BIN)/ckpt-tui --db $(DEMO_DIR)/checkpoints.db --opencode-data $(DEMO_DIR)/opencode

screenshots: $(STAMP)
	$(BIN)/python screenshots/make_screenshots.py screenshots

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) $(MIN_VENV) $(DEMO_DIR) bench/.data .hypothesis
