# Two commands for a new user: `make serve` (build and serve on http://127.0.0.1:8000) and `make test`.
PY := .venv/bin/python
PORT ?= 8000

.PHONY: serve build test lint bench deps chromium java clean

serve: build
	$(PY) sitebuild/serve.py site --port $(PORT)

build: deps
	$(PY) build.py

deps: .venv/.installed node_modules/.installed

.venv/.installed: pyproject.toml
	python3 -m venv .venv
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

chromium:
	@command -v chromium >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

java:  # runs the Nu HTML Checker (npm vnu-jar) in the build tests
	@command -v java >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless; }

lint: deps
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

test: java deps chromium lint build
	$(PY) -m pytest

bench: deps chromium build
	$(PY) bench/run.py

clean:
	rm -rf site .venv node_modules .cache
