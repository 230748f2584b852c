"""The Celery app (cookiecutter style): configured from Django settings under CELERY_.

Every task gets ``ResilientTask`` as its base (``task_cls``): a task that cannot be sent
because the broker is down is logged, never raised into the request that sent it.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings.local")

app = Celery("referee", task_cls="referee.celery_tasks:ResilientTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
