"""Production settings: `DJANGO_SETTINGS_MODULE=deckbuilder.settings.production`; passes `check --deploy`."""

import os

from deckbuilder.settings import *  # noqa: F403

DEBUG = False
SECRET_KEY = os.environ["SECRET_KEY"]
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)  # noqa: F405
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_SECURE = True
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_SECURE = True
X_FRAME_OPTIONS = "DENY"
DATA_VERSION_CHECK_SECONDS = float(os.environ.get("DATA_VERSION_CHECK_SECONDS", "2"))
DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("CONN_MAX_AGE", "60"))  # noqa: F405
# The audit signing key is provisioned, never created on first use (docs/production.md).
AUDIT_SIGNING_KEY_CREATE = False
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
