"""Finals: the top of the standings to a final table, with the public standings frozen.

Policy: the latest standings snapshot decides; players still in the event (not dropped)
are taken in rank order until ``cut`` seats are filled (ties at the cut are broken by the
precedence already, so a shared rank at the boundary is taken in snapshot order and the
organizer is told). The finalists sit in seeding order: the top seed in seat 1 (the start
player). The public standings stay at the round before the final (``PublicSettings``), so
the final is played "silent" and revealed at the awards.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max

from tournaments.events.access import Actor
from tournaments.events.models import Event, Registration, Round, Seat, Table
from tournaments.events.selectors.event_config import allowed_table_sizes, event_config
from tournaments.public.models import PublicSettings
from tournaments.seating.models import RoundSeatingRecord
from tournaments.seating.optimiser import table_sizes
from tournaments.seating.services import SYSTEM, SeatingServiceError, _log
from tournaments.standings.models import StandingsSnapshot


@transaction.atomic
def finals_create(*, event_id: int, cut: int | None = None, actor: Actor = SYSTEM) -> Round:
    rounds = Round.objects.select_for_update().filter(event_id=event_id)
    if rounds.exclude(status=Round.Status.CLOSED).exists():
        raise SeatingServiceError("close every round before the final")
    last = rounds.aggregate(n=Max("number"))["n"] or 0
    snapshot = StandingsSnapshot.objects.filter(event_id=event_id).order_by("-version").first()
    if snapshot is None or snapshot.after_round < last:
        raise SeatingServiceError("the standings are not up to date with the last round")
    event = Event.objects.get(pk=event_id)
    cut = cut or int(event_config(event)["finals_cut"])
    active = set(
        Registration.objects.filter(event_id=event_id)
        .exclude(status=Registration.Status.DROPPED)
        .values_list("pk", flat=True)
    )
    ranked = [row for row in snapshot.rows if row["registration"] in active]
    finalists = [row["registration"] for row in ranked[:cut]]
    sizes = table_sizes(len(finalists), allowed_table_sizes(event, event.game_key))
    if len(finalists) < 2 or sizes is None:
        raise SeatingServiceError(f"{len(finalists)} finalists do not fill the allowed tables")
    tie_at_cut = len(ranked) > cut and ranked[cut]["rank"] == ranked[cut - 1]["rank"]
    rnd = Round.objects.create(event=event, number=last + 1, game_key=event.game_key)
    start, tables = 0, []
    for number, size in enumerate(sizes, start=1):
        table = Table.objects.create(round=rnd, number=number, game_key=event.game_key)
        group = finalists[start : start + size]
        Seat.objects.bulk_create(
            [
                Seat(table=table, round=rnd, registration_id=rid, position=pos)
                for pos, rid in enumerate(group, start=1)
            ]
        )
        tables.append({"number": number, "players": group, "cost": {}})
        start += size
    RoundSeatingRecord.objects.create(
        round=rnd,
        mode="finals",
        seed=0,
        weights={},
        breakdown={"tables": tables, "finals": True, "tie_at_cut": tie_at_cut},
    )
    settings, _ = PublicSettings.objects.get_or_create(event=event)
    settings.standings_frozen_after_round = last
    settings.save()
    _log(actor, rnd, "finals_created", round=rnd.number, finalists=finalists, tie=tie_at_cut)
    return rnd


def awards(event) -> list[dict]:
    """Final order: the finalists by their final-table placement (then their seeding),
    everyone else by the standings after the last round before the final."""
    from tournaments.results.models import ResultSubmission

    snapshot = StandingsSnapshot.objects.filter(event=event).order_by("-version").first()
    if snapshot is None:
        return []
    names = dict(Registration.objects.filter(event=event).values_list("pk", "player__display_name"))
    record = (
        RoundSeatingRecord.objects.filter(round__event=event, mode="finals")
        .select_related("round")
        .first()
    )
    order: list[tuple[int, str]] = []
    if record is not None:
        finalists: list[tuple[tuple, int]] = []
        for seed, table in enumerate(record.breakdown["tables"]):
            sub = ResultSubmission.objects.filter(
                table__round=record.round, table__number=table["number"], status="confirmed"
            ).first()
            ranks = [p["rank"] for p in (sub.outcome or {}).get("players", [])] if sub else []
            for position, rid in enumerate(table["players"]):
                placement = ranks[position] if len(ranks) > position else None
                key = (seed, placement if placement is not None else 99, position)
                finalists.append((key, rid))
        order = [(rid, "final") for _, rid in sorted(finalists)]
    seen = {rid for rid, _ in order}
    order += [
        (row["registration"], "standings")
        for row in snapshot.rows
        if row["registration"] not in seen
    ]
    return [
        {"place": place, "registration": rid, "name": names.get(rid, "?"), "source": source}
        for place, (rid, source) in enumerate(order, start=1)
    ]
