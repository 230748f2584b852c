"""League ratings for pages: one player's rating (public player page), the league table,
and the players of an event ordered for round-1 seeding."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Count

from tournaments.models import Registration
from tournaments.models_console import PlayerRating
from tournaments.models_results import ResultSubmission


@dataclass(frozen=True)
class RatingView:
    player_id: int
    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    events: int
    updated: dt.datetime


def _events_counted(player_ids: list[int]) -> dict[int, int]:
    """Events in which each player has at least one confirmed table."""
    rows = (
        ResultSubmission.objects.filter(
            status=ResultSubmission.Status.CONFIRMED,
            table__seats__registration__player_id__in=player_ids,
        )
        .values("table__seats__registration__player_id")
        .annotate(events=Count("table__round__event_id", distinct=True))
        .values_list("table__seats__registration__player_id", "events")
    )
    return dict(rows)


def _view(row: PlayerRating, events: dict[int, int]) -> RatingView:
    return RatingView(
        player_id=row.player_id,
        name=row.player.display_name,
        mu=row.mu,
        sigma=row.sigma,
        ordinal=row.ordinal,
        games=row.games,
        events=events.get(row.player_id, 0),
        updated=row.updated,
    )


def player_rating(player_id: int) -> RatingView | None:
    """The player's league rating, or None when they have no confirmed rated table."""
    row = PlayerRating.objects.filter(player_id=player_id).select_related("player").first()
    if row is None:
        return None
    return _view(row, _events_counted([player_id]))


def league_table(limit: int | None = None) -> list[RatingView]:
    """Every rated player, best ordinal (mu - 3 sigma) first."""
    rows = sorted(
        PlayerRating.objects.select_related("player"),
        key=lambda r: (-r.ordinal, r.player.display_name, r.player_id),
    )
    if limit is not None:
        rows = rows[:limit]
    events = _events_counted([r.player_id for r in rows])
    return [_view(r, events) for r in rows]


def event_players_by_rating(event_id: int) -> list[tuple[Registration, RatingView | None]]:
    """The event's checked-in players in round-1 seeding order (best ordinal first,
    unrated last), with their ratings."""
    from tournaments.services.ratings import registrations_by_rating

    regs = registrations_by_rating(event_id)
    rows = {
        r.player_id: r
        for r in PlayerRating.objects.filter(
            player_id__in=[g.player_id for g in regs]
        ).select_related("player")
    }
    events = _events_counted(list(rows))
    return [(g, _view(rows[g.player_id], events) if g.player_id in rows else None) for g in regs]
