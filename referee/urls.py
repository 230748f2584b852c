"""URLs: human pages under a language prefix (/ja/, /en/); the API and health check outside."""

from csp.decorators import csp_exempt
from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from referee.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # Swagger UI loads its script and styles from a CDN and starts with an inline script:
    # a developer's page, outside the site's Content-Security-Policy.
    path(
        "api/docs/",
        csp_exempt()(SpectacularSwaggerView.as_view(url_name="api-schema")),
        name="api-docs",
    ),
    path("api/", include("tournaments.api.urls")),
]

urlpatterns += i18n_patterns(
    path("admin/", admin.site.urls),
    path("judge/", include("tournaments.judge_urls")),
    path("console/extra/", include("tournaments.urls_console_extra")),
    path("console/", include("tournaments.console_urls")),
    path("", include("tournaments.urls")),
)
