# Two commands for a new user: `make serve` (build and serve on http://127.0.0.1:8000) and `make test`.
PY := .venv/bin/python
PORT ?= 8000

.PHONY: serve build test lint bench deps chromium nginx clean

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

chromium:
	@command -v chromium >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

# The e2e tests' real web server (tests/nginx.py), with the brotli_static module where Debian has it.
nginx:
	@{ command -v nginx || test -x /usr/sbin/nginx; } >/dev/null && test -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx libnginx-mod-http-brotli-static; }

lint: deps
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

test: deps chromium nginx lint build
	$(PY) -m pytest

bench: deps chromium nginx build
	$(PY) bench/run.py

clean:
	rm -rf site .venv node_modules .cache
