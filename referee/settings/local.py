"""Development settings: DEBUG on unless the environment says otherwise."""

from referee.settings.base import *  # noqa: F403
from referee.settings.base import env, host_settings

DEBUG = env.bool("DEBUG", default=True)
SECRET_KEY, ALLOWED_HOSTS, CSRF_TRUSTED_ORIGINS = host_settings(DEBUG)

# The café's network (`make demo HOST=0.0.0.0` sets LAN=true): every Host passes
# ALLOWED_HOSTS and referee.lan.LanHostMiddleware refuses those outside the local network.
LAN_MODE = env.bool("LAN", default=False)
if LAN_MODE:
    ALLOWED_HOSTS = [*ALLOWED_HOSTS, "*"]

# Plain static storage so runserver works without collectstatic.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
# Serve static files from the finders; no collectstatic needed (and no warning without it).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
