"""The admin's sign-in goes through the same limits as every other sign-in (accounts.backends); this form only adds
the wait to its error message, instead of the generic "wrong password" a refused attempt would show."""

from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from accounts.services import LoginLocked, client_address, login_attempt_check


class LoginLimitedAdminAuthenticationForm(AdminAuthenticationForm):
    def clean(self):
        try:
            login_attempt_check(username=self.cleaned_data.get("username") or "", address=client_address(self.request))
        except LoginLocked as exc:
            raise ValidationError(
                gettext("Too many failed log-ins from this address. Try again in %(seconds)d seconds."),
                code="login_locked",
                params={"seconds": exc.retry_after_seconds},
            ) from None
        return super().clean()


admin.site.login_form = LoginLimitedAdminAuthenticationForm
