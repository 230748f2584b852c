"""Settings for bench/load_public.py: the local settings with DEBUG off and quiet logs.

STANDINGS_COALESCE_SECONDS (env, default 0.5 as in the app) is the results feature's burst
window before a standings recompute; the bench reports which value it ran with.
"""

import os

from referee.settings.local import *  # noqa: F403

DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
STANDINGS_COALESCE_SECONDS = float(os.environ.get("STANDINGS_COALESCE_SECONDS", "0.5"))
LOGGING["root"]["level"] = "WARNING"  # noqa: F405
