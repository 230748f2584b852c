"""Reads about the final: which round it is and the event's final order.

The final order: the finalists by their placement at the final table(s) (table 1 first,
then table 2 ...; a table without a confirmed result keeps its seed order), then everyone
else by the standings after the last round before the final. Without a final, the order
of the latest standings. The console's awards, the podium and the public pages of a
finished event all read this one order.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.events.models import Event, Registration, Round, Seat
from tournaments.results.models import ResultSubmission
from tournaments.standings.models import StandingsSnapshot


@dataclass(frozen=True)
class Placing:
    place: int
    registration: int
    name: str
    source: str  # "final" (placed at the final table) or "standings"
    final_table: int | None = None
    final_rank: int | None = None  # placement at the final table (None: no result)
    standings_row: dict | None = None  # the row of the standings the order used

    def as_dict(self) -> dict:
        return {
            "place": self.place,
            "registration": self.registration,
            "name": self.name,
            "source": self.source,
            "final_table": self.final_table,
            "final_rank": self.final_rank,
        }


def final_round(event: Event) -> Round | None:
    return Round.objects.filter(event=event, is_final=True).order_by("-number").first()


def basis_snapshot(event: Event, final: Round | None = None) -> StandingsSnapshot | None:
    """The standings the final order uses: the last before the final, if there is one."""
    snapshots = StandingsSnapshot.objects.filter(event=event)
    if final is not None:
        snapshots = snapshots.filter(after_round__lt=final.number)
    return snapshots.order_by("-version").first()


def final_order(event: Event) -> list[Placing]:
    final = final_round(event)
    snapshot = basis_snapshot(event, final)
    if snapshot is None:
        return []
    names = dict(Registration.objects.filter(event=event).values_list("pk", "player__display_name"))
    rows = {row["registration"]: row for row in snapshot.rows}
    keyed: list[tuple[tuple, int, int, int | None]] = []
    if final is not None:
        ranks: dict[int, list] = {}
        for sub in ResultSubmission.objects.filter(
            table__round=final, status=ResultSubmission.Status.CONFIRMED
        ):
            ranks[sub.table_id] = [p.get("rank") for p in (sub.outcome or {}).get("players", [])]
        seats = (
            Seat.objects.filter(round=final)
            .select_related("table")
            .order_by("table__number", "position")
        )
        index: dict[int, int] = {}
        for seat in seats:
            i = index.get(seat.table_id, 0)
            index[seat.table_id] = i + 1
            table_ranks = ranks.get(seat.table_id, [])
            rank = table_ranks[i] if i < len(table_ranks) else None
            key = (seat.table.number, rank if rank is not None else 99, seat.position)
            keyed.append((key, seat.registration_id, seat.table.number, rank))
    keyed.sort()
    order = [
        Placing(0, rid, names.get(rid, "?"), "final", number, rank, rows.get(rid))
        for _, rid, number, rank in keyed
    ]
    seen = {p.registration for p in order}
    order += [
        Placing(
            0,
            row["registration"],
            names.get(row["registration"], "?"),
            "standings",
            None,
            None,
            row,
        )
        for row in snapshot.rows
        if row["registration"] not in seen
    ]
    return [
        Placing(
            place, p.registration, p.name, p.source, p.final_table, p.final_rank, p.standings_row
        )
        for place, p in enumerate(order, start=1)
    ]
