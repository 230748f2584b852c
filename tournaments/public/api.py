"""Public read API: everything the public pages show, under the same release rules.

Every endpoint reads through ``public.selectors`` (released rounds and results only, never
past the standings freeze, never a private token) and answers conditional GETs: the ETag
is the event's public cache version, which moves with every change a page could show, so
a client polling with ``If-None-Match`` gets 304 until something changed.

A round in play carries its clock: the deadline (which moves only with a clock write, and
every clock write moves the version) and the seconds left as of the answer. The seconds
tick without changing the ETag, so a client counts down from ``deadline`` after a 304.
"""

from __future__ import annotations

import re
from functools import cache

from django.conf import settings
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone, translation
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.events.clock import NOT_STARTED, PAUSED, clock_view
from tournaments.events.models import Event, Round
from tournaments.public import cache as page_cache
from tournaments.public import selectors as sel
from tournaments.public.api_shapes import (
    AOI,
    EVENT_EXAMPLE,
    ROUND_EXAMPLE,
    TABLE_EXAMPLE,
    EventDetailOut,
    EventPageOut,
    PersonOut,
    PlayerDetailOut,
    SeatingOut,
    TableResultOut,
    example,
)
from tournaments.public.screen import screen_announcement
from tournaments.results.unchecked_text import localized_unchecked
from tournaments.standings import metrics as metric_registry


@cache
def metric_definitions() -> dict[str, dict[str, str]]:
    """name → {label, meaning, better} from the metric registry and its documented table
    (the docstring of ``standings.metrics`` is the one written definition)."""
    meanings = {}
    for line in (metric_registry.__doc__ or "").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("``"):
            for name in re.findall(r"``([^`]+)``", cells[0]):
                meanings[name] = {"meaning": cells[1], "better": cells[2]}
    return {
        name: {"label": metric.label, **meanings.get(name, {"meaning": "", "better": ""})}
        for name, metric in metric_registry.METRICS.items()
    }


class PublicReadApi(APIView):
    """A GET of released data, answered 304 while the event's public version is unchanged."""

    permission_classes = [AllowAny]
    public_read = True  # a token sent here needs no event scope (integrations/auth.py)

    def get_authenticators(self):
        # From settings (PUBLIC_API_AUTHENTICATION): the API token scheme belongs to an app
        # above this one. No session: a public read needs no login and no CSRF.
        return [import_string(path)() for path in settings.PUBLIC_API_AUTHENTICATION]

    def event(self, slug: str) -> Event:
        return get_object_or_404(sel.public_events_queryset(), slug=slug)

    def conditional(self, request, slug: str | None, build, language: str = "api") -> Response:
        """``language``: that of an answer with words in it (``Accept-Language``), so a
        client that switches language is not told its other-language copy is current."""
        etag = page_cache.etag_for(
            page_cache.current_version(slug), language, request.get_full_path()
        )
        if page_cache.etag_matches(request.headers.get("If-None-Match"), etag):
            response = Response(status=304)
        else:
            response = Response(build())
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache"  # revalidate every time: it is cheap
        return response


def invalid_parameter(name: str, message: str) -> Response:
    """400 for a query parameter outside what the schema lists (one Error body)."""
    return Response(
        {"code": "invalid", "message": message, "detail": message, "field": name}, status=400
    )


def request_language() -> str:
    """The request's language as LocaleMiddleware chose it (``Accept-Language``)."""
    return "ja" if (translation.get_language() or "ja").startswith("ja") else "en"


def _person(person: sel.PersonView) -> dict:
    return {
        "registration": person.registration_id,
        "name": person.name,
        "reading": person.reading,
        "club": person.club,
    }


def _event(event: Event, data: sel.EventData | None = None) -> dict:
    body = {
        "slug": event.slug,
        "name": event.name,
        "venue": event.venue,
        "starts_on": event.starts_on,
        "ends_on": event.ends_on,
        "status": event.status,
        "game": event.game_key,
        "rounds_planned": event.rounds_planned,
    }
    if data is not None:
        body["games"] = data.games
        now = timezone.now()  # one moment for every round's clock
        body["rounds"] = [_round(r, now) for r in data.rounds]
        body["players"] = {
            "registered": data.summary.registered,
            "checked_in": data.summary.checked_in,
        }
        body["announcement"] = screen_announcement(event.pk)
    return body


def _clock(rnd: sel.RoundView, now, table_number: int | None = None) -> dict | None:
    """The clock as the pages show it: only while the round is in play and once started
    (a closed round's clock is history). ``table_number``: that table's own time."""
    if rnd.status != Round.Status.PUBLISHED or rnd.clock is None:
        return None
    view = clock_view(rnd.clock, table_number, now=now)
    if view.state == NOT_STARTED:
        return None
    return {
        "state": view.state,
        "deadline": view.deadline,
        "remaining_seconds": view.remaining,
        "as_of": now,
        "paused": view.state == PAUSED,
        "duration_seconds": rnd.clock.duration_seconds,
        "extended_seconds": view.extended,
        "extra_seconds": view.extra,
    }


def _round(rnd: sel.RoundView, now) -> dict:
    return {
        "number": rnd.number,
        "status": rnd.status,
        "game": rnd.game_key,
        "published_at": rnd.published_at,
        "tables": len(rnd.tables),
        "results_released": not rnd.results_hidden,
        "tables_with_results": rnd.confirmed_tables,
        "clock": _clock(rnd, now),
    }


def _table(table: sel.TableView, rnd: sel.RoundView, now) -> dict:
    return {
        "id": table.id,  # what /api/tables/<id>/… takes; or address it by number (docs/api.md)
        "number": table.number,
        "game": table.game_key,
        "status": table.status,
        # Seat 1 is the start player: seats are listed in play order from the start player.
        "seats": [{"position": s.position, **_person(s.person)} for s in table.seats],
        "result_released": table.result_released and not rnd.results_hidden,
        "clock": _clock(rnd, now, table.number),
    }


def _round_or_404(data: sel.EventData, number: int) -> sel.RoundView:
    rnd = data.round(number)
    if rnd is None:
        raise Http404("no released round with that number")
    return rnd


class EventPagination(LimitOffsetPagination):
    default_limit = 50
    max_limit = 200


class EventListApi(PublicReadApi):
    """Public events (not drafts), newest first; filter with ``?status=``."""

    @extend_schema(
        parameters=[OpenApiParameter("status", str, enum=[s for s, _ in Event.Status.choices])],
        responses={200: EventPageOut},
        operation_id="events_list",
        examples=example(
            "Events", {"count": 1, "next": None, "previous": None, "results": [EVENT_EXAMPLE]}
        ),
    )
    def get(self, request):
        status = request.query_params.get("status")
        if status is not None and status not in Event.Status.values:
            return invalid_parameter(
                "status",
                _("The parameter “status” must be one of: %(values)s.")
                % {"values": ", ".join(Event.Status.values)},
            )

        def build():
            events = sel.public_events_queryset().order_by("-starts_on", "name")
            if status is not None:
                events = events.filter(status=status)
            paginator = EventPagination()
            page = paginator.paginate_queryset(events, request, view=self)
            return {
                "count": paginator.count,
                "next": paginator.get_next_link(),
                "previous": paginator.get_previous_link(),
                "results": [_event(e) for e in page],
            }

        return self.conditional(request, None, build)


class EventDetailApi(PublicReadApi):
    """One event: its games, rounds (released ones) and player counts."""

    @extend_schema(
        responses={200: EventDetailOut},
        operation_id="event_detail",
        examples=example(
            "Event",
            {
                **EVENT_EXAMPLE,
                "games": ["imhotep"],
                "rounds": [ROUND_EXAMPLE],
                "players": {"registered": 12, "checked_in": 12},
                "announcement": "Round 2 starts at 19:30",
            },
        ),
    )
    def get(self, request, slug: str):
        event = self.event(slug)
        return self.conditional(request, slug, lambda: _event(event, sel.event_data(event)))


class RoundSeatingApi(PublicReadApi):
    """A released round's tables: game, seats in play order (seat 1 starts), status."""

    @extend_schema(
        responses={200: SeatingOut},
        operation_id="round_seating",
        examples=example("Seating", {**ROUND_EXAMPLE, "tables": [TABLE_EXAMPLE]}),
    )
    def get(self, request, slug: str, number: int):
        event = self.event(slug)

        def build():
            rnd = _round_or_404(sel.event_data(event), number)
            now = timezone.now()  # one moment for the round and all its tables
            return {**_round(rnd, now), "tables": [_table(t, rnd, now) for t in rnd.tables]}

        return self.conditional(request, slug, build)


class TableResultApi(PublicReadApi):
    """A table's released result: per player the total, rank, per-category breakdown and
    tiebreak values, plus the rulings on it. 404 while the result is not released."""

    @extend_schema(
        responses={200: TableResultOut},
        operation_id="table_result",
        examples=example(
            "Result",
            {
                **TABLE_EXAMPLE,
                "round": 1,
                "categories": [{"key": "ships", "en": "Ships", "ja": "船", "rule": "imhotep:S1"}],
                "tiebreaks": [],
                "players": [
                    {
                        "position": 1,
                        **AOI,
                        "total": 31,
                        "rank": 1,
                        "complete": True,
                        "breakdown": {"ships": 31},
                        "tiebreak": [],
                    }
                ],
                "unchecked": [],
                "rulings": [],
            },
        ),
    )
    def get(self, request, slug: str, number: int, table: int):
        event = self.event(slug)
        language = request_language()

        def build():
            data = sel.event_data(event)
            rnd = _round_or_404(data, number)
            view = next((t for t in rnd.tables if t.number == table), None)
            submission = data.results.get(view.id) if view else None
            if view is None or submission is None or rnd.results_hidden:
                raise Http404("no released result for that table")
            outcome = submission.outcome or {}
            return {
                **_table(view, rnd, timezone.now()),
                "round": number,
                "categories": outcome.get("categories", []),
                "tiebreaks": outcome.get("tiebreaks", []),
                "players": [
                    {
                        "position": r.position,
                        **_person(r.person),
                        "total": r.total,
                        "rank": r.rank,
                        "complete": r.complete,
                        "breakdown": {c["key"]: points for c, points in r.breakdown},
                        "tiebreak": [value for _, value in r.tiebreak],
                    }
                    for r in sel.seat_results(view, submission)
                ],
                "unchecked": [
                    {
                        "code": u.get("code"),
                        "rule": u.get("rule"),
                        "params": u.get("params") or {},
                        "item": u["item_text"],
                        "reason": u["reason_text"],
                    }
                    for u in localized_unchecked(outcome, language)
                ],
                "rulings": [
                    {
                        "kind": ruling.kind,
                        "registration": ruling.registration_id,
                        "points": ruling.points,
                        "reason": ruling.reason,
                        "created_at": ruling.created_at,
                    }
                    for ruling in sel.table_rulings(view.id)
                ],
            }

        return self.conditional(request, slug, build, language)


class StandingsApi(PublicReadApi):
    """The latest standings snapshot of a public event, or the one after ``?round=N``;
    every metric's definition comes with it. Released data only (no login)."""

    @extend_schema(
        parameters=[OpenApiParameter("round", int)],
        examples=example(
            "Standings",
            {
                "version": 4,
                "after_round": 1,
                "provisional": False,
                "computed_at": "2026-11-27T19:48:00+09:00",
                "precedence": ["tp", "firsts"],
                "rounds": [1],
                "metrics": {
                    "tp": {
                        "label": "Tournament points",
                        "meaning": "tournament points: placements + byes + adjustments",
                        "better": "higher",
                    }
                },
                "rows": [{"registration": 12, "rank": 1, "metrics": {"tp": "4"}}],
            },
        ),
        responses={
            200: inline_serializer(
                "Standings",
                {
                    "version": serializers.IntegerField(),
                    "after_round": serializers.IntegerField(),
                    "provisional": serializers.BooleanField(),
                    "rows": serializers.ListField(child=serializers.DictField()),
                    "metrics": serializers.DictField(child=serializers.DictField()),
                },
            )
        },
    )
    def get(self, request, slug: str):
        event = self.event(slug)
        raw_round = request.query_params.get("round")
        if raw_round is not None and not (raw_round.isascii() and raw_round.isdigit()):
            return invalid_parameter("round", _("The parameter “round” must be a round number."))

        def build():
            # The public pages' release rules: never past the organizer's standings freeze,
            # and with the on_close release policy never counting a round that is not closed.
            frozen = sel.frozen_after(event)
            after = int(raw_round) if raw_round is not None else None
            snap = sel.standings_snapshot(event, frozen, after_round=after)
            if snap is None:
                if after is not None:
                    raise Http404("no released standings after that round")
                return {
                    "version": 0,
                    "after_round": 0,
                    "provisional": False,
                    "rows": [],
                    "metrics": {},
                }
            names = list(
                dict.fromkeys(
                    [
                        *snap.standings.get("precedence", []),
                        *snap.standings.get("extra_metrics", []),
                    ]
                )
            )
            definitions = metric_definitions()
            return {
                "version": snap.version,
                "after_round": snap.after_round,
                "provisional": snap.provisional,
                "computed_at": snap.computed_at,
                "precedence": snap.standings.get("precedence", []),
                "rounds": sel.snapshot_rounds(event, frozen),
                "metrics": {n: definitions.get(n.split(":")[0], {}) for n in names},
                "rows": snap.rows,
            }

        return self.conditional(request, slug, build)


class PlayerListApi(PublicReadApi):
    """The event's players (dropped players excepted), as on the public pages."""

    @extend_schema(
        responses={200: PersonOut(many=True)},
        operation_id="players_list",
        examples=example("Players", AOI),  # a list answer: the schema lists the item
    )
    def get(self, request, slug: str):
        event = self.event(slug)

        def build():
            people = sel.event_data(event).people.values()
            return [_person(p) for p in sorted(people, key=lambda p: p.registration_id)]

        return self.conditional(request, slug, build)


class PlayerDetailApi(PublicReadApi):
    """A player's public profile: name, club and every released round they sat in."""

    @extend_schema(
        responses={200: PlayerDetailOut},
        operation_id="player_detail",
        examples=example(
            "Player",
            {
                **AOI,
                "rounds": [
                    {
                        "round": 1,
                        "table": 1,
                        "seat": 1,
                        "game": "imhotep",
                        "score": 31,
                        "placement": 1,
                        "result_released": True,
                    }
                ],
            },
        ),
    )
    def get(self, request, slug: str, registration_id: int):
        event = self.event(slug)

        def build():
            data = sel.event_data(event)
            person = data.people.get(registration_id)
            if person is None:
                raise Http404("no such player in this event")
            return {
                **_person(person),
                "rounds": [
                    {
                        "round": row["round"].number,
                        "table": row["table"].number,
                        "seat": row["seat"],
                        "game": row["game_key"],
                        "score": row["score"] if row["released"] else None,
                        "placement": row["placement"] if row["released"] else None,
                        "result_released": row["released"],
                    }
                    for row in sel.player_rounds(data, registration_id)
                ],
            }

        return self.conditional(request, slug, build)
