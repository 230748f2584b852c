"""Known repeat-free schedules (resolvable designs) and a lower bound on repeat meetings.

Pure Python, no Django. A *design* here is a list of rounds; each round partitions the
players ``0..n-1`` into tables of one size, and no pair of players shares a table twice.
:func:`known_design` returns one when a construction is known for the field; the planned
schedule (:mod:`tournaments.seating.optimiser.schedule`) uses it and falls back to its search
otherwise. :func:`repeat_lower_bound` says how few repeat meetings any schedule can have,
so a page can show what was found next to what is possible.

Constructions:

* **Affine plane AG(2, q)** for a prime power ``q`` (2, 3, 4, 5, 7, 8, 9): ``q**2``
  players, tables of ``q``, ``q + 1`` rounds in which every pair meets exactly once. The
  points are pairs over the finite field GF(q); a round is a parallel class of lines
  (one slope). 16 players x 5 rounds in tables of 4 is AG(2, 4).
* **Z_7 x 4 (28 players, tables of 4, 9 rounds)**: a resolvable 2-(28, 4, 1) design
  (every pair meets exactly once). Players are ``(x, level)``, ``x`` in Z_7, four levels.
  Seven rounds are the translates ``B + g`` (g in Z_7) of one base round ``B``; two
  more rounds are the translates of the transversal blocks ``{(g + t_l, l)}`` for
  ``t = (0, 0, 0, 0)`` and ``t = (0, 1, 2, 4)``. The base round was found by an
  exhaustive search over this structure (each pure difference +-1, +-2, +-3 per level and
  each cross-level difference not used by the two transversal rounds covered once); the
  tests check the result pair by pair.
* **32 players, tables of 4, 10 rounds** (the 8-4-10 social golfer instance, first
  solved by A. Aguado in 2004): published data, see :func:`golfer_32_10`.

A prefix of a design's rounds is repeat-free too, so a field with fewer rounds than the
design has uses its first rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

Round = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Design:
    """A repeat-free schedule: ``rounds[r][t]`` lists the players (0-based) at table t."""

    name: str
    players: int
    table_size: int
    rounds: tuple[Round, ...]


# -- finite fields GF(p^m), small orders only ----------------------------------------------

# Irreducible polynomials (coefficients low to high, monic) for the non-prime orders used.
_IRREDUCIBLE = {4: (2, (1, 1, 1)), 8: (2, (1, 1, 0, 1)), 9: (3, (1, 0, 1))}
AFFINE_ORDERS = (2, 3, 4, 5, 7, 8, 9)


@cache
def _field(q: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Addition and multiplication tables of GF(q); elements are 0..q-1 (base-p digits
    of the polynomial's coefficients)."""
    if q in _IRREDUCIBLE:
        p, poly = _IRREDUCIBLE[q]
        m = len(poly) - 1
    else:
        p, poly, m = q, None, 1
        if any(q % d == 0 for d in range(2, q)):
            raise ValueError(f"no field of order {q} here")

    def digits(a: int) -> list[int]:
        return [(a // p**k) % p for k in range(m)]

    def number(ds: Sequence[int]) -> int:
        return sum(d * p**k for k, d in enumerate(ds))

    def mul(a: int, b: int) -> int:
        if poly is None:
            return a * b % p
        prod = [0] * (2 * m - 1)
        for i, x in enumerate(digits(a)):
            for j, y in enumerate(digits(b)):
                prod[i + j] = (prod[i + j] + x * y) % p
        for k in range(len(prod) - 1, m - 1, -1):  # reduce by the monic polynomial
            c = prod[k]
            if c:
                for j in range(m + 1):
                    prod[k - m + j] = (prod[k - m + j] - c * poly[j]) % p
        return number(prod[:m])

    add = tuple(
        tuple(
            number([(x + y) % p for x, y in zip(digits(a), digits(b), strict=True)])
            for b in range(q)
        )
        for a in range(q)
    )
    times = tuple(tuple(mul(a, b) for b in range(q)) for a in range(q))
    return add, times


def affine_plane(q: int) -> Design:
    """AG(2, q): point (x, y) is player ``x * q + y``; round m < q holds the lines
    y = m x + b (one table per b), the last round the lines x = c."""
    add, times = _field(q)
    rounds = []
    for m in range(q):
        rounds.append(tuple(tuple(x * q + add[times[m][x]][b] for x in range(q)) for b in range(q)))
    rounds.append(tuple(tuple(c * q + y for y in range(q)) for c in range(q)))
    return Design(f"affine plane AG(2, {q})", q * q, q, tuple(rounds))


# -- Z_n x 4 levels: one base round developed over Z_n, plus transversal rounds -----------


def _developed(
    n: int, base: Sequence[Sequence[tuple[int, int]]], transversals: Sequence[Sequence[int]]
) -> tuple[Round, ...]:
    """Player (x, level) is ``level * n + x``. Rounds: ``base + g`` for g in Z_n, then
    for each transversal t the round of tables {(g + t[level], level)}."""
    rounds = []
    for g in range(n):
        rounds.append(tuple(tuple(lv * n + (x + g) % n for x, lv in block) for block in base))
    for t in transversals:
        rounds.append(
            tuple(tuple(lv * n + (g + t[lv]) % n for lv in range(len(t))) for g in range(n))
        )
    return tuple(rounds)


# Base round for 28 players (Z_7 x 4 levels); points are (x, level).
_BASE_28 = (
    ((0, 0), (1, 0), (3, 1), (6, 1)),
    ((2, 0), (6, 0), (0, 3), (5, 3)),
    ((3, 0), (5, 0), (1, 2), (2, 2)),
    ((4, 0), (1, 1), (5, 2), (6, 3)),
    ((0, 1), (2, 1), (1, 3), (4, 3)),
    ((4, 1), (5, 1), (0, 2), (3, 2)),
    ((4, 2), (6, 2), (2, 3), (3, 3)),
)


def design_28_9() -> Design:
    rounds = _developed(7, _BASE_28, ((0, 0, 0, 0), (0, 1, 2, 4)))
    return Design("resolvable 2-(28, 4, 1) design over Z_7 x 4", 28, 4, rounds)


# 8-4-10: 32 golfers (letters A-P and a-p), 8 groups of 4, 10 weeks, no pair twice.
# Source: Ed Pegg Jr., "Social Golfer Problem", Wolfram Demonstrations Project
# (http://demonstrations.wolfram.com/SocialGolferProblem/), as transcribed in
# fpvandoorn/Dagstuhl-tables, literature.md, section "T(32,4) = 11" (its first ten rows;
# the eleventh row there pairs the remaining partners and is not part of the schedule).
# The tests check it pair by pair.
_GOLFER_32_10_WEEKS = (
    "ABCD EFGH IJKL MNOP abcd efgh ijkl mnop",
    "AEIm BcgH DFKp dfkP aeiM bCGh jLNo JlnO",
    "Aflo Bhkm DGiN aFLO bHKM CeJP cEjp dgIn",
    "AciL BdjK bDJk FgoP fGOp aCIl EhMn eHmN",
    "AgKN BElP DHIo dhiO beLp Cfjm cFJM aGkn",
    "AhJp BFin cDmO bfIN eGKl CdMo EgkL aHjP",
    "AdeF BGJo aDEf chlN iKmP CHLn bgjO IkMp",
    "AbnP aBNp DglM ceko fHiJ CEKO FhIj dGLm",
    "AGjM BeIO DhLP agJm cfKn CFkN bEio dHlp",
    "AHkO BfLM Dejn bFlm cGIP Cgip dEJN ahKo",
)
_GOLFERS = "ABCDEFGHIJKLMNOPabcdefghijklmnop"


def golfer_32_10() -> Design:
    """32 players in tables of 4 for 10 rounds (player i is letter ``_GOLFERS[i]``)."""
    rounds = tuple(
        tuple(tuple(_GOLFERS.index(c) for c in group) for group in week.split())
        for week in _GOLFER_32_10_WEEKS
    )
    return Design("social golfer 8-4-10 (Aguado; published solution)", 32, 4, rounds)


@cache
def designs() -> tuple[Design, ...]:
    """Every known design, largest first within a (players, table size) pair."""
    out = [affine_plane(q) for q in AFFINE_ORDERS]
    out.append(design_28_9())
    out.append(golfer_32_10())
    return tuple(out)


def known_design(players: int, table_size: int, rounds: int) -> Design | None:
    """A design for ``players`` in tables of ``table_size`` with at least ``rounds``
    rounds (its first ``rounds`` rounds are returned), or None."""
    for design in designs():
        if (
            design.players == players
            and design.table_size == table_size
            and len(design.rounds) >= rounds
        ):
            return Design(design.name, players, table_size, design.rounds[:rounds])
    return None


# -- lower bound ----------------------------------------------------------------------------


def repeat_lower_bound(
    players: int,
    round_tables: Sequence[Sequence[int]],
    earlier: dict[tuple[int, int], int] | None = None,
) -> int:
    """The fewest repeat meetings (meetings beyond the first of each pair, earlier ones
    included) any schedule with these table sizes can have.

    ``round_tables[r]`` lists the table sizes of round r (byes sit out). Two counts, the
    larger wins: all meetings minus the pairs there are; and, when every round seats
    everyone at tables of one size k, per player: meetings ``rounds x (k - 1)`` (plus
    earlier ones) beyond the ``players - 1`` possible partners, halved (a repeat is
    counted by both players).
    """
    earlier = earlier or {}
    meetings = sum(s * (s - 1) // 2 for sizes in round_tables for s in sizes)
    meetings += sum(earlier.values())
    bound = max(0, meetings - players * (players - 1) // 2)
    sizes = {s for r in round_tables for s in r}
    everyone = all(sum(r) == players for r in round_tables)
    if len(sizes) == 1 and everyone and players > 1:
        (k,) = sizes
        own = [len(round_tables) * (k - 1)] * players
        for (i, j), m in earlier.items():
            own[i] += m
            own[j] += m
        excess = sum(max(0, m - (players - 1)) for m in own)
        bound = max(bound, (excess + 1) // 2)
    return bound


def check_design(design: Design) -> None:
    """Raise AssertionError unless every round seats every player once at tables of the
    design's size and no pair meets twice (used by the tests and on first use)."""
    seen: set[tuple[int, int]] = set()
    for r, rnd in enumerate(design.rounds):
        seated = sorted(p for table in rnd for p in table)
        assert seated == list(range(design.players)), f"round {r + 1} does not seat everyone once"
        for table in rnd:
            assert len(table) == design.table_size, f"round {r + 1}: a table of {len(table)}"
            for pair in combinations(sorted(table), 2):
                assert pair not in seen, f"round {r + 1}: {pair} meet again"
                seen.add(pair)
