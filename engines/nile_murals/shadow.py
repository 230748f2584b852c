"""The shadow rule (M2), the one geometric fact of the game, kept on its own.

Card n sits on square n: tens digit = row (0 top), ones digit = column (0 left), the sun on
square 00. After card p, card n is in p's shadow when it lies strictly below AND strictly
right of p. The first card of a turn (p is None) is always legal (M2.1); a p in the bottom
row or right column casts no shadow (M2.5), which the strict inequalities already give.
"""

from __future__ import annotations


def forbidden(prev: int | None, card: int) -> bool:
    return prev is not None and card // 10 > prev // 10 and card % 10 > prev % 10


def shadow_mask(prev: int | None) -> int:
    """All cards forbidden after ``prev`` as a 100-bit mask (bit n = card n)."""
    if prev is None:
        return 0
    row, col = divmod(prev, 10)
    row_bits = sum(1 << c for c in range(col + 1, 10))
    return sum(row_bits << (10 * r) for r in range(row + 1, 10))


SHADOW = tuple(shadow_mask(p) for p in range(100))
