"""League ratings: OpenSkill (Plackett-Luce) from confirmed table placements.

One rating per player and league: a league (``Event.league``, events at one venue) is
rated from its own events only; events without a league are rated together as one
unnamed league. A full, deterministic recompute: every confirmed and released table
(``selectors.public.results_released``: with the ``on_close`` release policy only tables
of closed rounds, so a rating never reveals an unreleased result) of every event of the
league, in chronological order (event start date, event id, round number, table
number), each table one
free-for-all match with the table's placements as ranks (ties share a rank, which
OpenSkill treats as a draw between them). A head judge's engine-override ruling
replaces the placements, as in the standings. Game losses, penalties and
disqualifications are sanctions, not play: they do not move ratings. A table with fewer
than two rated seats (a solo game) is skipped.

Running the recompute twice gives the same ratings; when the input is unchanged since
the last run nothing is written (``RatingRun.input_hash``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from openskill.models import PlackettLuce

from tournaments.events.domain import RatingsChanged, announce
from tournaments.events.models import Event, EventConfig, Registration, Seat
from tournaments.ratings.models import PlayerRating, RatingRun
from tournaments.results.models import ResultSubmission, Ruling


@dataclass(frozen=True)
class RatedTable:
    """One confirmed table: player ids in seat order and their placements (1 = best)."""

    table_id: int
    event_id: int
    players: tuple[int, ...]
    ranks: tuple[int, ...]
    league_id: int | None = None


@dataclass(frozen=True)
class RatingValue:
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def _policies() -> dict[int, str]:
    """Event id → release policy, for the events whose organizer stored one."""
    from tournaments.events.release import IMMEDIATE, ON_CLOSE

    return {
        event_id: ON_CLOSE if (data or {}).get("release_policy") == ON_CLOSE else IMMEDIATE
        for event_id, data in EventConfig.objects.values_list("event_id", "data")
    }


def rated_tables(*, only_league: int | None = None) -> list[RatedTable]:
    """Every confirmed, released table in chronological order, ready to rate
    (``only_league``: that league's only, for a league's page)."""
    from tournaments.events.release import IMMEDIATE, results_released

    policies = _policies()
    confirmed = ResultSubmission.objects.filter(status=ResultSubmission.Status.CONFIRMED)
    if only_league is not None:
        confirmed = confirmed.filter(table__round__event__league_id=only_league)
    rows = [
        (table_id, event_id, league_id, lines)
        for table_id, event_id, league_id, status, lines in confirmed.exclude(
            table__round__event__status=Event.Status.DRAFT
        )
        .order_by(
            "table__round__event__starts_on",
            "table__round__event_id",
            "table__round__number",
            "table__number",
        )
        .values_list(
            "table_id",
            "table__round__event_id",
            "table__round__event__league_id",
            "table__round__status",
            "lines",
        )
        if results_released(status, policies.get(event_id, IMMEDIATE))
    ]
    table_ids = [table_id for table_id, _, _, _ in rows]
    seats: dict[int, list[int]] = {}
    for table_id, player_id in (
        Seat.objects.filter(table_id__in=table_ids)
        .order_by("table_id", "position")
        .values_list("table_id", "registration__player_id")
    ):
        seats.setdefault(table_id, []).append(player_id)
    overrides: dict[int, list] = {}
    for table_id, data in (
        Ruling.objects.filter(
            kind=Ruling.Kind.ENGINE_OVERRIDE, table_id__in=table_ids, revoked_at__isnull=True
        )
        .order_by("id")
        .values_list("table_id", "data")
    ):
        overrides[table_id] = list((data or {}).get("placements") or [])
    out = []
    for table_id, event_id, league_id, lines in rows:
        players = seats.get(table_id, [])
        ranks = overrides.get(table_id) or [line[0] for line in lines or []]
        if len(players) < 2 or len(ranks) != len(players):
            continue  # solo game, or the seating changed after entry
        if any(not isinstance(r, int) or isinstance(r, bool) or r < 1 for r in ranks):
            continue
        out.append(RatedTable(table_id, event_id, tuple(players), tuple(ranks), league_id))
    return out


def compute_ratings(tables: list[RatedTable], model: PlackettLuce | None = None):
    """Pure: ratings after playing ``tables`` (one league's) in order, from the model's
    defaults."""
    model = model or PlackettLuce()
    current: dict[int, object] = {}
    games: dict[int, int] = {}
    for table in tables:
        teams = [[current.get(pid) or model.rating(name=str(pid))] for pid in table.players]
        rated = model.rate(teams, ranks=list(table.ranks))
        for pid, (rating,) in zip(table.players, rated, strict=True):
            current[pid] = rating
            games[pid] = games.get(pid, 0) + 1
    return {pid: RatingValue(r.mu, r.sigma, games[pid]) for pid, r in current.items()}


def rating_changes_by_event(
    tables: list[RatedTable], model: PlackettLuce | None = None
) -> dict[int, dict[int, float]]:
    """Pure: event id → player id → how much that event moved the player's ordinal
    (mu - 3 sigma), rating ``tables`` (one league's, in order) as ``compute_ratings``
    does. A player's first event counts from the model's starting rating."""
    model = model or PlackettLuce()
    current: dict[int, object] = {}
    before: dict[int, dict[int, float]] = {}
    for table in tables:
        seen = before.setdefault(table.event_id, {})
        teams = []
        for pid in table.players:
            rating = current.get(pid) or model.rating(name=str(pid))
            seen.setdefault(pid, rating.mu - 3 * rating.sigma)
            teams.append([rating])
        rated = model.rate(teams, ranks=list(table.ranks))
        for pid, (rating,) in zip(table.players, rated, strict=True):
            current[pid] = rating
    # ``before`` holds each event's first sight of a player; ``current`` moves on, so the
    # change is read from the next event's ``before`` or, for the last one, ``current``.
    changes: dict[int, dict[int, float]] = {}
    event_ids = list(before)
    for i, event_id in enumerate(event_ids):
        changes[event_id] = {}
        for pid, start in before[event_id].items():
            later = next((before[e][pid] for e in event_ids[i + 1 :] if pid in before[e]), None)
            if later is None:
                rating = current[pid]
                later = rating.mu - 3 * rating.sigma
            changes[event_id][pid] = later - start
    return changes


def compute_league_ratings(
    tables: list[RatedTable], model: PlackettLuce | None = None
) -> dict[tuple[int | None, int], RatingValue]:
    """Pure: (league id, player id) → rating, each league rated from its own tables only
    (in the given order)."""
    by_league: dict[int | None, list[RatedTable]] = {}
    for table in tables:
        by_league.setdefault(table.league_id, []).append(table)
    return {
        (league_id, pid): value
        for league_id, league_tables in by_league.items()
        for pid, value in compute_ratings(league_tables, model).items()
    }


def _input_hash(tables: list[RatedTable]) -> str:
    payload = json.dumps([[t.table_id, t.league_id, t.players, t.ranks] for t in tables])
    return hashlib.sha256(payload.encode()).hexdigest()


@transaction.atomic
def ratings_recompute(*, force: bool = False) -> RatingRun | None:
    """Recompute every player's rating from scratch; None when the input is unchanged."""
    tables = rated_tables()
    digest = _input_hash(tables)
    last = RatingRun.objects.select_for_update().order_by("-id").first()
    if not force and last is not None and last.input_hash == digest:
        return None
    values = compute_league_ratings(tables)
    existing = {(r.league_id, r.player_id): r for r in PlayerRating.objects.select_for_update()}
    changed: set[tuple[int | None, int]] = set()
    for (league_id, pid), value in values.items():
        row = existing.pop((league_id, pid), None)
        if row is None:
            changed.add((league_id, pid))
            PlayerRating.objects.create(
                player_id=pid,
                league_id=league_id,
                mu=value.mu,
                sigma=value.sigma,
                games=value.games,
            )
        elif (row.mu, row.sigma, row.games) != (value.mu, value.sigma, value.games):
            changed.add((league_id, pid))
            row.mu, row.sigma, row.games = value.mu, value.sigma, value.games
            row.save(update_fields=["mu", "sigma", "games", "updated"])
    # A player whose only tables in a league were corrected away (or moved to another
    # league) has no rating there any more.
    PlayerRating.objects.filter(pk__in=[r.pk for r in existing.values()]).delete()
    changed |= set(existing)
    _refresh_public_pages(changed)
    players = len({pid for _, pid in values})
    return RatingRun.objects.create(tables=len(tables), players=players, input_hash=digest)


def _refresh_public_pages(changed: set[tuple[int | None, int]]) -> None:
    """Player pages show the player's rating in the event's league: refresh the pages of
    the players whose rating changed, in the events of that league. Only theirs: a
    ratings run lands ~10 s after a burst of confirmations, often just as the next round
    is released, and making every player's prerendered page stale (or rendering all of
    them again) in the middle of that rush is what the public pages must avoid. An event
    outside any league shows no rating, so a rating of no league changes none of them."""
    by_league: dict[int, set[int]] = {}
    for league_id, pid in changed:
        if league_id is not None:
            by_league.setdefault(league_id, set()).add(pid)
    touched: dict[int, set[int]] = {}
    for league_id, pids in by_league.items():
        for event_id, registration_id in Registration.objects.filter(
            event__league_id=league_id, player_id__in=pids
        ).values_list("event_id", "id"):
            touched.setdefault(event_id, set()).add(registration_id)
    for event_id, registrations in sorted(touched.items()):
        announce(RatingsChanged(event_id=event_id, registrations=frozenset(registrations)))


# Confirmations arrive in bursts at the end of a round; one recompute reads them all.
PENDING_KEY = "league-ratings:pending"
PENDING_GRACE_SECONDS = 120  # a lost task stops blocking new ones after this


def coalesce_seconds() -> float:
    return float(getattr(settings, "RATINGS_COALESCE_SECONDS", 10.0))


def ratings_schedule_recompute() -> None:
    """After the current transaction commits, make sure one recompute is on its way:
    while one is pending (not yet started) further requests add nothing."""

    def enqueue() -> None:
        from tournaments.events import outbox
        from tournaments.ratings.tasks import ratings_recompute_task  # tasks import services

        countdown = coalesce_seconds()
        try:
            pending = not cache.add(PENDING_KEY, 1, timeout=int(countdown) + PENDING_GRACE_SECONDS)
        except Exception:  # the cache is away: send anyway (one extra, idempotent run)  # noqa: BLE001
            pending = False
        if not pending:
            outbox.send(ratings_recompute_task, countdown=countdown)

    transaction.on_commit(enqueue)


def ratings_task_started() -> None:
    """Called by the task before it reads: writes from now on need another run."""
    cache.delete(PENDING_KEY)


def event_league_id(event_id: int) -> int | None:
    return Event.objects.filter(pk=event_id).values_list("league_id", flat=True).first()


def league_ratings(league_id: int | None, player_ids) -> list[PlayerRating]:
    """The players' ratings in one league (None: the events without a league)."""
    return list(PlayerRating.objects.filter(league_id=league_id, player_id__in=list(player_ids)))


def registrations_by_rating(event_id: int) -> list[Registration]:
    """The event's checked-in registrations, best rating ordinal in the event's league
    first; unrated players follow in registration order (for round-1 seeding by
    strength)."""
    regs = list(
        Registration.objects.filter(event_id=event_id, status=Registration.Status.CHECKED_IN)
        .select_related("player")
        .order_by("pk")
    )
    ordinals = {
        r.player_id: r.ordinal
        for r in league_ratings(event_league_id(event_id), [g.player_id for g in regs])
    }
    rated = sorted(
        (g for g in regs if g.player_id in ordinals), key=lambda g: (-ordinals[g.player_id], g.pk)
    )
    return rated + [g for g in regs if g.player_id not in ordinals]
