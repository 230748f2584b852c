"""Demo step for seating (called by ``manage.py demo``): standings computed by the Celery
task from round 1's confirmed results, then round 2 seated by the optimiser in standings
mode, printed with its cost breakdown. Round 2 stays a draft for the console to publish.
"""

from __future__ import annotations

from tournaments.events.models import Event, Registration, Round
from tournaments.seating.services import round_seat
from tournaments.standings.models import StandingsSnapshot
from tournaments.standings.tasks import standings_recompute_task


def _names(event: Event) -> dict[int, str]:
    return dict(Registration.objects.filter(event=event).values_list("pk", "player__display_name"))


def demo_seating(event: Event, write) -> None:
    # run the task in this process (eager or not), as a worker would
    version = standings_recompute_task.apply(args=(event.pk,)).get()
    snapshot = StandingsSnapshot.objects.filter(event=event, version=version).first()
    names = _names(event)
    if snapshot is not None:
        top = ", ".join(
            f"{row['rank']}. {names.get(row['registration'], '?')} ({row['metrics'].get('tp')})"
            for row in snapshot.rows[:4]
        )
        write(f"Standings v{snapshot.version} after round {snapshot.after_round}: {top}")
    round_2, _ = Round.objects.get_or_create(event=event, number=2)
    if not round_2.tables.exists() and round_2.status == Round.Status.DRAFT:
        round_seat(round_id=round_2.pk, mode="standings")
    record = getattr(round_2, "seating_record", None)
    if record is None:
        return
    data = record.breakdown
    weights = ", ".join(f"{k}={v}" for k, v in data["weights"].items())
    write(f"Round 2 seated by the optimiser ({record.mode}, seed {record.seed}; {weights}):")
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
