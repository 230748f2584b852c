"""The score-sheet path: a judge enters the end position; we check it, then score it."""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field

from engines.core.errors import IllegalMove
from engines.core.parsing import Model
from engines.core.types import Violation, frozen_instance
from engines.imhotep.components import STONES_PER_COLOUR, HeldCard, Monument
from engines.imhotep.scoring import EndPosition

Count = Annotated[int, Field(ge=0)]
_NONE_MISSING: frozenset[str] = frozenset()


class SheetPlayer(Model):
    # Strict: a judge's true/false or "3" is a wrong entry, not the number 1 or 3.
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    track: Count  # the score track after round 6, before final scoring
    sled: Annotated[int, Field(ge=0, le=5)]  # L1; also the tiebreak (T2)
    obelisk: Count = 0  # side A: stones in the stack; side B: stones still waiting
    obelisks_erected: Count = 0  # side B only
    cards: dict[HeldCard, Count] = Field(default_factory=dict)
    missing_monuments: list[Monument] = Field(default_factory=list)  # V6


class Sheet(Model):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    players: list[SheetPlayer] = Field(min_length=1)
    burial: list[Annotated[int, Field(ge=1)]] = Field(default_factory=list)  # seats, 1-based
    pyramid_stones: Count = 0  # every stone on the Pyramid board, any colour, overflow too
    temple_stones: Count = 0


def v(code: str, rule: str, message: str, path: str, **params) -> Violation:
    return Violation(code, f"imhotep:{rule}", message, params, path=path)


def sheet_violations(ctx, sheet: Sheet) -> list[Violation]:
    return _check(ctx, sheet)[0]


def _check(ctx, sheet: Sheet) -> tuple[list[Violation], tuple | None]:
    """The sheet's violations and, read in the same pass, each seat's columns of the end
    position: (track, sled, obelisk, hands, missing, stones on the Obelisk board)."""
    # One pass per player; paths and messages are built only when something is wrong.
    players = sheet.players
    n = ctx.n_players
    if len(players) != n:
        return [
            v(
                "sheet.player_count",
                "I4",
                "the sheet has {got} players, the document {n}",
                "$.sheet.players",
                got=len(players),
                n=n,
            )
        ], None
    out = []
    burial = sheet.burial
    if burial and max(burial) > n:
        for i, seat in enumerate(burial):
            if seat > n:
                out.append(
                    v(
                        "sheet.burial_seat",
                        "P4",
                        "the Burial Chamber lists player {number}, but the game has {n} players",
                        f"$.sheet.burial[{i}]",
                        number=seat,
                        n=n,
                    )
                )
    own_burial = [burial.count(seat) for seat in range(1, n + 1)]  # seats are >= 1 (model)
    options = ctx.options
    side_b = options.sides.obelisk == "B"
    wrath = options.pharaohs_wrath
    deck = None  # the printed deck, looked up once a player holds a card
    held_so_far: dict[str, int] = {}
    pyramid_stones = sheet.pyramid_stones
    temple_stones = sheet.temple_stones
    on_boards = pyramid_stones + temple_stones
    tracks, sleds, obelisks, hands, missing_sets = [], [], [], [], []
    on_obelisk = 0
    for i, p in enumerate(players):
        obelisk = p.obelisk
        erected = p.obelisks_erected
        missing = p.missing_monuments
        tracks.append(p.track)
        sleds.append(p.sled)
        obelisks.append(obelisk)
        on_obelisk += obelisk + 3 * erected
        # Scoring only reads the hands: the sheet's (frozen model's) dicts serve as they are.
        hands.append(p.cards)
        missing_sets.append(frozenset(missing) if missing else _NONE_MISSING)
        if side_b:
            if obelisk > 2:
                out.append(
                    v(
                        "sheet.obelisk_waiting",
                        "V5",
                        "at most 2 stones wait on Obelisk B, not {count}",
                        f"$.sheet.players[{i}].obelisk",
                        count=obelisk,
                    )
                )
        elif erected:
            out.append(
                v(
                    "sheet.obelisks_erected_side_a",
                    "P5",
                    "obelisks are erected only on side B",
                    f"$.sheet.players[{i}].obelisks_erected",
                )
            )
        buried = own_burial[i]
        used = 1 + p.sled + buried + obelisk + 3 * erected
        on_boards += used - 1
        if used > STONES_PER_COLOUR:
            out.append(
                v(
                    "sheet.too_many_stones",
                    "C1",
                    "marker, sled, Burial Chamber and Obelisk use {used} stones "
                    "of this colour; there are 30",
                    f"$.sheet.players[{i}]",
                    used=used,
                )
            )
        if p.cards:
            if deck is None:
                deck = ctx.edition.get("market.deck", {})
            for card, count in p.cards.items():
                held = held_so_far[card] = held_so_far.get(card, 0) + count
                if held > deck.get(card, 0):
                    out.append(
                        v(
                            "sheet.too_many_cards",
                            "C7",
                            "the players hold {held} {card} cards; the deck has {deck}",
                            f"$.sheet.players[{i}].cards.{card}",
                            held=held,
                            card=card,
                            deck=deck.get(card, 0),
                        )
                    )
        if not missing and not wrath:
            continue
        has_burial = buried > 0
        has_obelisk = obelisk + erected > 0
        for monument, present in (("burial", has_burial), ("obelisk", has_obelisk)):
            if present and monument in missing:
                out.append(
                    v(
                        "sheet.monument_not_missing",
                        "V6",
                        "the player has a stone on the {monument}",
                        f"$.sheet.players[{i}].missing_monuments",
                        monument=monument,
                    )
                )
        # Only with V6 must the judge list every missing monument; a listed one is always checked.
        checked = (
            ("pyramid", pyramid_stones),
            ("temple", temple_stones),
            ("burial", has_burial),
            ("obelisk", has_obelisk),
        )
        for monument, total in checked if wrath else ():
            if not total and monument not in missing:
                out.append(
                    v(
                        "sheet.monument_missing",
                        "V6",
                        "no stone of this player can be on the {monument}; list it as missing",
                        f"$.sheet.players[{i}].missing_monuments",
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
    return out, (tracks, sleds, obelisks, hands, missing_sets, on_obelisk)


def end_position(ctx, sheet: Sheet) -> EndPosition:
    violations, columns = _check(ctx, sheet)
    if violations or columns is None:
        raise IllegalMove(violations)
    track, sled, obelisk, hands, missing, on_obelisk = columns
    burial = sheet.burial
    return frozen_instance(  # as EndPosition(...), without a setattr call per field
        EndPosition,
        track=track,
        sled=sled,
        burial=[s - 1 for s in burial],
        obelisk=obelisk,
        hands=hands,
        site_stones={
            "pyramid": sheet.pyramid_stones,
            "temple": sheet.temple_stones,
            "burial": len(burial),
            "obelisk": on_obelisk,
        },
        missing=missing,
    )
