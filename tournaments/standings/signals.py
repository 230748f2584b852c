"""The standings follow the results: a changed result asks for a (coalesced) recompute."""

from django.dispatch import receiver

from tournaments.results.signals import results_changed
from tournaments.standings.services import standings_schedule_recompute


@receiver(results_changed, dispatch_uid="standings-recompute-on-results-changed")
def _results_changed(sender, event_id: int, **kwargs) -> None:
    standings_schedule_recompute(event_id)
