from django.contrib import admin
from django.urls import include, path, re_path
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.views import SpectacularSwaggerSplitView

from api.errors import not_found
from api.schema import SchemaApi

api_v1 = [
    path("", include("cards.urls")),
    path("", include("regulations.urls")),
    path("", include("accounts.urls")),
    path("", include("decks.urls")),
    path("", include("tournaments.urls")),
    path("", include("simulations.urls")),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/", include(api_v1)),
    path("api/schema/", SchemaApi.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    # Any other /api/ URL, whatever the method: the JSON 404 (not Django's HTML CSRF page for a POST), in DEBUG too.
    re_path(r"^api/", csrf_exempt(not_found)),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("web.urls")),
]

handler404 = "api.errors.not_found"
handler500 = "api.errors.server_error"
