"""The Django project: settings from the environment, URLs, WSGI/ASGI and the Celery app."""

# Import the Celery app when Django starts so that @shared_task binds to it.
from referee.celery import app as celery_app

__all__ = ("celery_app",)
