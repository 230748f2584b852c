from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeatingConfig(AppConfig):
    name = "tournaments.seating"
    label = "seating"
    verbose_name = _("Seating")
    default_auto_field = "django.db.models.BigAutoField"
