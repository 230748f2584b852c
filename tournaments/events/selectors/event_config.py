"""An event's console configuration with defaults filled in, and what it implies.

The stored document (``EventConfig.data``) holds only what the organizer changed; this
module is the one place that knows the defaults. The seating and standings apps turn the
document into their own configuration objects (``seating.selectors.penalty_weights``,
``standings.selectors.standings_config_of``).
"""

from __future__ import annotations

from typing import Any

from tournaments.events.models import Event, EventConfig, Round

SEATING_MODES = ("random", "standings")
RELEASE_POLICIES = ("immediate", "on_close")
ROUND1_SEEDINGS = ("random", "rating")
# How judges enter a score sheet: every value the engine checks, or the subtotals the
# rulebook's score track shows where the game's engine offers them (fewer taps, fewer checks;
# engines/<game>/sheet_words.py SUBTOTAL lists what they give up).
SHEET_ENTRIES = ("detail", "subtotal")

DEFAULTS: dict[str, Any] = {
    "round_games": {},
    "presets": {},
    "variants": {},
    "placement_points": {},
    "precedence": None,  # None: the standings app's default precedence
    "bye_points": "3/2",
    "seating_mode": "standings",
    "round1_seeding": "random",
    "weights": {"spread": 1.0, "seat": 2.0, "club": 5.0, "small_table": 4.0},
    "release_policy": "immediate",
    "finals_cut": 4,
    "round_minutes": 90,  # the round clock's length and the board's "late" mark
    "sheet_entry": "detail",
    # Self sign-up on the public page (services/signups.py): off until the organizer opens
    # it; capacity None = no limit; closes_at an ISO date-time (None: open until the event
    # starts running).
    "signup": {"open": False, "capacity": None, "approval": False, "closes_at": None},
}


def event_config(event: Event) -> dict[str, Any]:
    """The configuration document with every key present (defaults where unset)."""
    stored = EventConfig.objects.filter(event=event).values_list("data", flat=True).first() or {}
    merged = {key: stored.get(key, value) for key, value in DEFAULTS.items()}
    merged["weights"] = {**DEFAULTS["weights"], **(stored.get("weights") or {})}
    merged["signup"] = {**DEFAULTS["signup"], **(stored.get("signup") or {})}
    return merged


def round_game_key(rnd: Round) -> str:
    """The round's game: the round's own, else the console's per-round plan, else the
    event's game."""
    if rnd.game_key:
        return rnd.game_key
    planned = event_config(rnd.event)["round_games"].get(str(rnd.number))
    return planned or rnd.event.game_key


def allowed_table_sizes(event: Event, game_key: str) -> tuple[int, ...]:
    """The event's table sizes (preference order) that the game allows; the game's own
    player counts, largest first, when the event names none."""
    import engines

    counts: range | None = None
    if game_key:
        meta = engines.get_engine(game_key).meta
        counts = range(meta.min_players, meta.max_players + 1)
    sizes = [n for n in (event.table_sizes or []) if counts is None or n in counts]
    if not sizes and counts is not None:
        sizes = sorted((n for n in counts if n >= 2), reverse=True)
    return tuple(n for n in sizes if n >= 2)
