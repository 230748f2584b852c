from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ConsoleConfig(AppConfig):
    name = "tournaments.console"
    label = "console"
    verbose_name = _("Organizer console")
    default_auto_field = "django.db.models.BigAutoField"
