"""The Content-Security-Policy headers (django-csp's middleware), each built once per process.

django-csp builds both headers (the policy and the report-only one) from the settings on every response: a copy of
their parts (dataclasses.asdict) and the policy's text each time, about a sixth of a ping's time in its process. The
site's policy is its settings alone unless a view changes it (django-csp's decorators mark the response with
`_csp_config`, `_csp_update` or `_csp_replace`, or their report-only forms) or a page asks for a nonce: those
responses are answered by django-csp itself; every other one gets the texts built the first time (again after a
change of the settings: Django's `setting_changed`, the tests' override_settings). Where a header is set is decided
exactly as django-csp decides it (not over a header already there, an exempted response, an excluded prefix).
"""

import http.client

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed

_BUILT: dict[bool, str] = {}  # report_only -> the header's text built from the settings
_VIEW_OWN = ("_csp_config", "_csp_update", "_csp_replace", "_csp_config_ro", "_csp_update_ro", "_csp_replace_ro")
_DEBUG_EXEMPT = (http.client.INTERNAL_SERVER_ERROR, http.client.NOT_FOUND)


def _settings_changed(*, setting: str, **kwargs) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        _BUILT.clear()


setting_changed.connect(_settings_changed, dispatch_uid="web.security_policy")


def site_policy(*, report_only: bool) -> str:
    """The header's text of the settings' policy ("" for none)."""
    text = _BUILT.get(report_only)
    if text is None:
        text = _BUILT[report_only] = build_policy(report_only=report_only)
    return text


class SitePolicyMiddleware(CSPMiddleware):
    """django-csp's middleware (settings.MIDDLEWARE), the settings' policy texts built once."""

    def process_response(self, request, response):
        own = any(getattr(response, name, None) is not None for name in _VIEW_OWN)
        if own or getattr(request, "_csp_nonce", None) is not None:
            return super().process_response(request, response)  # a view's own policy, or a nonce: django-csp's
        if response.status_code in _DEBUG_EXEMPT and settings.DEBUG:
            return response
        for header, report_only, exempt, setting in (
            (HEADER, False, "_csp_exempt", "CONTENT_SECURITY_POLICY"),
            (HEADER_REPORT_ONLY, True, "_csp_exempt_ro", "CONTENT_SECURITY_POLICY_REPORT_ONLY"),
        ):
            text = site_policy(report_only=report_only)
            if not text or getattr(response, exempt, False) is not False or header in response:
                continue
            prefixes = (getattr(settings, setting, None) or {}).get("EXCLUDE_URL_PREFIXES", None) or ()
            if not request.path_info.startswith(tuple(prefixes)):
                response[header] = text
        # As django-csp: a nonce asked for once the header is written is an error, never a silent unsafe page.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response
