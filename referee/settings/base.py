"""Settings shared by every environment; all values come from one ``environ.Env()``.

Leaf modules (local, test, production) decide DEBUG and the host/secret settings through
``host_settings``: development defaults apply only while DEBUG is on.
"""

import ipaddress
from datetime import timedelta
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parents[2]
VAR_DIR = BASE_DIR / "var"

env = environ.Env()

DEV_SECRET_KEY = "django-insecure-development-only-never-use-in-production"
DEV_ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]"]
DEV_CSRF_TRUSTED_ORIGINS = ["http://localhost:8000", "http://127.0.0.1:8000"]


def host_settings(debug: bool) -> tuple[str, list[str], list[str]]:
    """SECRET_KEY, ALLOWED_HOSTS, CSRF_TRUSTED_ORIGINS; required from the env unless DEBUG."""
    if debug:
        return (
            env.str("SECRET_KEY", default=DEV_SECRET_KEY),
            env.list("ALLOWED_HOSTS", default=DEV_ALLOWED_HOSTS),
            env.list("CSRF_TRUSTED_ORIGINS", default=DEV_CSRF_TRUSTED_ORIGINS),
        )
    # No defaults: a missing variable raises ImproperlyConfigured at start-up.
    return (
        env.str("SECRET_KEY"),
        env.list("ALLOWED_HOSTS"),
        env.list("CSRF_TRUSTED_ORIGINS"),
    )


DEBUG = False  # leaf modules set it from the env
# LAN mode (local settings only, ``LAN=true``): any local-network host is let in; see
# referee/lan.py. Off everywhere else.
LAN_MODE = False
# Where phones reach the site, e.g. "http://192.168.1.23:8000" or "https://referee.example.org":
# QR codes and printed links use it. Unset: the address the request came to (a loopback
# address swapped for the machine's LAN address in LAN mode).
PUBLIC_BASE_URL = env.str("PUBLIC_BASE_URL", default="").rstrip("/")

# --- Applications -----------------------------------------------------------------------

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "axes",
    "csp",
    # The domain apps, bottom up: each imports only the apps listed before it.
    "tournaments",  # only the migration history from before the split into apps
    "tournaments.events",
    "tournaments.results",
    "tournaments.standings",
    "tournaments.ratings",
    "tournaments.seating",
    "tournaments.public",
    "tournaments.console",
    "tournaments.integrations",
]

MIDDLEWARE = [
    # Outermost, so its time is the whole request's: one log line each (request_log.py).
    "referee.request_log.RequestLogMiddleware",
    "referee.lan.LanHostMiddleware",  # first: refuses foreign hosts in LAN mode (lan.py)
    # Before anything reads it: REMOTE_ADDR is the client's, through TRUSTED_PROXIES.
    "referee.client_ip.ClientAddressMiddleware",
    # Then each request's view and time for /metrics (referee/metrics.py).
    "django_prometheus.middleware.PrometheusBeforeMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # After LocaleMiddleware: the API's language (Accept-Language, else English).
    "referee.middleware.ApiLanguageMiddleware",
    # After LocaleMiddleware: with DEBUG, a missing page is the site's 404 in its language.
    "referee.middleware.PageNotFoundMiddleware",
    # After those: refusals and headers in the page's language.
    # Before the CSRF check, which parses the form: oversized form posts never are.
    "referee.upload_limits.UploadLimitMiddleware",
    "referee.middleware.PrivateNoStoreMiddleware",
    "referee.middleware.RequestLimitsMiddleware",
    "referee.middleware.UnstorableInputMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: turns a locked-out login into its lockout answer.
    "axes.middleware.AxesMiddleware",
    "django_prometheus.middleware.PrometheusAfterMiddleware",
]

# /metrics answers only a scraper sending "Authorization: Bearer <METRICS_TOKEN>"; without
# a token it does not exist (referee/metrics.py).
METRICS_TOKEN = env.str("METRICS_TOKEN", default="")

ROOT_URLCONF = "referee.urls"
WSGI_APPLICATION = "referee.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournaments.console.context_processors.account_link",
            ],
        },
    },
]

# --- Database: SQLite file by default, PostgreSQL (psycopg 3) when DATABASE_URL is set ---

DATABASE_URL = env.str("DATABASE_URL", default="")
if DATABASE_URL:
    DATABASES = {"default": env.db_url_config(DATABASE_URL)}
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
else:
    VAR_DIR.mkdir(exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "db.sqlite3",
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: Celery broker/result backend and cache; absent → eager tasks, local memory ---

REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {
        "default": {
            # Django's RedisCache, but a Redis outage is a cache miss, not a 500: pages
            # render from the database meanwhile (referee/cache.py).
            "BACKEND": "referee.cache.DegradingRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "referee",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 3},
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "referee",
        }
    }
    # No broker: tasks run in-process, right away, and their errors propagate.
    CELERY_BROKER_URL = "memory://localhost/"
    CELERY_RESULT_BACKEND = None
    CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True

# --- Celery ------------------------------------------------------------------------------

CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_RESULT_EXPIRES = 60 * 60
CELERY_TASK_SOFT_TIME_LIMIT = env.int("CELERY_TASK_SOFT_TIME_LIMIT", default=60)
CELERY_TASK_TIME_LIMIT = env.int("CELERY_TASK_TIME_LIMIT", default=120)
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# Page renders (a publication's flip, a ratings refresh: ~10 s for 500 players) run on their
# own queue and worker, so a standings recompute never waits behind one (docker-compose:
# `worker` consumes "celery", `pages` consumes "pages").
PAGES_QUEUE = "pages"
CELERY_TASK_ROUTES = {
    "tournaments.public_pages_prerender": {"queue": PAGES_QUEUE},
    "tournaments.public_pages_refresh": {"queue": PAGES_QUEUE},
}
CELERY_WORKER_SEND_TASK_EVENTS = True
CELERY_TASK_SEND_SENT_EVENT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# Nothing lost (issue 21). A task is acknowledged only after it ran, so a worker killed
# mid-task (kill -9, OOM, a deploy) leaves its message in Redis's "unacked" set and another
# worker runs it again; every task is safe to run twice (id-based, recomputes from rows).
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True  # a pool child that dies: requeued at once
# With late acks a worker holds only as many messages as it has processes (countdown
# messages aside): a long render never sits on standings messages, and a killed worker
# takes as few back to the queue's visibility timeout as possible.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# On a broker connection loss, stop running late-ack tasks: their messages come back
# and run again (Celery 6's default; also silences its deprecation warning).
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
# Survives a broker restart while holding unacked messages (Celery 5.7.0 died there).
CELERY_WORKER_CONSUMER = "referee.celery_worker:Consumer"
# Redis only emulates acknowledgements: a message not acked within the visibility timeout
# is handed out again. It must exceed the longest countdown a worker holds (the
# publication flip's fallback: 60 s) plus the hard time limit (120 s), or a held or running
# task would be delivered twice; Redis's default (1 hour) kept countdown tasks of a killed
# worker waiting an hour. Workers sweep for expired messages every 10 s.
CELERY_BROKER_VISIBILITY_TIMEOUT = env.int("CELERY_BROKER_VISIBILITY_TIMEOUT", default=300)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": CELERY_BROKER_VISIBILITY_TIMEOUT,
    "unacked_restore_interval": 10,
    "unacked_restore_throttle": 1,
    # A request that sends a task must not hang on a broker that is away.
    "socket_connect_timeout": 2,
    "socket_timeout": 10,
}
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"socket_connect_timeout": 2, "socket_timeout": 10}
# Sending retries briefly, then gives up (``referee.celery_tasks`` logs it; the beat
# reconciliation catches up): a judge's request never waits seconds on a dead broker.
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BROKER_CONNECTION_MAX_RETRIES = None  # a worker waits out any broker outage
# Nobody reads task return values; not storing them also spares every send a pub/sub
# subscription to the result channel (which failed too while Redis was away).
CELERY_TASK_IGNORE_RESULT = True
# Periodic work (docker-compose service "beat"): the reconciliation pass recomputes
# whatever a lost or unsent message left stale. The messages expire after one period, so
# an outage never leaves a pile of identical reconciliations behind it. The period is the
# docs' promise (README.md, docs/reliability.md: stale standings caught within it;
# tests/referee/test_reconcile_period.py keeps them equal).
STANDINGS_RECONCILE_SECONDS = env.float("STANDINGS_RECONCILE_SECONDS", default=30.0)
# An event's shared public pages read within this many seconds are rendered again at every
# announced change, before any reader asks (tournaments/public/refresh.py); 0 leaves every
# page to its next reader, as before issue 31.
PUBLIC_REFRESH_READ_WINDOW = env.float("PUBLIC_REFRESH_READ_WINDOW", default=300.0)
CELERY_BEAT_SCHEDULE = {
    "standings-reconcile": {
        "task": "standings.reconcile",
        "schedule": STANDINGS_RECONCILE_SECONDS,
        "options": {"expires": STANDINGS_RECONCILE_SECONDS},
    },
}
CELERY_BEAT_SCHEDULE_FILENAME = env.str(
    "CELERY_BEAT_SCHEDULE_FILENAME", default=str(VAR_DIR / "celerybeat-schedule")
)
CELERY_BEAT_SCHEDULER = "referee.celery_beat:PersistentScheduler"  # makes var/ if missing

# --- Auth --------------------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# The site's own login pages (tournaments/console/accounts_urls.py), not the admin's.
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "accounts:home"

# Login throttling (django-axes; the policy is in referee/lockout.py and docs/security.md):
# five failures for one username from one client address lock that username at that
# address for 15 minutes (429); the same username from an address that has not failed
# still logs in. Username *and* address, not the address alone: a café's judges share one
# Wi-Fi address, and one mistyping judge must not lock the others out; an address is
# locked as a whole only after LOGIN_ADDRESS_FAILURE_LIMIT failures across usernames.
# Attempts are kept in the database (axes' own tables).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("AXES_COOLOFF_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_HANDLER = "referee.lockout.LoginLockHandler"
LOGIN_ADDRESS_FAILURE_LIMIT = env.int("LOGIN_ADDRESS_FAILURE_LIMIT", default=30)
# The public sign-up page (issue 29): sign-up posts per client address per window; a
# café's players share one Wi-Fi address, so the limit stops floods, not a full evening.
SIGNUPS_PER_ADDRESS = env.int("SIGNUPS_PER_ADDRESS", default=30)
SIGNUP_WINDOW_SECONDS = env.int("SIGNUP_WINDOW_SECONDS", default=3600)
# The client's address behind the proxies named here (referee/client_ip.py): a list of
# addresses or networks of the TLS proxy (or proxies) in front of gunicorn, e.g.
# "172.18.0.0/16" for docker-compose's network or "127.0.0.1" for a proxy on the same
# host. Their X-Forwarded-For is believed; anyone else's is ignored. Empty (no proxy):
# the connection's own address. Set it together with SECURE_PROXY_SSL_HEADER.
TRUSTED_PROXIES = env.list("TRUSTED_PROXIES", default=[])
for _proxy in TRUSTED_PROXIES:  # a typo stops the start, not every login later
    ipaddress.ip_network(_proxy.strip(), strict=False)
AXES_CLIENT_IP_CALLABLE = "referee.client_ip.client_address"
AXES_LOCKOUT_CALLABLE = "referee.lockout.lockout_response"
AXES_USERNAME_CALLABLE = "referee.lockout.attempted_username"  # bounded to its column

# --- Internationalisation ----------------------------------------------------------------

LANGUAGE_CODE = "ja"
LANGUAGES = [("ja", _("Japanese")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env.str("TIME_ZONE", default="Asia/Tokyo")
USE_I18N = True
USE_TZ = True
CELERY_TIMEZONE = TIME_ZONE

# --- Static files (whitenoise) -----------------------------------------------------------

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").is_dir() else []
# Files browsers ask for at the site's root without being told (/favicon.ico).
WHITENOISE_ROOT = BASE_DIR / "webroot"
# Uploaded files (photos of paper score sheets): never served from MEDIA_URL by the web
# server; the judge and player pages serve each one after checking who asks.
MEDIA_ROOT = env.path("MEDIA_ROOT", default=BASE_DIR / "media")
MEDIA_URL = "media/"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# --- Content-Security-Policy (django-csp) ------------------------------------------------

# Scripts only from this site's own files: the templates have no inline scripts (their data
# travels in data attributes or JSON blocks). Not nonces: public pages are rendered once
# and served from the cache to everyone, so a per-response nonce could never match the
# cached HTML. Inline styles stay allowed: the templates use <style> blocks and style
# attributes throughout, and injected CSS cannot run code. The WSGI fast path
# (tournaments/public/wsgi.py) sends the same header. /api/docs/ (Swagger UI from a CDN)
# is exempt (referee/urls.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# --- Request limits ----------------------------------------------------------------------

# A request body (form fields; uploaded files aside) above this is refused with a 4xx.
# Django's default (2.5 MB) let a 2.5 MB draft and a 1 MB ruling reason be stored; the
# largest real documents (move logs of a whole game) are ~40 KB.
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("DATA_UPLOAD_MAX_MEMORY_SIZE", default=512 * 1024)
JSON_MAX_BYTES = DATA_UPLOAD_MAX_MEMORY_SIZE
JSON_MAX_DEPTH = 32  # real documents nest at most 7 levels
# An event archive (console import) is one JSON file with every result and move log of an
# event: megabytes for a large event, so it has a size limit of its own (the depth limit
# stays). The upload is read only this far.
ARCHIVE_MAX_BYTES = env.int("ARCHIVE_MAX_BYTES", default=64 * 1024 * 1024)
# Form posts (urlencoded or multipart, files included) are refused with 413 by their
# declared size before anything parses them (referee/upload_limits.py): FORM_MAX_BYTES
# for any form, UPLOAD_LIMITS (path pattern, bytes) for the pages that take a file. A new
# upload page adds its line here. The multipart envelope gets 64 KiB on top.
CSV_UPLOAD_MAX_BYTES = env.int("CSV_UPLOAD_MAX_BYTES", default=2 * 1024 * 1024)
_ENVELOPE = 64 * 1024
FORM_MAX_BYTES = DATA_UPLOAD_MAX_MEMORY_SIZE + _ENVELOPE
# A photo of a paper score sheet, attached on the judge's page (results.services).
SHEET_PHOTO_MAX_BYTES = env.int("SHEET_PHOTO_MAX_BYTES", default=8 * 1024 * 1024)
UPLOAD_LIMITS = [
    (r"^/[a-z]{2}/judge/(?:tables/\d+|[^/]+)/photo$", SHEET_PHOTO_MAX_BYTES + _ENVELOPE),
    (r"^/[a-z]{2}/console/import/$", ARCHIVE_MAX_BYTES + _ENVELOPE),
    (r"^/api/archives/$", ARCHIVE_MAX_BYTES + _ENVELOPE),
    (r"^/[a-z]{2}/console/[^/]+/players/import/$", CSV_UPLOAD_MAX_BYTES + _ENVELOPE),
    (r"^/[a-z]{2}/console/[^/]+/schedule/$", CSV_UPLOAD_MAX_BYTES + _ENVELOPE),
    (r"^/[a-z]{2}/console/tools/[^/]+/editions/[^/]+/import/$", JSON_MAX_BYTES + _ENVELOPE),
]

# --- REST framework and OpenAPI ----------------------------------------------------------

REST_FRAMEWORK = {
    # JSON only, size- and depth-limited (referee/jsonparse.py): a form cannot carry a sheet
    # or a log, and the schema lists what is parsed (any other body answers 415).
    "DEFAULT_PARSER_CLASSES": ["referee.jsonparse.LimitedJSONParser"],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "tournaments.integrations.auth.ApiTokenAuthentication",
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # Every refusal documented and answered with one body (referee/api_schema.py,
    # referee/api_errors.py).
    "DEFAULT_SCHEMA_CLASS": "referee.api_schema.AutoSchema",
    "EXCEPTION_HANDLER": "referee.api_errors.exception_handler",
    # Per API token (integrations); logins and anonymous readers are not counted here.
    "DEFAULT_THROTTLE_CLASSES": ["tournaments.integrations.auth.ApiTokenRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {"api_token": env.str("API_TOKEN_RATE", default="300/min")},
}
# The public read endpoints need no token; one that is sent must be valid (401) and is
# counted by the token's rate limit (docs/security.md).
PUBLIC_API_AUTHENTICATION = ["tournaments.integrations.auth.ApiTokenAuthentication"]
# Webhooks call public internet addresses only, unless this is on (a tool on the LAN).
WEBHOOK_ALLOW_PRIVATE_ADDRESSES = env.bool("WEBHOOK_ALLOW_PRIVATE_ADDRESSES", default=False)
SPECTACULAR_SETTINGS = {
    "TITLE": "Referee API",
    "DESCRIPTION": "Tournament referee and score tracking for five Egyptian-themed games.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Request bodies get components of their own, so a required text's minLength (and
    # other input-only rules) is stated where clients read it.
    "COMPONENT_SPLIT_REQUEST": True,
    # Two choice sets share the field name "kind" (result entry): name their enums.
    "ENUM_NAME_OVERRIDES": {
        "SubmissionKindEnum": "tournaments.results.models.SubmissionKind",
        "RulingKindEnum": "tournaments.results.models.RulingKind",
        "EventStatusEnum": "tournaments.events.models.EventStatus",
        "ReleasedRoundStatusEnum": "tournaments.public.api_shapes.RELEASED_ROUND_STATUSES",
    },
}

# --- Logging -----------------------------------------------------------------------------

# Every line goes through one handler whose filter removes private and judge tokens from
# paths (referee/logredact.py): Django logs the path of each 4xx, and runserver each request.
# LOG_FORMAT=json: every line one JSON object (time, level, logger, message, and each
# field a record carries: the request line's view, method, status, duration_ms, path).
LOG_FORMAT = env.str("LOG_FORMAT", default="plain")
if LOG_FORMAT not in ("plain", "json"):
    raise ImproperlyConfigured(f"LOG_FORMAT must be plain or json, not {LOG_FORMAT!r}")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(levelname)s %(asctime)s %(name)s %(message)s"},
        "json": {
            "()": "referee.logredact.JsonFormatter",
            "format": "%(levelname)s %(name)s %(message)s",
            "rename_fields": {"levelname": "level", "name": "logger"},
            "timestamp": "time",
        },
    },
    "filters": {"redact_tokens": {"()": "referee.logredact.RedactTokens"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": LOG_FORMAT,
            "filters": ["redact_tokens"],
        }
    },
    "root": {"level": env.str("LOG_LEVEL", default="INFO"), "handlers": ["console"]},
    "loggers": {
        # One line per task is noise at INFO; failures still log at WARNING/ERROR.
        "celery.app.trace": {"level": env.str("CELERY_TRACE_LOG_LEVEL", default="WARNING")},
        # Django's default handlers on these (a console while DEBUG, runserver's request
        # lines) write paths unfiltered: removed, their records reach the root's handler.
        "django": {"handlers": [], "level": "INFO"},
        "django.server": {"handlers": [], "level": "INFO", "propagate": True},
    },
}
