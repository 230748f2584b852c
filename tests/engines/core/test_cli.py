"""The CLI as a user runs it: a subprocess, JSON on stdout, exit 0/1/2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def run(*args, stdin=None):
    proc = subprocess.run(
        [sys.executable, "-m", "engines", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=180,  # the shared sandbox can be very busy
    )
    return proc.returncode, proc.stdout


SHEET = {
    "game": "imhotep",
    "players": ["Aiko", "Ben"],
    "sheet": {
        "players": [{"track": 20, "sled": 1, "obelisk": 4}, {"track": 18, "sled": 2, "obelisk": 2}],
        "burial": [1, 1, 2],
        "pyramid_stones": 6,
        "temple_stones": 5,
    },
}
ROUND = {"type": "round", "ships": [4, 3, 2, 1]}


def test_games_lists_imhotep_with_metadata():
    code, out = run("games")
    assert code == 0
    games = {g["key"]: g for g in json.loads(out)}
    assert games["imhotep"]["name"]["ja"] == "イムホテップ"


@pytest.mark.parametrize("kind", ["sheet", "log"])
def test_schema_prints_a_json_schema(kind):
    code, out = run("schema", "imhotep", kind)
    assert code == 0
    schema = json.loads(out)
    assert schema["properties"]["game"] == {"const": "imhotep"}
    assert ("sheet" if kind == "sheet" else "moves") in schema["required"]


def test_schema_of_unknown_game_exits_2():
    code, out = run("schema", "no-such-game", "sheet")
    assert code == 2 and json.loads(out)["kind"] == "malformed"


def test_score_file_exits_0_with_outcome(tmp_path):
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(SHEET))
    code, out = run("score", str(path))
    result = json.loads(out)
    assert code == 0 and result["ok"]
    assert [p["total"] for p in result["outcome"]["players"]] == [20 + 3 + 10, 18 + 1 + 1]


def test_score_inconsistent_sheet_exits_1_with_path():
    bad = json.loads(json.dumps(SHEET))
    bad["sheet"]["players"][0]["obelisk"] = 40
    code, out = run("score", "-", stdin=json.dumps(bad))
    result = json.loads(out)
    assert code == 1 and result["kind"] == "violation"
    assert result["violations"][0]["path"] == "$.sheet.players[0]"


def test_replay_from_stdin_exits_0():
    doc = {
        "game": "imhotep",
        "players": ["A", "B"],
        "moves": [ROUND, {"type": "reveal", "card": "statue"}],
    }
    code, out = run("replay", "-", stdin=json.dumps(doc))
    result = json.loads(out)
    assert code == 0 and result["ok"] and result["moves_applied"] == 2 and not result["game_over"]


def test_replay_illegal_move_exits_1_naming_index_and_rule():
    doc = {"game": "imhotep", "players": ["A", "B"], "moves": [{"type": "quarry", "count": 1}]}
    code, out = run("replay", "-", stdin=json.dumps(doc))
    result = json.loads(out)
    assert code == 1 and not result["ok"]
    assert result["violations"][0]["index"] == 0 and result["violations"][0]["rule"] == "imhotep:F2"


@pytest.mark.parametrize(
    "stdin",
    [
        "{not json",
        json.dumps({"players": ["A"], "moves": []}),
        json.dumps({"game": "chess", "players": ["A"], "moves": []}),
        json.dumps({"game": "imhotep", "players": ["A", "B"], "moves": [{"type": "fly"}]}),
        json.dumps({"game": "imhotep", "players": ["A"], "moves": []}),
    ],
    ids=["bad-json", "no-game", "unknown-game", "unknown-move", "one-player"],
)
def test_malformed_input_exits_2(stdin):
    code, out = run("replay", "-", stdin=stdin)
    assert code == 2 and json.loads(out)["kind"] == "malformed"


def test_missing_file_exits_2(tmp_path):
    code, out = run("score", str(tmp_path / "nope.json"))
    assert code == 2 and json.loads(out)["violations"][0]["code"] == "malformed.json"


def test_a_program_error_inside_an_engine_exits_3_not_1_or_2(monkeypatch, capsys):
    """An engine's own bug must not look like the judge's illegal move (1) or bad input (2)."""
    import engines.__main__ as cli

    class Broken:
        def replay(self, doc):
            raise KeyError("oops")

    monkeypatch.setattr(cli, "get_engine", lambda key: Broken())
    monkeypatch.setattr(cli, "_read", lambda path: {"game": "imhotep"})
    assert cli.main(["replay", "x.json"]) == 3
    out = json.loads(capsys.readouterr().out)
    assert out == {"ok": False, "kind": "engine_bug", "error": "KeyError: 'oops'"}


def test_schema_piped_into_head_ends_quietly():
    """``python -m engines schema ... | head`` closes the pipe early: no traceback."""
    proc = subprocess.run(
        f"{sys.executable} -m engines schema imhotep log | head -n 2",
        shell=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.stdout.count("\n") == 2
    assert proc.stderr == ""
