from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StandingsConfig(AppConfig):
    name = "tournaments.standings"
    label = "standings"
    verbose_name = _("Standings")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tournaments.standings import subscribers

        subscribers.connect()  # recompute when results change or a round closes
