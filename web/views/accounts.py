"""Sign-up, log-in and log-out pages: Django's auth forms, CSRF, and the accounts app's log-in limiting service."""

from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth.forms import AuthenticationForm
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from accounts.services import (
    LoginLocked,
    RegistrationRejected,
    client_address,
    login_attempt_check,
    token_revoke,
    user_register,
)
from web.forms import SignUpForm


def _next_url(request, default: str = "/") -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return target
    return default


@require_http_methods(["GET", "POST"])
def signup_page(request):
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = user_register(username=form.cleaned_data["username"], password=form.cleaned_data["password1"])
        except RegistrationRejected as exc:
            for field, errors in exc.errors.items():
                for error in errors:
                    form.add_error("password2" if field == "password" else field, error["message"])
        else:
            login(request, user, backend="accounts.backends.LoginLimitedModelBackend")
            messages.success(request, gettext("Welcome! Your account has been created."))
            return redirect(_next_url(request, "/decks/"))
    return render(request, "web/signup.html", {"form": form, "next": _next_url(request, "")})


@require_http_methods(["GET", "POST"])
def login_page(request):
    form = AuthenticationForm(request)
    locked_for = None
    if request.method == "POST":
        username = request.POST.get("username", "")
        password = request.POST.get("password", "")
        address = client_address(request)
        form = AuthenticationForm(request, data={"username": username, "password": password})
        try:
            # The backend (accounts.backends) enforces and counts; checking here first gives the page the wait.
            login_attempt_check(username=username, address=address)
        except LoginLocked as exc:
            locked_for = exc.retry_after_seconds
        else:
            if form.is_valid():  # the form authenticates once (the backend counts a failure once)
                login(request, form.get_user())
                return redirect(_next_url(request, "/decks/"))
    status = 429 if locked_for else 200
    context = {"form": form, "locked_for": locked_for, "next": _next_url(request, "")}
    response = render(request, "web/login.html", context, status=status)
    if locked_for:
        response["Retry-After"] = str(locked_for)
    return response


@require_POST
def logout_page(request):
    if request.user.is_authenticated:
        token_revoke(user=request.user)  # logging out of the site logs out the API clients too
    logout(request)
    return redirect("/")
