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
    # "static" copies the image's collected files into the volume nginx serves.
    assert APP_SERVICES == ["beat", "live", "migrate", "pages", "static", "web", "worker"]
    assert (ROOT / SERVICES["web"]["build"] / "Dockerfile").is_file()


def test_web_and_worker_get_the_same_environment():
    assert SERVICES["web"]["environment"] == SERVICES["worker"]["environment"]
    assert SERVICES["pages"]["environment"] == SERVICES["worker"]["environment"]
    assert SERVICES["migrate"]["environment"] == SERVICES["web"]["environment"]
    assert SERVICES["beat"]["environment"] == SERVICES["worker"]["environment"]
    assert SERVICES["live"]["environment"] == SERVICES["web"]["environment"]


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


def test_the_live_stream_runs_the_project_asgi_application_under_uvicorn():
    from django.urls import resolve

    command = _command(SERVICES["live"])
    assert command[0] == "uvicorn"
    module_name, _, attribute = command[1].partition(":")
    assert module_name == "referee.asgi"
    assert callable(getattr(importlib.import_module(module_name), attribute))
    assert resolve("/api/events/some-event/live/").url_name == "live"
    assert importlib.util.find_spec("uvicorn") is not None  # a pinned dependency


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


@pytest.mark.parametrize("name", sorted(set(SERVICES) - {"migrate", "static"}))  # one-shot
def test_long_running_services_have_healthchecks(name):
    assert SERVICES[name]["healthcheck"]["test"]


def test_web_healthcheck_hits_the_health_endpoint():
    from django.urls import resolve

    check = " ".join(SERVICES["web"]["healthcheck"]["test"])
    assert "/healthz" in check
    assert resolve("/healthz").url_name == "healthz"


def test_one_beat_service_runs_the_project_celery_beat_with_the_reconciliation():
    from django.conf import settings

    command = _command(SERVICES["beat"])
    assert command[:4] == ["celery", "-A", "referee", "beat"]
    assert "--detach" not in command
    tasks = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "standings.reconcile" in tasks
    beats = [n for n, s in SERVICES.items() if "command" in s and _command(s)[3:4] == ["beat"]]
    assert beats == ["beat"]
    check = " ".join(SERVICES["beat"]["healthcheck"]["test"])
    assert Path(settings.CELERY_BEAT_SCHEDULE_FILENAME).name in check


def test_redis_has_a_memory_limit_and_never_evicts_keys_without_an_expiry():
    command = _command(SERVICES["redis"])
    policy = command[command.index("--maxmemory-policy") + 1]
    assert policy == "volatile-lru"  # queues and version counters have no expiry
    assert command[command.index("--maxmemory") + 1]
    assert "--appendonly" in command


def _gunicorn_config() -> dict:
    import runpy

    return runpy.run_path(str(ROOT / "gunicorn.conf.py"))


def test_web_runs_the_benchmarked_gunicorn_configuration():
    command = _command(SERVICES["web"])
    assert "--config=gunicorn.conf.py" in command
    assert not [arg for arg in command[2:] if not arg.startswith("--config")]  # all in it
    config = _gunicorn_config()
    assert config["worker_class"] == "gthread" and config["threads"] >= 2
    assert config["keepalive"] >= 5 and config["accesslog"] is None
    assert config["bind"] == "0.0.0.0:8000"
    bench = (ROOT / "bench" / "load_public.py").read_text()
    assert '"--config", str(ROOT / "gunicorn.conf.py")' in bench
    assert '"-k"' not in bench and "--keep-alive" not in bench  # nothing of its own


def test_restarts_let_in_flight_work_finish():
    grace = {name: SERVICES[name].get("stop_grace_period", "10s") for name in SERVICES}
    seconds = {name: int(value.rstrip("s")) for name, value in grace.items()}
    assert seconds["web"] > _gunicorn_config()["graceful_timeout"]
    from django.conf import settings

    assert seconds["worker"] > settings.CELERY_TASK_TIME_LIMIT
    assert seconds["pages"] > settings.CELERY_TASK_TIME_LIMIT


def test_the_image_starts_gunicorn_with_the_same_configuration():
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert 'CMD ["gunicorn", "referee.wsgi:application", "--config=gunicorn.conf.py"]' in dockerfile


def test_the_backup_service_dumps_the_compose_database_into_a_volume():
    backup = SERVICES["backup"]
    assert backup["image"] == SERVICES["postgres"]["image"]  # pg_dump matches the server
    mounts = dict(volume.split(":")[:2] for volume in backup["volumes"])  # source: target
    script = Path(mounts["./ops/backup.sh"])
    assert (ROOT / "ops" / "backup.sh").is_file()
    assert _command(backup) == ["sh", str(script)]
    assert mounts["backups"] == "/backups" and "backups" in COMPOSE["volumes"]
    env, db = backup["environment"], SERVICES["postgres"]["environment"]
    assert env["PGHOST"] == "postgres" and env["BACKUP_DIR"] == "/backups"
    assert (env["PGUSER"], env["PGDATABASE"]) == (db["POSTGRES_USER"], db["POSTGRES_DB"])
    assert env["PGPASSWORD"] == db["POSTGRES_PASSWORD"]
    assert backup["healthcheck"]["test"][-2:] == [str(script), "check"]


@pytest.mark.parametrize("name", ["web", "worker"])
def test_uploaded_sheet_photos_live_on_the_media_volume(name):
    """Photos of paper score sheets survive a restart and are one store for all."""
    service = SERVICES[name]
    root = service["environment"]["MEDIA_ROOT"]
    assert f"media:{root}" in service["volumes"]
    assert "media" in COMPOSE["volumes"]
    assert f"mkdir -p /app/var {root}" in (ROOT / "Dockerfile").read_text()  # the app user owns it


def _mounts(service: dict) -> dict[str, str]:
    """source → target of a service's volumes."""
    return dict(volume.split(":")[:2] for volume in service["volumes"])


def test_nginx_is_the_only_way_in_with_the_repository_configuration():
    edge = SERVICES["nginx"]
    assert edge["image"] == "nginx:stable"
    assert sorted(edge["ports"]) == ["443:443", "80:80"]
    assert not SERVICES["web"].get("ports") and not SERVICES["live"].get("ports")
    mounts = _mounts(edge)
    config = mounts["./deploy/nginx/referee.conf"]
    assert config.startswith("/etc/nginx/conf.d/") and config.endswith(".conf")
    text = (ROOT / "deploy" / "nginx" / "referee.conf").read_text()
    # The certificates volume holds the two files the configuration names.
    certs = next(target for source, target in mounts.items() if "certs" in source.lower())
    assert f"ssl_certificate     {certs}/fullchain.pem;" in text
    assert f"ssl_certificate_key {certs}/privkey.pem;" in text
    # The upstreams are the compose services on the ports their commands listen on.
    assert "server web:8000;" in text and _gunicorn_config()["bind"].endswith(":8000")
    live = _command(SERVICES["live"])
    assert "server live:8001;" in text and live[live.index("--port") + 1] == "8001"
    # Static files: the image's STATIC_ROOT copied into the volume nginx serves as /static/.
    from django.conf import settings

    static = SERVICES["static"]
    assert _mounts(static)["static"] == mounts["static"] == "/srv/static"
    assert _command(static) == ["cp", "-a", "/app/staticfiles/.", "/srv/static/"]
    assert "WORKDIR /app" in (ROOT / "Dockerfile").read_text()
    assert settings.STATIC_ROOT == settings.BASE_DIR / "staticfiles"
    assert settings.STATIC_URL.strip("/") == "static"
    assert "root /srv;" in text and "location /static/ {" in text
    assert edge["depends_on"]["static"]["condition"] == "service_completed_successfully"
    # The app believes X-Forwarded-For from the compose network only.
    assert SERVICES["web"]["environment"]["TRUSTED_PROXIES"]
