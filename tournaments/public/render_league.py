"""A league's public pages, rendered from ``league.LeagueData`` with no request (called
by ``renderer.render_page`` only): the season page (its events and the leaderboard) and a
player's history across the league's events."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.public.league import LeagueData
from tournaments.public.render import Rendered, _live, _render, format_metric
from tournaments.ratings import season


def rule_text(rule: season.SeasonRule) -> str:
    """The season rule in words (in the active language)."""
    if rule.kind == season.BEST_N:
        return _(
            "Best %(n)d results: the sum of each player's %(n)d best tournament-point totals."
        ) % {"n": rule.best_n}
    if rule.kind == season.PLACEMENT_POINTS:
        table = " / ".join(
            _("%(place)d. %(points)d") % {"place": i, "points": p}
            for i, p in enumerate(rule.points, start=1)
        )
        return _(
            "Points per placement in each event (%(table)s); a lower place scores no points."
        ) % {"table": table}
    return _("The league rating (a conservative estimate: μ − 3σ).")


def _value_text(rule: season.SeasonRule, value) -> str:
    if value is None:
        return "–"
    if rule.kind == season.RATING:
        return f"{value:.1f}"
    return format_metric(value)


def _change_text(change: float | None) -> str:
    if change is None:
        return "–"
    return f"{change:+.1f}"


def render_league(data: LeagueData, language: str, version: str, path: str, partial: bool):
    from django.utils import translation

    with translation.override(language):
        rows = [
            {
                "row": row,
                "name": data.names.get(row.player_id, ("?", ""))[0],
                "value": _value_text(data.rule, row.value),
                "counted": len(row.counted),
            }
            for row in data.table()
        ]
        context = {
            "league": data,
            "rule_text": rule_text(data.rule),
            "rule_kind": data.rule.kind,
            "best_n": data.rule.best_n,
            "rows": rows,
            "events": data.events,
            **_live(path, version, language),
        }
    return _render("public/league.html", context, language, partial)


def render_league_player(
    data: LeagueData, player_id: int, language: str, version: str, path: str, partial: bool
) -> Rendered:
    from django.utils import translation

    with translation.override(language):
        row = next((r for r in data.table() if r.player_id == player_id), None)
        lines = [
            {
                "line": line,
                "tp": format_metric(line.tournament_points),
                "points": _value_text(data.rule, line.points),
                "change": _change_text(line.rating_change),
            }
            for line in data.history(player_id)
        ]
        context = {
            "league": data,
            "name": data.names[player_id][0],
            "row": row,
            "value": _value_text(data.rule, row.value if row else None),
            "rule_text": rule_text(data.rule),
            "rule_kind": data.rule.kind,
            "lines": lines,
            **_live(path, version, language),
        }
    return _render("public/league_player.html", context, language, partial)
