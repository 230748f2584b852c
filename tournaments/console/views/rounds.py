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
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournaments.console.selectors.pages import STATE_LABELS, STATES, board_signature, round_board
from tournaments.console.views.events import actor_of, console_event, qr_svg
from tournaments.events.models import Registration, Round, Table
from tournaments.seating.models import RoundSeatingRecord
from tournaments.seating.optimiser import SeatingError
from tournaments.seating.services import (
    SeatingServiceError,
    round_close,
    round_publish,
    round_seat,
    seats_swap,
    table_reseat,
)

ERRORS = (SeatingError, SeatingServiceError, IntegrityError, ValueError, KeyError)


def _round(request, slug, number) -> Round:
    event = console_event(request, slug)
    return get_object_or_404(Round.objects.select_related("event"), event=event, number=number)


@login_required
@require_POST
def round_create(request, slug):
    event = console_event(request, slug)
    number = (event.rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    Round.objects.create(event=event, number=number)
    return redirect("console:round", slug=slug, number=number)


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
        },
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
            seats_swap(
                round_id=rnd.pk,
                registration_a=int(request.POST["a"]),
                registration_b=int(request.POST["b"]),
                actor=actor,
            )
        elif action == "reseat":
            ids = [int(x) for x in request.POST.get("players", "").replace(" ", "").split(",") if x]
            table = get_object_or_404(Table, round=rnd, number=int(request.POST["table"]))
            table_reseat(table_id=table.pk, registration_ids=ids, actor=actor)
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
    board = round_board(rnd)
    counts = {state: sum(1 for b in board if b.state == state) for state in STATES}
    return {
        "event": rnd.event,
        "round": rnd,
        "board": board,
        "counts": [(state, STATE_LABELS[state], n) for state, n in counts.items()],
        "all_confirmed": bool(board) and counts["confirmed"] == len(board),
        "etag": f'"board-{board_signature(rnd, board)}"',
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
        url = request.build_absolute_uri(
            reverse("judge:table", kwargs={"token": table.judge_token})
        )
        tables.append({"table": table, "seated": seated, "qr": qr_svg(url), "url": url})
        by_name += [(r, table.number, pos) for pos, r in enumerate(seated, start=1)]
    by_name.sort(key=lambda row: (row[0].player.reading, row[0].player.display_name))
    return render(
        request,
        "console/print_round.html",
        {"event": rnd.event, "round": rnd, "tables": tables, "by_name": by_name},
    )
