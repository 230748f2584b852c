"""League ratings for pages: one player's rating in a league (public player page), a
league's table, and the players of an event ordered for round-1 seeding. A league is a
``League`` id, or None for the events that belong to no league."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Count

from tournaments.events.models import Registration
from tournaments.ratings.models import PlayerRating
from tournaments.results.models import ResultSubmission


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
    league: str = ""


def _events_counted(player_ids: list[int], league_id: int | None) -> dict[int, int]:
    """Events of the league in which each player has at least one confirmed table."""
    rows = (
        ResultSubmission.objects.filter(
            status=ResultSubmission.Status.CONFIRMED,
            table__seats__registration__player_id__in=player_ids,
            table__round__event__league_id=league_id,
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
        league=row.league.name if row.league_id else "",
    )


def _ratings(league_id: int | None):
    return PlayerRating.objects.filter(league_id=league_id).select_related("player", "league")


def player_rating(player_id: int, league_id: int | None = None) -> RatingView | None:
    """The player's rating in the league, or None when they have no rated table there."""
    row = _ratings(league_id).filter(player_id=player_id).first()
    if row is None:
        return None
    return _view(row, _events_counted([player_id], league_id))


def leagues() -> list[tuple[int | None, str]]:
    """Every league with a rating or an event: (id, name); (None, "") for the events
    without a league when any has a rating."""
    from tournaments.events.models import League

    out: list[tuple[int | None, str]] = list(League.objects.values_list("id", "name"))
    if PlayerRating.objects.filter(league__isnull=True).exists():
        out.append((None, ""))
    return out


def league_table(league_id: int | None = None, limit: int | None = None) -> list[RatingView]:
    """Every player rated in the league, best ordinal (mu - 3 sigma) first."""
    rows = sorted(
        _ratings(league_id),
        key=lambda r: (-r.ordinal, r.player.display_name, r.player_id),
    )
    if limit is not None:
        rows = rows[:limit]
    events = _events_counted([r.player_id for r in rows], league_id)
    return [_view(r, events) for r in rows]


def event_players_by_rating(event_id: int) -> list[tuple[Registration, RatingView | None]]:
    """The event's checked-in players in round-1 seeding order (best ordinal first,
    unrated last), with their ratings."""
    from tournaments.ratings.services import event_league_id, registrations_by_rating

    league_id = event_league_id(event_id)
    regs = registrations_by_rating(event_id)
    rows = {
        r.player_id: r
        for r in _ratings(league_id).filter(player_id__in=[g.player_id for g in regs])
    }
    events = _events_counted(list(rows), league_id)
    return [(g, _view(rows[g.player_id], events) if g.player_id in rows else None) for g in regs]
