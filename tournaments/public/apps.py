from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PublicConfig(AppConfig):
    name = "tournaments.public"
    label = "public"
    verbose_name = _("Public pages")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tournaments.public import subscribers

        subscribers.connect()  # page versions follow what the services announce
        from tournaments.public import signals  # noqa: F401 - caches that follow rows
