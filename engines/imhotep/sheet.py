"""The score-sheet path: a judge enters the end position; we check it, then score it."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from engines.core.errors import IllegalMove
from engines.core.parsing import Model
from engines.core.types import Violation
from engines.imhotep.components import STONES_PER_COLOUR, HeldCard, Monument
from engines.imhotep.scoring import EndPosition

Count = Annotated[int, Field(ge=0)]


class SheetPlayer(Model):
    track: Count  # the score track after round 6, before final scoring
    sled: Annotated[int, Field(ge=0, le=5)]  # L1; also the tiebreak (T2)
    obelisk: Count = 0  # side A: stones in the stack; side B: stones still waiting
    obelisks_erected: Count = 0  # side B only
    cards: dict[HeldCard, Count] = Field(default_factory=dict)
    missing_monuments: list[Monument] = Field(default_factory=list)  # V6


class Sheet(Model):
    players: list[SheetPlayer] = Field(min_length=1)
    burial: list[Annotated[int, Field(ge=1)]] = Field(default_factory=list)  # seats, 1-based
    pyramid_stones: Count = 0  # every stone on the Pyramid board, any colour, overflow too
    temple_stones: Count = 0


def v(code: str, rule: str, message: str, path: str, **params) -> Violation:
    return Violation(code, f"imhotep:{rule}", message, params, path=path)


def sheet_violations(ctx, sheet: Sheet) -> list[Violation]:
    n = ctx.n_players
    if len(sheet.players) != n:
        return [
            v(
                "sheet.player_count",
                "I4",
                "the sheet has {got} players, the document {n}",
                "$.sheet.players",
                got=len(sheet.players),
                n=n,
            )
        ]
    out = []
    own_burial = [0] * n
    for i, seat in enumerate(sheet.burial):
        if seat > n:
            out.append(
                v(
                    "sheet.burial_seat",
                    "P4",
                    "there is no seat {seat}",
                    f"$.sheet.burial[{i}]",
                    seat=seat,
                )
            )
        else:
            own_burial[seat - 1] += 1
    side_b = ctx.options.sides.obelisk == "B"
    deck = ctx.edition.get("market.deck", {})
    held_so_far: dict[str, int] = {}
    on_boards = sheet.pyramid_stones + sheet.temple_stones
    for i, p in enumerate(sheet.players):
        path = f"$.sheet.players[{i}]"
        if side_b and p.obelisk > 2:
            out.append(
                v(
                    "sheet.obelisk_waiting",
                    "V5",
                    "at most 2 stones wait on Obelisk B, not {count}",
                    f"{path}.obelisk",
                    count=p.obelisk,
                )
            )
        if not side_b and p.obelisks_erected:
            out.append(
                v(
                    "sheet.obelisks_erected_side_a",
                    "P5",
                    "obelisks are erected only on side B",
                    f"{path}.obelisks_erected",
                )
            )
        used = 1 + p.sled + own_burial[i] + p.obelisk + 3 * p.obelisks_erected
        on_boards += used - 1
        if used > STONES_PER_COLOUR:
            out.append(
                v(
                    "sheet.too_many_stones",
                    "C1",
                    "marker, sled, Burial Chamber and Obelisk use {used} stones "
                    "of this colour; there are 30",
                    path,
                    used=used,
                )
            )
        for card, count in p.cards.items():
            held_so_far[card] = held_so_far.get(card, 0) + count
            if held_so_far[card] > deck.get(card, 0):
                out.append(
                    v(
                        "sheet.too_many_cards",
                        "C7",
                        "the players hold {held} {card} cards; the deck has {deck}",
                        f"{path}.cards.{card}",
                        held=held_so_far[card],
                        card=card,
                        deck=deck.get(card, 0),
                    )
                )
        missing = set(p.missing_monuments)
        has = {
            "burial": own_burial[i] > 0,
            "obelisk": p.obelisk + p.obelisks_erected > 0,
        }
        for monument, present in has.items():
            if present and monument in missing:
                out.append(
                    v(
                        "sheet.monument_not_missing",
                        "V6",
                        "the player has a stone on the {monument}",
                        f"{path}.missing_monuments",
                        monument=monument,
                    )
                )
        # Only with V6 must the judge list every missing monument; a listed one is always checked.
        checked = (
            ("pyramid", sheet.pyramid_stones),
            ("temple", sheet.temple_stones),
            ("burial", has["burial"]),
            ("obelisk", has["obelisk"]),
        )
        for monument, total in checked if ctx.options.pharaohs_wrath else ():
            if not total and monument not in missing:
                out.append(
                    v(
                        "sheet.monument_missing",
                        "V6",
                        "no stone of this player can be on the {monument}; list it as missing",
                        f"{path}.missing_monuments",
                        monument=monument,
                    )
                )
    if on_boards > (STONES_PER_COLOUR - 1) * n:
        out.append(
            v(
                "sheet.too_many_stones_total",
                "C1",
                "the sheet places {count} stones; {n} colours have {have}",
                "$.sheet",
                count=on_boards,
                n=n,
                have=(STONES_PER_COLOUR - 1) * n,
            )
        )
    return out


def end_position(ctx, sheet: Sheet) -> EndPosition:
    violations = sheet_violations(ctx, sheet)
    if violations:
        raise IllegalMove(violations)
    obelisk_total = sum(p.obelisk + 3 * p.obelisks_erected for p in sheet.players)
    return EndPosition(
        track=[p.track for p in sheet.players],
        sled=[p.sled for p in sheet.players],
        burial=[s - 1 for s in sheet.burial],
        obelisk=[p.obelisk for p in sheet.players],
        hands=[dict(p.cards) for p in sheet.players],
        site_stones={
            "pyramid": sheet.pyramid_stones,
            "temple": sheet.temple_stones,
            "burial": len(sheet.burial),
            "obelisk": obelisk_total,
        },
        missing=[frozenset(p.missing_monuments) for p in sheet.players],
    )
