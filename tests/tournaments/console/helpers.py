"""Helpers for console tests: an organizer, CSV text, results entered through the services."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from tournaments.console.demo.results import demo_sheet
from tournaments.events.access import Actor
from tournaments.events.models import Table
from tournaments.results.services.results import result_confirm, result_submit


def organizer(name="org", staff=True):
    return get_user_model().objects.create_user(username=name, password="pw", is_staff=staff)


def players_csv(count: int, clubs: int = 0) -> str:
    lines = ["name,reading,club"]
    for i in range(count):
        club = f"club{i % clubs}" if clubs else ""
        lines.append(f"選手{i:02d},せんしゅ{i:02d},{club}")
    return "\n".join(lines) + "\n"


def confirm_all(rnd, user) -> None:
    """Enter a valid Imhotep sheet at every table and confirm it as the organizer."""
    actor = Actor(user=user)
    for table in Table.objects.filter(round=rnd).order_by("number"):
        sub = result_submit(
            table_id=table.pk,
            actor=actor,
            kind="sheet",
            payload=demo_sheet(table.number + 10 * rnd.number, table.seats.count()),
        ).submission
        assert sub.status == "submitted", sub.violations
        result_confirm(submission_id=sub.pk, actor=actor)
