# Two commands for a new user: `make serve` (build and serve on http://127.0.0.1:8000) and `make test`.
PY := .venv/bin/python
PORT ?= 8000

.PHONY: serve build test lint bench deps browsers java clean

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

# Debian's browsers for the end-to-end tests (Playwright cannot download its own here): Chromium, Firefox ESR, and
# WebKitGTK's WebDriver with the virtual screen it runs on.
BROWSER_PACKAGES := chromium firefox-esr webkit2gtk-driver xvfb xauth
browsers:
	@command -v chromium >/dev/null && command -v firefox-esr >/dev/null && command -v WebKitWebDriver >/dev/null \
	  && command -v Xvfb >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(BROWSER_PACKAGES); }

java:  # runs the Nu HTML Checker (npm vnu-jar) in the build tests
	@command -v java >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless; }

lint: deps
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

# Fast tests first (unit, property, build; the HTML checker needs java), then the end-to-end ones in the three engines.
test: java deps browsers lint build
	$(PY) -m pytest -m "not e2e"
	$(PY) -m pytest -m e2e

bench: deps browsers build
	$(PY) bench/run.py

clean:
	rm -rf site .venv node_modules .cache
