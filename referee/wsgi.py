"""WSGI entry point (gunicorn referee.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings.local")

application = get_wsgi_application()
