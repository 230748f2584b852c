"""The move-log viewer: replay a confirmed log up to step k with the game's engine.

Each step is a plain link (``?step=k``), so stepping works without JavaScript and every
step is a cacheable page. Scores after k moves come from the engine's own state scoring;
where the engine cannot score a game in progress the viewer just shows the moves.
"""

from __future__ import annotations

from django.utils import translation

import engines
from tournaments.results.models import ResultSubmission


def replay_view(submission: ResultSubmission, step: int | None, seats: list[str]) -> dict:
    """``seats``: the seated players' names in seat order (the log's own names, if any,
    are what the judge typed; the table's players are who played)."""
    doc = submission.payload or {}
    moves = list(doc.get("moves") or [])
    total = len(moves)
    step = total if step is None else max(0, min(step, total))
    view = {
        "moves": [],
        "step": step,
        "total": total,
        "previous": max(step - 1, 0),
        "next": min(step + 1, total),
        "violations": [],
        "scores": [],
        "game_over": False,
        "error": "",
    }
    try:
        engine = engines.get_engine(submission.engine_key)
        sentences = engine.move_sentences(
            moves, seats, translation.get_language() or "ja", list(doc.get("players") or [])
        )
        view["moves"] = [{"number": i + 1, "text": t} for i, t in enumerate(sentences)]
        report = engine.replay({**doc, "moves": moves[:step]})
    except (LookupError, engines.EngineError) as error:
        view["error"] = str(error)[:300]
        return view
    language = translation.get_language() or "ja"
    view["violations"] = [
        {"rule": v.rule, "text": engine.localize(v, language)} for v in report.violations
    ]
    view["game_over"] = report.game_over
    try:
        scored = engine.score_state(report.final_state)
        view["scores"] = [
            {
                "name": seats[i] if i < len(seats) else i + 1,
                "points": sum(v or 0 for v in b.values()),
            }
            for i, b in enumerate(scored.breakdown)
        ]
    except Exception:  # noqa: BLE001 - not every engine scores a game in progress
        view["scores"] = []
    return view
