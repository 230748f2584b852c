"""Production settings: secrets and hosts come from the environment, with no defaults.

Behind a TLS-terminating proxy set SECURE_PROXY_SSL_HEADER (see README.md).
Passes ``python manage.py check --deploy`` without warnings.
"""

from referee.settings.base import *  # noqa: F403
from referee.settings.base import env, host_settings

DEBUG = env.bool("DEBUG", default=False)
SECRET_KEY, ALLOWED_HOSTS, CSRF_TRUSTED_ORIGINS = host_settings(debug=False)

# The proxy tells us the original scheme, e.g. "HTTP_X_FORWARDED_PROTO,https".
_proxy_header = env.list("SECURE_PROXY_SSL_HEADER", default=[])
SECURE_PROXY_SSL_HEADER = tuple(_proxy_header) if _proxy_header else None

SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # container health checks speak plain HTTP
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=True)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"

LOGGING["root"]["level"] = env.str("LOG_LEVEL", default="INFO")  # noqa: F405

# E-mail is optional (issue 29: a player's sign-up link is also mailed when set): Django's
# defaults unless the environment names a mail server; without one nothing is sent.
EMAIL_BACKEND = env.str("EMAIL_BACKEND", default="django.core.mail.backends.smtp.EmailBackend")
EMAIL_HOST = env.str("EMAIL_HOST", default="localhost")
EMAIL_PORT = env.int("EMAIL_PORT", default=25)
EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=False)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="webmaster@localhost")
