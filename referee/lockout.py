"""The page django-axes answers with once a login is locked out (``AXES_LOCKOUT_CALLABLE``):
HTTP 429 and a short page in the page's language (the admin login is under /ja/ or /en/).
The texts live here rather than in the translation catalogue: they are the project's only
lockout words and the page must work even while other catalogues are being reworked."""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import render
from django.utils.translation import get_language

TEXTS = {
    "ja": (
        "ログインを一時的に停止しました",
        "ログインの失敗が続いたため、このアカウントへのログインを{minutes}分間停止しています。"
        "時間をおいてからもう一度お試しください。",
    ),
    "en": (
        "Login temporarily locked",
        "Too many failed logins: logging in to this account is locked for {minutes} minutes. "
        "Please try again later.",
    ),
}


def cooloff_minutes() -> int:
    return int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)


def lockout_response(request, original_response=None, credentials=None):
    language = "ja" if (get_language() or "ja").startswith("ja") else "en"
    title, message = TEXTS[language]
    context = {"title": title, "message": message.format(minutes=cooloff_minutes())}
    response = render(request, "referee/lockout.html", context, status=429)
    response["Retry-After"] = str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
    return response
