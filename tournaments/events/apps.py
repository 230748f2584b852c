from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventsConfig(AppConfig):
    name = "tournaments.events"
    label = "events"
    verbose_name = _("Events and people")
    default_auto_field = "django.db.models.BigAutoField"
