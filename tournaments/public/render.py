"""The public pages' templates, rendered from the event's data with no request. Only
``renderer.render_page`` calls these (for the views, the refresh batch and the prerender
alike), so a page rendered ahead of time is byte-for-byte the page a request would render.

Nothing request-specific (CSRF token, session, user) may enter these templates: the output
is cached and served to everyone.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.events.clock import NOT_STARTED, clock_view
from tournaments.events.kana import sort_key
from tournaments.events.selectors.signups import signup_settings
from tournaments.public import cache as public_cache
from tournaments.public import selectors as sel
from tournaments.public.chart import rank_chart
from tournaments.ratings.models import LeagueSeason
from tournaments.ratings.selectors import player_rating
from tournaments.results.unchecked_text import localized_unchecked

METRIC_LABELS = {
    "tp": _("Tournament points"),
    "firsts": _("First places"),
    "game_points": _("Game points"),
    "score_share": _("Score share"),
    "score_ratio": _("Score ratio"),
    "avg_placement": _("Average placement"),
    "placement_pct": _("Placement %"),
    "sos": _("Strength of schedule"),
    "buchholz": _("Buchholz"),
    "buchholz_cut1": _("Buchholz Cut-1"),
    "buchholz_median1": _("Buchholz Median-1"),
    "opp_placement_pct": _("Opponents' placement %"),
    "progressive": _("Progressive score"),
    "h2h": _("Head-to-head"),
    "games": _("Games"),
    "byes": _("Byes"),
    "rounds_played": _("Rounds played"),
}
# The column headings (2-4 characters in Japanese, so every column fits a phone); each
# header carries its METRIC_LABELS name as its <abbr> title and in the legend below.
# A context of their own: "G" or "R" alone would be ambiguous in the catalogue.
METRIC_SHORT = {
    "tp": pgettext_lazy("standings column", "TP"),
    "firsts": pgettext_lazy("standings column", "1st"),
    "game_points": pgettext_lazy("standings column", "GP"),
    "score_share": pgettext_lazy("standings column", "SS"),
    "score_ratio": pgettext_lazy("standings column", "SR"),
    "avg_placement": pgettext_lazy("standings column", "AvgP"),
    "placement_pct": pgettext_lazy("standings column", "P%"),
    "sos": pgettext_lazy("standings column", "SoS"),
    "buchholz": pgettext_lazy("standings column", "Bh"),
    "buchholz_cut1": pgettext_lazy("standings column", "Bh-1"),
    "buchholz_median1": pgettext_lazy("standings column", "BhM"),
    "opp_placement_pct": pgettext_lazy("standings column", "OP%"),
    "progressive": pgettext_lazy("standings column", "Prog"),
    "h2h": pgettext_lazy("standings column", "H2H"),
    "games": pgettext_lazy("standings column", "G"),
    "byes": pgettext_lazy("standings column", "Bye"),
    "rounds_played": pgettext_lazy("standings column", "R"),
}


def metric_label(name: str):
    base, _sep, param = name.partition(":")
    label = METRIC_LABELS.get(base, base)
    if param:
        return f"{label} ({sel.localized(sel.game_names(param), translation.get_language())})"
    return label


def format_metric(value) -> str:
    """The one way a standings number is printed (public pages, player pages, console):
    whole numbers as they are, others as decimals with at most two places (3/2 → 1.5,
    1/3 → 0.33); ``exact_metric`` gives the exact fraction for a hover title."""
    number = sel.metric_number(value)
    if number is None:
        return "–"
    if isinstance(number, int) or number.denominator == 1:
        return str(int(number))
    return f"{float(number):.2f}".rstrip("0").rstrip(".")


def exact_metric(value) -> str:
    """The exact value when the decimal rounds it ("1/3"), else ""."""
    number = sel.metric_number(value)
    if number is None or isinstance(number, int) or number.denominator == 1:
        return ""
    return f"{number.numerator}/{number.denominator}"


def _live(path: str, version: str, language: str) -> dict:
    """The partial URL the page polls and the ETag it already has."""
    partial = path + ("&" if "?" in path else "?") + "partial=1"
    return {
        "live_url": partial,
        "live_etag": public_cache.etag_for(version, language, partial),
        "page_path": path,
    }


@dataclass(frozen=True)
class Rendered:
    """A rendered page, and, for a whole page, its live part (exactly what its
    ``?partial=1`` page is: a refresh batch or a prerender stores both from one render;
    a 2,000-player standings table takes ~0.3 s)."""

    html: str
    live: str | None = None


# Pages whose live part is exactly their partial template (``{{ live_html }}``): the whole
# page is built around the partial's HTML instead of rendering the same table twice.
LIVE_PARTS = {"public/event_home.html", "public/seating.html", "public/standings.html",
              "public/table.html", "public/league.html", "public/league_player.html"}  # fmt: skip


def _render(template: str, context: dict, language: str, partial: bool) -> Rendered:
    with translation.override(language):
        if template not in LIVE_PARTS:
            name = template.replace("public/", "public/_") if partial else template
            return Rendered(render_to_string(name, context))
        live = render_to_string(template.replace("public/", "public/_"), context)
        if partial:
            return Rendered(live)
        return Rendered(render_to_string(template, {**context, "live_html": live}), live)


def _games(data: sel.EventData, language: str) -> list[dict]:
    return [
        {"key": key, "name": sel.localized(sel.game_names(key), language)} for key in data.games
    ]


def _round_context(rnd: sel.RoundView, language: str) -> dict:
    return {
        "round": rnd,
        "game_name": sel.localized(sel.game_names(rnd.game_key), language) if rnd.game_key else "",
    }


def _clock(rnd: sel.RoundView | None, table_number: int | None = None):
    """The round's clock as of this render, while the round is in play and its clock has
    been started (the page's script counts down from its deadline)."""
    if rnd is None or rnd.status != "published" or rnd.clock is None:
        return None
    view = clock_view(rnd.clock, table_number)
    return None if view.state == NOT_STARTED else view


def _podium(data: sel.EventData) -> list[dict]:
    """The first three of a finished event's final order, with their people."""
    return [{"placing": p, "person": data.people[p.registration]} for p in data.final_order[:3]]


def render_event_list(language: str, version: str, path: str) -> Rendered:
    context = {"events": sel.public_events(), **_live(path, version, language)}
    return _render("public/event_list.html", context, language, partial=False)


def render_event_home(
    data: sel.EventData, language: str, version: str, path: str, partial: bool
) -> Rendered:
    current = data.current_round
    latest = sel.standings_snapshot(data.event, data.frozen_after, policy=data.policy)
    final = next((r for r in data.rounds if r.is_final), None)
    context = {
        "event": data.event,
        "games": _games(data, language),
        "rounds": [_round_context(r, language) for r in data.rounds],
        "current": _round_context(current, language) if current else None,
        "clock": _clock(current),
        "summary": data.summary,
        "frozen_after": None if data.finished else data.frozen_after,
        "has_standings": latest is not None,
        "finished": data.finished,
        "podium": _podium(data) if data.finished else [],
        "final": final if data.finished else None,
        "signup_open": signup_settings(data.event)["open"]
        and data.event.status == data.event.Status.REGISTRATION,
        "league_page": _league_page(data.event),
        **_live(path, version, language),
    }
    return _render("public/event_home.html", context, language, partial)


def _league_page(event) -> str | None:
    """The public id of the season page of the event's league, when its owner made it
    public: players find the season from any of its evenings."""
    if event.league_id is None:
        return None
    return (
        LeagueSeason.objects.filter(league_id=event.league_id, public=True)
        .values_list("public_id", flat=True)
        .first()
    )


def render_seating(
    data: sel.EventData,
    rnd: sel.RoundView,
    language: str,
    version: str,
    path: str,
    partial: bool,
    query: str = "",
) -> Rendered:
    hits = sel.find_seats(rnd, query)
    names = sorted(
        (seat.person for table in rnd.tables for seat in table.seats),
        key=lambda p: sort_key(p.name, p.reading),
    )
    context = {
        "event": data.event,
        **_round_context(rnd, language),
        "tables": rnd.tables,
        "query": query,
        "hits": hits,
        "searched": bool(query.strip()),
        "people": names,
        "games": _games(data, language),
        "clock": _clock(rnd),
        "table_clocks": [
            (table.number, view)
            for table in rnd.tables
            if (view := _clock(rnd, table.number)) is not None and view.extra
        ],
        **_live(path, version, language),
    }
    return _render("public/seating.html", context, language, partial)


def _standings_rows(snapshot, data: sel.EventData, club: str) -> list[dict]:
    rows = []
    columns = _standings_columns(snapshot)
    for row in snapshot.rows:
        # A dropped player stays where their results put them, marked as dropped (with a
        # link when they have a page: they were seated in a round).
        person = data.people.get(row["registration"]) or data.dropped.get(row["registration"])
        if person is None:
            continue
        if club and person.club != club:
            continue
        metrics = row.get("metrics", {})
        rows.append(
            {
                "rank": row["rank"],
                "person": person,
                "values": [format_metric(metrics.get(c["name"])) for c in columns],
                "cells": [
                    {
                        "text": format_metric(metrics.get(c["name"])),
                        "exact": exact_metric(metrics.get(c["name"])),
                        "extra": c["extra"],
                    }
                    for c in columns
                ],
                "provisional": row.get("provisional", False),
                "movement": row.get("movement"),
                "dropped_after": row.get("dropped_after"),
                "dropped": row["registration"] in data.dropped,
                "linked": row["registration"] in data.people,
            }
        )
    return rows


def _standings_columns(snapshot) -> list[dict]:
    info = snapshot.standings or {}
    names = list(dict.fromkeys([*info.get("precedence", []), *info.get("extra_metrics", [])]))
    precedence = set(info.get("precedence", []))
    # A phone shows rank, name, the points and the first tiebreak; the rest are "extra"
    # (hidden on narrow screens unless the reader asks for every column).
    return [
        {
            "name": n,
            "label": metric_label(n),
            "short": METRIC_SHORT.get(n.partition(":")[0], n),
            "ranking": n in precedence,
            "extra": index >= 2,
        }
        for index, n in enumerate(names)
    ]


def show_movement(snapshot, after_rounds: list[int]) -> bool:
    """Movement means something only against an earlier round's standings."""
    if snapshot is None or not snapshot.after_round:
        return False
    return any(0 < number < snapshot.after_round for number in after_rounds)


def _final_rows(data: sel.EventData, columns: list[dict]) -> list[dict]:
    rows = []
    for placing in data.final_order:
        metrics = (placing.standings_row or {}).get("metrics", {})
        rows.append(
            {
                "placing": placing,
                "person": data.people[placing.registration],
                "cells": [
                    {
                        "text": format_metric(metrics.get(c["name"])),
                        "exact": exact_metric(metrics.get(c["name"])),
                        "extra": c["extra"],
                    }
                    for c in columns
                ],
            }
        )
    return rows


def render_standings(
    data: sel.EventData,
    language: str,
    version: str,
    path: str,
    partial: bool,
    after_round: int | None = None,
    club: str = "",
) -> Rendered:
    snapshot = sel.standings_snapshot(data.event, data.frozen_after, after_round, data.policy)
    clubs = sorted({p.club for p in data.people.values() if p.club})
    after_rounds = data.after_rounds
    columns = _standings_columns(snapshot) if snapshot else []
    final_rows = []
    if data.finished and after_round is None and not club and snapshot is not None:
        final_rows = _final_rows(data, columns)
    context = {
        "event": data.event,
        "snapshot": snapshot,
        "columns": columns,
        "rows": _standings_rows(snapshot, data, club) if snapshot else [],
        "show_movement": show_movement(snapshot, after_rounds),
        "after_rounds": after_rounds,
        "after_round": after_round,
        "clubs": clubs,
        "club": club,
        "frozen_after": None if data.finished else data.frozen_after,
        "finished": data.finished,
        "final_rows": final_rows,
        "has_final": any(r.is_final for r in data.rounds),
        **_live(path, version, language),
    }
    return _render("public/standings.html", context, language, partial)


def player_fragment(
    data: sel.EventData, registration_id: int, language: str, histories: dict | None = None
) -> str:
    """The part of a player's page that is the same for the public and for the player.

    ``histories`` (from ``sel.rank_history``) lets a caller rendering many players read
    the snapshots once."""
    person = data.people[registration_id]
    rows = player_rows(data, registration_id, language)
    history = (histories if histories is not None else data.histories).get(registration_id, [])
    standing = player_standing(data, registration_id)
    if standing and standing.get("pending_round"):  # no point for a round not yet counted
        history = [(after, rank) for after, rank in history if after < standing["pending_round"]]
    chart = rank_chart(history, len(data.people))
    rating = (  # a league rating only means something in a league
        player_rating(person.player_id, data.event.league_id)
        if person.player_id is not None and data.event.league_id is not None
        else None
    )
    current = next((row for row in reversed(rows) if row["round"].status == "published"), None)
    context = {
        "event": data.event,
        "person": person,
        "rows": rows,
        "chart": chart,
        "rating": rating,
        "standing": standing,
        "current": current,
        "clock": _clock(current["round"], current["table"].number) if current else None,
    }
    with translation.override(language):
        return render_to_string("public/_player.html", context)


def player_standing(data: sel.EventData, registration_id: int) -> dict | None:
    """ "Rank X of Y, Z points": from the final order once the event is finished, else
    from the latest public standings (Y counts the players listed there)."""
    if data.finished and data.final_order:
        placing = next((p for p in data.final_order if p.registration == registration_id), None)
        if placing is not None:
            metrics = (placing.standings_row or {}).get("metrics", {})
            return {
                "final": True,
                "rank": placing.place,
                "of": len(data.final_order),
                "points": format_metric(metrics.get("tp")),
            }
    snapshot = data.latest_snapshot
    if snapshot is None:
        return None
    pending = sel.rounds_not_counted(data, snapshot, registration_id)
    if pending:
        # Their table's result is not counted yet: rank them where it all counts.
        snapshot = sel.snapshot_before_round(data.event, data.frozen_after, pending[0], data.policy)
        standing = _standing_in(data, snapshot, registration_id) if snapshot else None
        return {**(standing or {"final": False}), "pending_round": pending[0]}
    return _standing_in(data, snapshot, registration_id)


def _standing_in(data: sel.EventData, snapshot, registration_id: int) -> dict | None:
    if (
        not snapshot.result_ids
        and not snapshot.ruling_ids
        and not any(sel.metric_number(r.get("metrics", {}).get("tp")) for r in snapshot.rows)
    ):
        # Standings that count nothing yet rank everyone first with 0 points: not a
        # standing to show a player ("1st of 11, 0 points" before any result).
        return None
    listed, by_registration = data.listed_rows(snapshot)
    row = by_registration.get(registration_id)
    if row is None:
        return None
    return {
        "final": False,
        "rank": row["rank"],
        "of": len(listed),
        "points": format_metric(row.get("metrics", {}).get("tp")),
        "after_round": snapshot.after_round,
    }


def player_rows(data: sel.EventData, registration_id: int, language: str) -> list[dict]:
    rows = sel.player_rounds(data, registration_id)
    for row in rows:
        row["game_name"] = sel.localized(sel.game_names(row["game_key"]), language)
        with translation.override(language):
            row["table_url"] = reverse(
                "tournaments:table-result",
                kwargs={
                    "slug": data.event.slug,
                    "number": row["round"].number,
                    "table": row["table"].number,
                },
            )
    return rows


def render_player(
    data: sel.EventData,
    registration_id: int,
    language: str,
    version: str,
    path: str,
    partial: bool,
    fragment: str | None = None,
) -> Rendered:
    fragment = (
        fragment if fragment is not None else player_fragment(data, registration_id, language)
    )
    context = {
        "event": data.event,
        "person": data.people[registration_id],
        "fragment": fragment,
        **_live(path, version, language),
    }
    return _render("public/player.html", context, language, partial)


def render_table(
    data: sel.EventData,
    rnd: sel.RoundView,
    table: sel.TableView,
    language: str,
    version: str,
    path: str,
    partial: bool,
    step: int | None = None,
) -> Rendered:
    submission = data.results.get(table.id)
    lines = sel.seat_results(table, submission) if submission else []
    rulings = sel.table_rulings(table.id) if submission else []
    replay = None
    if submission is not None and submission.kind == "log":
        from tournaments.public.replay import replay_view

        seated = [s.person.name for s in sorted(table.seats, key=lambda s: s.position)]
        replay = replay_view(submission, step, seated)
    outcome = submission.outcome if submission else {}
    context = {
        "event": data.event,
        **_round_context(rnd, language),
        "table": table,
        "table_game": sel.localized(sel.game_names(table.game_key), language),
        "submission": submission,
        "lines": lines,
        "categories": (outcome or {}).get("categories", []),
        "tiebreaks": (outcome or {}).get("tiebreaks", []),
        "unchecked": localized_unchecked(outcome, language),
        "rulings": rulings,
        "replay": replay,
        "language": language,
        **_live(path, version, language),
    }
    return _render("public/table.html", context, language, partial)
