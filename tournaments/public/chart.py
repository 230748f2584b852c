"""A player's rank over the rounds as a small inline SVG (server-rendered, no chart service).

Rank 1 is drawn at the top. Returns plain numbers for the template to place, so the SVG
needs no JavaScript and prints as it is shown.
"""

from __future__ import annotations

from dataclasses import dataclass

WIDTH = 320
HEIGHT = 140
PAD_X = 36
PAD_Y = 18


@dataclass(frozen=True)
class ChartPoint:
    x: float
    y: float
    round: int
    rank: int


@dataclass(frozen=True)
class RankChart:
    width: int
    height: int
    points: list[ChartPoint]
    polyline: str
    field_size: int
    top_y: float
    bottom_y: float
    left_x: float
    right_x: float


def rank_chart(history: list[tuple[int, int]], field_size: int) -> RankChart | None:
    """``history`` is [(after_round, rank)]; None when there is nothing to draw."""
    if not history:
        return None
    worst = max(field_size, max(rank for _, rank in history), 2)
    rounds = [r for r, _ in history]
    first, last = min(rounds), max(rounds)
    span_x = WIDTH - 2 * PAD_X
    span_y = HEIGHT - 2 * PAD_Y

    def x_of(rnd: int) -> float:
        return PAD_X + (span_x * (rnd - first) / (last - first) if last > first else span_x / 2)

    def y_of(rank: int) -> float:
        return PAD_Y + span_y * (rank - 1) / (worst - 1)

    points = [ChartPoint(round(x_of(r), 1), round(y_of(k), 1), r, k) for r, k in history]
    return RankChart(
        WIDTH,
        HEIGHT,
        points,
        " ".join(f"{p.x},{p.y}" for p in points),
        worst,
        PAD_Y,
        HEIGHT - PAD_Y,
        PAD_X,
        WIDTH - PAD_X,
    )
