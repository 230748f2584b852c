"""The action phase besides the god card play: Udjat eye cards (G11), passing with a Djed
on a resource space (M18), and the end of the round (M19, condition A/B)."""

from __future__ import annotations

from engines.core.types import Violation
from engines.field_of_reeds import board as B
from engines.field_of_reeds.common import V, fresh_turn, level_values, note, set_player, turn_checks
from engines.field_of_reeds.moves import Pass, UdjatTake, UdjatUse
from engines.field_of_reeds.state import Player, State, clone, setting
from engines.field_of_reeds.state import evolve as replace


def check_udjat_take(state: State, move: UdjatTake) -> list[Violation]:
    out = turn_checks(state, move, "M9")
    if out:
        return out
    hand = state.players[move.seat - 1].hand
    if len(move.discard) != 2 or len(set(move.discard)) != 2:
        return [
            V(
                "udjat_needs_two",
                "M9",
                "an Udjat eye card costs exactly 2 different god cards from hand",
            )
        ]
    missing = [c for c in move.discard if c not in hand]
    if missing:
        return [V("card_not_in_hand", "M9", "card {card} is not in hand", card=missing[0])]
    return []


def check_udjat_use(state: State, move: UdjatUse) -> list[Violation]:
    out = turn_checks(state, move, "M10")
    if out:
        return out
    if state.players[move.seat - 1].udjat < 1:
        return [V("no_udjat", "M10", "seat {seat} holds no Udjat eye card", seat=move.seat)]
    return []


def apply_udjat_take(state: State, move: UdjatTake) -> State:
    seat = move.seat - 1
    p = state.players[seat]
    unchecked = state.unchecked
    supply = state.udjat_supply - 1
    if supply < 0:
        supply = 0
        unchecked = note(
            unchecked,
            "udjat_supply",
            "G11",
            "Udjat supply",
            "an Udjat eye card was taken from an empty supply; not ruled (G11)",
        )
    hand = tuple(c for c in p.hand if c not in move.discard)
    player = replace(p, hand=hand, played=p.played + tuple(move.discard), udjat=p.udjat + 1)
    return replace(
        state, players=set_player(state, seat, player), udjat_supply=supply, unchecked=unchecked
    )


def apply_udjat_use(state: State, move: UdjatUse) -> State:
    seat = move.seat - 1
    p = state.players[seat]
    turn = state.turn
    assert turn is not None
    unchecked = state.unchecked
    if move.gain == "shabti":
        player = replace(p, udjat=p.udjat - 1, shabti=None if p.shabti is None else p.shabti + 1)
    else:
        player = replace(p, udjat=p.udjat - 1)
        if turn.played:
            unchecked = note(
                unchecked,
                "udjat_after_movement",
                "G11",
                "Udjat value after movement",
                "an attribute value gained after the play's movement has no use (G11)",
            )
        else:
            turn = replace(turn, pools=B.add_value(turn.pools, move.gain, 1))
    return replace(
        state,
        players=set_player(state, seat, player),
        turn=turn,
        udjat_supply=state.udjat_supply + 1,  # Inferred (G11): used cards go back to the supply
        unchecked=unchecked,
    )


def check_pass(state: State, move: Pass) -> list[Violation]:
    turn = state.turn
    if state.phase != "action" or turn is None or turn.seat != move.seat - 1:
        out = turn_checks(state, move, "M8")
        if out:
            return out
    out = []
    player = state.players[move.seat - 1]
    limit = level_values(state)[1]
    excess = len(player.hand) - limit
    if excess < 0:
        excess = 0
    if move.discard and (
        len(set(move.discard)) != len(move.discard)
        or any(c not in player.hand for c in move.discard)
    ):
        out.append(
            V("card_not_in_hand", "M11", "hand-limit discards must be different cards from hand")
        )
    elif len(move.discard) != excess:
        out.append(
            V(
                "hand_limit",
                "L2",
                "hand of {hand} god cards, limit {limit}: discard exactly {excess}",
                hand=len(player.hand),
                limit=limit,
                excess=excess,
            )
        )
    if move.djed_resource:
        out.extend(_djed_resource_problems(state, move.seat - 1))
    return out


def _djed_resource_problems(state: State, seat: int) -> list[Violation]:
    player = state.players[seat]
    info = B.printed_space(state, player.space)
    if player.space in state.used_resources or (
        info.resource is not None and info.resource != "djed"
    ):
        return [
            V("no_djed_resource", "M18", "space {space} offers no Djed now", space=player.space)
        ]
    if player.space in state.djeds:
        return [V("space_has_djed", "L7", "space {space} already holds a Djed", space=player.space)]
    if player.supply == 0 and sum(player.sheet) == 0:
        return [V("no_djed_left", "L6", "seat {seat} has no Djed to place", seat=seat + 1)]
    return []


def apply_pass(state: State, move: Pass) -> State:
    seat = move.seat - 1
    p = state.players[seat]
    if move.discard:
        hand = tuple(c for c in p.hand if c not in move.discard)
        player = replace(p, hand=hand, played=p.played + tuple(move.discard))
    else:  # most passes discard nothing: the player is unchanged
        player = p
    djeds, used = state.djeds, state.used_resources
    unchecked = state.unchecked
    if move.djed_resource:
        djeds, used = dict(djeds), set(used)
        info = B.printed_space(state, p.space)
        if info.resource is None:
            unchecked = note(
                unchecked,
                "djed_resource",
                "M18",
                "Djed resource at {space} (level {level})",
                "resource icon not recorded (M18)",
                space=p.space,
                level=state.level,
            )
        if player.supply > 0:
            player = replace(player, supply=player.supply - 1)
        else:
            i = max(range(3), key=lambda k: (player.sheet[k], -k))
            player = replace(
                player,
                sheet=tuple(v - 1 if k == i else v for k, v in enumerate(player.sheet)),
                reused=tuple(v + 1 if k == i else v for k, v in enumerate(player.reused)),
            )
            unchecked = note(
                unchecked,
                "djed_reuse",
                "L6",
                "{player}: Djed reuse (level {level})",
                "which sheet area the Djed came from was not recorded (Q11)",
                player=state.ctx.players[seat],
                level=state.level,
            )
        djeds[p.space] = (seat, info.colour)
        used.add(p.space)
    new, fields = clone(state)
    if player is not p:
        fields["players"] = set_player(state, seat, player)
    fields["djeds"] = djeds
    fields["used_resources"] = frozenset(used)
    fields["unchecked"] = unchecked
    following = (seat + 1) % len(state.players)
    if following != state.start_seat:  # clockwise until the start player would act again
        fields["turn"] = fresh_turn(following)
        return new
    return _end_round(new, fields)


def _end_round(state: State, fields: dict) -> State:
    """5-4: shabti resource spaces (M19; before level scoring, G12), then condition A/B.

    ``state`` is a fresh copy nobody holds yet; ``fields`` (its field dict) is filled in.
    """
    players = list(state.players)
    used = state.used_resources
    unchecked = state.unchecked
    gainers: dict[str, list[int]] = {}
    for seat, p in enumerate(players):
        if p.space in used:
            continue
        resource = B.printed_resource(state, p.space)
        if resource is None and p.space not in (B.START, B.WATCHER):
            # a shabti may or may not have been gained here: the count becomes unknown
            players[seat] = replace(p, shabti=None)
            unchecked = note(
                unchecked,
                "resource_icon",
                "M19",
                "resource icon of {space} (level {level})",
                "not recorded, so the shabti of a player there at round end is unknown (M19)",
                space=p.space,
                level=state.level,
            )
        if resource == "shabti":
            gainers.setdefault(p.space, []).append(seat)
    if gainers:
        used = set(used)
        for space, seats in gainers.items():
            used.add(space)
            for seat in seats:
                p = players[seat]
                players[seat] = replace(p, shabti=None if p.shabti is None else p.shabti + 1)
        fields["used_resources"] = frozenset(used)
    fields["turn"] = None
    fields["unchecked"] = unchecked
    if state.round_reached:
        fields["phase"] = "score"
        _discard_packets(state, fields, players)
    elif len(players[0].packet) <= setting(state, "packet_end_size", 2):
        _discard_packets(state, fields, players)
        fields["phase"] = "deal"
        fields["start_seat"] = (state.start_seat + 1) % len(players)
    else:
        fields["players"] = tuple(players)
        fields["phase"] = "pick"
    return state


def _discard_packets(state: State, fields: dict, players: list[Player]) -> None:
    """The packets' cards go to the discard pile (into ``fields`` of a fresh copy)."""
    leftovers = {c for p in players for c in p.packet}
    for i, p in enumerate(players):
        players[i], p_fields = clone(p)
        p_fields["packet"] = ()
    fields["players"] = tuple(players)
    fields["discard"] = state.discard | leftovers
