"""The Celery app (cookiecutter style): configured from Django settings under CELERY_."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings.local")

app = Celery("referee")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
