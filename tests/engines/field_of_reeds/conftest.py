"""Helpers for the Field of Reeds tests: documents, the vector prelude, seeded playouts."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engines.field_of_reeds import ENGINE


def doc(players: int = 2, moves: list | None = None, **extra: Any) -> dict[str, Any]:
    out = {
        "game": "field_of_reeds",
        "players": ["A", "B", "C", "D"][:players],
        "moves": moves or [],
    }
    out.update(extra)
    return out


def prelude(
    n: int, hands: list[list[str]], facts: dict[str, Any], later: list[list[str]] | None = None
) -> list[dict[str, Any]]:
    """A deal and picks that leave seat i holding ``hands[i]`` at the start of an action phase.

    Every seat takes the first card of its packet each round; seat j's card of round r sits
    at position r of the packet first dealt to seat (j - r) mod n (packets pass left).
    ``later[i]`` are the first cards seat i will find in the following rounds (the vector
    itself records those picks); other places hold fillers ``f<packet>-<position>``.
    """
    k = len(hands[0])
    packets = [[f"f{i}-{j}" for j in range(7)] for i in range(n)]
    for seat in range(n):
        for r, card in enumerate([*hands[seat], *((later or [[]] * n)[seat])]):
            packets[(seat - r) % n][r] = card
    moves: list[dict[str, Any]] = [{"type": "deal", "packets": packets, "facts": facts}]
    for r in range(k):
        moves += [{"type": "pick", "seat": s + 1, "card": hands[s][r]} for s in range(n)]
        if r < k - 1:
            moves += [{"type": "pass", "seat": s + 1} for s in range(n)]
    return moves


def playout(n: int, seed: int, stop=None, options: dict | None = None, max_steps: int = 5000):
    """A seeded random game from legal_moves; returns (state, dumped moves)."""
    rng = random.Random(seed)
    ctx = ENGINE.context(doc(n, options=options or {}))
    state = ENGINE.setup(ctx)
    log = []
    for _ in range(max_steps):
        if ENGINE.is_over(state) or (stop is not None and stop(state)):
            break
        move = rng.choice(list(ENGINE.legal_moves(state)))
        log.append(ENGINE.dump_move(move))
        state = ENGINE.apply(state, move)
    return state, log


def reference_text() -> str:
    """The rules reference (shared/, next to the checkout); tests that need it skip without it."""
    for path in (
        Path(__file__).resolve().parents[4] / "shared" / "rules" / "field_of_reeds.md",
        Path("/work/shared/rules/field_of_reeds.md"),
    ):
        if path.is_file():
            return path.read_text(encoding="utf-8")
    pytest.skip("shared/rules/field_of_reeds.md is not available here")


class _Helpers:
    reference_text = staticmethod(reference_text)
    doc = staticmethod(doc)
    prelude = staticmethod(prelude)
    playout = staticmethod(playout)


@pytest.fixture
def fr() -> type[_Helpers]:
    return _Helpers
