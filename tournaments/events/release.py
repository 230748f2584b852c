"""The release rules every reader shares: which rounds and results the public, the
standings and the league ratings may count, under the event's release policy.

``immediate`` releases a confirmed result at once; ``on_close`` only once its round is
closed. Pages, standings snapshots and ratings all ask here, so they never disagree.
"""

from __future__ import annotations

from tournaments.events.models import Event, Round
from tournaments.events.selectors.event_config import event_config

RELEASED = (Round.Status.PUBLISHED, Round.Status.CLOSED)
IMMEDIATE, ON_CLOSE = "immediate", "on_close"


def release_policy(event: Event | int) -> str:
    """The event's release policy (``immediate`` unless the organizer chose ``on_close``)."""
    policy = event_config(event)["release_policy"]
    return ON_CLOSE if policy == ON_CLOSE else IMMEDIATE


def results_released(round_status: str, policy: str) -> bool:
    """May a confirmed result of a round in this state be public under this policy?"""
    if policy == ON_CLOSE:
        return round_status == Round.Status.CLOSED
    return round_status in RELEASED


def counted_round_statuses(policy: str) -> tuple[str, ...] | None:
    """Round states whose results (and byes) the standings and league ratings may count:
    None = every state (``immediate``), else only closed rounds (``on_close``), so every
    stored standings version and rating is publishable as it stands."""
    return (Round.Status.CLOSED,) if policy == ON_CLOSE else None
