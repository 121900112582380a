"""Only this app's API under /api/v1/: the simulation tests do not depend on other apps' URL modules."""

from django.urls import include, path

urlpatterns = [path("api/v1/", include("simulations.urls"))]
