# The two commands of the README: `make report` and `make test` (the full suite, as CI runs it);
# `make check` is the quick loop while working (lint, type check and the tests not marked slow).
# Both create .venv with Python 3.11 when missing and install the project.
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# The benchmarks' own packages (ONNX export, model2vec): `make bench`, and
# `make test` so that the ONNX backends' tests run (about 60 MB of wheels,
# installed once; the export they build takes about a minute). With them the
# distributed extra (Dask and bokeh, about 20 MB): the cluster tests of
# `make test` and `make bench-cluster`; and the docs extra (MkDocs,
# mkdocstrings): `make test` builds the pages with --strict (tests/test_docs.py).
BENCH_STAMP := $(VENV)/.installed-bench
# The docs extra alone, for `make docs`.
DOCS_STAMP := $(VENV)/.installed-docs
# The JS linter's packages (package-lock.json), in node_modules/.
NODE_STAMP := node_modules/.installed
# Keep warnings and tracebacks from naming the kernel's temp file, so stored
# notebook outputs compare equal (see README.md, section Notebooks).
export IPYKERNEL_CELL_NAME := <IPY-INPUT>
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1

# pytest-xdist: two worker processes, one per core of the machines we measure on.
# Each module's tests run on one worker, one after another: they share its
# module-scoped fixtures (tests/conftest.py, pytest_xdist_make_scheduler).
# `make test PARALLEL=` runs them in one process.
PARALLEL ?= -n 2 --dist loadscope

.PHONY: report test check lint lint-js node notebooks docs bench bench-cluster bench-glance browser clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	# torch first and pinned: the CPU build on this disk, not a CUDA download.
	$(PY) -m pip install --quiet torch==2.13.0
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

$(BENCH_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e ".[dev,bench,distributed,docs]"
	touch $(BENCH_STAMP)

$(DOCS_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e ".[dev,docs]"
	touch $(DOCS_STAMP)

# Debian's Chromium for static figure export (kaleido) and browser tests.
# Installed when we are root with apt-get; otherwise the report skips the
# static files and says why, and the browser tests skip.
browser:
	@if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing Debian chromium + chromium-driver"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null; \
	else echo "note: no /usr/bin/chromium and cannot install it; PNG/SVG export and browser tests will be skipped"; fi

# Node and npm for the JS linter, installed the way `browser` installs Chromium:
# Debian's packages when we are root with apt-get. Unlike the browser tests the
# linter is not optional, so without npm the lint step stops and says why.
node:
	@if command -v npm >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing Debian nodejs + npm"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; \
	else echo "error: the JS linter needs node and npm (apt-get install nodejs npm)"; exit 1; fi

# Biome (lint and format check of analysis/report/assets), the exact version in
# package-lock.json; npm ci fetches its one native binary for this platform.
$(NODE_STAMP): package.json package-lock.json | node
	npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

lint-js: $(NODE_STAMP)
	node_modules/.bin/biome ci --error-on-warnings analysis/report/assets

report: $(STAMP) browser
	$(PY) -m analysis report seeds --out figures

test: $(BENCH_STAMP) browser lint-js
	$(PY) -m ruff check analysis tests bench notebooks tools
	$(PY) -m ruff format --check analysis tests bench tools notebooks/*.py
	$(PY) -m mypy analysis bench
	$(PY) -m pytest $(PARALLEL)

# The quick loop. Leaves out the tests marked slow (notebooks under nbval,
# portability runs, browsers, the reference corpus, the ONNX export); the
# seeds' vectors come from tests/data/. mypy (one process, about a minute
# on a cold cache) runs beside pytest's two workers and fills the moments
# they wait (start-up, subprocesses, the last module); its report follows
# pytest's, and either failing fails the target.
check: $(STAMP)
	$(PY) -m ruff check analysis tests bench notebooks tools
	$(PY) -m ruff format --check analysis tests bench tools notebooks/*.py
	@types=$$(mktemp); \
	$(PY) -m mypy analysis bench >$$types 2>&1 & mypy=$$!; \
	$(PY) -m pytest $(PARALLEL) -m "not slow" -q; tests=$$?; \
	wait $$mypy; typed=$$?; \
	echo "mypy analysis bench:"; cat $$types; rm -f $$types; \
	test $$tests -eq 0 && test $$typed -eq 0

lint: $(STAMP) lint-js
	$(PY) -m ruff check analysis tests bench notebooks tools
	$(PY) -m ruff format --check analysis tests bench tools notebooks/*.py
	$(PY) -m mypy analysis bench

notebooks: $(STAMP)
	$(PY) tools/regen_notebooks.py

# The pages of docs/ (mkdocs.yml) into site/, offline; --strict: a broken
# link, anchor or API reference stops the build.
docs: $(DOCS_STAMP)
	$(PY) -m mkdocs build --strict

bench: $(BENCH_STAMP) browser
	$(PY) bench/run.py
	$(PY) bench/bench_large.py
	$(PY) bench/bench_add.py
	$(PY) bench/bench_sampled.py

# 20,000 abstracts through a LocalCluster of 2 workers beside one process:
# time and peak memory of the client and of each worker (bench/RESULTS.md).
bench-cluster: $(BENCH_STAMP)
	$(PY) bench/bench_cluster.py

# The map at 2,260 and 20,000 papers in headless Chromium at 1366x768 and 1920x1080: seconds to the first
# label, labels at the full view, overlaps, file size; and the side-by-side with DataMapPlot on the reference
# papers' fit (bench/glance.py; bench/RESULTS.md). DataMapPlot needs pandas<3: its own venv, pinned in
# bench/datamapplot.txt, used by bench/glance.py only.
DATAMAPPLOT_VENV ?= /work/venvs/datamapplot
DATAMAPPLOT_STAMP := $(DATAMAPPLOT_VENV)/.installed

$(DATAMAPPLOT_STAMP): bench/datamapplot.txt
	test -x $(DATAMAPPLOT_VENV)/bin/python || $(PYTHON) -m venv $(DATAMAPPLOT_VENV)
	$(DATAMAPPLOT_VENV)/bin/pip install --quiet -r bench/datamapplot.txt
	touch $(DATAMAPPLOT_STAMP)

bench-glance: $(BENCH_STAMP) browser $(DATAMAPPLOT_STAMP)
	DATAMAPPLOT_PYTHON=$(DATAMAPPLOT_VENV)/bin/python $(PY) bench/glance.py

clean:
	rm -rf $(VENV) .cache .pytest_cache node_modules site
