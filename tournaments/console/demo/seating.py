"""Demo step for seating (called by ``manage.py demo``): a round created, seated by the
optimiser and published through the seating services, as the console does; round 2 is
seated in standings mode after the standings task ran, printed with its cost breakdown."""

from __future__ import annotations

from tournaments.events.models import Event, Registration, Round
from tournaments.seating.services import round_create, round_publish, round_seat
from tournaments.standings.models import StandingsSnapshot
from tournaments.standings.tasks import standings_recompute_task


def _names(event: Event) -> dict[int, str]:
    return dict(Registration.objects.filter(event=event).values_list("pk", "player__display_name"))


def demo_standings(event: Event, write) -> None:
    # Run the task in this process (eager or not), as a worker would. Its result is
    # already here: nothing waits. Celery's guard against waiting on a subtask is one flag
    # for the whole process, on while ANY thread runs an eager task (``Task.apply``), so
    # under a threaded server it can stop this read for another thread's task.
    version = standings_recompute_task.apply(args=(event.pk,)).get(disable_sync_subtasks=False)
    snapshot = StandingsSnapshot.objects.filter(event=event, version=version).first()
    if snapshot is None:
        return
    names = _names(event)
    top = ", ".join(
        f"{row['rank']}. {names.get(row['registration'], '?')} ({row['metrics'].get('tp')})"
        for row in snapshot.rows[:4]
    )
    write(f"Standings v{snapshot.version} after round {snapshot.after_round}: {top}")


def demo_round(event: Event, number: int, write) -> Round:
    """Round ``number``: found, or created, seated and published."""
    rnd = Round.objects.filter(event=event, number=number).first()
    if rnd is None:
        rnd = round_create(event_id=event.pk)
    if rnd.status == Round.Status.DRAFT and not rnd.tables.exists():
        round_seat(round_id=rnd.pk)  # the event's modes: round 1 random, then standings
        _print_seating(rnd, write)
    if rnd.status == Round.Status.DRAFT:
        rnd = round_publish(round_id=rnd.pk)
    return rnd


def _print_seating(rnd: Round, write) -> None:
    record = getattr(rnd, "seating_record", None)
    if record is None:
        return
    names = _names(rnd.event)
    data = record.breakdown
    weights = ", ".join(f"{k}={v}" for k, v in data["weights"].items())
    write(
        f"Round {rnd.number} seated by the optimiser ({record.mode}, seed {record.seed}; "
        f"{weights}):"
    )
    for table in data["tables"]:
        cost = table["cost"]
        seated = " / ".join(names.get(rid, "?") for rid in table["players"])
        write(
            f"  table {table['number']}: {seated} — repeats {cost['repeats']}, "
            f"spread {cost['spread']:g}, seat {cost['seat']:g}, club {cost['club']:g}"
        )
    total = data["total"]
    write(
        f"  total: repeats {total['repeats']}, soft cost {total['soft']:g} "
        f"(search stopped by {data['stats']['stopped_by']})"
    )
