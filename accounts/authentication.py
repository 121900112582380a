"""API tokens that expire and can be revoked (DRF's `Token`: one per user, `created` when it was issued).

Fixed lifetime, not sliding: a token is valid for API_TOKEN_LIFETIME_SECONDS (30 days) after it was issued, however
often it is used. A sliding expiry would write the token row on every request (or every few minutes) to move its
deadline; a fixed one costs nothing per request, and a stolen token stops working by a known date even while the
thief keeps using it. Logging in again (`POST /api/v1/auth/token/`) after the expiry issues a new token; before it,
the same token is returned. `POST /api/v1/auth/logout/` (and the web log-out) revokes the user's token at once.
"""

from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from rest_framework.authentication import TokenAuthentication, get_authorization_header
from rest_framework.exceptions import AuthenticationFailed

from api.throttling import AuthenticationFailureThrottle


def token_lifetime() -> timedelta:
    return timedelta(seconds=int(getattr(settings, "API_TOKEN_LIFETIME_SECONDS", 30 * 24 * 3600)))


def token_expired(token) -> bool:
    return token.created <= timezone.now() - token_lifetime()


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF's token authentication, refusing a token past its lifetime (401 AUTHENTICATION_FAILED, as an unknown
    token). A revoked token is deleted, so it is unknown.

    Failed authentications are throttled here, in the authentication itself, per client address
    (api.throttling.AuthenticationFailureThrottle): DRF authenticates before any view's throttle runs, so an invalid
    token was answered 401 uncounted and tokens could be guessed at the server's speed. Once an address is over its
    failures, its token requests are refused (429 THROTTLED) before the token is looked up. Never keyed by the
    account: wrong tokens sent by someone else cannot lock an owner out."""

    def authenticate(self, request):
        keyword = get_authorization_header(request).split()[:1]
        if not keyword or keyword[0].lower() != self.keyword.lower().encode():
            return None  # no token: another authentication (the session) or anonymous
        failures = AuthenticationFailureThrottle()
        failures.refuse_if_over(request)
        try:
            return super().authenticate(request)
        except AuthenticationFailed:
            failures.record_failure(request)
            raise

    def authenticate_credentials(self, key):
        user, token = super().authenticate_credentials(key)
        if token_expired(token):
            raise AuthenticationFailed("The token has expired; log in again for a new one.")
        return user, token
