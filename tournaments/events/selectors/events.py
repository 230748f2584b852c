"""Reads for the public event pages."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from tournaments.events.models import Event, Round, Seat, Table


def event_list_public() -> QuerySet[Event]:
    """Events visitors may see: everything past draft, newest first."""
    return Event.objects.exclude(status=Event.Status.DRAFT).order_by("-starts_on", "name")


def event_by_slug(slug: str) -> Event | None:
    return event_list_public().filter(slug=slug).first()


@dataclass(frozen=True)
class RoundSeating:
    round: Round
    tables: list[Table]  # each with .seats prefetched in position order


def round_seating(event: Event, number: int | None = None) -> RoundSeating | None:
    """The seating of round ``number``, or of the latest published/closed round."""
    rounds = event.rounds.exclude(status=Round.Status.DRAFT)
    if number is not None:
        rounds = rounds.filter(number=number)
    chosen = rounds.order_by("-number").first()
    if chosen is None:
        return None
    seats = Seat.objects.select_related("registration__player").order_by("position")
    tables = list(
        chosen.tables.order_by("number").prefetch_related(Prefetch("seats", queryset=seats))
    )
    return RoundSeating(round=chosen, tables=tables)
