"""The Celery app: configured from Django settings, JSON only, bounded, tasks discovered."""

from __future__ import annotations

from referee import celery_app
from referee.celery import app


def test_project_exposes_one_celery_app():
    assert celery_app is app
    assert app.main == "referee"


def test_json_only_with_time_limits(settings):
    assert app.conf.accept_content == ["json"]
    assert app.conf.task_serializer == "json"
    assert app.conf.result_serializer == "json"
    assert 0 < app.conf.task_soft_time_limit < app.conf.task_time_limit
    assert app.conf.timezone == settings.TIME_ZONE


def test_tournament_tasks_are_autodiscovered():
    app.loader.import_default_modules()
    assert "tournaments.event_summary_refresh" in app.tasks


def test_tests_run_tasks_eagerly_by_default():
    assert app.conf.task_always_eager is True
