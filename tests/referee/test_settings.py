"""Settings follow the environment. Each case imports a settings module in a fresh process,
because settings are read once at import."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MANAGED_VARS = (
    "DATABASE_URL",
    "REDIS_URL",
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "TIME_ZONE",
    "SECURE_PROXY_SSL_HEADER",
    "SECURE_SSL_REDIRECT",
    "DJANGO_SETTINGS_MODULE",
)
PRODUCTION_ENV = {
    "SECRET_KEY": "k3y-" + "x7Qp9vR2sT5wY8zA1cD4fG6hJ0kL3mN5bV7cX9zQ2wE4rT6yU8iO0p",
    "ALLOWED_HOSTS": "referee.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://referee.example.org",
    "SECURE_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO,https",
}
DUMP = """
import json
from django.conf import settings
print(json.dumps({
    "DEBUG": settings.DEBUG,
    "SECRET_KEY": settings.SECRET_KEY,
    "ALLOWED_HOSTS": settings.ALLOWED_HOSTS,
    "DB_ENGINE": settings.DATABASES["default"]["ENGINE"],
    "DB_NAME": str(settings.DATABASES["default"]["NAME"]),
    "DB_HOST": settings.DATABASES["default"].get("HOST", ""),
    "CACHE": settings.CACHES["default"]["BACKEND"],
    "CACHE_LOCATION": settings.CACHES["default"].get("LOCATION"),
    "EAGER": settings.CELERY_TASK_ALWAYS_EAGER,
    "BROKER": settings.CELERY_BROKER_URL,
    "TIME_ZONE": settings.TIME_ZONE,
    "LANGUAGE_CODE": settings.LANGUAGE_CODE,
    "LANGUAGES": [code for code, _ in settings.LANGUAGES],
    "PROXY": settings.SECURE_PROXY_SSL_HEADER,
    "LOCALE_MIDDLEWARE": "django.middleware.locale.LocaleMiddleware" in settings.MIDDLEWARE,
}))
"""


def _env(module: str, **overrides: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in MANAGED_VARS}
    env["DJANGO_SETTINGS_MODULE"] = module
    env.update(overrides)
    return env


def _run(args: list[str], module: str, **overrides: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=_env(module, **overrides),
        capture_output=True,
        text=True,
        timeout=120,
    )


def _settings(module: str, **overrides: str) -> dict:
    code = "import django; django.setup()\n" + DUMP
    result = _run(["-c", code], module, **overrides)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_local_defaults_sqlite_eager_celery_locmem_cache():
    s = _settings("referee.settings.local")
    assert s["DEBUG"] is True
    assert s["DB_ENGINE"] == "django.db.backends.sqlite3"
    assert s["DB_NAME"] == str(ROOT / "var" / "db.sqlite3")
    assert s["CACHE"] == "django.core.cache.backends.locmem.LocMemCache"
    assert s["EAGER"] is True
    assert s["TIME_ZONE"] == "Asia/Tokyo"
    assert s["LANGUAGE_CODE"] == "ja"
    assert s["LANGUAGES"] == ["ja", "en"]
    assert s["LOCALE_MIDDLEWARE"] is True


def test_database_url_selects_postgresql():
    s = _settings(
        "referee.settings.local", DATABASE_URL="postgres://referee@db.internal:5432/referee"
    )
    assert s["DB_ENGINE"] == "django.db.backends.postgresql"
    assert (s["DB_NAME"], s["DB_HOST"]) == ("referee", "db.internal")


def test_redis_url_selects_redis_broker_and_cache():
    s = _settings("referee.settings.local", REDIS_URL="redis://cache.internal:6379/3")
    assert s["CACHE"] == "referee.cache.DegradingRedisCache"
    assert s["CACHE_LOCATION"] == "redis://cache.internal:6379/3"
    assert s["BROKER"] == "redis://cache.internal:6379/3"
    assert s["EAGER"] is False


def test_time_zone_is_configurable():
    assert _settings("referee.settings.local", TIME_ZONE="UTC")["TIME_ZONE"] == "UTC"


@pytest.mark.parametrize(
    ("module", "overrides"),
    [
        ("referee.settings.production", {}),
        ("referee.settings.local", {"DEBUG": "false"}),
    ],
    ids=["production_case", "local_without_debug_case"],
)
def test_secrets_have_no_default_without_debug(module, overrides):
    result = _run(["-c", "import django; django.setup()"], module, **overrides)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "SECRET_KEY" in result.stderr


def test_production_reads_hosts_and_proxy_header():
    s = _settings("referee.settings.production", **PRODUCTION_ENV)
    assert s["DEBUG"] is False
    assert s["ALLOWED_HOSTS"] == ["referee.example.org"]
    assert s["PROXY"] == ["HTTP_X_FORWARDED_PROTO", "https"]


def test_production_passes_check_deploy_without_warnings():
    result = _run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        "referee.settings.production",
        **PRODUCTION_ENV,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_check_deploy_catches_an_insecure_production_config():
    """The previous test can fail: with DEBUG on, check --deploy reports it."""
    result = _run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        "referee.settings.production",
        **PRODUCTION_ENV,
        DEBUG="true",
    )
    assert result.returncode != 0
    assert "security.W018" in result.stdout + result.stderr
