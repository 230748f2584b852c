"""Judge pages: a phone-first table page and its small JSON endpoints.

A judge opens ``/judge/<judge_token>/`` (the table's private URL, 192 random bits, scoped
to that table) or ``/judge/tables/<id>/`` after logging in. The page's script posts JSON
to the endpoints below; every write goes through ``services.results`` and every refusal
comes back in the engines' violation structure with the Japanese message beside it.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.contrib.auth.decorators import login_required
from django.db import IntegrityError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import engines
from referee import jsonparse
from referee.middleware import FORM_TYPES
from tournaments.events.access import Action, Actor, NotAllowed, allowed, tables_judged_by
from tournaments.events.clock import NOT_STARTED, ClockView, clock_view
from tournaments.events.links import absolute_url
from tournaments.events.models import Registration, Round, RoundClock, Table
from tournaments.events.selectors.event_config import event_config
from tournaments.events.selectors.judges import judge_rounds
from tournaments.events.services.judges import judge_table_take
from tournaments.results.forms import form_options, judge_form, sheet_summary, subtotal_gives_up
from tournaments.results.models import ResultSubmission
from tournaments.results.selectors import (
    body_of,
    event_result_settings,
    judge_engine_verdict,
    log_step_check,
    next_legal_moves,
    seat_names,
    table_current,
    table_game_key,
    table_options,
    table_photo,
)
from tournaments.results.services import results as svc
from tournaments.results.unchecked_text import localized_unchecked, with_unchecked_text
from tournaments.results.violation_text import localized, refusal_text


def _table_and_actor(request: HttpRequest, token: str | None, table_id: int | None):
    ip = request.META.get("REMOTE_ADDR")
    user = request.user if request.user.is_authenticated else None
    if token is not None:
        table = Table.objects.select_related("round__event").filter(judge_token=token).first()
        if table is None:
            raise Http404
        return table, Actor(user=user, judge_table_id=table.pk, remote_addr=ip)
    table = get_object_or_404(Table.objects.select_related("round__event"), pk=table_id)
    actor = Actor(user=user, remote_addr=ip)
    if not allowed(actor, Action.VIEW_TABLE, table=table):
        raise Http404  # do not reveal which tables exist
    return table, actor


def _base_url(token: str | None, table_id: int | None) -> str:
    if token is not None:
        return reverse("judge:table", kwargs={"token": token})
    return reverse("judge:table-login", kwargs={"table_id": table_id})


def _lang() -> str:
    return (get_language() or "ja")[:2]


def submission_json(sub: ResultSubmission | None) -> dict[str, Any] | None:
    if sub is None:
        return None
    return {
        "id": sub.pk,
        "version": sub.version,
        "kind": sub.kind,
        "status": sub.status,
        "payload": sub.payload,
        "outcome": with_unchecked_text(sub.outcome, _lang()),
        "violations": localized(sub.violations, _lang()),
        "confirmations_required": sub.confirmations_required,
        "confirmed_by": [c.registration_id for c in sub.confirmations.all() if c.registration_id],
    }


def table_clock(table: Table) -> ClockView | None:
    """The round clock as this table sees it (with its extra time), while in play."""
    if table.round.status != Round.Status.PUBLISHED:
        return None
    view = clock_view(RoundClock.objects.filter(round_id=table.round_id).first(), table.number)
    return None if view.state == NOT_STARTED else view


def table_state(table: Table) -> dict[str, Any]:
    from tournaments.results.selectors import latest_version

    clock = table_clock(table)
    return {
        "table": table.pk,
        "table_status": table.status,
        "latest_version": latest_version(table.pk),
        "current": submission_json(table_current(table)),
        "clock": None
        if clock is None
        else {
            "state": clock.state,
            "deadline_ms": clock.deadline_ms,
            "remaining": clock.remaining,
            "display": clock.display,
        },
    }


def resolved_options(engine, table: Table) -> dict[str, Any]:
    """The event's options for this table's game (preset plus overrides), as the engine
    reads them; the form shows only the fields these options have."""
    preset, overrides, _edition = table_options(table)
    return form_options(engine, preset, overrides)


def subtotal_entry(table: Table) -> bool:
    """The organizer chose subtotal entry for the event (console: score sheet entry)."""
    return event_config(table.round.event).get("sheet_entry") == "subtotal"


def table_form(table: Table, engine):
    """The phone form of this table, as the event's judges enter it."""
    return judge_form(
        engine.meta.key,
        engine.sheet_schema(),
        seat_names(table),
        resolved_options(engine, table),
        subtotal=subtotal_entry(table),
    )


def _page(request, token=None, table_id=None):
    table, actor = _table_and_actor(request, token, table_id)
    if token is not None and actor.user_id is not None:
        # A whole-event judge in "any table I scan" mode takes the table whose card they
        # scanned (current round only); it then shows on their page and opens by login.
        judge_table_take(user=actor.user, table=table)
    engine = engines.get_engine(table_game_key(table))
    names = seat_names(table)
    seats = list(table.seats.order_by("position").select_related("registration__player"))
    lang = (get_language() or "ja")[:2]
    policy = event_result_settings(table.round.event_id).confirmation_policy
    context = {
        "table": table,
        "event": table.round.event,
        "engine": engine,
        "game_name": engine.meta.name_ja if lang == "ja" else engine.meta.name_en,
        "form": table_form(table, engine),
        # What the event's subtotal entry gives up, said on the page (issue 28).
        "gives_up": subtotal_gives_up(engine.meta.key) if subtotal_entry(table) else [],
        "seats": [
            {"registration": s.registration_id, "position": s.position, "name": n}
            for s, n in zip(seats, names, strict=True)
        ],
        "policy": policy,
        "config": {
            "base": _base_url(token, table_id),
            "lang": lang,
            "policy": policy,
            "state": table_state(table),
            "moveTypes": engine.step_forms(lang),
            "seats": [
                {"registration": s.registration_id, "position": s.position, "name": n}
                for s, n in zip(seats, names, strict=True)
            ],
            "storageKey": f"referee-table-{table.pk}",
        },
        "is_staff_actor": actor.is_event_staff(table.round.event_id),
        "clock": table_clock(table),
        "photo": table_photo(table.pk),
        "photo_url": _base_url(token, table_id) + "photo",
        "photo_max_mb": svc.PHOTO_MAX_BYTES // (1024 * 1024),
    }
    if allowed(actor, Action.ANSWER_CALL, table=table):  # judges, not a player at the table
        context.update(_calls_context(request, table, token, table_id))
    return render(request, "judge/table.html", context)


# Pages and answers that carry a private token (the judge's or a player's URL) or a
# table's private state are never stored by a browser or a shared cache.
@never_cache
@require_GET
def table_page(request, token: str):
    return _page(request, token=token)


@never_cache
@login_required
@require_GET
def table_page_login(request, table_id: int):
    return _page(request, table_id=table_id)


@never_cache
@login_required
@require_GET
def my_tables(request):
    actor = Actor(user=request.user)
    rounds = judge_rounds(actor.user_id)
    # A whole-event judge's tables show under the event's current round only; the list
    # below keeps every other table the account judges (head judges, table invitations).
    tables = (
        tables_judged_by(actor)
        .exclude(round__event_id__in=[r.event.pk for r in rounds])
        .select_related("round__event")
        .order_by("round", "number")
    )
    return render(request, "judge/my_tables.html", {"tables": tables, "judge_rounds": rounds})


def _json_body(request) -> dict[str, Any]:
    if request.content_type.startswith(FORM_TYPES):
        # Its fields are parsed already (CSRF's check reads them): the raw body is gone.
        raise ValueError(jsonparse.message("not_json"))
    try:
        data = json.loads(request.body or b"{}")
    except (ValueError, RecursionError):  # not JSON, or nested too deep to parse
        data = None
    if not isinstance(data, dict):
        raise ValueError("send a JSON object")
    return data


def _error(code: str, message: str, status: int, **extra) -> JsonResponse:
    extra["violations"] = localized(extra.get("violations"), _lang())
    return JsonResponse({"code": code, "message": message, **extra}, status=status)


def _json_endpoint(handler):
    def view(request, token: str | None = None, table_id: int | None = None):
        try:
            table, actor = _table_and_actor(request, token, table_id)
            data = _json_body(request) if request.method == "POST" else {}
            return handler(request, table, actor, data)
        except ValueError as error:
            return _error("malformed", str(error), 400)
        except NotAllowed as error:
            return _error("forbidden", refusal_text(str(error)), 403)
        except svc.VersionConflict as error:
            return _error(error.code, refusal_text(error.message), 409, **error.extra)
        except svc.InvalidCorrection as error:
            return _error(error.code, refusal_text(error.message), 422, **error.extra)
        except svc.ResultError as error:
            return _error(error.code, refusal_text(error.message), 400, **error.extra)
        except ResultSubmission.DoesNotExist:
            return _error("not_found", "no such result at this table", 404)
        except IntegrityError as error:
            return _error("conflict", str(error), 409)

    view.__name__ = handler.__name__
    return never_cache(view)


@require_GET
@_json_endpoint
def state_json(request, table, actor, data):
    return JsonResponse(table_state(table))


@require_POST
@_json_endpoint
def entry_json(request, table, actor, data):
    """Save a draft or submit: {action, kind, payload, base_version, idempotency_key}."""
    action = data.get("action", "submit")
    kind = data.get("kind", ResultSubmission.Kind.SHEET)
    if kind not in ResultSubmission.Kind.values:
        raise ValueError("kind is sheet or log")
    base_version = data.get("base_version", 0)
    if not isinstance(base_version, int) or base_version < 0:
        raise ValueError("base_version is a whole number")
    key = data.get("idempotency_key") or None
    if key is not None and (not isinstance(key, str) or len(key) > 80):
        raise ValueError("idempotency_key is a short string")
    service = {"draft": svc.result_save_draft, "submit": svc.result_submit}.get(action)
    if service is None:
        raise ValueError("action is draft or submit")
    outcome = service(
        table_id=table.pk,
        actor=actor,
        kind=kind,
        payload=data.get("payload"),
        base_version=base_version,
        idempotency_key=key,
    )
    body = table_state(table)
    body["saved"] = submission_json(outcome.submission)
    body["created"] = outcome.created
    return JsonResponse(body, status=201 if outcome.created else 200)


@require_POST
@_json_endpoint
def correct_json(request, table, actor, data):
    """A head judge's correction from the same form: {payload, base_version, reason,
    idempotency_key}. Refused with its errors when the engine does not accept it."""
    base_version = data.get("base_version", 0)
    if not isinstance(base_version, int) or base_version < 0:
        raise ValueError("base_version is a whole number")
    reason = data.get("reason")
    key = data.get("idempotency_key") or None
    if key is not None and (not isinstance(key, str) or len(key) > 80):
        raise ValueError("idempotency_key is a short string")
    outcome = svc.result_correct(
        table_id=table.pk,
        actor=actor,
        kind=ResultSubmission.Kind.SHEET,
        payload=data.get("payload"),
        base_version=base_version,
        reason=reason if isinstance(reason, str) else "",
        idempotency_key=key,
    )
    body = table_state(table)
    body["saved"] = submission_json(outcome.submission)
    body["created"] = outcome.created
    return JsonResponse(body, status=201 if outcome.created else 200)


@require_POST
@_json_endpoint
def confirm_json(request, table, actor, data):
    submission_id = data.get("submission_id")
    if not isinstance(submission_id, int) or isinstance(submission_id, bool):
        raise ValueError("submission_id is a number")
    sub = ResultSubmission.objects.get(pk=submission_id, table=table)
    registration_id = data.get("registration_id")
    if registration_id is not None and not isinstance(registration_id, int):
        raise ValueError("registration_id is a number")
    svc.result_confirm(
        submission_id=sub.pk,
        actor=actor,
        registration_id=registration_id,
        blind_payload=data.get("blind_payload"),
    )
    table.refresh_from_db()
    return JsonResponse(table_state(table))


@require_POST
@_json_endpoint
def preview_json(request, table, actor, data):
    """Score the entry without saving it: live per-category totals and errors by field."""
    if not allowed(actor, Action.VIEW_TABLE, table=table):
        raise NotAllowed("not your table")
    verdict = judge_engine_verdict(table, ResultSubmission.Kind.SHEET, data.get("payload"))
    return JsonResponse(
        {
            "outcome": with_unchecked_text(verdict.outcome, _lang()),
            "violations": localized(verdict.violations, _lang()),
        }
    )


@require_POST
@_json_endpoint
def log_check_json(request, table, actor, data):
    """Replay the steps entered so far; the first illegal step comes back with its index."""
    if not allowed(actor, Action.VIEW_TABLE, table=table):
        raise NotAllowed("not your table")
    moves = data.get("moves")
    document = isinstance(moves, dict) and isinstance(moves.get("moves"), list)
    if not document and not isinstance(moves, list):
        raise ValueError("moves is a list of moves or a whole move-log document")
    # A whole imported document keeps its player names (its moves say "by": name).
    report = log_step_check(table, moves)
    report["violations"] = localized(report["violations"], _lang())
    report["outcome"] = with_unchecked_text(report["outcome"], _lang())
    report["legal"] = next_legal_moves(table, moves) if report["ok"] else None
    # Every step as the page shows it: the engine reads moves as sentences (one reading
    # for the judge's list, the scribe's choices and the public move-log viewer).
    engine = engines.get_engine(table_game_key(table))
    records = moves["moves"] if document else moves
    named = moves.get("players") if document else None
    log_players = [p for p in named if isinstance(p, str)] if isinstance(named, list) else []
    report["sentences"] = engine.move_sentences(records, seat_names(table), _lang(), log_players)
    if data.get("scribe") is True:  # the scribe offers the legal records as buttons
        legal = report["legal"] or []
        # Seat numbers count in the log's order (an imported log's turn order).
        order = log_players if sorted(log_players) == sorted(seat_names(table)) else None
        report["choices"] = engine.move_choices(legal, order or seat_names(table), _lang())
    return JsonResponse(report)


@never_cache
@require_GET
def player_page(request, token: str):
    """A player's private page: their tables and the results waiting for them."""
    registration = get_object_or_404(
        Registration.objects.select_related("event", "player"), private_token=token
    )
    seats = (
        registration.seats.select_related("table__round")
        .order_by("-table__round__number")
        .prefetch_related("table__seats__registration__player")
    )
    rows = []
    for seat in seats:
        current = table_current(seat.table)
        players = ((current.outcome or {}).get("players") or []) if current else []
        rows.append(
            {
                "table": seat.table,
                "current": current,
                "sheet": _sheet_lines(current),
                "incomplete": any(p.get("complete") is False for p in players),
                "unchecked": localized_unchecked(current.outcome, _lang()) if current else [],
                "photo": current is not None and table_photo(seat.table_id) is not None,
                # A second tap would only answer "already confirmed": say so instead.
                "confirmed_by_me": current is not None
                and current.confirmations.filter(registration=registration).exists(),
            }
        )
    return render(
        request,
        "judge/player.html",
        {"registration": registration, "rows": rows, "token": token},
    )


def _sheet_lines(sub: ResultSubmission | None) -> dict[str, Any] | None:
    """What a player confirms: the entered sheet values, per seat, in the form's words."""
    if sub is None or sub.kind != ResultSubmission.Kind.SHEET:
        return None
    table = sub.table
    engine = engines.get_engine(table_game_key(table))
    return sheet_summary(table_form(table, engine), body_of(sub.kind, sub.payload))


@require_GET
def player_disputed(request, token: str, submission_id: int):
    """The acknowledgement after a dispute, with the way back to the player's page."""
    registration = get_object_or_404(
        Registration.objects.select_related("event", "player"), private_token=token
    )
    sub = get_object_or_404(
        ResultSubmission.objects.select_related("table__round"),
        pk=submission_id,
        table__seats__registration=registration,
    )
    return render(
        request,
        "judge/player_disputed.html",
        {"registration": registration, "submission": sub, "token": token},
    )


@require_POST
def player_action(request, token: str, submission_id: int):
    """Confirm or dispute from the player's own page (a plain form post)."""
    from django.contrib import messages
    from django.shortcuts import redirect

    registration = get_object_or_404(Registration, private_token=token)
    actor = Actor(registration=registration, remote_addr=request.META.get("REMOTE_ADDR"))
    try:
        if request.POST.get("action") == "dispute":
            svc.result_dispute(
                submission_id=submission_id, actor=actor, reason=request.POST.get("reason", "")
            )
            return redirect("judge:player-disputed", token=token, submission_id=submission_id)
        svc.result_confirm(submission_id=submission_id, actor=actor)
        messages.success(request, _("Thank you: your confirmation is recorded."))
    except (svc.ResultError, NotAllowed) as error:
        messages.error(request, refusal_text(str(error)))
    except ResultSubmission.DoesNotExist:
        messages.error(request, _("This result no longer exists."))
    return redirect("judge:player", token=token)


@require_GET
def table_qr(request, token: str):
    """The table's private judge URL as an SVG QR code, for the organizer to print and
    hand to that table's judge (whoever can fetch it already holds the token)."""
    import io

    import qrcode
    import qrcode.image.svg

    table = Table.objects.filter(judge_token=token).first()
    if table is None:
        raise Http404
    url = absolute_url(request, reverse("judge:table", kwargs={"token": token}))
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10)
    buffer = io.BytesIO()
    image.save(buffer)
    response = HttpResponse(buffer.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, no-store"
    return response


def _calls_context(request, table: Table, token: str | None, table_id: int | None) -> dict:
    from tournaments.results.selectors import judge_calls_signature, open_judge_calls

    calls = open_judge_calls(table.round.event_id, table_ids=[table.pk])
    base = _base_url(token, table_id)
    digest = hashlib.sha256(json.dumps(judge_calls_signature(calls)).encode()).hexdigest()
    return {
        "calls": calls,
        "call_url": base + "calls",
        "call_next": base,
        "calls_url": base + "calls",
        "calls_etag": f'"calls-{digest[:24]}"',
    }


def _calls(request, token: str | None = None, table_id: int | None = None):
    """GET: this table's open judge calls (the fragment the table page polls; 304 while
    unchanged). POST (report, action=acknowledge|resolve): answer one, back to the page."""
    from django.shortcuts import redirect
    from django.utils.cache import patch_vary_headers

    from tournaments.results.models import ProblemReport
    from tournaments.results.services.calls import judge_call_acknowledge, judge_call_resolve

    table, actor = _table_and_actor(request, token, table_id)
    if not allowed(actor, Action.ANSWER_CALL, table=table):
        raise Http404
    if request.method == "POST":
        step = {"acknowledge": judge_call_acknowledge, "resolve": judge_call_resolve}.get(
            request.POST.get("action", "")
        )
        report_id = request.POST.get("report", "")
        report = ProblemReport.objects.filter(
            pk=int(report_id) if report_id.isdigit() else 0, table=table
        ).first()
        if step is None or report is None:
            return HttpResponse(status=400)
        step(report_id=report.pk, actor=actor)
        return redirect(_base_url(token, table_id))
    context = _calls_context(request, table, token, table_id)
    etag = context["calls_etag"]
    if etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
        response = HttpResponse(status=304)
    else:
        response = render(request, "judge/_calls.html", context)
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    response["X-Calls-Fragment"] = "1"
    patch_vary_headers(response, ["Cookie"])
    return response


@require_http_methods(["GET", "POST"])
def calls_token(request, token: str):
    return _calls(request, token=token)


@login_required
@require_http_methods(["GET", "POST"])
def calls_login(request, table_id: int):
    return _calls(request, table_id=table_id)


_PHOTO_TYPES = {".jpg": "image/jpeg", ".png": "image/png", ".webp": "image/webp"}


def _photo_response(sub: ResultSubmission | None) -> HttpResponse:
    from pathlib import PurePath

    from django.http import FileResponse

    if sub is None or not sub.sheet_photo:
        raise Http404
    kind = _PHOTO_TYPES.get(PurePath(sub.sheet_photo.name).suffix, "application/octet-stream")
    response = FileResponse(sub.sheet_photo.open("rb"), content_type=kind)
    response["Cache-Control"] = "private, no-store"
    response["X-Content-Type-Options"] = "nosniff"
    return response


def _photo(request, token: str | None = None, table_id: int | None = None):
    """GET: the photo of the table's paper sheet (the table's judges and staff). POST
    (multipart ``photo``): attach one to the latest entry; back to the table page."""
    from django.contrib import messages
    from django.shortcuts import redirect

    table, actor = _table_and_actor(request, token, table_id)
    if request.method == "GET":
        return _photo_response(table_photo(table.pk))
    try:
        svc.result_attach_photo(table_id=table.pk, actor=actor, upload=request.FILES.get("photo"))
        messages.success(request, _("The photo of the sheet is kept with the result."))
    except svc.InvalidPhoto as error:
        messages.error(request, photo_refusal(error))
    except NotAllowed as error:
        messages.error(request, refusal_text(str(error)))
    return redirect(_base_url(token, table_id))


def photo_refusal(error) -> str:
    if "max_bytes" in error.extra:
        return _("The photo is too large (at most %(mb)s MB).") % {
            "mb": error.extra["max_bytes"] // (1024 * 1024)
        }
    if "enter the sheet" in error.message:
        return _("Enter the sheet first: the photo is kept with the entry.")
    if "choose" in error.message:
        return _("Choose a photo of the sheet.")
    return _("That file is not a photo (JPEG, PNG or WebP).")


@never_cache
@require_http_methods(["GET", "POST"])
def photo_token(request, token: str):
    return _photo(request, token=token)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def photo_login(request, table_id: int):
    return _photo(request, table_id=table_id)


@never_cache
@require_GET
def player_photo(request, token: str, submission_id: int):
    """The photo of the sheet a seated player is asked to confirm (their private link)."""
    registration = get_object_or_404(Registration, private_token=token)
    sub = get_object_or_404(
        ResultSubmission, pk=submission_id, table__seats__registration=registration
    )
    return _photo_response(table_photo(sub.table_id))
