"""The public read API's answers for the OpenAPI document: their shapes (the views build
plain dicts of the same shape) and examples (the demo event's; values are illustrative).
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample
from rest_framework import serializers

from tournaments.events.models import Event

# Examples for the OpenAPI document (the demo event's shapes; values are illustrative).
AOI = {"registration": 12, "name": "佐藤 葵", "reading": "さとう あおい", "club": "Cairo Café"}
EVENT_EXAMPLE = {
    "slug": "cairo-cafe-open",
    "name": "Cairo Café Open",
    "venue": "Cairo Café",
    "starts_on": "2026-11-27",
    "ends_on": "2026-11-27",
    "status": "running",
    "game": "imhotep",
    "rounds_planned": 3,
}
CLOCK_EXAMPLE = {
    "state": "running",
    "deadline": "2026-11-27T20:35:00+09:00",
    "remaining_seconds": 1230,
    "as_of": "2026-11-27T20:14:30+09:00",
    "paused": False,
    "duration_seconds": 5400,
    "extended_seconds": 300,
    "extra_seconds": 0,
}
ROUND_EXAMPLE = {
    "number": 1,
    "status": "published",
    "game": "imhotep",
    "published_at": "2026-11-27T19:05:00+09:00",
    "tables": 3,
    "results_released": True,
    "tables_with_results": 2,
    "clock": CLOCK_EXAMPLE,
}
TABLE_EXAMPLE = {
    "number": 1,
    "game": "imhotep",
    "status": "confirmed",
    "seats": [{"position": 1, **AOI}],
    "result_released": True,
    # This table was given 3 minutes more (a late start): its own deadline is later.
    "clock": {
        **CLOCK_EXAMPLE,
        "deadline": "2026-11-27T20:38:00+09:00",
        "remaining_seconds": 1410,
        "extra_seconds": 180,
    },
}


def example(name: str, value) -> list[OpenApiExample]:
    return [OpenApiExample(name, value=value, response_only=True)]


# Response shapes, for the OpenAPI schema (the views build plain dicts of the same shape).
class PersonOut(serializers.Serializer):
    registration = serializers.IntegerField()
    name = serializers.CharField()
    reading = serializers.CharField()
    club = serializers.CharField()


class SeatOut(PersonOut):
    position = serializers.IntegerField(help_text="1 = the start player; then in play order")


RELEASED_ROUND_STATUSES = [("published", "published"), ("closed", "closed")]
CLOCK_STATES = [("running", "running"), ("paused", "paused"), ("time_up", "time_up")]


class ClockOut(serializers.Serializer):
    """A round's clock (or one table's, with its extra time) while the round is in play."""

    state = serializers.ChoiceField(choices=CLOCK_STATES)
    deadline = serializers.DateTimeField(
        allow_null=True,
        help_text="when time is up (null while paused); count down from it: it changes only "
        "with a clock write, which also changes the ETag",
    )
    remaining_seconds = serializers.IntegerField(help_text="seconds left as of ``as_of``")
    as_of = serializers.DateTimeField(help_text="when this answer was made")
    paused = serializers.BooleanField()
    duration_seconds = serializers.IntegerField(help_text="the round's length at its start")
    extended_seconds = serializers.IntegerField(help_text="time added to the whole round")
    extra_seconds = serializers.IntegerField(help_text="this table's own extra time")


class RoundOut(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=RELEASED_ROUND_STATUSES)
    game = serializers.CharField()
    published_at = serializers.DateTimeField(allow_null=True)
    tables = serializers.IntegerField()
    results_released = serializers.BooleanField()
    tables_with_results = serializers.IntegerField()
    clock = ClockOut(allow_null=True, help_text="null unless the round is in play and timed")


class EventOut(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    venue = serializers.CharField()
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    status = serializers.ChoiceField(choices=Event.Status.choices)
    game = serializers.CharField(help_text="empty for a multi-game event")
    rounds_planned = serializers.IntegerField()


class EventPageOut(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = EventOut(many=True)


class EventDetailOut(EventOut):
    games = serializers.ListField(child=serializers.CharField())
    rounds = RoundOut(many=True)
    players = serializers.DictField(child=serializers.IntegerField())
    announcement = serializers.CharField(help_text="what the café's screen shows; may be empty")


class TableOut(serializers.Serializer):
    number = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.CharField()
    seats = SeatOut(many=True)
    result_released = serializers.BooleanField()
    clock = ClockOut(allow_null=True, help_text="the round's clock with this table's extra time")


class SeatingOut(RoundOut):
    tables = TableOut(many=True)


class PlayerResultOut(SeatOut):
    total = serializers.IntegerField(allow_null=True)
    rank = serializers.IntegerField(allow_null=True)
    complete = serializers.BooleanField(help_text="false: a value is unknown, see the result")
    breakdown = serializers.DictField(child=serializers.IntegerField(allow_null=True))
    tiebreak = serializers.ListField(child=serializers.JSONField())


class RulingOut(serializers.Serializer):
    kind = serializers.CharField()
    registration = serializers.IntegerField(allow_null=True)
    points = serializers.JSONField(allow_null=True)
    reason = serializers.CharField()
    created_at = serializers.DateTimeField()


class UncheckedOut(serializers.Serializer):
    """Something the rules engine could not check; ``item`` and ``reason`` in the
    request's language (``Accept-Language``), ``code`` and ``params`` to say it yourself.
    Results stored before entries had codes give ``code`` null and their English text."""

    code = serializers.CharField(allow_null=True)
    rule = serializers.CharField(allow_null=True)
    params = serializers.DictField()
    item = serializers.CharField()
    reason = serializers.CharField()


class TableResultOut(TableOut):
    round = serializers.IntegerField()
    categories = serializers.ListField(child=serializers.DictField())
    tiebreaks = serializers.ListField(child=serializers.DictField())
    players = PlayerResultOut(many=True)
    unchecked = UncheckedOut(many=True)
    rulings = RulingOut(many=True)


class PlayerRoundOut(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    seat = serializers.IntegerField()
    game = serializers.CharField()
    score = serializers.IntegerField(allow_null=True)
    placement = serializers.IntegerField(allow_null=True)
    result_released = serializers.BooleanField()


class PlayerDetailOut(PersonOut):
    rounds = PlayerRoundOut(many=True)
