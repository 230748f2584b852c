"""docker-compose.yml points at real entry points of this project, web and workers share
one environment, and every Celery queue has a worker."""

from __future__ import annotations

import importlib
import importlib.util
import shlex
from pathlib import Path
from urllib.parse import urlparse

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]
APP_SERVICES = sorted(name for name, s in SERVICES.items() if "build" in s)


def _command(service: dict) -> list[str]:
    command = service["command"]
    return shlex.split(command) if isinstance(command, str) else list(command)


def test_the_app_services_are_web_workers_and_migrate():
    assert APP_SERVICES == ["migrate", "pages", "web", "worker"]
    assert (ROOT / SERVICES["web"]["build"] / "Dockerfile").is_file()


def test_web_and_worker_get_the_same_environment():
    assert SERVICES["web"]["environment"] == SERVICES["worker"]["environment"]
    assert SERVICES["pages"]["environment"] == SERVICES["worker"]["environment"]
    assert SERVICES["migrate"]["environment"] == SERVICES["web"]["environment"]


@pytest.mark.parametrize("name", APP_SERVICES)
def test_settings_module_exists(name):
    module = SERVICES[name]["environment"]["DJANGO_SETTINGS_MODULE"]
    assert importlib.util.find_spec(module) is not None, module


def test_web_runs_gunicorn_on_the_project_wsgi_application():
    command = _command(SERVICES["web"])
    assert command[0] == "gunicorn"
    module_name, _, attribute = command[1].partition(":")
    assert module_name == "referee.wsgi"
    module = importlib.import_module(module_name)
    assert callable(getattr(module, attribute or "application"))


@pytest.mark.parametrize("name", ["worker", "pages"])
def test_workers_run_the_project_celery_app(name):
    from celery import Celery

    command = _command(SERVICES[name])
    assert command[:2] == ["celery", "-A"]
    app_module = importlib.import_module(command[2])
    assert isinstance(app_module.celery_app, Celery)
    assert app_module.celery_app is importlib.import_module("referee.celery").app
    assert command[3] == "worker"


def _queues(name: str) -> set[str]:
    command = _command(SERVICES[name])
    return set(command[command.index("-Q") + 1].split(","))


def test_every_queue_a_task_is_routed_to_has_a_worker_and_page_renders_have_their_own():
    from django.conf import settings

    routed = {route["queue"] for route in settings.CELERY_TASK_ROUTES.values()}
    consumed = _queues("worker") | _queues("pages")
    assert routed | {"celery"} <= consumed  # "celery": every task not routed elsewhere
    assert _queues("pages") == {settings.PAGES_QUEUE} and settings.PAGES_QUEUE in routed
    assert settings.PAGES_QUEUE not in _queues("worker")  # standings never wait on renders


def test_migrate_runs_a_real_management_command():
    from django.core.management import get_commands

    command = _command(SERVICES["migrate"])
    assert command[:2] == ["python", "manage.py"]
    assert (ROOT / "manage.py").is_file()
    assert command[2] in get_commands()


def test_urls_point_at_the_compose_services():
    env = SERVICES["web"]["environment"]
    assert urlparse(env["DATABASE_URL"]).hostname in SERVICES
    assert urlparse(env["DATABASE_URL"]).scheme == "postgres"
    assert urlparse(env["REDIS_URL"]).hostname in SERVICES


def test_backing_services_use_the_designed_versions():
    assert SERVICES["postgres"]["image"] == "postgres:15"
    assert SERVICES["redis"]["image"] == "redis:7"


@pytest.mark.parametrize("name", sorted(set(SERVICES) - {"migrate"}))
def test_long_running_services_have_healthchecks(name):
    assert SERVICES[name]["healthcheck"]["test"]


def test_web_healthcheck_hits_the_health_endpoint():
    from django.urls import resolve

    check = " ".join(SERVICES["web"]["healthcheck"]["test"])
    assert "/healthz" in check
    assert resolve("/healthz").url_name == "healthz"
