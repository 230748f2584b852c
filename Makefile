# Two commands from a fresh clone (see README.md):
#   make demo   set up, migrate, seed the demo event, serve it on http://127.0.0.1:8000/
#               (make demo HOST=0.0.0.0: serve the café's network, LAN mode; PORT=8001: another port)
#   make test   set up, run the whole test suite
# Both create the virtualenv and install the project when needed.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=
# Any host but a loopback one serves the local network: LAN mode (referee/lan.py).
LAN_ENV := $(if $(filter 127.0.0.1 localhost ::1,$(HOST)),,LAN=true)
# Re-install when pyproject.toml changes.
INSTALLED := $(VENV)/.installed

.PHONY: demo test setup migrate lint format messages clean-db

$(PY):
	$(PYTHON) -m venv $(VENV)

$(INSTALLED): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(INSTALLED)

setup: $(INSTALLED)

migrate: setup
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py demo --host $(HOST) --port $(PORT)
	$(LAN_ENV) $(PY) manage.py runserver $(HOST):$(PORT)

# pytest exits 5 when it collects no tests; make treats any non-zero exit as failure.
test: setup
	$(PY) -m pytest $(PYTEST_ARGS)

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: setup
	$(VENV)/bin/ruff format .

messages: setup
	$(PY) manage.py makemessages -l ja --ignore '.venv/*' --ignore 'tests/*'
	$(PY) manage.py compilemessages -l ja --ignore '.venv'

clean-db:
	rm -f var/db.sqlite3
