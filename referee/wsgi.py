"""WSGI entry point (gunicorn referee.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings.local")

application = get_wsgi_application()

# Public pages cached at their current version are served before Django (one Redis call).
from tournaments.public.wsgi import PublicPageCache  # noqa: E402 - needs Django set up

application = PublicPageCache(application)
