"""The game state: frozen, with card sets as 100-bit integer masks (bit n = card n).

Masks keep a full replay fast and make card conservation (L7) a one-line check: the deck,
the discard, every hand and the sheet are disjoint and together hold all 100 cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.core.engine import GameContext
from engines.core.types import Unchecked
from engines.nile_murals.printed import Printed

ALL_CARDS = (1 << 100) - 1
RULE = "nile_murals:{}".format


def cards_of(mask: int) -> list[int]:
    """The card numbers in a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def card_list(mask: int) -> str:
    return ", ".join(f"{c:02d}" for c in cards_of(mask))


@dataclass(frozen=True)
class State:
    ctx: GameContext[Any]
    printed: Printed
    phase: str  # "deal" | "turn" | "draw" (end-of-turn bonus draws) | "over"
    seat: int  # the acting player (in "deal": the next to receive a starting card)
    deck: int
    discard: int
    sheet: int
    hands: tuple[int, ...]
    combo: tuple[int, ...]
    area: tuple[int, ...]  # the part of each Area track the engine could verify
    miss: tuple[int, ...]  # 0, -1, -2, ... (L6)
    k: int = 0  # placements this turn (M1)
    prev: int | None = None  # previous card placed this turn (M2)
    # An open draw window: an ankh draw inside a turn, or the bonus draws after it.
    draw_min: int = 0
    draw_max: int = 0
    draw_done: int = 0
    draw_kind: str = ""  # "ankh", "bonus" or "ankh+bonus" (10th card was an ankh card)
    bonus_k: int = 0  # cards placed in the turn whose bonus is being drawn
    last_end: str = ""  # how the previous turn ended: stop, ten, miss, exhausted, empty
    last_seat: int = -1
    stop_seen: bool = False  # a stop already recorded that end (rules.confirms_end)
    last_bonus_k: int = 0  # the bonus just drawn in full (to name a draw too many, M9)
    last_bonus_drawn: int = 0
    # Printed facts learned from the edition and the log.
    ankh_yes: int = 0
    ankh_no: int = 0
    areas_done: int = 0  # area completions known so far (of area_count)
    area_done_idx: int = 0  # mask over area indices known complete
    # What could not be verified.
    ankh_unknown: int = 0  # cards placed whose ankh status was unknown
    ankh_unknown_drawn: int = 0  # ... and after which a draw was accepted as an ankh draw
    area_unknown: int = 0  # placements whose area completion is unknown
    area_value_unknown: int = 0  # placements that completed an area of unknown value
    # (seat, k, drawn, kind, short: the deck and discard held fewer than the chart's maximum)
    bonus_unknown: tuple[tuple[int, int, int, str, bool], ...] = ()

    def with_(self, **changes: Any) -> State:
        """A copy with ``changes``: ``dataclasses.replace`` re-runs ``__init__`` and was
        most of a replay's time, so the instance dict is copied instead (fields only)."""
        copy = object.__new__(State)
        fields_of_copy = self.__dict__.copy()
        fields_of_copy.update(changes)
        object.__setattr__(copy, "__dict__", fields_of_copy)
        return copy

    # ---- derived views ---------------------------------------------------------------
    @property
    def n_players(self) -> int:
        return len(self.hands)

    @property
    def available(self) -> int:
        """Cards that an ankh or bonus draw could take (deck + discard)."""
        return self.deck.bit_count() + self.discard.bit_count()

    @property
    def window_open(self) -> bool:
        return self.draw_done < self.draw_max

    @property
    def areas_known(self) -> bool:
        """Every placement's area result is known (or all areas are accounted for, L11)."""
        if self.area_value_unknown:
            return False
        return not self.area_unknown or self.areas_done == self.printed.area_count

    def ankh_status(self, card: int) -> bool | None:
        bitc = 1 << card
        if self.ankh_yes & bitc:
            return True
        if self.ankh_no & bitc:
            return False
        if self.printed.ankh_complete or self.ankh_yes.bit_count() >= self.printed.ankh_count:
            return False
        return None

    def track_values(self) -> list[dict[str, int | None]]:
        known = self.areas_known
        return [
            {"combo": self.combo[s], "area": self.area[s] if known else None, "miss": self.miss[s]}
            for s in range(self.n_players)
        ]

    @property
    def unchecked(self) -> tuple[Unchecked, ...]:
        out = []
        unknown = sum(1 << c for c in cards_of(self.ankh_unknown) if self.ankh_status(c) is None)
        if unknown:  # (cards later deduced not to be ankh cards, 13 being known, drop out)
            drawn = self.ankh_unknown_drawn & unknown
            reason = (
                f"whether cards {card_list(unknown)} are ankh cards is neither in the "
                "edition data nor recorded on the move, so the ankh draw (M7) was not checked"
            )
            if drawn:
                reason += f"; the draws after {card_list(drawn)} were accepted as ankh draws"
            out.append(
                Unchecked(
                    "ankh cards",
                    reason,
                    RULE("M7"),
                    code="ankh_unknown",
                    params={"cards": cards_of(unknown), "drawn": cards_of(drawn)},
                )
            )
        if self.area_unknown and self.areas_done < self.printed.area_count:
            out.append(
                Unchecked(
                    "area completions",
                    f"whether placing {card_list(self.area_unknown)} completed an area is "
                    "neither in the edition's area map nor recorded on the move; "
                    f"{self.areas_done} of {self.printed.area_count} completions are known",
                    RULE("M6"),
                    code="area_completions",
                    params={
                        "cards": cards_of(self.area_unknown),
                        "done": self.areas_done,
                        "count": self.printed.area_count,
                    },
                )
            )
        if self.area_value_unknown:
            out.append(
                Unchecked(
                    "area values",
                    f"placing {card_list(self.area_value_unknown)} completed an area whose "
                    "printed value (I-III) is neither in the edition nor recorded on the move",
                    RULE("M6"),
                    code="area_values",
                    params={"cards": cards_of(self.area_value_unknown)},
                )
            )
        out.extend(self._bonus_unchecked())
        return tuple(out)

    def _bonus_unchecked(self) -> list[Unchecked]:
        """One item per card count whose printed bonus is unknown, listing every turn."""
        by_k: dict[int, list[tuple[int, int, str, bool]]] = {}
        for seat, k, drawn, kind, short in self.bonus_unknown:
            by_k.setdefault(k, []).append((seat, drawn, kind, short))
        out = []
        for k, turns in sorted(by_k.items()):
            parts = []
            for seat, drawn, kind, short in turns:
                note = " incl. the 10th card's ankh draw" if "ankh" in kind else ""
                note += " (all the deck and discard held)" if short else ""
                parts.append(f"{self.ctx.players[seat]} {drawn}{note}")
            full = {drawn for _, drawn, kind, short in turns if not short and "ankh" not in kind}
            differ = (
                "; these differ although the chart prints one count: check the log"
                if len(full) > 1
                else ""
            )
            out.append(
                Unchecked(
                    "combo bonus cards",
                    f"after placing {k} cards the players drew: {', '.join(parts)}; the printed "
                    f"card count for {k} cards is unknown (G1){differ}",
                    RULE("M9"),
                    code="combo_bonus_cards",
                    params={
                        "k": k,
                        "draws": {self.ctx.players[seat]: drawn for seat, drawn, _, _ in turns},
                        "ankh": [self.ctx.players[s] for s, _, kind, _ in turns if "ankh" in kind],
                        "short": [self.ctx.players[s] for s, _, _, short in turns if short],
                        "differ": len(full) > 1,
                    },
                )
            )
        return out
