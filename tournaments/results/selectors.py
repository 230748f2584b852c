"""Reads for result entry, and the one adapter between tables and the engines.

``judge_engine_verdict`` builds the engine document of a table (game, options, edition,
players in seat order) around what the judge entered, asks the engine, and turns its
answer into JSON: the Outcome, or violations with code, rule, index or path, message (and
the Japanese message from the engine's catalogue).
"""

from __future__ import annotations

import itertools
import logging
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Max

import engines
from engines.core.errors import EngineError
from engines.core.types import Violation
from tournaments.events.models import Table
from tournaments.results.models import EventResultSettings, ResultSubmission
from tournaments.results.unchecked_text import outcome_json, unchecked_json

logger = logging.getLogger(__name__)


def latest_version(table_id: int) -> int:
    top = ResultSubmission.objects.filter(table_id=table_id).aggregate(v=Max("version"))["v"]
    return top or 0


def event_result_settings(event_id: int) -> EventResultSettings:
    found = EventResultSettings.objects.filter(event_id=event_id).first()
    return found or EventResultSettings(event_id=event_id)


def table_game_key(table: Table) -> str:
    """The table's game, else its round's (the round's own, the console's per-round plan,
    or the event's)."""
    if table.game_key:
        return table.game_key
    from tournaments.events.selectors.event_config import round_game_key

    return round_game_key(table.round)


def seat_names(table: Table) -> list[str]:
    """Player names in seat order, made distinct (engines refuse duplicate names)."""
    seats = table.seats.order_by("position").select_related("registration__player")
    names: list[str] = []
    for seat in seats:
        name = seat.registration.player.display_name
        names.append(name if name not in names else f"{name} ({seat.position})")
    return names


def table_options(table: Table) -> tuple[str | None, dict[str, Any], Any]:
    """(preset, option overrides, edition) for this table's game (``game_options``)."""
    return game_options(table.round.event, table_game_key(table))


def game_options(event, game: str) -> tuple[str | None, dict[str, Any], Any]:
    """(preset, option overrides, edition) for one game of the event: the event's own
    fields for its main game, then the console configuration's per-game presets and
    variants."""
    from tournaments.events.selectors.event_config import event_config

    same_game = game == event.game_key
    config = event_config(event)
    preset = (config.get("presets") or {}).get(game) or (
        event.options_preset if same_game else None
    )
    overrides = dict(event.options_overrides or {}) if same_game else {}
    overrides.update((config.get("variants") or {}).get(game) or {})
    edition = None
    if isinstance(event.edition, dict):
        edition = event.edition.get(game)
    return preset or None, overrides, edition


def body_of(kind: str, payload: Any) -> Any:
    """What the judge entered: a sheet body or a list of moves; a whole document (a JSON
    import) is unwrapped to its body — the table, not the file, says who sits where."""
    key = "sheet" if kind == ResultSubmission.Kind.SHEET else "moves"
    if isinstance(payload, dict) and key in payload and ("game" in payload or "players" in payload):
        return payload[key]
    return payload


def table_document(table: Table, kind: str, payload: Any) -> dict[str, Any]:
    preset, overrides, edition = table_options(table)
    names = seat_names(table)
    imported = payload.get("players") if isinstance(payload, dict) else None
    if (
        isinstance(imported, list)
        and len(imported) == len(names)
        and all(isinstance(n, str) for n in imported)
    ):
        # An imported document keeps its own names (its moves say "by": name); the
        # table's seat order still decides which registration each line belongs to.
        names = imported
    doc: dict[str, Any] = {"game": table_game_key(table), "players": names}
    if overrides:
        doc["options"] = overrides
    if preset:
        doc["preset"] = preset
    if edition is not None:
        doc["edition"] = edition
    doc["sheet" if kind == ResultSubmission.Kind.SHEET else "moves"] = body_of(kind, payload)
    return doc


def violation_json(engine, violation: Violation) -> dict[str, Any]:
    out = violation.to_dict()
    out["message_ja"] = engine.localize(violation, "ja") if engine is not None else out["message"]
    return out


def problem(code: str, message: str, path: str | None = None, **params) -> dict[str, Any]:
    """A violation the service itself reports (same structure as the engines')."""
    return violation_json(None, Violation(code, None, message, params, path=path))


@dataclass
class EngineVerdict:
    engine_key: str
    engine_version: str = ""
    outcome: dict[str, Any] | None = None
    violations: list[dict[str, Any]] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    edition: Any = None
    report: dict[str, Any] | None = None


def judge_engine_verdict(table: Table, kind: str, payload: Any) -> EngineVerdict:
    game = table_game_key(table)
    try:
        engine = engines.get_engine(game)
    except LookupError:
        return EngineVerdict(
            game, violations=[problem("result.unknown_game", f"no engine for {game!r}")]
        )
    verdict = EngineVerdict(game, engine.meta.version)
    doc = table_document(table, kind, payload)
    verdict.edition = doc.get("edition")
    try:
        verdict.options = engine.resolve_options(doc.get("options"), doc.get("preset")).model_dump(
            mode="json"
        )
        if kind == ResultSubmission.Kind.SHEET:
            verdict.outcome = outcome_json(engine, engine.score_sheet(doc))
        else:
            report = engine.replay(doc)
            verdict.report = _report_json(engine, report)
            verdict.violations = [violation_json(engine, v) for v in report.violations]
            if report.ok and report.game_over and report.outcome is not None:
                verdict.outcome = outcome_json(engine, report.outcome)
            elif report.ok:
                verdict.violations.append(
                    problem(
                        "result.log_incomplete",
                        "the log ends after {moves} moves, before the game is over",
                        "$.moves",
                        moves=report.moves_applied,
                    )
                )
        verdict.outcome = in_seat_order(verdict.outcome, doc["players"], seat_names(table))
    except EngineError as error:
        verdict.violations = [violation_json(engine, v) for v in error.violations]
    except Exception:  # an engine bug must never be reported as the judge's mistake
        logger.exception("engine %s failed on table %s", game, table.pk)
        verdict.violations = [
            problem("result.engine_failed", "the engine failed; the entry is kept as a draft")
        ]
    return verdict


def in_seat_order(
    outcome: dict[str, Any] | None, players: list[str], seated: list[str]
) -> dict[str, Any] | None:
    """The outcome's lines in the table's seat order. An imported log the judge matched to
    the seated players may list them in another order (the turn order played, the start
    player first); every page and the standings read line n as seat n, so the lines follow
    the seats, each with its seat position (the engine's own ``seat`` is the turn order)."""
    if outcome is None or list(players) == list(seated) or sorted(players) != sorted(seated):
        return outcome
    by_name = {line["name"]: line for line in outcome["players"]}
    lines = [
        {**by_name[name], "seat": position, "turn": by_name[name]["seat"]}
        for position, name in enumerate(seated, start=1)
    ]
    return {**outcome, "players": lines}


def _report_json(engine, report) -> dict[str, Any]:
    data = report.to_dict()
    data["violations"] = [violation_json(engine, v) for v in report.violations]
    data["unchecked"] = [unchecked_json(engine, u) for u in report.unchecked]
    if report.outcome is not None:
        data["outcome"] = outcome_json(engine, report.outcome)
    return data


def log_step_check(table: Table, moves: list[Any] | dict[str, Any]) -> dict[str, Any]:
    """Replay the moves entered so far (a list, or a whole document); the page shows the
    first problem beside its step."""
    verdict = judge_engine_verdict(table, ResultSubmission.Kind.LOG, moves)
    report = verdict.report or {}
    return {
        "ok": not [v for v in verdict.violations if v["code"] != "result.log_incomplete"],
        "moves_applied": report.get("moves_applied", 0),
        "game_over": report.get("game_over", False),
        "violations": [v for v in verdict.violations if v["code"] != "result.log_incomplete"],
        "outcome": verdict.outcome,
    }


def next_legal_moves(table: Table, moves: Any, limit: int = 500) -> list[dict[str, Any]] | None:
    """The records the engine would accept next after ``moves`` (chance records too), for
    the step form's choices; None when the log does not replay or the game is over."""
    game = table_game_key(table)
    try:
        engine = engines.get_engine(game)
        report = engine.replay(table_document(table, ResultSubmission.Kind.LOG, moves))
        if report.violations or report.game_over:
            return None
        found = itertools.islice(engine.legal_moves(report.final_state), limit + 1)
        legal = [engine.dump_move(m) for m in found]
    except EngineError:
        return None
    except Exception:  # never let a helper for the form's choices break the step check
        logger.exception("legal moves failed on table %s", table.pk)
        return None
    return legal if len(legal) <= limit else None


def canonical_payload(game: str, kind: str, payload: Any) -> Any:
    """The entry with defaults filled in, so two entries of the same facts compare equal."""
    engine = engines.get_engine(game)
    body = body_of(kind, payload)
    try:
        if kind == ResultSubmission.Kind.SHEET:
            return engine.sheet_model.model_validate(body).model_dump(mode="json")
        return [engine.dump_move(engine.parse_move(m, i)) for i, m in enumerate(body)]
    except (EngineError, ValueError, TypeError):
        return body


def table_history(table: Table) -> list[ResultSubmission]:
    return list(
        ResultSubmission.objects.filter(table=table)
        .prefetch_related("confirmations")
        .order_by("-version")
    )


def table_current(table: Table) -> ResultSubmission | None:
    """The version a judge works on: the confirmed one, else the latest not discarded."""
    rows = ResultSubmission.objects.filter(table=table).exclude(status="discarded")
    return rows.filter(status="confirmed").first() or rows.order_by("-version").first()


def player_current_table(registration) -> Table | None:
    """The table the player sits at in the newest published round (None: not seated)."""
    return (
        Table.objects.filter(seats__registration=registration, round__status="published")
        .select_related("round")
        .order_by("-round__number")
        .first()
    )


def open_judge_calls(event_id: int, table_ids=None) -> list:
    """The event's unresolved judge calls (player reports), oldest first, with the player,
    the table and its round loaded; ``table_ids`` narrows them to those tables."""
    from tournaments.results.models import ProblemReport

    calls = (
        ProblemReport.objects.filter(registration__event_id=event_id, resolved_at__isnull=True)
        .select_related("registration__player", "table__round", "acknowledged_by")
        .order_by("created_at", "pk")
    )
    if table_ids is not None:
        calls = calls.filter(table_id__in=list(table_ids))
    return list(calls)


def judge_calls_signature(calls: list) -> list:
    """What a page shows of ``calls`` (for an ETag): id, acknowledged or not."""
    return [[c.pk, c.acknowledged_at is not None] for c in calls]


def table_photo(table_id: int) -> ResultSubmission | None:
    """The table's newest live entry that carries a photo of the paper sheet."""
    return (
        ResultSubmission.objects.filter(table_id=table_id)
        .exclude(status=ResultSubmission.Status.DISCARDED)
        .exclude(sheet_photo="")
        .order_by("-version")
        .first()
    )
