"""A logged move as a sentence in the page's language, on the server.

The same reading as the judge page's step form (``static/judge/step_form.js``: ``shown``
and ``describe``), from the same node tree (``move_forms.step_forms``), so a move reads
the same on the judge's phone and on the public move-log viewer. A move type without
words reads as its type's label, never as JSON.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from tournaments.results.move_forms import step_forms


class Seats(list):
    """The seated players' names in seat order, and the log's own player names (what a
    file import may carry) mapped to them by seat."""

    def __init__(self, names: list[str], log_players: list[str]):
        super().__init__(names)
        self.renamed = dict(zip(log_players, names, strict=False))


def _shown(f: dict[str, Any], value: Any, seats: Seats) -> str:
    def seat_name(i: int) -> str:
        return seats[i] if 0 <= i < len(seats) else str(i + 1)

    kind = f.get("kind")
    if kind == "seat" and isinstance(value, str) and value in seats.renamed:
        return seats.renamed[value]
    if value is None:
        return _("the player to move") if kind in ("seat", "seatNumber") else "—"
    if kind == "select":
        return next((name for key, name in f["choices"] if key == str(value)), str(value))
    if kind == "seatNumber" and isinstance(value, int):
        return seat_name(value - f.get("base", 0))
    if kind == "bool":
        return _("Yes") if value else _("No")
    if kind == "ints" and isinstance(value, list):
        return " ".join(str(n + 1 if f.get("oneBased") else n) for n in value)
    if kind == "square" and isinstance(value, list) and len(value) == 2:
        return _("row {row}, column {column}").format(row=value[0] + 1, column=value[1] + 1)
    if kind == "objects" and isinstance(value, list):
        return _(", ").join(_parts(f["parts"], part, seats) for part in value)
    if kind == "object" and isinstance(value, dict):
        return _parts(f["parts"], value, seats)
    if kind == "list" and isinstance(value, list):
        item = f["item"]
        grouped = f.get("perSeat") or item.get("kind") == "list"

        def brief(entry: Any) -> str:
            if item.get("kind") == "object" and isinstance(entry, dict):
                first = item["parts"][0]
                return _shown(first, entry.get(first["name"]), seats)
            return _shown(item, entry, seats)

        def title(i: int) -> str:
            return seat_name(i) if f.get("perSeat") else f"{f.get('itemLabel', '')} {i + 1}"

        if grouped:
            return " / ".join(f"{title(i)} {brief(e)}" for i, e in enumerate(value))
        return _(", ").join(brief(e) for e in value)
    if kind == "map" and isinstance(value, dict):
        return _(", ").join(
            f"{_shown(f['key'], k, seats)} {_shown(f['value'], v, seats)}" for k, v in value.items()
        )
    return str(value)


def _parts(parts: list[dict[str, Any]], value: dict[str, Any], seats: Seats) -> str:
    return " ".join(
        f"{p['label']} {_shown(p, value[p['name']], seats)}"
        for p in parts
        if value.get(p["name"]) is not None
    )


def move_sentences(
    game: str, log_schema: dict[str, Any], moves: list, names: list[str], log_players: list[str]
) -> list[str]:
    """Each move of a log as its sentence, players named by ``names`` (the seated players in
    seat order; a log's own ``players`` names are read as those seats)."""
    seats = Seats(names, log_players)
    types = {t["type"]: t for t in step_forms(game, log_schema)}
    out = []
    for move in moves:
        kind = move.get("type") if isinstance(move, dict) else None
        form = types.get(kind)
        if form is None:
            out.append(str(kind or "—"))
            continue
        fields = {f["name"]: f for f in form["fields"]}
        text = form["sentence"]
        for name, f in fields.items():
            text = text.replace("{" + name + "}", _shown(f, move.get(name), seats))
        out.append(text)
    return out
