"""Console: seat a round (preview with cost breakdown, swap, re-seat a table, publish),
the round progress board, closing a round, printable seating sheet and table cards."""

from __future__ import annotations

import random

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError
from django.http import HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournaments.console.selectors.pages import (
    STATE_LABELS,
    STATES,
    board_signature,
    round_board,
    round_clock,
    seating_choices,
)
from tournaments.console.selectors.schedules import schedule_summary
from tournaments.console.views.events import actor_of, console_event, qr_svg
from tournaments.events.kana import sort_key
from tournaments.events.links import absolute_url, phone_unreachable
from tournaments.events.models import Registration, Round, Table
from tournaments.events.selectors.event_config import event_config
from tournaments.results.selectors import open_judge_calls
from tournaments.seating import clock as clock_services
from tournaments.seating.models import RoundSeatingRecord
from tournaments.seating.optimiser import SeatingError
from tournaments.seating.services import (
    SeatingServiceError,
    round_close,
    round_publish,
    round_seat,
    seat_move,
    seats_swap,
    table_reseat,
)
from tournaments.seating.services import (
    round_create as round_create_service,
)

ERRORS = (SeatingError, SeatingServiceError, IntegrityError, ValueError, KeyError)
CLOCK_ACTIONS = {"clock_start", "clock_pause", "clock_resume", "clock_extend", "clock_table_extra"}


def _round(request, slug, number) -> Round:
    event = console_event(request, slug)
    return get_object_or_404(Round.objects.select_related("event"), event=event, number=number)


@login_required
@require_POST
def round_create(request, slug):
    event = console_event(request, slug)
    try:
        rnd = round_create_service(event_id=event.pk, actor=actor_of(request))
    except SeatingServiceError as error:
        messages.error(request, str(error))
        return redirect("console:event", slug=slug)
    return redirect("console:round", slug=slug, number=rnd.number)


# The optimiser's weight keys in the words the cost line already uses ("repeat" is not a
# weight: the sentence before the list says it always outranks them).
WEIGHT_WORDS = {
    "spread": "spread",
    "seat": "seat balance",
    "club": "same club",
    "small_table": "small tables",
}


def _weights(record) -> list[tuple[str, object]]:
    weights = (record.weights or {}) if record else {}
    return [(_(WEIGHT_WORDS[k]), v) for k, v in weights.items() if k in WEIGHT_WORDS]


def _names(event) -> dict[int, Registration]:
    return {r.pk: r for r in Registration.objects.filter(event=event).select_related("player")}


@login_required
def round_detail(request, slug, number):
    """The seating with its cost breakdown per table; in a draft: seat again, swap, publish."""
    rnd = _round(request, slug, number)
    record = RoundSeatingRecord.objects.filter(round=rnd).first()
    names = _names(rnd.event)
    tables = []
    costs = {t["number"]: t["cost"] for t in (record.breakdown.get("tables", []) if record else [])}
    for table in rnd.tables.order_by("number").prefetch_related("seats"):
        seated = [names[s.registration_id] for s in table.seats.order_by("position")]
        tables.append({"table": table, "seated": seated, "cost": costs.get(table.number)})
    seated_ids = {r.pk for t in tables for r in t["seated"]}
    unseated = [r for r in names.values() if r.status == "checked_in" and r.pk not in seated_ids]
    unseated.sort(key=lambda r: sort_key(r.player.display_name, r.player.reading))
    return render(
        request,
        "console/round.html",
        {
            "event": rnd.event,
            "round": rnd,
            "record": record,
            "tables": tables,
            "unseated": unseated,
            "byes": [names[b] for b in rnd.byes.values_list("registration_id", flat=True)],
            "total": record.breakdown.get("total") if record else None,
            "weights": _weights(record),
            "choices": seating_choices(rnd, names),
            "clock": round_clock(rnd),
            "board": [{"table": t["table"]} for t in tables],
            "round_minutes": event_config(rnd.event).get("round_minutes") or 90,
            "schedule": _schedule_of(rnd),
        },
    )


def _schedule_of(rnd: Round) -> dict | None:
    """The event's schedule, when it seats this round (shown before publishing)."""
    summary = schedule_summary(rnd.event)
    if summary is None or rnd.number not in summary["numbers"]:
        return None
    return summary


def _cost_message(request, record) -> None:
    """The round's total cost before and after a manual change."""
    before = getattr(record, "cost_before", None) or {}
    after = (record.breakdown or {}).get("total") or {}
    if not after:
        return

    def text(total):
        if not total:
            return "–"
        return _("repeat meetings %(r)s, weighted terms %(s)s") % {
            "r": total.get("repeats", 0),
            "s": f"{float(total.get('soft', 0)):.1f}",
        }

    messages.success(
        request,
        _("Cost before: %(before)s → after: %(after)s")
        % {"before": text(before), "after": text(after)},
    )


def _clock_action(action: str, rnd: Round, post, actor) -> None:
    if action == "clock_start":
        minutes = post.get("minutes") or None
        clock_services.clock_start(round_id=rnd.pk, minutes=minutes, actor=actor)
    elif action == "clock_pause":
        clock_services.clock_pause(round_id=rnd.pk, actor=actor)
    elif action == "clock_resume":
        clock_services.clock_resume(round_id=rnd.pk, actor=actor)
    elif action == "clock_extend":
        clock_services.clock_extend(round_id=rnd.pk, minutes=post.get("minutes"), actor=actor)
    elif action == "clock_table_extra":
        clock_services.clock_table_extra(
            round_id=rnd.pk,
            table_number=int(post.get("table") or 0),
            minutes=post.get("minutes"),
            actor=actor,
        )


@login_required
@require_POST
def round_action(request, slug, number):
    rnd = _round(request, slug, number)
    action = request.POST.get("action")
    actor = actor_of(request)
    try:
        if action == "seat":
            mode = request.POST.get("mode") or None
            seed = request.POST.get("seed")
            seed = int(seed) if seed else random.SystemRandom().randrange(2**31)
            round_seat(round_id=rnd.pk, mode=mode, seed=seed, actor=actor)
        elif action == "swap":
            if not request.POST.get("a") or not request.POST.get("b"):
                raise SeatingServiceError(_("Choose two players to swap."))
            record = seats_swap(
                round_id=rnd.pk,
                registration_a=int(request.POST["a"]),
                registration_b=int(request.POST["b"]),
                actor=actor,
            )
            _cost_message(request, record)
        elif action == "move":
            if not request.POST.get("player") or not request.POST.get("table"):
                raise SeatingServiceError(_("Choose a player and a table."))
            record = seat_move(
                round_id=rnd.pk,
                registration_id=int(request.POST["player"]),
                table_number=int(request.POST["table"]),
                actor=actor,
            )
            _cost_message(request, record)
        elif action == "reseat":
            ids = [int(x) for x in request.POST.getlist("seat") if x]
            if not ids:  # the older form: comma-separated registration numbers
                ids = [
                    int(x) for x in request.POST.get("players", "").replace(" ", "").split(",") if x
                ]
            table = get_object_or_404(Table, round=rnd, number=int(request.POST["table"]))
            record = table_reseat(table_id=table.pk, registration_ids=ids, actor=actor)
            _cost_message(request, record)
        elif action in CLOCK_ACTIONS:
            _clock_action(action, rnd, request.POST, actor)
            if request.POST.get("next") == "board":
                return redirect("console:board", slug=slug, number=number)
        elif action == "publish":
            round_publish(round_id=rnd.pk, actor=actor)
        elif action == "close":
            round_close(round_id=rnd.pk, actor=actor)
            return redirect("console:event", slug=slug)
    except ERRORS as error:
        messages.error(request, str(error))
    target = "console:board" if action == "close" else "console:round"
    return redirect(target, slug=slug, number=number)


def _board_context(rnd: Round) -> dict:
    if rnd.status == Round.Status.PUBLISHED:
        clock_services.clock_note_time_up(round_id=rnd.pk)  # logged once per deadline
    board = round_board(rnd)
    clock = round_clock(rnd)
    counts = {state: sum(1 for b in board if b.state == state) for state in STATES}
    calls = open_judge_calls(rnd.event_id)  # every open call of the event, any round
    return {
        "event": rnd.event,
        "round": rnd,
        "board": board,
        "clock": clock,
        "round_minutes": event_config(rnd.event).get("round_minutes") or 90,
        "counts": [(state, STATE_LABELS[state], n) for state, n in counts.items()],
        "all_confirmed": bool(board) and counts["confirmed"] == len(board),
        "calls": calls,
        "calls_by_table": {c.table_id for c in calls if c.table_id},
        "etag": f'"board-{board_signature(rnd, board, clock, calls)}"',
    }


@login_required
def round_board_view(request, slug, number):
    """Every table's state. The page polls ``board/live/`` every few seconds and swaps the
    board in when it changed; without JavaScript it reloads itself every 15 s and has a
    reload link (``?refresh=0`` stops both the polling and the reload)."""
    rnd = _round(request, slug, number)
    context = _board_context(rnd)
    context["refresh"] = request.GET.get("refresh") != "0"
    return render(request, "console/board.html", context)


@login_required
@require_GET
def round_board_live(request, slug, number):
    """The board fragment for the page's poll; ``304`` while nothing on it changed. Same
    access as the board page (the event's organizers and head judges, ``console_event``)."""
    rnd = _round(request, slug, number)
    context = _board_context(rnd)
    etag = context["etag"]
    if etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
        response = HttpResponseNotModified()
    else:
        response = render(request, "console/_board.html", context)
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    response["X-Board-Fragment"] = "1"  # the script swaps in only this, never a login page
    patch_vary_headers(response, ["Cookie"])
    return response


@never_cache  # carries private tokens (judge / player URLs)
@login_required
def round_print(request, slug, number):
    """The seating sheet (by name, for the wall) and one card per table with the QR code
    of the table's judge page."""
    rnd = _round(request, slug, number)
    names = _names(rnd.event)
    tables, by_name = [], []
    for table in rnd.tables.order_by("number").prefetch_related("seats"):
        seated = [names[s.registration_id] for s in table.seats.order_by("position")]
        url = absolute_url(request, reverse("judge:table", kwargs={"token": table.judge_token}))
        tables.append({"table": table, "seated": seated, "qr": qr_svg(url), "url": url})
        by_name += [(r, table.number, pos) for pos, r in enumerate(seated, start=1)]
    by_name.sort(key=lambda row: (row[0].player.reading, row[0].player.display_name))
    return render(
        request,
        "console/print_round.html",
        {
            "event": rnd.event,
            "round": rnd,
            "tables": tables,
            "by_name": by_name,
            "phone_unreachable": bool(tables) and phone_unreachable(tables[0]["url"]),
        },
    )
