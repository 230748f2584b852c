from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ResultsConfig(AppConfig):
    name = "tournaments.results"
    label = "results"
    verbose_name = _("Results")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tournaments.results import subscribers

        subscribers.connect()  # log what the events app announces but may not log itself
