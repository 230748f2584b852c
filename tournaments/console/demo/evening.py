"""The demo's evening so far (called by ``manage.py demo``; idempotent): round 1 seated,
published, played and closed; the standings; round 2 seated by standings and published,
every table confirmed but the last, which waits for its players. What is left is what an
organizer wants to try: confirm that table, close round 2, seat the final (the top four
by the standings) and finish the event."""

from __future__ import annotations

from tournaments.console.demo.results import demo_results
from tournaments.console.demo.seating import demo_round, demo_standings
from tournaments.events.models import Event, Round, Table
from tournaments.seating.services import round_close


def demo_evening(event: Event, write, base: str) -> None:
    round_1 = demo_round(event, 1, write)
    demo_results(round_1, write, base, leave_waiting=False)
    if (
        round_1.status == Round.Status.PUBLISHED
        and not round_1.tables.exclude(status=Table.Status.CONFIRMED).exists()
    ):
        round_1 = round_close(round_id=round_1.pk)
    if round_1.status != Round.Status.CLOSED:
        return
    demo_standings(event, write)
    round_2 = demo_round(event, 2, write)
    demo_results(round_2, write, base, leave_waiting=True)
    if round_2.status == Round.Status.PUBLISHED:
        write(
            "To try next (console): confirm the waiting table from its judge page, close round 2 "
            "on its progress board, then 'Top cut to a final table' on the event page; enter the "
            "final's result and finish the event: the podium is on the public event page."
        )
