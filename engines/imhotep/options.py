"""Imhotep options: board sides (V1-V5), Pharaoh's Wrath (V6) and readings of ambiguities."""

from __future__ import annotations

from typing import Literal

from engines.core.parsing import Model

Side = Literal["A", "B"]


class Sides(Model):
    market: Side = "A"
    pyramid: Side = "A"
    temple: Side = "A"
    burial: Side = "A"
    obelisk: Side = "A"


class Options(Model):
    sides: Sides = Sides()
    # V6: -5 once for a player with no stone on at least one of the four monuments.
    pharaohs_wrath: bool = False
    # V6: whether Pyramid overflow stones count as "placed on the Pyramid".
    wrath_counts_pyramid_overflow: bool = True
    # G11: "table" (1/3/6/10/15, then +2; printed on the card) or "text" (+2 from the 5th).
    statue_scoring: Literal["table", "text"] = "table"
    # G14: whether "quarry 0 stones" is a legal (do-nothing) action.
    allow_quarry_zero: bool = False


PRESETS: dict[str, dict] = {
    "standard": {},
    "all-b": {"sides": {s: "B" for s in ("market", "pyramid", "temple", "burial", "obelisk")}},
    "pharaohs-wrath": {"pharaohs_wrath": True},
}
