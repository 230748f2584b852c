"""OpenAPI examples for the result-entry API: one realistic request, answer and refusal per
operation, taken from real answers of a 3-player Imhotep table (table 41, registrations
12, 19 and 23); ``tests/test_api_examples.py`` checks each against the schema.
"""

from __future__ import annotations

import json
from pathlib import Path

from drf_spectacular.utils import OpenApiExample

import engines

SHEET = {
    "players": [{"track": 20, "sled": 2}, {"track": 18, "sled": 3}, {"track": 25, "sled": 1}],
    "burial": [1, 2, 3, 1],
    "pyramid_stones": 10,
    "temple_stones": 5,
}
OPTIONS = {
    "sides": {"market": "A", "pyramid": "A", "temple": "A", "burial": "A", "obelisk": "A"},
    "pharaohs_wrath": False,
    "wrath_counts_pyramid_overflow": True,
    "statue_scoring": "table",
    "allow_quarry_zero": False,
}


def field_refused(errors: dict[str, list[str]]) -> dict:
    """A serializer's refusal in the one Error body (``referee.api_errors``)."""
    field, messages = next(iter(errors.items()))
    message = f"{field}: {messages[0]}"
    return {"code": "invalid", "message": message, "detail": message, "field": field,
            "errors": errors}  # fmt: skip


def _player(seat: int, name: str, track: int, burial: int, rank: int, sled: int) -> dict:
    breakdown = {"track": track, "burial": burial, "obelisk": 0, "green": 0, "purple": 0,
                 "blue": 0, "wrath": 0}  # fmt: skip
    return {"seat": seat, "name": name, "total": track + burial, "breakdown": breakdown,
            "rank": rank, "tiebreak": [sled], "complete": True}  # fmt: skip


OUTCOME = {
    "game": "imhotep",
    "engine_version": "1.0.0",
    "categories": [
        {"key": "track", "en": "Score track (during play)", "ja": "得点表示板（ゲーム中の得点）",
         "rule": "imhotep:S1"},
        {"key": "burial", "en": "Burial Chamber", "ja": "埋葬室", "rule": "imhotep:S4"},
        {"key": "obelisk", "en": "Obelisk", "ja": "オベリスク", "rule": "imhotep:S5"},
        {"key": "green", "en": "Green cards (decorations)", "ja": "緑のカード（装飾）",
         "rule": "imhotep:S7"},
        {"key": "purple", "en": "Purple cards (statues)", "ja": "紫のカード（偶像）",
         "rule": "imhotep:S8"},
        {"key": "blue", "en": "Blue cards held", "ja": "保有する青のカード", "rule": "imhotep:S9"},
        {"key": "wrath", "en": "Pharaoh's Wrath", "ja": "ファラオの怒り", "rule": "imhotep:V6"},
    ],
    "tiebreaks": [{"key": "sled", "en": "Stones on the sled", "ja": "石材置き場の石材の数",
                   "rule": "imhotep:T2"}],
    "players": [
        _player(1, "佐藤 葵", 20, 3, 2, 2),
        _player(2, "鈴木 蓮", 18, 1, 3, 3),
        _player(3, "高橋 陽", 25, 1, 1, 1),
    ],
    "unchecked": [],
    "options": OPTIONS,
    "notes": ["Statues scored by the printed table (G11)",
              "Burial areas scored by the formula 1/3/6/10/15, then +2 per stone (G12)"],
}  # fmt: skip

SUBMITTED = {
    "id": 318,
    "table": 41,
    "version": 2,
    "kind": "sheet",
    "status": "submitted",
    "payload": SHEET,
    "engine_key": "imhotep",
    "engine_version": "1.0.0",
    "options": OPTIONS,
    "edition": None,
    "outcome": OUTCOME,
    "violations": [],
    "submitted_via": "user",
    "confirmations_required": 3,
    "confirmations": [],
    "created_at": "2026-11-27T20:41:07.809796+09:00",
}
# An engine refusal names the field (a JSON path into the entry) and the rulebook's rule.
BURIAL_SEAT = {
    "code": "sheet.burial_seat",
    "rule": "imhotep:P4",
    "message": "there is no seat 4",
    "message_ja": "席4はありません",
    "path": "$.sheet.burial[3]",
    "params": {"seat": 4},
}
BAD_SHEET = {**SHEET, "burial": [1, 2, 3, 4]}
DRAFT_WITH_ERRORS = {
    **SUBMITTED,
    "id": 317,
    "version": 1,
    "status": "draft",
    "payload": BAD_SHEET,
    "outcome": None,
    "violations": [BURIAL_SEAT],
}
VERSION_CONFLICT = {
    "code": "result.version_conflict",
    "message": "table 41 is at version 2, this entry was made from version 1; reload it and "
    "enter the changes again",
    "violations": [],
    "current_version": 2,
    "base_version": 1,
}


def request(name: str, value, summary: str = "") -> OpenApiExample:
    return OpenApiExample(name, value=value, summary=summary, request_only=True)


def answer(name: str, value, status: int, summary: str = "") -> OpenApiExample:
    return OpenApiExample(
        name, value=value, summary=summary, response_only=True, status_codes=[str(status)]
    )


def refused(code: str, message: str, status: int, name: str) -> OpenApiExample:
    return answer(name, {"code": code, "message": message, "violations": []}, status)


ENTRY = {"kind": "sheet", "payload": SHEET, "base_version": 0, "idempotency_key": "t41-8f2c"}

# Each game's bundled example (engines/<game>/examples), as a whole document: the table's
# seats, in seat order, stand for the document's players. Each is accepted by a fresh
# table of an event with the default settings (tests/test_api_game_examples.py posts them).
GAME_EXAMPLE_FILES = {
    "imhotep": ("imhotep-4p-sheet.json", "imhotep-4p-log.json"),
    "nile_murals": ("example-4p-sheet.json", "example-4p-log.json"),
    "field_of_reeds": ("four-player-sheet.json", "four-player-log.json"),
    "tameri": ("4p-sheet.json", "4p-log.json"),
    "terra_pyramides": ("v1-2p-sheet.json", "v1-2p-log.json"),  # Ver1, the default: 2 players
}


def game_example(game: str, kind: str) -> dict:
    """The entry that submits ``game``'s bundled example sheet or log on a fresh table."""
    sheet, log = GAME_EXAMPLE_FILES[game]
    path = Path(engines.__file__).parent / game / "examples" / (sheet if kind == "sheet" else log)
    return {"kind": kind, "payload": json.loads(path.read_text()), "base_version": 0}


GAME_ENTRIES = [
    request(f"{engines.get_engine(game).meta.name_en}: a "
            f"{'score sheet' if kind == 'sheet' else 'move log'}",
            game_example(game, kind), f"engines/{game}/examples, on a fresh table")
    for game in GAME_EXAMPLE_FILES
    for kind in ("sheet", "log")
]  # fmt: skip

SUBMIT = [
    request("A score sheet", ENTRY, "A fresh table: base_version 0"),
    request("After a draft", {**ENTRY, "base_version": 1}, "Entered from version 1 (the draft)"),
    *GAME_ENTRIES,
    answer("Submitted", SUBMITTED, 201, "Waiting for the three players' confirmations"),
    answer("Sent again with the same key", SUBMITTED, 200, "The first write, unchanged"),
    answer("Kept as a draft: the sheet breaks a rule", DRAFT_WITH_ERRORS, 422,
           "Seat 4 in the Burial Chamber of a 3-player game (rule P4)"),
    answer("Made from an old version", VERSION_CONFLICT, 409),
    answer("Field refused", field_refused({"kind": ['"score" is not a valid choice.']}), 400,
           "kind must be sheet or log"),
]  # fmt: skip
DRAFT = [
    request("Half-typed sheet", {"kind": "sheet", "payload": BAD_SHEET, "base_version": 0}),
    answer("Saved as typed", DRAFT_WITH_ERRORS, 201,
           "Nothing counts until it is submitted; the engine's findings come with it"),
    answer("Made from an old version", VERSION_CONFLICT, 409),
    answer("Field refused",
           field_refused({"base_version": ["Ensure this value is greater than or equal to 0."]}),
           400, "base_version is at least 0"),
]  # fmt: skip
CORRECTED = {**SUBMITTED, "id": 322, "version": 3, "status": "confirmed",
             "payload": {**SHEET, "players": [{"track": 22, "sled": 2}, *SHEET["players"][1:]]},
             "outcome": {**OUTCOME, "players": [_player(1, "佐藤 葵", 22, 3, 2, 2),
                                                *OUTCOME["players"][1:]]}}  # fmt: skip
CORRECT = [
    request("Head judge's correction",
            {"kind": "sheet", "payload": CORRECTED["payload"], "base_version": 2,
             "reason": "A's track read as 20, was 22"}),
    answer("Corrected and confirmed", CORRECTED, 201),
    answer("The correction breaks a rule", {
        "code": "result.invalid_correction",
        "message": "the correction has errors; nothing was saved and the table is unchanged",
        "violations": [BURIAL_SEAT]}, 422, "Nothing saved; the rule and the field named"),
    answer("Reason missing", field_refused({"reason": ["This field is required."]}), 400,
           "A correction says why"),
]  # fmt: skip
CONFIRMED_BY_ONE = {
    **SUBMITTED,
    "confirmations": [{"role": "player", "registration": 12, "matched": True}],
}
CONFIRM = [
    request("A player confirms for themselves", {}),
    request("A judge hands the device to a player", {"registration_id": 19}),
    answer("One of three confirmations", CONFIRMED_BY_ONE, 200),
    refused("result.invalid_state", "that player is not seated at this table", 400,
            "Player not at this table"),
    refused("forbidden", "a player confirms only for themselves", 403, "Someone else's seat"),
]  # fmt: skip
DISPUTE = [
    request("A player flags the result", {"reason": "my track was 22, not 20"}),
    answer("Disputed: it stops counting", {**SUBMITTED, "status": "disputed"}, 200),
    refused("result.invalid_state", "say what is wrong (a reason is required)", 400,
            "reason is required"),
]  # fmt: skip
DISCARD = [
    request("Discard a typo", {"reason": "typed on the wrong table"}),
    answer("Discarded", {**SUBMITTED, "status": "discarded"}, 200),
    refused("forbidden", "only a head judge discards a confirmed or disputed result", 403,
            "Confirmed result, table judge"),
]  # fmt: skip
RULINGS = [
    request("Penalty points",
            {"kind": "penalty_points", "reason": "Looked at the face-down cards",
             "registration_id": 19, "points": -2}),
    request("Resolve a dispute", {"kind": "engine_override", "reason": "Track recounted: 22",
                                  "submission_id": 318, "resolution": "confirm"}),
    answer("Ruled", {"id": 7, "event": 3, "table": 41, "submission": None, "registration": 19,
                     "kind": "penalty_points", "reason": "Looked at the face-down cards",
                     "points": "-2.00", "data": {},
                     "created_at": "2026-11-27T20:52:11.688160+09:00"}, 201),
    answer("Fields refused", field_refused({"kind": ['"warning" is not a valid choice.'],
                                            "reason": ["This field is required."]}), 400,
           "kind is one of the ruling kinds; reason is required"),
]  # fmt: skip
HISTORY = [
    # A list answer: drf-spectacular shows the example as the list's item.
    answer("Latest version", {**SUBMITTED, "status": "confirmed"}, 200),
    refused("forbidden", "not your table", 403, "Another table's judge"),
]
CHECK_IN = [
    answer("Checked in", {"status": "checked_in"}, 200),
    refused("forbidden", "you may check in only yourself", 403, "Another player"),
]
