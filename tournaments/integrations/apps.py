from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class IntegrationsConfig(AppConfig):
    name = "tournaments.integrations"
    label = "integrations"
    verbose_name = _("Integrations")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tournaments.integrations import live_subscribers, subscribers

        subscribers.connect()  # webhooks follow what the services announce
        live_subscribers.connect()  # and so does the live stream
