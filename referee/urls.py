"""URLs: human pages under a language prefix (/ja/, /en/); the API and health check outside.

Every URL that was ever printed (QR codes, private links) keeps answering: the organizer
tools moved from /console/extra/ to /console/tools/ and the admin's model pages from
/admin/tournaments/<model>/ to /admin/<app>/<model>/; the old addresses redirect."""

from csp.decorators import csp_exempt
from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path, re_path
from django.utils import translation
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from referee.health import healthz
from referee.metrics import metrics_view
from referee.redirects import admin_app_moved, admin_model_moved, tools_moved


class SchemaView(SpectacularAPIView):
    """The OpenAPI schema in English whatever the caller's language: verbose names are
    translated for the pages, the schema is for developers (referee/api_schema.py)."""

    def dispatch(self, request, *args, **kwargs):
        with translation.override("en"):
            response = super().dispatch(request, *args, **kwargs)
            if hasattr(response, "render"):
                response.render()  # lazy names become English here, not later
        return response


# An /api/ address no route matches answers the API's JSON refusal; others Django's page.
handler404 = "referee.api_errors.not_found"

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("metrics", metrics_view, name="metrics"),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language
    path("api/schema/", SchemaView.as_view(), name="api-schema"),
    # Swagger UI loads its script and styles from a CDN and starts with an inline script:
    # a developer's page, outside the site's Content-Security-Policy.
    path(
        "api/docs/",
        csp_exempt()(SpectacularSwaggerView.as_view(url_name="api-schema")),
        name="api-docs",
    ),
    path("api/", include("referee.api_urls")),
]

urlpatterns += i18n_patterns(
    re_path(r"^admin/tournaments/$", admin_app_moved),
    re_path(r"^admin/tournaments/(?P<model>[a-z]+)/(?P<rest>.*)$", admin_model_moved),
    path("admin/", admin.site.urls),
    path("accounts/", include("tournaments.console.accounts_urls")),
    path("judge/", include("tournaments.results.urls")),
    re_path(r"^console/extra/(?P<rest>.*)$", tools_moved),
    path("console/tools/", include("tournaments.console.tools_urls")),
    path("console/", include("tournaments.integrations.urls")),
    path("console/", include("tournaments.console.urls")),
    path("", include("tournaments.public.urls")),
)
