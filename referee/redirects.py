"""Old addresses that are out in the world (bookmarks, printed links) and moved when the
code was split into domain apps: each answers with a permanent redirect to its new home."""

from django.apps import apps
from django.http import Http404, HttpRequest, HttpResponsePermanentRedirect


def _moved(request: HttpRequest, old: str, new: str) -> HttpResponsePermanentRedirect:
    return HttpResponsePermanentRedirect(request.get_full_path().replace(old, new, 1))


def tools_moved(request: HttpRequest, rest: str) -> HttpResponsePermanentRedirect:
    """/console/extra/... → /console/tools/... (the organizer tools' pages)."""
    return _moved(request, "/console/extra/", "/console/tools/")


def admin_model_moved(request: HttpRequest, model: str, rest: str) -> HttpResponsePermanentRedirect:
    """/admin/tournaments/<model>/... → /admin/<app>/<model>/... for every model that moved."""
    for config in apps.get_app_configs():
        if config.name.startswith("tournaments.") and model in config.models:
            return _moved(request, "/admin/tournaments/", f"/admin/{config.label}/")
    raise Http404(model)


def admin_app_moved(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """/admin/tournaments/ (the old app's index) → /admin/, which lists the apps now."""
    return _moved(request, "/admin/tournaments/", "/admin/")
