from django.urls import path

from accounts import apis

urlpatterns = [
    path("auth/register/", apis.RegisterApi.as_view(), name="auth-register"),
    path("auth/token/", apis.TokenObtainApi.as_view(), name="auth-token"),
    path("auth/logout/", apis.LogoutApi.as_view(), name="auth-logout"),
]
