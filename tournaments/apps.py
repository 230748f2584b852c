from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Holds only the migration history from before the models moved into the domain apps
    (``tournaments/<app>/``). Its last migration hands every model over to its app without
    touching a table; fresh databases replay the same history."""

    name = "tournaments"
    label = "tournaments"
    verbose_name = "Tournaments (migration history)"
    default_auto_field = "django.db.models.BigAutoField"
