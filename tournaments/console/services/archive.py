"""The whole event as one JSON archive, and its import into another database.

The archive holds everything needed to rebuild the event's standings and pages: the
event and its console configuration, players, registrations, rounds, tables, seats, byes,
every result submission version with its confirmations, rulings, the seating records
and the schedule decided in advance (planned or uploaded, with its repeat count).
Standings are not copied: the import recomputes them from the results, so the round trip
checks itself. The audit log stays with the original database (its entries name users
that do not exist elsewhere).

Secrets (each table's judge token, each player's private token: whoever holds one enters
results or acts as that player) are in the archive only when ``with_secrets`` is asked
for: an archive meant for moving an event, given only to the event's organizers (who may
ask for it: docs/security.md). The archive says which it is (``contains_secrets``,
``secret_fields``). An archive without them imports with new tokens.

Ids in the archive are the source database's and serve only as references inside the
file; the import creates fresh rows. Tokens are kept unless already taken (then new); an
imported token must look like one this site makes (``events.tokens.token_is_strong``).
The league is named by its name and resolved among the importing organizer's leagues.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _

from tournaments.events import names
from tournaments.events.models import (
    Event,
    EventConfig,
    EventRole,
    Player,
    Registration,
    Round,
    RoundBye,
    Seat,
    Table,
)
from tournaments.events.tokens import new_token, token_is_strong
from tournaments.public.models import PublicSettings
from tournaments.results.models import Confirmation, EventResultSettings, ResultSubmission, Ruling
from tournaments.seating.models import EventSchedule, RoundSeatingRecord

FORMAT = "referee-event-archive"
VERSION = 1
# Where the secrets are in an archive that carries them (the archive lists them).
SECRET_FIELDS = ("registrations[].private_token", "rounds[].tables[].judge_token")


class ArchiveError(ValueError):
    pass


def _iso(value) -> str | None:
    return value.isoformat() if value is not None else None


def _number(value: Decimal | None) -> str | None:
    return None if value is None else str(value)


def _datetime(value: str | None) -> dt.datetime | None:
    return parse_datetime(value) if value else None


# --- export -------------------------------------------------------------------------


def event_archive(event_id: int, *, with_secrets: bool = False) -> dict[str, Any]:
    """The event as a JSON-ready dict; judge and private tokens only ``with_secrets``
    (the caller decides who may have them: the event's organizers)."""
    event = Event.objects.get(pk=event_id)
    config = EventConfig.objects.filter(event=event).first()
    frozen = (
        PublicSettings.objects.filter(event=event)
        .values_list("standings_frozen_after_round", flat=True)
        .first()
    )
    registrations = Registration.objects.filter(event=event).select_related("player")
    rounds = Round.objects.filter(event=event).order_by("number")
    return {
        "format": FORMAT,
        "version": VERSION,
        "contains_secrets": with_secrets,
        "secret_fields": list(SECRET_FIELDS) if with_secrets else [],
        "event": _event_row(event),
        "league": event.league.name if event.league_id else None,
        "config": config.data if config else {},
        "result_settings": _result_settings_row(event),
        "public_settings": {"standings_frozen_after_round": frozen},
        "registrations": [_registration_row(r, with_secrets) for r in registrations],
        "rounds": [_round_row(rnd, with_secrets) for rnd in rounds],
        "rulings": _ruling_rows(event),
        "schedule": _schedule_row(EventSchedule.objects.filter(event=event).first()),
    }


def _event_row(event: Event) -> dict[str, Any]:
    return {
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
    }


def _result_settings_row(event: Event) -> dict[str, Any] | None:
    settings = EventResultSettings.objects.filter(event=event).first()
    if settings is None:
        return None
    return {
        "confirmation_policy": settings.confirmation_policy,
        "count_provisional": settings.count_provisional,
    }


def _registration_row(registration: Registration, with_secrets: bool) -> dict[str, Any]:
    row: dict[str, Any] = {"id": registration.pk, "status": registration.status}
    if with_secrets:
        row["private_token"] = registration.private_token
    row["player"] = {
        "display_name": registration.player.display_name,
        "reading": registration.player.reading,
        "club": registration.player.club,
    }
    return row


def _round_row(rnd: Round, with_secrets: bool) -> dict[str, Any]:
    record = RoundSeatingRecord.objects.filter(round=rnd).first()
    return {
        "number": rnd.number,
        "game_key": rnd.game_key,
        "status": rnd.status,
        "published_at": _iso(rnd.published_at),
        "closed_at": _iso(rnd.closed_at),
        "is_final": rnd.is_final,
        "tables": [_table_row(table, with_secrets) for table in rnd.tables.order_by("number")],
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


def _table_row(table: Table, with_secrets: bool) -> dict[str, Any]:
    row: dict[str, Any] = {
        "number": table.number,
        "game_key": table.game_key,
        "status": table.status,
    }
    if with_secrets:
        row["judge_token"] = table.judge_token
    row["seats"] = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    row["submissions"] = [_submission_row(s) for s in table.submissions.order_by("version")]
    row["id"] = table.pk
    return row


def _submission_row(sub: ResultSubmission) -> dict[str, Any]:
    return {
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


def _ruling_rows(event: Event) -> list[dict[str, Any]]:
    return [
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
    ]


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


# --- import -------------------------------------------------------------------------


@transaction.atomic
def event_archive_import(
    archive: dict[str, Any], *, slug: str | None = None, organizer=None
) -> Event:
    """Create the archived event in this database; ArchiveError on a malformed file or a
    slug already in use (pass ``slug`` to import under another one). ``organizer`` (the
    user importing) becomes the event's organizer and owns the league it names; without
    one (the command line) the league is one no organizer owns."""
    if not isinstance(archive, dict) or archive.get("format") != FORMAT:
        raise ArchiveError(_("The file is not a referee event archive."))
    if archive.get("version") != VERSION:
        raise ArchiveError(
            _("Archive version %(version)s is not supported (this site reads version %(ours)s).")
            % {"version": archive.get("version"), "ours": VERSION}
        )
    try:
        _check_unique_ids(archive)
        event = _import(archive, slug, organizer)
    except ArchiveError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, ValidationError) as error:
        raise ArchiveError(_malformed(error)) from error
    except IntegrityError as error:  # a collision the checks above did not name
        raise ArchiveError(
            _("The archive contradicts itself: two of its rows claim the same place.")
        ) from error
    if organizer is not None:
        EventRole.objects.get_or_create(user=organizer, event=event, role=EventRole.Kind.ORGANIZER)
    return event


def _malformed(error: Exception) -> str:
    """The problem in the page's language, naming the field where one is known (never a
    Python or library message)."""
    if isinstance(error, KeyError):  # a field the file lacks, or an id it does not list
        return _("The archive is malformed: “%(key)s” is missing or names nothing in the file.") % {
            "key": error.args[0] if error.args else "?"
        }
    if isinstance(error, ValidationError):
        problems = getattr(error, "message_dict", None) or {"": error.messages}
        return _("The archive is malformed: %(problems)s") % {
            "problems": "; ".join(
                f"{field}: {' '.join(texts)}" if field else " ".join(texts)
                for field, texts in problems.items()
            )
        }
    return _("The archive is malformed: a value has the wrong type or form.")


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
            raise ArchiveError(
                _("%(field)s: %(values)s appear more than once.")
                % {"field": field, "values": repeated[:5]}
            )


class _Imported:
    """The rows created so far, by the archive's ids (what later rows refer to)."""

    def __init__(self, event: Event):
        self.event = event
        self.registrations: dict[int, Registration] = {}
        self.submissions: dict[int, ResultSubmission] = {}
        self.tables: dict[tuple[int, int], Table] = {}


def _import(archive: dict[str, Any], slug: str | None, organizer) -> Event:
    event = _import_event(archive, slug, organizer)
    _import_settings(event, archive)
    done = _Imported(event)
    for index, row in enumerate(archive["registrations"]):
        _import_registration(done, row, index)
    for rnd_row in archive["rounds"]:
        _import_round(done, rnd_row)
    for ruling in archive["rulings"]:
        _import_ruling(done, ruling)
    schedule = archive.get("schedule")  # absent from archives made before it was kept
    if schedule:
        EventSchedule.objects.create(
            event=event,
            **{**schedule, "rounds": _schedule_rounds(schedule["rounds"], done.registrations)},
        )
    from tournaments.ratings.services import ratings_schedule_recompute
    from tournaments.standings.services import standings_recompute

    transaction.on_commit(lambda: standings_recompute(event_id=event.pk))
    ratings_schedule_recompute()  # its confirmed results count in its league from now on
    return event


def _import_event(archive: dict[str, Any], slug: str | None, organizer) -> Event:
    data = dict(archive["event"])
    data["slug"] = slug or data["slug"]
    if Event.objects.filter(slug=data["slug"]).exists():
        raise ArchiveError(
            _("An event with the slug “%(slug)s” exists: import it under another slug.")
            % {"slug": data["slug"]}
        )
    data["starts_on"] = parse_date(data["starts_on"])
    data["ends_on"] = parse_date(data["ends_on"])
    event = Event(**data)
    if archive.get("league"):  # by name, among the importing organizer's own leagues
        from tournaments.console.services.events import league_named

        event.league = league_named(str(archive["league"]), owner=organizer)
    event.full_clean()
    event.save()
    return event


def _import_settings(event: Event, archive: dict[str, Any]) -> None:
    if archive.get("config"):
        EventConfig.objects.create(event=event, data=archive["config"])
    frozen = (archive.get("public_settings") or {}).get("standings_frozen_after_round")
    if frozen is not None:
        PublicSettings.objects.create(event=event, standings_frozen_after_round=frozen)
    if archive.get("result_settings"):
        EventResultSettings.objects.create(event=event, **archive["result_settings"])


def _imported_token(model, field: str, wanted: str | None, where: str) -> str:
    """The archive's token when it is one this site could have made and is free; a new
    one when the archive has none or it is taken. A weak token is refused, naming where."""
    if wanted is None:
        return new_token()
    if not token_is_strong(wanted):
        raise ArchiveError(
            _(
                "%(field)s: an imported token must be 32 to 64 letters, digits, “-” or “_” "
                "and not repeat a few characters (as the tokens this site makes); "
                "remove it to get a new one."
            )
            % {"field": where}
        )
    if model.objects.filter(**{field: wanted}).exists():
        return new_token()
    return wanted


def _import_registration(done: _Imported, row: dict[str, Any], index: int) -> None:
    person = row["player"]
    for key, check in (
        ("display_name", names.name_problem),
        ("reading", names.text_problem),
        ("club", names.text_problem),
    ):  # a name that would reorder or vanish from the standings (events/names.py)
        if check(str(person.get(key, ""))):
            raise ArchiveError(f"registrations[{index}].player.{key}: {person.get(key)!r}")
    player = Player.objects.filter(
        display_name=person["display_name"], reading=person["reading"]
    ).first() or Player.objects.create(**person)
    registration = Registration(event=done.event, player=player, status=row["status"])
    registration.private_token = _imported_token(
        Registration,
        "private_token",
        row.get("private_token"),
        f"registrations[{index}].private_token",
    )
    registration.save()
    done.registrations[row["id"]] = registration


def _import_round(done: _Imported, rnd_row: dict[str, Any]) -> None:
    rnd = Round.objects.create(
        event=done.event,
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
    for index, table_row in enumerate(rnd_row["tables"]):
        _import_table(done, rnd, table_row, f"rounds[{rnd.number}].tables[{index}].judge_token")
    RoundBye.objects.bulk_create(
        [
            RoundBye(
                round=rnd,
                registration=done.registrations[b["registration"]],
                points=None if b["points"] is None else Decimal(b["points"]),
            )
            for b in rnd_row["byes"]
        ]
    )
    if rnd_row.get("seating_record"):
        RoundSeatingRecord.objects.create(round=rnd, **rnd_row["seating_record"])


def _import_table(done: _Imported, rnd: Round, table_row: dict[str, Any], where: str) -> None:
    table = Table.objects.create(
        round=rnd,
        number=table_row["number"],
        game_key=table_row["game_key"],
        status=table_row["status"],
        judge_token=_imported_token(Table, "judge_token", table_row.get("judge_token"), where),
    )
    done.tables[(rnd.number, table.number)] = table
    Seat.objects.bulk_create(
        [
            Seat(table=table, round=rnd, registration=done.registrations[rid], position=pos)
            for pos, rid in enumerate(table_row["seats"], start=1)
        ]
    )
    for sub_row in table_row["submissions"]:
        _import_submission(done, table, sub_row)


def _import_submission(done: _Imported, table: Table, sub_row: dict[str, Any]) -> None:
    sub_row = dict(sub_row)
    confirmations = sub_row.pop("confirmations")
    source_id = sub_row.pop("id")
    created_at = sub_row.pop("created_at")
    by = sub_row.pop("submitted_by_registration")
    sub = ResultSubmission.objects.create(
        table=table, submitted_by_registration=done.registrations.get(by), **sub_row
    )
    if created_at:  # auto_now_add ignores the given value on create
        ResultSubmission.objects.filter(pk=sub.pk).update(created_at=_datetime(created_at))
    done.submissions[source_id] = sub
    for c in confirmations:
        Confirmation.objects.create(
            submission=sub,
            role=c["role"],
            registration=done.registrations.get(c["registration"]),
            blind_payload=c["blind_payload"],
            matched=c["matched"],
        )


def _import_ruling(done: _Imported, ru: dict[str, Any]) -> None:
    Ruling.objects.create(
        event=done.event,
        table=done.tables[tuple(ru["table"])] if ru["table"] else None,
        submission=done.submissions.get(ru["submission"]),
        registration=done.registrations.get(ru["registration"]),
        kind=ru["kind"],
        reason=ru["reason"],
        points=None if ru["points"] is None else Decimal(ru["points"]),
        data=ru["data"],
        revoked_at=_datetime(ru["revoked_at"]),
    )


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
