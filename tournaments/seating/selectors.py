"""Build the seating optimiser's input from the database.

One call reads: the event's checked-in registrations (with their clubs), the latest
standings snapshot (rank and tournament points; zero before the first one), every earlier
round's tables in seat order and byes. ``players_with_history`` then fills who met whom,
seat counts, small tables and byes, so the pure optimiser sees plain values only.
"""

from __future__ import annotations

from fractions import Fraction

from tournaments.events.models import Registration, Round, RoundBye, Seat
from tournaments.ratings.models import PlayerRating
from tournaments.seating.optimiser import PenaltyWeights, SeatingPlayer, players_with_history
from tournaments.standings.models import StandingsSnapshot


def _number(value) -> Fraction:
    if value is None:
        return Fraction(0)
    return Fraction(str(value))


def latest_standings(event_id: int) -> dict[int, tuple[int, Fraction]]:
    """registration id -> (rank, tournament points) from the newest snapshot."""
    snapshot = (
        StandingsSnapshot.objects.filter(event_id=event_id)
        .order_by("-version")
        .only("rows")
        .first()
    )
    if snapshot is None:
        return {}
    return {
        row["registration"]: (row["rank"], _number(row["metrics"].get("tp")))
        for row in snapshot.rows
    }


def past_rounds(event_id: int, before_number: int) -> list[tuple[list[list[int]], list[int]]]:
    """Per earlier round, in order: (tables as registration ids in seat order, byes)."""
    numbers = list(
        Round.objects.filter(event_id=event_id, number__lt=before_number)
        .order_by("number")
        .values_list("id", flat=True)
    )
    tables: dict[int, dict[int, list[int]]] = {rid: {} for rid in numbers}
    for round_id, table_id, registration_id in (
        Seat.objects.filter(round_id__in=numbers)
        .order_by("round_id", "table__number", "position")
        .values_list("round_id", "table_id", "registration_id")
    ):
        tables[round_id].setdefault(table_id, []).append(registration_id)
    byes: dict[int, list[int]] = {rid: [] for rid in numbers}
    for round_id, registration_id in RoundBye.objects.filter(round_id__in=numbers).values_list(
        "round_id", "registration_id"
    ):
        byes[round_id].append(registration_id)
    return [(list(tables[rid].values()), byes[rid]) for rid in numbers]


def seating_players(
    rnd: Round, *, seeding: str = "standings", registration_ids: list[int] | None = None
) -> list[SeatingPlayer]:
    """The checked-in players of the round's event as the optimiser sees them.

    ``registration_ids`` replaces "checked in" by an explicit list (the players seated in
    a round, to recompute its cost after a manual change). ``seeding="rating"`` ranks
    players by their league rating (OpenSkill ordinal) while the event has no standings
    yet — round 1 seeded by strength.
    """
    rows = Registration.objects.filter(event_id=rnd.event_id)
    if registration_ids is None:
        rows = rows.filter(status=Registration.Status.CHECKED_IN)
    else:
        rows = rows.filter(pk__in=registration_ids)
    registrations = list(rows.order_by("pk").values_list("pk", "player_id", "player__club"))
    standings = latest_standings(rnd.event_id)
    if not standings and seeding == "rating":
        standings = rating_standings(registrations, rnd.event.league_id)
    players = [
        SeatingPlayer(
            id=pk,
            rank=standings.get(pk, (0, 0))[0],
            points=standings.get(pk, (0, Fraction(0)))[1],
            club=club or None,
        )
        for pk, _player, club in registrations
    ]
    return players_with_history(players, past_rounds(rnd.event_id, rnd.number))


def rating_standings(
    registrations, league_id: int | None = None
) -> dict[int, tuple[int, Fraction]]:
    """Ranks by rating ordinal in the event's league (unrated players last); points stay
    zero so the spread penalty does not mix rating units into tournament points."""
    ratings = {
        r.player_id: r.ordinal
        for r in PlayerRating.objects.filter(
            league_id=league_id, player_id__in=[p for _, p, _ in registrations]
        )
    }
    ordinals = {pk: ratings[player] for pk, player, _ in registrations if player in ratings}
    ordered = sorted(ordinals, key=lambda pk: -ordinals[pk])
    ranks = {pk: i for i, pk in enumerate(ordered, start=1)}
    last = len(ordered) + 1
    return {pk: (ranks.get(pk, last), Fraction(0)) for pk, _, _ in registrations}


def penalty_weights(config: dict) -> PenaltyWeights:
    """The optimiser's soft weights from an event's console settings."""
    return PenaltyWeights(**{k: float(v) for k, v in config["weights"].items()})


def schedule_players(
    event_id: int, registration_ids: list[int], before_number: int
) -> list[SeatingPlayer]:
    """The given registrations with their history of the rounds before ``before_number``
    (who met whom, seats, small tables, byes), for planning or checking a schedule."""
    players = [SeatingPlayer(id=pk) for pk in sorted(registration_ids)]
    return players_with_history(players, past_rounds(event_id, before_number))
