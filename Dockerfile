# One image for web (gunicorn), worker (celery) and migrations; see docker-compose.yml.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DJANGO_SETTINGS_MODULE=referee.settings.production

WORKDIR /app
# The source tree is the application (engines keep data files next to their code), so it
# is installed in place; .dockerignore keeps tests, docs and local state out.
COPY . .
RUN pip install -e .

# collectstatic needs settings to import; these build-time values never reach runtime.
RUN SECRET_KEY=build-only ALLOWED_HOSTS=build CSRF_TRUSTED_ORIGINS=https://build \
    python manage.py collectstatic --noinput

RUN useradd --create-home --uid 1000 referee && mkdir -p /app/var /app/media && chown referee /app/var /app/media
USER referee

EXPOSE 8000
CMD ["gunicorn", "referee.wsgi:application", "--config=gunicorn.conf.py"]
