"""Reads for a league's public pages (``/<lang>/leagues/<public id>/``): the league's
public events, each player's result in each of them, and the season leaderboard under
the rule the league's owner chose (``ratings.season``, pure).

The event rules are the public pages' own (``selectors``): only events past draft, a
placement from the latest standings the public may see (the freeze and the release
policy apply), or a finished event's final order. A player is the ``Player`` a
registration names, as the league ratings match players across events. A league without
a public page (no ``LeagueSeason``, or not public) has no data: the views answer 404.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from tournaments.events.kana import sort_key
from tournaments.events.models import Event, Registration
from tournaments.public import selectors as sel
from tournaments.ratings import season
from tournaments.ratings.models import LeagueSeason, PlayerRating


@dataclass(frozen=True)
class LeagueEventView:
    id: int
    slug: str
    name: str
    starts_on: dt.date | None
    status: str
    players: int  # players listed in its public standings (0: none yet)


@dataclass(frozen=True)
class HistoryLine:
    event: LeagueEventView
    placement: int | None
    tied: bool  # the placement is shared
    tournament_points: object  # a standings number, or None
    points: object  # what the event gives under the season rule (None: unknown / no points)
    counted: bool  # the season value counts this event
    rating_change: float | None


@dataclass
class LeagueData:
    league_id: int
    name: str
    public_id: str
    rule: season.SeasonRule
    events: list[LeagueEventView]
    names: dict[int, tuple[str, str]]  # player id → (name, reading)
    results: dict[int, list[season.EventResult]]
    tied: dict[tuple[int, int], bool]  # (event, player) → placement shared
    ratings: dict[int, float]
    rating_changes: dict[int, dict[int, float]] = field(default_factory=dict)

    _table: list[season.SeasonRow] | None = field(default=None, repr=False)

    def table(self) -> list[season.SeasonRow]:
        """The season leaderboard (computed once per LeagueData)."""
        if self._table is None:
            listing = {pid: sort_key(n, reading) for pid, (n, reading) in self.names.items()}
            self._table = season.season_table(self.rule, self.results, self.ratings, listing)
        return self._table

    def history(self, player_id: int) -> list[HistoryLine]:
        row = next((r for r in self.table() if r.player_id == player_id), None)
        counted = set(row.counted) if row else set()
        by_event = {r.event_id: r for r in self.results.get(player_id, [])}
        lines = []
        for event in self.events:
            result = by_event.get(event.id)
            if result is None:
                continue
            lines.append(
                HistoryLine(
                    event=event,
                    placement=result.placement,
                    tied=self.tied.get((event.id, player_id), False),
                    tournament_points=result.tournament_points,
                    points=season.event_points(self.rule, result),
                    counted=event.id in counted,
                    rating_change=self.rating_changes.get(event.id, {}).get(player_id),
                )
            )
        return lines


def public_season(public_id: str) -> LeagueSeason | None:
    return (
        LeagueSeason.objects.select_related("league")
        .filter(public_id=public_id, public=True)
        .first()
    )


def rule_of(settings: LeagueSeason) -> season.SeasonRule:
    points = tuple(int(p) for p in settings.placement_points or [])
    return season.SeasonRule(settings.rule, settings.best_n, points)


def _placements(event: Event) -> tuple[dict[int, tuple[int, object]], set[int]]:
    """registration id → (placement, tournament points) in the event's public standings
    (a finished event: its final order), and the registrations whose placement is
    shared."""
    frozen = None if event.status == Event.Status.FINISHED else sel.frozen_after(event)
    policy = sel.release_policy(event)
    snapshot = sel.standings_snapshot(event, frozen, policy=policy)
    out: dict[int, tuple[int | None, object]] = {}
    for row in snapshot.rows if snapshot else []:
        tp = sel.metric_number((row.get("metrics") or {}).get("tp"))
        out[row["registration"]] = (row.get("rank"), tp)
    if event.status == Event.Status.FINISHED:
        from tournaments.seating.finals import final_order

        for placing in final_order(event):
            tp = out.get(placing.registration, (None, None))[1]
            out[placing.registration] = (placing.place, tp)
    places = [place for place, _tp in out.values() if place is not None]
    shared = {r for r, (place, _tp) in out.items() if place is not None and places.count(place) > 1}
    return out, shared


def _rating_changes(league_id: int, event_ids: set[int]) -> dict[int, dict[int, float]]:
    from tournaments.ratings.services import rated_tables, rating_changes_by_event

    tables = rated_tables(only_league=league_id)
    changes = rating_changes_by_event(tables)
    return {e: c for e, c in changes.items() if e in event_ids}


def league_data(public_id: str) -> LeagueData | None:
    """Everything a league's public pages show; None when the league has no public page."""
    settings = public_season(public_id)
    if settings is None:
        return None
    league = settings.league
    events = list(sel.public_events_queryset().filter(league=league).order_by("starts_on", "id"))
    views, results, tied = [], {}, {}
    names: dict[int, tuple[str, str]] = {}
    # A frozen event (a "silent" final) hides its later results until it is finished: its
    # rating change would tell them.
    silent = {
        e.pk
        for e in events
        if e.status != Event.Status.FINISHED and sel.frozen_after(e) is not None
    }
    for event in events:
        placements, shared = _placements(event)
        registrations = Registration.objects.filter(event=event, pk__in=list(placements))
        for reg_id, player_id, name, reading in registrations.values_list(
            "pk", "player_id", "player__display_name", "player__reading"
        ):
            place, tp = placements[reg_id]
            results.setdefault(player_id, []).append(season.EventResult(event.pk, place, tp))
            tied[(event.pk, player_id)] = reg_id in shared
            names[player_id] = (name, reading)
        views.append(
            LeagueEventView(
                event.pk, event.slug, event.name, event.starts_on, event.status, len(placements)
            )
        )
    ratings = {}
    for player_id, mu, sigma, name, reading in PlayerRating.objects.filter(
        league=league
    ).values_list("player_id", "mu", "sigma", "player__display_name", "player__reading"):
        ratings[player_id] = mu - 3 * sigma
        names.setdefault(player_id, (name, reading))
    return LeagueData(
        league_id=league.pk,
        name=league.name,
        public_id=settings.public_id,
        rule=rule_of(settings),
        events=views,
        names=names,
        results=results,
        tied=tied,
        ratings=ratings,
        rating_changes=_rating_changes(league.pk, {e.pk for e in events} - silent),
    )
