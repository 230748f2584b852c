"""Finals: the top of the standings to a final table, with the public standings frozen.

Policy: the latest standings snapshot decides; players still in the event (not dropped)
are taken in rank order until ``cut`` seats are filled (ties at the cut are broken by the
precedence already, so a shared rank at the boundary is taken in snapshot order and the
organizer is told). The finalists sit in seeding order: the top seed in seat 1 (the start
player). The round is marked as the final (``Round.is_final``): it is not drawn again and
no round follows it. The public standings stay at the round before the final
(``PublicSettings``), so the final is played "silent" and revealed at the awards:
``event_finish`` marks the event finished, which releases the final's results and the
final order (``seating.finals.final_order``) on the public pages.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.events.access import Actor
from tournaments.events.domain import EventStatusChanged, announce
from tournaments.events.models import Event, Registration, Round, Seat, Table
from tournaments.events.selectors.event_config import allowed_table_sizes, event_config
from tournaments.public.models import PublicSettings
from tournaments.seating.finals import final_order
from tournaments.seating.models import RoundSeatingRecord
from tournaments.seating.optimiser import table_sizes
from tournaments.seating.services import SYSTEM, SeatingServiceError, _log
from tournaments.standings.models import StandingsSnapshot


@transaction.atomic
def finals_create(*, event_id: int, cut: int | None = None, actor: Actor = SYSTEM) -> Round:
    event = Event.objects.select_for_update().get(pk=event_id)
    if event.status == Event.Status.FINISHED:
        raise SeatingServiceError(_("The event is finished."))
    rounds = Round.objects.select_for_update().filter(event_id=event_id)
    if rounds.filter(is_final=True).exists():
        raise SeatingServiceError(_("The event already has its final."))
    if rounds.exclude(status=Round.Status.CLOSED).exists():
        raise SeatingServiceError(_("Close every round before the final."))
    last = rounds.aggregate(n=Max("number"))["n"] or 0
    snapshot = StandingsSnapshot.objects.filter(event_id=event_id).order_by("-version").first()
    if snapshot is None or snapshot.after_round < last:
        raise SeatingServiceError(
            _("The standings are not up to date with the last round yet: try again shortly.")
        )
    cut = cut or int(event_config(event)["finals_cut"])
    active = set(
        Registration.objects.filter(event_id=event_id).active().values_list("pk", flat=True)
    )
    ranked = [row for row in snapshot.rows if row["registration"] in active]
    finalists = [row["registration"] for row in ranked[:cut]]
    sizes = table_sizes(len(finalists), allowed_table_sizes(event, event.game_key))
    if len(finalists) < 2 or sizes is None:
        raise SeatingServiceError(
            _("%(n)d finalists do not fill this game's tables: choose another number.")
            % {"n": len(finalists)}
        )
    tie_at_cut = len(ranked) > cut and ranked[cut]["rank"] == ranked[cut - 1]["rank"]
    rnd = Round.objects.create(event=event, number=last + 1, game_key=event.game_key, is_final=True)
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
    settings, _created = PublicSettings.objects.get_or_create(event=event)
    settings.standings_frozen_after_round = last
    settings.save()
    _log(actor, rnd, "finals_created", round=rnd.number, finalists=finalists, tie=tie_at_cut)
    return rnd


def awards(event) -> list[dict]:
    """Final order: the finalists by their final-table placement (then their seeding),
    everyone else by the standings after the last round before the final."""
    return [placing.as_dict() for placing in final_order(event)]


@transaction.atomic
def event_finish(*, event_id: int, actor: Actor = SYSTEM) -> list[dict]:
    """Finish the event: every round closed, the standings brought up to date; then the
    status is ``finished``, which releases the final's results and the final order on the
    public pages, and no round can be created or published any more. Returns the podium."""
    from tournaments.results.services import action_log
    from tournaments.standings.services import standings_recompute

    event = Event.objects.select_for_update().get(pk=event_id)
    if event.status == Event.Status.FINISHED:
        raise SeatingServiceError(_("The event is already finished."))
    rounds = Round.objects.filter(event=event)
    if not rounds.exists():
        raise SeatingServiceError(_("No round has been played."))
    open_round = rounds.exclude(status=Round.Status.CLOSED).order_by("number").first()
    if open_round is not None:
        raise SeatingServiceError(
            _("Close round %(n)d before finishing the event.") % {"n": open_round.number}
        )
    standings_recompute(event_id=event.pk)
    podium = awards(event)[:3]
    before = event.status
    event.status = Event.Status.FINISHED
    event.save(update_fields=["status", "updated"])
    announce(EventStatusChanged(event_id=event.pk, before=before, after=event.status))
    action_log.record(
        actor, "event_finished", event.pk, data={"podium": [p["registration"] for p in podium]}
    )
    return podium
