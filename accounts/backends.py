"""The one authentication backend: Django's ModelBackend behind the log-in limits of accounts.services.

Every sign-in path calls django.contrib.auth.authenticate(): the admin's log-in form, the web log-in page and the
token endpoint (accounts.services.token_obtain). Limiting here, and not in each view, means no path can skip it.
A refused attempt raises PermissionDenied, which makes authenticate() stop and return None without trying the
password; the views that want to say how long to wait call login_attempt_check first (a read).
"""

from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied

from accounts.services import (
    LoginLocked,
    client_address,
    login_attempt_check,
    login_failure_record,
    login_success_record,
)


class LoginLimitedModelBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(self._username_field())
        if username is None or password is None:
            return None
        address = client_address(request) if request is not None else None
        try:
            login_attempt_check(username=username, address=address)
        except LoginLocked:
            raise PermissionDenied("too many failed log-ins") from None
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            login_failure_record(username=username, address=address)
        else:
            login_success_record(username=username, address=address)
        return user

    @staticmethod
    def _username_field() -> str:
        from django.contrib.auth import get_user_model

        return get_user_model().USERNAME_FIELD
