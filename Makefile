# Two commands for a new user: `make serve` (build and serve on http://127.0.0.1:8000) and `make test`.
PY := .venv/bin/python
PORT ?= 8000

.PHONY: serve build test lint bench deps browsers java nginx clean

serve: build
	$(PY) -m sitebuild.serve site --port $(PORT)

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

# Debian's browsers for the end-to-end tests (Playwright cannot download its own here): Chromium's headless shell (the
# tests'; Playwright's own default for headless runs), Chromium (make bench, Lighthouse), Firefox ESR, and WebKitGTK's
# WebDriver with the virtual screen it runs on.
BROWSER_PACKAGES := chromium chromium-headless-shell firefox-esr webkit2gtk-driver xvfb xauth
browsers:
	@command -v chromium >/dev/null && command -v chromium-headless-shell >/dev/null && command -v firefox-esr >/dev/null \
	  && command -v WebKitWebDriver >/dev/null \
	  && command -v Xvfb >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(BROWSER_PACKAGES); }

java:  # runs the Nu HTML Checker (npm vnu-jar) in the build tests
	@command -v java >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless; }

# The e2e tests' real web server (tests/nginx.py), with the brotli_static module where Debian has it.
nginx:
	@{ command -v nginx || test -x /usr/sbin/nginx; } >/dev/null && test -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx libnginx-mod-http-brotli-static; }

lint: deps
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

# Fast tests first (unit, property, build; the HTML checker needs java), on both cores (pytest-xdist), then the
# end-to-end ones, all on the site just built (TC_BUILT_SITE: tests/conftest.py's built_site then builds nothing). The
# end-to-end tests run as two pytest sessions at once, one a core each (both are CPU-bound: docs/tests.md): the
# three-engine table but the files in OTHER_SIDE (BESIDE, so that both take about as long: docs/tests.md; its output
# kept in a file and shown after) beside every other browser test; either failing fails the run.
# Each prints its 15 slowest test phases (--durations), where the next cut would come from.
OTHER_SIDE = tests/engines/test_browser_crash.py tests/engines/test_two_tabs_history.py
BESIDE = $(filter-out $(OTHER_SIDE),$(wildcard tests/engines/test_*.py))
test: java deps browsers nginx lint build
	TC_BUILT_SITE=site $(PY) -m pytest -m "not e2e" -n 2
	@TC_BUILT_SITE=site $(PY) -m pytest -m e2e --durations=15 $(BESIDE) > .e2e-beside.log 2>&1 & beside=$$!; \
	  TC_BUILT_SITE=site $(PY) -m pytest -m e2e --durations=15 $(addprefix --ignore=,$(BESIDE)); rest=$$?; \
	  wait $$beside; other=$$?; \
	  echo "==== the three-engine table (but $(notdir $(OTHER_SIDE))), run beside the above ===="; \
	  cat .e2e-beside.log; \
	  test $$rest -eq 0 -a $$other -eq 0

bench: deps browsers nginx build
	$(PY) bench/run.py

clean:
	rm -rf site .venv node_modules .cache
