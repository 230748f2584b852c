"""Test settings: fast hashing, locmem email, eager Celery (a realstack test turns it off).

The database and Redis still follow DATABASE_URL / REDIS_URL, so CI runs the suite on
PostgreSQL and Redis. The cache key prefix is unique per process so runs never see each
other's entries in a shared Redis.
"""

import uuid

from referee.settings.base import *  # noqa: F403
from referee.settings.base import CACHES, env

DEBUG = False
SECRET_KEY = env.str("SECRET_KEY", default="test-only-secret-key-not-for-production-use")
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]
CSRF_TRUSTED_ORIGINS = ["http://testserver"]

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"

CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True

# A realstack worker is given its test process's prefix, so both see the same cache keys.
CACHES["default"]["KEY_PREFIX"] = env.str(
    "TEST_CACHE_KEY_PREFIX", default=f"referee-test-{uuid.uuid4().hex[:12]}"
)

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Serve static files from the finders; no collectstatic needed (and no warning without it).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# The tests' webhook receivers listen on 127.0.0.1: that one address counts as public
# (tournaments/integrations/webhook_address.py); loopback stays closed otherwise, and
# the SSRF tests aim at 127.0.0.2 and friends.
WEBHOOK_ADDRESSES_TREATED_AS_PUBLIC = ["127.0.0.1"]
