"""The whole event as one JSON archive, and its import into another database.

The archive holds everything needed to rebuild the event's standings and pages: the
event and its console configuration, players, registrations (with their private tokens),
rounds, tables (with judge tokens), seats, byes, every result submission version with
its confirmations, rulings, the seating records and the schedule decided in advance
(planned or uploaded, with its repeat count). Standings are not copied: the import
recomputes them from the results, so the round trip checks itself. The audit log stays
with the original database (its entries name users that do not exist elsewhere).

Ids in the archive are the source database's and serve only as references inside the
file; the import creates fresh rows. Tokens are kept unless already taken (then new).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.dateparse import parse_date, parse_datetime

from tournaments.events import names
from tournaments.events.models import (
    Event,
    EventConfig,
    Player,
    Registration,
    Round,
    RoundBye,
    Seat,
    Table,
)
from tournaments.events.tokens import new_token
from tournaments.public.models import PublicSettings
from tournaments.results.models import Confirmation, EventResultSettings, ResultSubmission, Ruling
from tournaments.seating.models import EventSchedule, RoundSeatingRecord

FORMAT = "referee-event-archive"
VERSION = 1


class ArchiveError(ValueError):
    pass


def _iso(value) -> str | None:
    return value.isoformat() if value is not None else None


def event_archive(event_id: int) -> dict[str, Any]:
    event = Event.objects.get(pk=event_id)
    config = EventConfig.objects.filter(event=event).first()
    settings = EventResultSettings.objects.filter(event=event).first()
    registrations = list(Registration.objects.filter(event=event).select_related("player"))
    frozen = (
        PublicSettings.objects.filter(event=event)
        .values_list("standings_frozen_after_round", flat=True)
        .first()
    )
    rounds = []
    for rnd in Round.objects.filter(event=event).order_by("number"):
        record = RoundSeatingRecord.objects.filter(round=rnd).first()
        tables = []
        for table in rnd.tables.order_by("number"):
            submissions = []
            for sub in table.submissions.order_by("version"):
                submissions.append(
                    {
                        "version": sub.version,
                        "kind": sub.kind,
                        "payload": sub.payload,
                        "engine_key": sub.engine_key,
                        "engine_version": sub.engine_version,
                        "options": sub.options,
                        "edition": sub.edition,
                        "outcome": sub.outcome,
                        "violations": sub.violations,
                        "status": sub.status,
                        "submitted_via": sub.submitted_via,
                        "submitted_by_registration": sub.submitted_by_registration_id,
                        "idempotency_key": sub.idempotency_key,
                        "confirmations_required": sub.confirmations_required,
                        "created_at": _iso(sub.created_at),
                        "confirmations": [
                            {
                                "role": c.role,
                                "registration": c.registration_id,
                                "blind_payload": c.blind_payload,
                                "matched": c.matched,
                            }
                            for c in sub.confirmations.order_by("created_at", "pk")
                        ],
                        "id": sub.pk,
                    }
                )
            tables.append(
                {
                    "number": table.number,
                    "game_key": table.game_key,
                    "status": table.status,
                    "judge_token": table.judge_token,
                    "seats": list(
                        table.seats.order_by("position").values_list("registration_id", flat=True)
                    ),
                    "submissions": submissions,
                    "id": table.pk,
                }
            )
        rounds.append(
            {
                "number": rnd.number,
                "game_key": rnd.game_key,
                "status": rnd.status,
                "published_at": _iso(rnd.published_at),
                "closed_at": _iso(rnd.closed_at),
                "is_final": rnd.is_final,
                "tables": tables,
                "byes": [
                    {"registration": b.registration_id, "points": _number(b.points)}
                    for b in RoundBye.objects.filter(round=rnd).order_by("pk")
                ],
                "seating_record": None
                if record is None
                else {
                    "mode": record.mode,
                    "seed": record.seed,
                    "weights": record.weights,
                    "breakdown": record.breakdown,
                    "byes": record.byes,
                    "manual_changes": record.manual_changes,
                },
            }
        )
    schedule = EventSchedule.objects.filter(event=event).first()
    return {
        "format": FORMAT,
        "version": VERSION,
        "event": {
            "name": event.name,
            "slug": event.slug,
            "venue": event.venue,
            "starts_on": _iso(event.starts_on),
            "ends_on": _iso(event.ends_on),
            "status": event.status,
            "game_key": event.game_key,
            "options_preset": event.options_preset,
            "options_overrides": event.options_overrides,
            "edition": event.edition,
            "table_sizes": event.table_sizes,
            "rounds_planned": event.rounds_planned,
        },
        "league": event.league.name if event.league_id else None,
        "config": config.data if config else {},
        "result_settings": None
        if settings is None
        else {
            "confirmation_policy": settings.confirmation_policy,
            "count_provisional": settings.count_provisional,
        },
        "public_settings": {"standings_frozen_after_round": frozen},
        "registrations": [
            {
                "id": r.pk,
                "status": r.status,
                "private_token": r.private_token,
                "player": {
                    "display_name": r.player.display_name,
                    "reading": r.player.reading,
                    "club": r.player.club,
                },
            }
            for r in registrations
        ],
        "rounds": rounds,
        "rulings": [
            {
                "table": (ru.table.round.number, ru.table.number) if ru.table_id else None,
                "submission": ru.submission_id,
                "registration": ru.registration_id,
                "kind": ru.kind,
                "reason": ru.reason,
                "points": _number(ru.points),
                "data": ru.data,
                "revoked_at": _iso(ru.revoked_at),
            }
            for ru in Ruling.objects.filter(event=event).select_related("table__round")
        ],
        "schedule": _schedule_row(schedule),
    }


def _schedule_row(schedule: EventSchedule | None) -> dict[str, Any] | None:
    """The stored schedule; its tables and byes hold registration ids of this file."""
    if schedule is None:
        return None
    return {
        "method": schedule.method,
        "seed": schedule.seed,
        "rounds": schedule.rounds,
        "repeat_meetings": schedule.repeat_meetings,
        "lower_bound": schedule.lower_bound,
        "max_meetings": schedule.max_meetings,
        # An uploaded file as it was sent: its registration numbers are the source
        # database's, kept as the record of what the organizer uploaded.
        "source": schedule.source,
    }


def _number(value: Decimal | None) -> str | None:
    return None if value is None else str(value)


def _token(model, field: str, wanted: str | None) -> str:
    if wanted and not model.objects.filter(**{field: wanted}).exists():
        return wanted
    return new_token()


@transaction.atomic
def event_archive_import(archive: dict[str, Any], *, slug: str | None = None) -> Event:
    """Create the archived event in this database; ArchiveError on a malformed file or a
    slug already in use (pass ``slug`` to import under another one)."""
    if not isinstance(archive, dict) or archive.get("format") != FORMAT:
        raise ArchiveError("not a referee event archive")
    if archive.get("version") != VERSION:
        raise ArchiveError(f"unsupported archive version {archive.get('version')!r}")
    try:
        _check_unique_ids(archive)
        return _import(archive, slug)
    except (KeyError, TypeError, ValueError, AttributeError, ValidationError) as error:
        raise ArchiveError(f"malformed archive: {error!r}") from error
    except IntegrityError as error:  # a collision the checks above did not name
        raise ArchiveError(f"the archive contradicts itself: {error}") from error


def _duplicates(values) -> list:
    seen, repeated = set(), []
    for value in values:
        if value in seen and value not in repeated:
            repeated.append(value)
        seen.add(value)
    return repeated


def _check_unique_ids(archive: dict[str, Any]) -> None:
    """Ids that the import maps from must be unique, or one row would silently take
    another's place (a seat, a confirmation or a ruling attached to the wrong one)."""
    checks = [
        ("registrations[].id", [r["id"] for r in archive["registrations"]]),
        ("registrations[].player", [
            (r["player"]["display_name"], r["player"]["reading"]) for r in archive["registrations"]
        ]),
        ("rounds[].number", [r["number"] for r in archive["rounds"]]),
        ("rounds[].tables[].submissions[].id", [
            s["id"] for r in archive["rounds"] for t in r["tables"] for s in t["submissions"]
        ]),
    ]  # fmt: skip
    for rnd in archive["rounds"]:
        checks.append(
            (f"rounds[{rnd['number']}].tables[].number", [t["number"] for t in rnd["tables"]])
        )
        checks.append(
            (
                f"rounds[{rnd['number']}].tables[].seats",
                [r for t in rnd["tables"] for r in t["seats"]],
            )
        )
    for entry in (archive.get("schedule") or {}).get("rounds", []):
        checks.append(
            (
                f"schedule.rounds[{entry['number']}] players",
                [r for t in entry["tables"] for r in t] + list(entry["byes"]),
            )
        )
    if archive.get("schedule"):
        checks.append(
            ("schedule.rounds[].number", [e["number"] for e in archive["schedule"]["rounds"]])
        )
    for field, values in checks:
        repeated = _duplicates(values)
        if repeated:
            raise ArchiveError(f"{field}: {repeated[:5]!r} appear more than once")


def _import(archive: dict[str, Any], slug: str | None) -> Event:
    data = dict(archive["event"])
    data["slug"] = slug or data["slug"]
    if Event.objects.filter(slug=data["slug"]).exists():
        raise ArchiveError(f"an event with the slug {data['slug']!r} exists")
    data["starts_on"] = parse_date(data["starts_on"])
    data["ends_on"] = parse_date(data["ends_on"])
    event = Event(**data)
    if archive.get("league"):  # by name: the same café's league in the other database
        from tournaments.console.services.events import league_named

        event.league = league_named(str(archive["league"]))
    event.full_clean()
    event.save()
    if archive.get("config"):
        EventConfig.objects.create(event=event, data=archive["config"])
    frozen = (archive.get("public_settings") or {}).get("standings_frozen_after_round")
    if frozen is not None:
        PublicSettings.objects.create(event=event, standings_frozen_after_round=frozen)
    if archive.get("result_settings"):
        EventResultSettings.objects.create(event=event, **archive["result_settings"])
    registrations: dict[int, Registration] = {}
    for row in archive["registrations"]:
        person = row["player"]
        for key, check in (
            ("display_name", names.name_problem),
            ("reading", names.text_problem),
            ("club", names.text_problem),
        ):  # a name that would reorder or vanish from the standings (events/names.py)
            if check(str(person.get(key, ""))):
                raise ArchiveError(f"registrations[].player.{key}: {person.get(key)!r}")
        player = Player.objects.filter(
            display_name=person["display_name"], reading=person["reading"]
        ).first() or Player.objects.create(**person)
        registration = Registration(event=event, player=player, status=row["status"])
        registration.private_token = _token(Registration, "private_token", row["private_token"])
        registration.save()
        registrations[row["id"]] = registration
    submissions: dict[int, ResultSubmission] = {}
    tables: dict[tuple[int, int], Table] = {}
    for rnd_row in archive["rounds"]:
        rnd = Round.objects.create(
            event=event,
            number=rnd_row["number"],
            game_key=rnd_row["game_key"],
            status=rnd_row["status"],
            published_at=_datetime(rnd_row["published_at"]),
            closed_at=_datetime(rnd_row["closed_at"]),
            # archives from before the flag: the final is the round seated as "finals"
            is_final=rnd_row.get(
                "is_final", (rnd_row.get("seating_record") or {}).get("mode") == "finals"
            ),
        )
        for table_row in rnd_row["tables"]:
            table = Table.objects.create(
                round=rnd,
                number=table_row["number"],
                game_key=table_row["game_key"],
                status=table_row["status"],
                judge_token=_token(Table, "judge_token", table_row["judge_token"]),
            )
            tables[(rnd.number, table.number)] = table
            Seat.objects.bulk_create(
                [
                    Seat(table=table, round=rnd, registration=registrations[rid], position=pos)
                    for pos, rid in enumerate(table_row["seats"], start=1)
                ]
            )
            for sub_row in table_row["submissions"]:
                sub_row = dict(sub_row)
                confirmations = sub_row.pop("confirmations")
                source_id = sub_row.pop("id")
                created_at = sub_row.pop("created_at")
                by = sub_row.pop("submitted_by_registration")
                sub = ResultSubmission.objects.create(
                    table=table,
                    submitted_by_registration=registrations.get(by),
                    **sub_row,
                )
                if created_at:  # auto_now_add ignores the given value on create
                    ResultSubmission.objects.filter(pk=sub.pk).update(
                        created_at=_datetime(created_at)
                    )
                submissions[source_id] = sub
                for c in confirmations:
                    Confirmation.objects.create(
                        submission=sub,
                        role=c["role"],
                        registration=registrations.get(c["registration"]),
                        blind_payload=c["blind_payload"],
                        matched=c["matched"],
                    )
        RoundBye.objects.bulk_create(
            [
                RoundBye(
                    round=rnd,
                    registration=registrations[b["registration"]],
                    points=None if b["points"] is None else Decimal(b["points"]),
                )
                for b in rnd_row["byes"]
            ]
        )
        if rnd_row.get("seating_record"):
            RoundSeatingRecord.objects.create(round=rnd, **rnd_row["seating_record"])
    for ru in archive["rulings"]:
        Ruling.objects.create(
            event=event,
            table=tables[tuple(ru["table"])] if ru["table"] else None,
            submission=submissions.get(ru["submission"]),
            registration=registrations.get(ru["registration"]),
            kind=ru["kind"],
            reason=ru["reason"],
            points=None if ru["points"] is None else Decimal(ru["points"]),
            data=ru["data"],
            revoked_at=_datetime(ru["revoked_at"]),
        )
    schedule = archive.get("schedule")  # absent from archives made before it was kept
    if schedule:
        EventSchedule.objects.create(
            event=event,
            **{**schedule, "rounds": _schedule_rounds(schedule["rounds"], registrations)},
        )
    from tournaments.standings.services import standings_recompute

    transaction.on_commit(lambda: standings_recompute(event_id=event.pk))
    return event


def _schedule_rounds(rounds: list[dict], registrations: dict[int, Registration]) -> list[dict]:
    """The schedule's rounds with the file's registration ids replaced by the new ones
    (an id the file does not list is a KeyError: a malformed archive)."""
    return [
        {
            "number": int(entry["number"]),
            "tables": [[registrations[rid].pk for rid in table] for table in entry["tables"]],
            "byes": [registrations[rid].pk for rid in entry["byes"]],
        }
        for entry in rounds
    ]


def _datetime(value: str | None) -> dt.datetime | None:
    return parse_datetime(value) if value else None
