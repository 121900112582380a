"""The catalogue's URLs alone, so that its API tests do not depend on the other apps' URL modules."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [path("api/v1/", include("cards.urls")), path("admin/", admin.site.urls)]
