from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "tournaments.ratings"
    label = "ratings"
    verbose_name = _("Ratings")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tournaments.ratings import subscribers

        subscribers.connect()  # re-rate when results change or a round closes
