"""CLI: ``python -m engines games | schema KEY sheet|log | score FILE | replay FILE``.

JSON on stdout. Exit 0 ok, 1 rules violations, 2 malformed input (``-`` reads stdin),
3 a program error inside an engine (never the judge's fault).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from typing import Any

from engines import available_engines, get_engine
from engines.core.errors import EngineError, MalformedInput
from engines.core.types import Violation
from engines.registry import UnknownEngine

EXIT_OK, EXIT_VIOLATIONS, EXIT_MALFORMED = 0, 1, 2
EXIT_ENGINE_BUG = 3  # a program error: must never look like the judge's fault (exit 1 or 2)


def _emit(payload: Any) -> None:
    try:
        json.dump(payload, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped reading (``... | head``): stop quietly, as Unix tools do. Point
        # stdout at /dev/null so the interpreter's own flush at exit cannot fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise SystemExit(EXIT_OK) from None


def _read(path: str) -> Any:
    try:
        if path == "-":
            return json.loads(sys.stdin.read())
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, json.JSONDecodeError) as err:
        raise MalformedInput(
            [
                Violation(
                    "malformed.json",
                    None,
                    "cannot read JSON: {error}",
                    {"error": str(err)},
                    path="$",
                )
            ]
        ) from None


def _engine_for(doc: Any):
    key = doc.get("game") if isinstance(doc, dict) else None
    if not isinstance(key, str):
        raise MalformedInput([Violation("malformed.game", None, 'missing "game"', path="$.game")])
    try:
        return get_engine(key)
    except UnknownEngine as err:
        raise MalformedInput([Violation("malformed.game", None, str(err), path="$.game")]) from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engines", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the registered games")
    schema = sub.add_parser("schema", help="JSON Schema of a game's documents")
    schema.add_argument("key")
    schema.add_argument("kind", choices=["sheet", "log"])
    for name in ("score", "replay"):
        cmd = sub.add_parser(name, help=f"{name} a document ('-' reads stdin)")
        cmd.add_argument("file")
    args = parser.parse_args(argv)

    try:
        if args.command == "games":
            _emit([get_engine(k).meta.to_dict() for k in available_engines()])
            return EXIT_OK
        if args.command == "schema":
            engine = get_engine(args.key)
            _emit(engine.sheet_schema() if args.kind == "sheet" else engine.log_schema())
            return EXIT_OK
        doc = _read(args.file)
        engine = _engine_for(doc)
        if args.command == "score":
            _emit({"ok": True, "outcome": engine.score_sheet(doc).to_dict()})
            return EXIT_OK
        report = engine.replay(doc)
        _emit(report.to_dict())
        return EXIT_OK if report.ok else EXIT_VIOLATIONS
    except UnknownEngine as err:
        _emit(
            {
                "ok": False,
                "kind": "malformed",
                "violations": [{"code": "malformed.game", "message": str(err)}],
            }
        )
        return EXIT_MALFORMED
    except EngineError as err:
        kind = "malformed" if isinstance(err, MalformedInput) else "violation"
        _emit({"ok": False, "kind": kind, "violations": [v.to_dict() for v in err.violations]})
        return err.exit_code
    except Exception as err:  # noqa: BLE001 - any other exception is our bug, said as such
        traceback.print_exc()
        _emit({"ok": False, "kind": "engine_bug", "error": f"{type(err).__name__}: {err}"})
        return EXIT_ENGINE_BUG


if __name__ == "__main__":
    sys.exit(main())
