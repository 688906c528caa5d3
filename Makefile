PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEMO_DIR := .demo

.PHONY: install test lint sql demo screenshots bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check app tests bench tools

# every read statement as SQLite SQL, generated from the Core statements (checked in; a test fails when stale)
sql: $(STAMP)
	$(BIN)/python tools/gen_sql.py

test: lint
	$(BIN)/pytest -q -n 2

demo: $(STAMP)
	$(BIN)/ckpt-tui demo --dir $(DEMO_DIR) --seed 7 --force
	$(BIN)/ckpt-tui --db $(DEMO_DIR)/checkpoints.db --opencode-data $(DEMO_DIR)/opencode

screenshots: $(STAMP)
	$(BIN)/python screenshots/make_screenshots.py screenshots

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) $(DEMO_DIR) bench/.data
