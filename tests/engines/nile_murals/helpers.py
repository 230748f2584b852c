"""A small log builder for Nile Murals tests: records read like the judge's notes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engines.nile_murals import ENGINE

HERE = Path(__file__).resolve().parent
MADE_UP_EDITION = json.loads((HERE / "fixtures" / "edition_made_up_for_tests.json").read_text())


class Log:
    """Build a move log: ``Log("A", "B").deal(10, 11).deck(25).stop().draw(50)``."""

    def __init__(self, *players: str, edition: Any = None, **options: Any):
        self.players = list(players)
        self.edition = edition
        self.options = options
        self.moves: list[dict[str, Any]] = []

    def add(self, **record: Any) -> Log:
        self.moves.append({k: v for k, v in record.items() if v is not None})
        return self

    def deal(self, *cards: int) -> Log:
        for card in cards:
            self.add(type="deal", card=card)
        return self

    def deck(self, card: int, **facts: Any) -> Log:
        return self.add(type="place", source="deck", card=card, **facts)

    def hand(self, card: int, **facts: Any) -> Log:
        return self.add(type="place", source="hand", card=card, **facts)

    def discard(self, card: int, **facts: Any) -> Log:
        return self.add(type="place", source="discard", card=card, **facts)

    def stop(self, **facts: Any) -> Log:
        return self.add(type="stop", **facts)

    def draw(self, card: int, source: str = "deck", **facts: Any) -> Log:
        return self.add(type="draw", source=source, card=card, **facts)

    def doc(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": "nile_murals", "players": self.players, "moves": self.moves}
        if self.edition is not None:
            out["edition"] = self.edition
        if self.options:
            out["options"] = self.options
        return out

    def replay(self):
        return ENGINE.replay(self.doc())

    def state(self):
        report = self.replay()
        assert report.ok, [v.to_dict() for v in report.violations]
        return report.final_state

    def violation(self):
        """The one violation of the last move (all earlier moves must be legal)."""
        report = self.replay()
        assert report.moves_applied == len(self.moves) - 1, (
            report.moves_applied,
            [v.to_dict() for v in report.violations],
        )
        (first, *_) = report.violations
        return first


def hand_of(state, seat: int) -> list[int]:
    from engines.nile_murals.state import cards_of

    return cards_of(state.hands[seat])


def sheet_doc(rows, players=None, edition=None, **options):
    players = players or [chr(ord("A") + i) for i in range(len(rows))]
    doc = {
        "game": "nile_murals",
        "players": players,
        "sheet": {"players": [dict(zip(("combo", "area", "miss"), r, strict=True)) for r in rows]},
    }
    if edition is not None:
        doc["edition"] = edition
    if options:
        doc["options"] = options
    return doc
