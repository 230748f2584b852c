"""Writes on results: submit, save a draft, confirm, dispute, rule, correct, discard.

Every function runs in one transaction that first locks the table row
(``select_for_update``), so versions, idempotency keys and confirmations of one table are
decided one at a time on every worker; the database constraints (one confirmed version
per table, unique versions and keys) back that up. Every write is audited
(``services.action_log``) and announces one ``events.domain.ResultChanged`` (the table's
status and counted version before and after), delivered on commit.

Versioning: a client sends the version it edited from (``base_version``; 0 for a table
with no entry yet). If another version was saved meanwhile, the write is refused with
:class:`VersionConflict` instead of overwriting it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Max

from tournaments.events.access import Action, Actor, NotAllowed, require
from tournaments.events.domain import ResultChanged, TableResult, announce
from tournaments.events.models import Registration, Table
from tournaments.results.models import Confirmation, ConfirmationPolicy, ResultSubmission, Ruling
from tournaments.results.selectors import (
    EngineVerdict,
    canonical_payload,
    event_result_settings,
    judge_engine_verdict,
    latest_version,
)
from tournaments.results.services import action_log

logger = logging.getLogger(__name__)

Status = ResultSubmission.Status
TABLE_STATUS_FOR = {
    Status.DRAFT: Table.Status.IN_PROGRESS,
    Status.SUBMITTED: Table.Status.SUBMITTED,
    Status.CONFIRMED: Table.Status.CONFIRMED,
    Status.DISPUTED: Table.Status.DISPUTED,
}


def table_result(table: Table) -> TableResult:
    """The table's status and the version that counts, as an announcement carries them."""
    confirmed = (
        ResultSubmission.objects.filter(table_id=table.pk, status=Status.CONFIRMED)
        .values_list("pk", flat=True)
        .first()
    )
    return TableResult(status=table.status, confirmed_id=confirmed)


def announce_result(table: Table, action: str, before: TableResult, ruling_kind: str = "") -> None:
    """Tell the apps above (standings, ratings, pages, webhooks), once the write commits,
    that this table's results changed from ``before`` to what they are now."""
    announce(
        ResultChanged(
            event_id=table.round.event_id,
            round_id=table.round_id,
            round_number=table.round.number,
            table_id=table.pk,
            table_number=table.number,
            action=action,
            before=before,
            after=table_result(table),
            ruling_kind=ruling_kind,
        )
    )


class ResultError(Exception):
    """A refused write; ``code`` is stable for clients, ``message`` is English."""

    code = "result.error"

    def __init__(self, message: str, **extra: Any):
        super().__init__(message)
        self.message = message
        self.extra = extra


class VersionConflict(ResultError):
    code = "result.version_conflict"


class InvalidState(ResultError):
    code = "result.invalid_state"


class InvalidCorrection(ResultError):
    """A correction the engine does not accept: nothing is saved, the table stays as it
    was (a dispute stays open); ``violations`` say what to fix."""

    code = "result.invalid_correction"


class InvalidInput(ResultError):
    """A field the client sent that no write may store; ``field`` names it."""

    code = "result.invalid_input"

    def __init__(self, field: str, message: str, **extra: Any):
        super().__init__(f"{field}: {message}", field=field, **extra)


class TooLarge(InvalidInput):
    code = "result.too_large"


# Limits the services hold whatever the client (API, judge page, console): a whole move
# log of the longest game is ~40 KB of JSON; a reason is a sentence or a paragraph.
MAX_PAYLOAD_BYTES = 256 * 1024
MAX_REASON_CHARS = 2000


def _json_size(value: Any) -> int:
    import json

    return len(json.dumps(value, ensure_ascii=False, default=str).encode())


def _check_payload(field: str, payload: Any) -> None:
    size = _json_size(payload)
    if size > MAX_PAYLOAD_BYTES:
        raise TooLarge(
            field,
            f"{size} bytes; the limit is {MAX_PAYLOAD_BYTES} bytes",
            limit=MAX_PAYLOAD_BYTES,
            size=size,
        )


def _check_reason(reason: Any, field: str = "reason") -> str:
    if not isinstance(reason, str):
        raise InvalidInput(field, "a reason is text")
    if len(reason) > MAX_REASON_CHARS:
        raise TooLarge(
            field,
            f"{len(reason)} characters; the limit is {MAX_REASON_CHARS}",
            limit=MAX_REASON_CHARS,
            size=len(reason),
        )
    return reason


def _check_entry(table: Table, kind: str, payload: Any) -> None:
    """Refuse, before anything is written, what the engine must not silently reinterpret."""
    _check_payload("payload", payload)
    if isinstance(payload, dict) and "game" in payload:
        from tournaments.results.selectors import table_game_key

        game = table_game_key(table)
        if payload["game"] != game:
            raise InvalidInput(
                "payload.game",
                f"this entry is for {payload['game']!r} but table {table.number} plays {game!r}",
            )


@dataclass(frozen=True)
class SubmitOutcome:
    submission: ResultSubmission
    created: bool  # False: the idempotency key matched an earlier write, returned as is


def _locked_table(table_id: int) -> Table:
    # of=("self",): lock the table only. Without it PostgreSQL also locks the joined
    # round and event rows, so every write of an event waited behind a standings
    # recompute (which holds the event row for its whole run) and behind each other.
    return (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__event")
        .get(pk=table_id)
    )


def _locked_submission(submission_id: int) -> tuple[ResultSubmission, Table]:
    table_id = ResultSubmission.objects.values_list("table_id", flat=True).get(pk=submission_id)
    table = _locked_table(table_id)  # always lock the table first: one lock order
    submission = ResultSubmission.objects.select_for_update().get(pk=submission_id)
    submission.table = table
    return submission, table


def _set_table_status(table: Table, status: str | None) -> None:
    new = TABLE_STATUS_FOR.get(status, Table.Status.PENDING) if status else Table.Status.PENDING
    if table.status != new:
        table.status = new
        table.save(update_fields=["status"])


def _set_status(actor: Actor, submission: ResultSubmission, status: str, reason: str = "") -> None:
    old = submission.status
    if old == status:
        return
    submission.status = status
    submission.save(update_fields=["status"])
    action_log.result_status_changed(actor, submission, old, reason)


def _required_confirmations(table: Table, policy: str) -> int:
    if policy in (ConfirmationPolicy.PLAYERS, ConfirmationPolicy.PLAYERS_OWN_DEVICE):
        return table.seats.count()
    if policy in (ConfirmationPolicy.SECOND_JUDGE, ConfirmationPolicy.BLIND_REENTRY):
        return 1
    return 0


def _make_confirmed(actor: Actor, submission: ResultSubmission, reason: str) -> None:
    """Confirm ``submission`` and unconfirm every other version of its table.

    Runs under the table lock; the partial unique constraint is the backstop.
    """
    others = ResultSubmission.objects.select_for_update().filter(
        table_id=submission.table_id, status=Status.CONFIRMED
    )
    for other in others.exclude(pk=submission.pk):
        _set_status(actor, other, Status.DISCARDED, reason=f"superseded by v{submission.version}")
    _set_status(actor, submission, Status.CONFIRMED, reason)


def _supersede_pending(actor: Actor, table: Table, newer: ResultSubmission) -> None:
    """Older submitted or disputed versions stop waiting once a newer one is submitted."""
    stale = ResultSubmission.objects.filter(
        table=table, status__in=[Status.SUBMITTED, Status.DISPUTED], version__lt=newer.version
    )
    for old in stale:
        _set_status(actor, old, Status.DISCARDED, reason=f"superseded by v{newer.version}")


def _current_status(table: Table) -> str | None:
    """The status that describes the table: its confirmed result, else its latest version."""
    rows = ResultSubmission.objects.filter(table=table).exclude(status=Status.DISCARDED)
    if rows.filter(status=Status.CONFIRMED).exists():
        return Status.CONFIRMED
    latest = rows.order_by("-version").first()
    return latest.status if latest else None


def _write_version(
    *,
    table: Table,
    actor: Actor,
    kind: str,
    payload: Any,
    base_version: int,
    idempotency_key: str | None,
    as_draft: bool,
    verdict_status: str,
    refuse_invalid: bool = False,
) -> SubmitOutcome:
    """Shared body of submit/draft/correct, under the table lock."""
    _check_entry(table, kind, payload)  # a refused entry takes no version number
    before = table_result(table)
    if idempotency_key:
        earlier = ResultSubmission.objects.filter(table=table, idempotency_key=idempotency_key)
        first = earlier.first()
        if first is not None:
            return SubmitOutcome(first, created=False)
    current = latest_version(table.pk)
    if base_version != current:
        raise VersionConflict(
            f"table {table.number} is at version {current}, this entry was made from "
            f"version {base_version}; reload it and enter the changes again",
            current_version=current,
            base_version=base_version,
        )
    verdict: EngineVerdict = judge_engine_verdict(table, kind, payload)
    if refuse_invalid and verdict.outcome is None:
        raise InvalidCorrection(
            "the correction has errors; nothing was saved and the table is unchanged",
            violations=verdict.violations,
        )
    status = Status.DRAFT if as_draft or verdict.outcome is None else verdict_status
    policy = event_result_settings(table.round.event_id).confirmation_policy
    if not as_draft and status == Status.DRAFT:
        replaced = _replace_draft(table, actor, kind, payload, verdict, idempotency_key)
        if replaced is not None:
            announce_result(table, ResultChanged.SAVED, before)
            return SubmitOutcome(replaced, created=True)
    submission = ResultSubmission.objects.create(
        table=table,
        version=current + 1,
        kind=kind,
        payload=payload,
        engine_key=verdict.engine_key,
        engine_version=verdict.engine_version,
        options=verdict.options,
        edition=verdict.edition,
        outcome=verdict.outcome,
        lines=ResultSubmission.lines_of(verdict.outcome),
        violations=verdict.violations,
        status=Status.DRAFT if status == Status.DRAFT else Status.SUBMITTED,
        submitted_via=_via(actor),
        submitted_by_id=actor.user_id,
        submitted_by_registration=actor.registration,
        remote_addr=actor.remote_addr,
        idempotency_key=idempotency_key or None,
        confirmations_required=_required_confirmations(table, policy),
    )
    submission.table = table
    action_log.result_saved(actor, submission)
    if submission.status == Status.SUBMITTED:
        _supersede_pending(actor, table, submission)
        if status == Status.CONFIRMED or policy == ConfirmationPolicy.NONE:
            _make_confirmed(actor, submission, reason="confirmed on entry")
    _set_table_status(table, _current_status(table))
    announce_result(table, ResultChanged.SAVED, before)
    return SubmitOutcome(submission, created=True)


def _replace_draft(
    table: Table,
    actor: Actor,
    kind: str,
    payload: Any,
    verdict: EngineVerdict,
    idempotency_key: str | None,
) -> ResultSubmission | None:
    """A submit the engine refused overwrites the table's latest version when that is a
    draft of the same kind: a judge fixing a sheet field by field is still writing one
    entry, and a version per refused try would bury the entry (v1, v2, fix v3) and make
    every earlier version stale for the confirmations. Returns None when there is no such
    draft (a new draft version is written then). The audit trail keeps each try."""
    latest = (
        ResultSubmission.objects.select_for_update()
        .filter(table=table)
        .order_by("-version")
        .first()
    )
    if latest is None or latest.status != Status.DRAFT or latest.kind != kind:
        return None
    latest.payload = payload
    latest.engine_key = verdict.engine_key
    latest.engine_version = verdict.engine_version
    latest.options = verdict.options
    latest.edition = verdict.edition
    latest.outcome = verdict.outcome
    latest.lines = ResultSubmission.lines_of(verdict.outcome)
    latest.violations = verdict.violations
    latest.submitted_via = _via(actor)
    latest.submitted_by_id = actor.user_id
    latest.submitted_by_registration = actor.registration
    latest.remote_addr = actor.remote_addr
    latest.idempotency_key = idempotency_key or latest.idempotency_key
    latest.save()
    latest.table = table
    action_log.result_saved(actor, latest)
    _set_table_status(table, _current_status(table))
    return latest


def _via(actor: Actor) -> str:
    if actor.user_id is not None:
        return ResultSubmission.Via.USER
    if actor.registration is not None:
        return ResultSubmission.Via.PARTICIPANT
    return ResultSubmission.Via.JUDGE_TOKEN


@transaction.atomic
def result_submit(
    *,
    table_id: int,
    actor: Actor,
    kind: str,
    payload: Any,
    base_version: int = 0,
    idempotency_key: str | None = None,
) -> SubmitOutcome:
    """Check the entry with the engine and save it as a new version.

    Valid: ``submitted`` (or ``confirmed`` at once when the event needs no confirmation).
    Invalid: kept as a ``draft`` carrying the engine's violations. A repeated idempotency
    key returns the first write. A table with a confirmed result takes corrections only.
    """
    table = _locked_table(table_id)
    require(actor, Action.SUBMIT, table=table)
    if idempotency_key:
        first = ResultSubmission.objects.filter(
            table=table, idempotency_key=idempotency_key
        ).first()
        if first is not None:
            return SubmitOutcome(first, created=False)
    if ResultSubmission.objects.filter(table=table, status=Status.CONFIRMED).exists():
        raise InvalidState(
            f"table {table.number} already has a confirmed result; a head judge corrects it"
        )
    return _write_version(
        table=table,
        actor=actor,
        kind=kind,
        payload=payload,
        base_version=base_version,
        idempotency_key=idempotency_key,
        as_draft=False,
        verdict_status=Status.SUBMITTED,
    )


@transaction.atomic
def result_save_draft(
    *,
    table_id: int,
    actor: Actor,
    kind: str,
    payload: Any,
    base_version: int = 0,
    idempotency_key: str | None = None,
) -> SubmitOutcome:
    """Save the entry as typed (the engine's remarks are kept with it, nothing counts)."""
    table = _locked_table(table_id)
    require(actor, Action.DRAFT, table=table)
    return _write_version(
        table=table,
        actor=actor,
        kind=kind,
        payload=payload,
        base_version=base_version,
        idempotency_key=idempotency_key,
        as_draft=True,
        verdict_status=Status.DRAFT,
    )


@transaction.atomic
def result_correct(
    *,
    table_id: int,
    actor: Actor,
    kind: str,
    payload: Any,
    base_version: int,
    reason: str,
    idempotency_key: str | None = None,
) -> SubmitOutcome:
    """A head judge's correction: a new version, confirmed at once when the engine accepts
    it (the earlier confirmed version is unconfirmed). One the engine refuses is not saved
    at all (``InvalidCorrection`` with the violations): a draft would replace a disputed
    table's status with "playing" while the dispute is still open."""
    table = _locked_table(table_id)
    require(actor, Action.CORRECT, table=table)
    if not _check_reason(reason).strip():
        raise InvalidState("a correction needs a reason")
    outcome = _write_version(
        table=table,
        actor=actor,
        kind=kind,
        payload=payload,
        base_version=base_version,
        idempotency_key=idempotency_key,
        as_draft=False,
        verdict_status=Status.CONFIRMED,
        refuse_invalid=True,
    )
    if outcome.created:
        action_log.result_status_changed(
            actor, outcome.submission, "", reason=f"correction: {reason}"
        )
    return outcome


def _latest_live_version(table: Table, *, drafts: bool = True) -> int:
    rows = ResultSubmission.objects.filter(table=table).exclude(status=Status.DISCARDED)
    if not drafts:
        rows = rows.exclude(status=Status.DRAFT)
    return rows.aggregate(v=Max("version"))["v"] or 0


@transaction.atomic
def result_confirm(
    *,
    submission_id: int,
    actor: Actor,
    registration_id: int | None = None,
    blind_payload: Any = None,
) -> ResultSubmission:
    """Record one confirmation; the submission becomes ``confirmed`` when the event's
    policy is met. Organizers and head judges confirm outright.

    * players: each seated player once — the actor is that player (own page) or a judge of
      the table handing the device to the player named by ``registration_id``;
    * second judge: a logged-in judge other than the one who submitted;
    * blind re-entry: as second judge, with ``blind_payload`` equal to the entry.
    """
    if blind_payload is not None:
        _check_payload("blind_payload", blind_payload)
    submission, table = _locked_submission(submission_id)
    require(actor, Action.CONFIRM, table=table)
    before = table_result(table)
    if submission.status != Status.SUBMITTED:
        raise InvalidState(f"version {submission.version} is {submission.status}, not submitted")
    event_id = table.round.event_id
    staff = actor.is_event_staff(event_id) and registration_id is None and blind_payload is None
    # Players confirm only the newest entry (a newer draft means the judge is changing the
    # values they would confirm); an organizer decides over a draft still being typed.
    newest = _latest_live_version(table, drafts=not staff)
    if submission.version != newest:
        raise VersionConflict(
            f"version {submission.version} is not the latest entry of table {table.number}",
            current_version=newest,
        )
    policy = event_result_settings(event_id).confirmation_policy
    if staff:
        Confirmation.objects.create(
            submission=submission, role=Confirmation.Role.HEAD_JUDGE, user_id=actor.user_id
        )
        action_log.result_confirmed_by(actor, submission, Confirmation.Role.HEAD_JUDGE)
        _make_confirmed(actor, submission, reason="confirmed by a head judge")
    elif policy == ConfirmationPolicy.PLAYERS:
        _confirm_as_player(actor, submission, table, registration_id)
    elif policy == ConfirmationPolicy.PLAYERS_OWN_DEVICE:
        _confirm_as_player(actor, submission, table, registration_id, on_behalf_allowed=False)
    else:
        _confirm_as_second_judge(actor, submission, table, policy, blind_payload)
    _set_table_status(table, _current_status(table))
    announce_result(table, ResultChanged.CONFIRMED, before)
    return submission


def _confirm_as_player(
    actor: Actor, submission, table: Table, registration_id, on_behalf_allowed: bool = True
) -> None:
    seated = set(table.seats.values_list("registration_id", flat=True))
    own = actor.seated_registration_ids(table)
    if registration_id is None:
        if len(own) != 1:
            raise InvalidState("name the player who confirms (registration_id)")
        registration_id = next(iter(own))
    if registration_id not in seated:
        raise InvalidState("that player is not seated at this table")
    if registration_id not in own and not on_behalf_allowed:
        raise NotAllowed(
            "this event confirms on each player's own device: the player confirms with "
            "their private link"
        )
    on_behalf = actor.judges_table(table) or actor.is_event_staff(table.round.event_id)
    if registration_id not in own and not on_behalf:
        raise NotAllowed("a player confirms only for themselves")
    if submission.confirmations.filter(registration_id=registration_id).exists():
        return  # confirming twice changes nothing
    Confirmation.objects.create(
        submission=submission,
        role=Confirmation.Role.PLAYER,
        registration_id=registration_id,
        user_id=actor.user_id,
    )
    action_log.result_confirmed_by(
        actor, submission, Confirmation.Role.PLAYER, registration=registration_id
    )
    confirmed = submission.confirmations.filter(
        role=Confirmation.Role.PLAYER, registration_id__in=seated
    ).count()
    if confirmed >= len(seated):
        _make_confirmed(actor, submission, reason="every player confirmed")


def _confirm_as_second_judge(actor: Actor, submission, table, policy, blind_payload) -> None:
    if actor.user_id is None:
        raise NotAllowed("a second judge confirms after logging in")
    if actor.user_id == submission.submitted_by_id:
        raise NotAllowed("the judge who entered a result cannot also confirm it")
    if not actor.judges_table(table):
        raise NotAllowed("only a judge of this table confirms as second judge")
    matched = True
    if policy == ConfirmationPolicy.BLIND_REENTRY:
        if blind_payload is None:
            raise InvalidState("this event confirms by blind re-entry: enter the result again")
        matched = canonical_payload(
            submission.engine_key, submission.kind, blind_payload
        ) == canonical_payload(submission.engine_key, submission.kind, submission.payload)
    Confirmation.objects.create(
        submission=submission,
        role=Confirmation.Role.SECOND_JUDGE,
        user_id=actor.user_id,
        blind_payload=blind_payload,
        matched=matched,
    )
    action_log.result_confirmed_by(
        actor, submission, Confirmation.Role.SECOND_JUDGE, matched=matched
    )
    if matched:
        _make_confirmed(actor, submission, reason="confirmed by a second judge")
    else:
        # Like Cobra's self-reports: entries that disagree wait for the head judge.
        _set_status(actor, submission, Status.DISPUTED, reason="blind re-entry did not match")


@transaction.atomic
def result_dispute(*, submission_id: int, actor: Actor, reason: str) -> ResultSubmission:
    """A player (or staff) flags a submitted or confirmed result; it stops counting until a
    head judge rules."""
    submission, table = _locked_submission(submission_id)
    require(actor, Action.DISPUTE, table=table)
    if not _check_reason(reason).strip():
        raise InvalidState("say what is wrong (a reason is required)")
    if submission.status not in (Status.SUBMITTED, Status.CONFIRMED):
        raise InvalidState(f"version {submission.version} is {submission.status}")
    before = table_result(table)
    _set_status(actor, submission, Status.DISPUTED, reason=reason)
    _set_table_status(table, Status.DISPUTED)
    announce_result(table, ResultChanged.DISPUTED, before)
    return submission


@transaction.atomic
def result_discard(*, submission_id: int, actor: Actor, reason: str = "") -> ResultSubmission:
    """Throw a version away. Judges discard unconfirmed versions; a confirmed one only staff."""
    _check_reason(reason)
    submission, table = _locked_submission(submission_id)
    require(actor, Action.DISCARD, table=table)
    if submission.status == Status.DISCARDED:
        return submission
    if submission.status in (Status.CONFIRMED, Status.DISPUTED) and not actor.is_event_staff(
        table.round.event_id
    ):
        raise NotAllowed("only a head judge discards a confirmed or disputed result")
    before = table_result(table)
    _set_status(actor, submission, Status.DISCARDED, reason=reason)
    _set_table_status(table, _current_status(table))
    announce_result(table, ResultChanged.DISCARDED, before)
    return submission


RESOLUTIONS = ("confirm", "discard", "")


@transaction.atomic
def result_rule(
    *,
    actor: Actor,
    table_id: int,
    kind: str,
    reason: str,
    submission_id: int | None = None,
    registration_id: int | None = None,
    points: Decimal | int | str | None = None,
    placements: list[int] | None = None,
    resolution: str = "",
) -> Ruling:
    """A head judge's ruling at a table; optionally resolves a disputed submission.

    ``resolution``: "confirm" makes the submission the table's confirmed result,
    "discard" throws it away. Standings apply the ruling (see selectors.standings).
    """
    table = _locked_table(table_id)
    require(actor, Action.RULE, table=table)
    if kind not in Ruling.Kind.values:
        raise InvalidState(f"unknown ruling kind {kind!r}")
    if resolution not in RESOLUTIONS:
        raise InvalidState(f"unknown resolution {resolution!r}")
    if not _check_reason(reason).strip():
        raise InvalidState("a ruling needs a reason")
    points = _ruling_points(points)
    seats = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    if registration_id is not None and registration_id not in seats:
        raise InvalidState("the ruling's player is not seated at this table")
    data: dict[str, Any] = {}
    if kind == Ruling.Kind.ENGINE_OVERRIDE:
        if (
            not isinstance(placements, list)
            or len(placements) != len(seats)
            or not all(isinstance(p, int) and 1 <= p <= len(seats) for p in placements)
        ):
            raise InvalidState(f"an override gives a placement 1..{len(seats)} for every seat")
        data["placements"] = placements
    if kind == Ruling.Kind.PENALTY_POINTS and (points is None or registration_id is None):
        raise InvalidState("penalty points need a player and a number of points")
    submission = None
    if submission_id is not None:
        if not isinstance(submission_id, int) or isinstance(submission_id, bool):
            raise InvalidInput("submission_id", "a result's number")
        submission = (
            ResultSubmission.objects.select_for_update()
            .filter(pk=submission_id, table=table)
            .first()
        )
        if submission is None:  # unknown, or another table's: never rule across tables
            raise InvalidInput(
                "submission_id", f"no result {submission_id} at table {table.number}"
            )
        submission.table = table
    before = table_result(table)
    ruling = Ruling.objects.create(
        event_id=table.round.event_id,
        table=table,
        submission=submission,
        registration_id=registration_id,
        kind=kind,
        reason=reason,
        points=points,
        data=data,
        ruled_by_id=actor.user_id,
    )
    action_log.ruling_made(actor, ruling)
    if submission is not None and resolution == "confirm":
        if submission.outcome is None and kind != Ruling.Kind.ENGINE_OVERRIDE:
            raise InvalidState("a draft without an outcome cannot be confirmed")
        if submission.outcome is None:
            raise InvalidState("confirm a version that the engine scored; override its ranks")
        _make_confirmed(actor, submission, reason=f"ruling {ruling.pk}: {reason}")
    elif submission is not None and resolution == "discard":
        _set_status(actor, submission, Status.DISCARDED, reason=f"ruling {ruling.pk}: {reason}")
    _set_table_status(table, _current_status(table))
    announce_result(table, ResultChanged.RULED, before, ruling_kind=kind)
    return ruling


def _ruling_points(points: Any) -> Decimal | None:
    """Penalty points as the column stores them (7 digits, 2 decimals), else a 4xx."""
    from decimal import InvalidOperation

    if points is None:
        return None
    try:
        value = Decimal(str(points).strip())
    except (InvalidOperation, ValueError):
        raise InvalidInput("points", f"{str(points)[:20]!r} is not a number") from None
    if not value.is_finite() or abs(value) >= 100_000 or value != value.quantize(Decimal("0.01")):
        raise InvalidInput("points", "a number below 100000 with at most 2 decimals")
    return value


def registration_for_table(table: Table, registration_id: int) -> Registration:
    return Registration.objects.get(pk=registration_id, seats__table=table)


# A photo of the paper sheet: a phone camera's JPEG, or PNG/WebP; the type is read from the
# file's first bytes (a name or a browser's content type proves nothing).
PHOTO_MAX_BYTES = settings.SHEET_PHOTO_MAX_BYTES  # referee/settings: also the upload limit
_PHOTO_TYPES = ((b"\xff\xd8\xff", ".jpg"), (b"\x89PNG\r\n\x1a\n", ".png"))


def _photo_suffix(head: bytes) -> str | None:
    for magic, suffix in _PHOTO_TYPES:
        if head.startswith(magic):
            return suffix
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return ".webp"
    return None


class InvalidPhoto(ResultError):
    code = "result.photo_invalid"


@transaction.atomic
def result_attach_photo(*, table_id: int, actor: Actor, upload) -> ResultSubmission:
    """Attach a photo of the paper sheet to the table's latest entry (it replaces an
    earlier photo of that entry). Refused: no entry yet, too large, not a photo."""
    table = _locked_table(table_id)
    require(actor, Action.SUBMIT, table=table)
    latest = (
        ResultSubmission.objects.select_for_update()
        .filter(table=table)
        .exclude(status=Status.DISCARDED)
        .order_by("-version")
        .first()
    )
    if latest is None:
        raise InvalidPhoto("enter the sheet first; the photo is kept with the entry")
    if upload is None or not getattr(upload, "size", 0):
        raise InvalidPhoto("choose a photo of the sheet")
    if upload.size > PHOTO_MAX_BYTES:
        raise InvalidPhoto(
            f"the photo is {upload.size} bytes; at most {PHOTO_MAX_BYTES} bytes",
            max_bytes=PHOTO_MAX_BYTES,
        )
    upload.seek(0)
    suffix = _photo_suffix(upload.read(16))
    upload.seek(0)
    if suffix is None:
        raise InvalidPhoto("the photo is not a JPEG, PNG or WebP picture")
    old = latest.sheet_photo.name if latest.sheet_photo else ""
    latest.sheet_photo.save(f"sheet{suffix}", upload, save=False)
    latest.save(update_fields=["sheet_photo"])
    if old:  # the replaced file goes once the new one is stored for good
        storage = latest.sheet_photo.storage
        transaction.on_commit(lambda: storage.delete(old))
    action_log.result_status_changed(actor, latest, latest.status, reason="photo of the sheet")
    return latest
