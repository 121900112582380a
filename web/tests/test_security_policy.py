"""The site's CSP middleware (web.security_policy) builds the settings' policy once and sets the very headers
django-csp's own middleware sets, on every kind of response: plain, a view's own policy (its decorators' marks), an
exempted response, a page that used a nonce, an excluded prefix, a report-only policy, a header already set."""

import pytest
from csp.middleware import CSPMiddleware
from django.http import HttpResponse
from django.test import RequestFactory, override_settings

from web.security_policy import SitePolicyMiddleware

REPORT_ONLY = {"DIRECTIVES": {"default-src": ["'self'"], "report-uri": "/csp-report/"}}


def _answer(middleware_class, path: str, marks: dict, nonce: bool) -> dict:
    request = RequestFactory().get(path)
    middleware = middleware_class(lambda request: HttpResponse("ok"))
    middleware.process_request(request)
    if nonce:
        str(request.csp_nonce)  # a template that printed the nonce
    response = HttpResponse("ok")
    for name, value in marks.items():
        if name.startswith("header:"):
            response[name.removeprefix("header:")] = value
        else:
            setattr(response, name, value)
    response = middleware.process_response(request, response)
    headers = {k: v for k, v in response.items() if k.startswith("Content-Security-Policy")}
    if nonce:  # a fresh nonce per request: compare where it stands, not its value
        headers = {k: v.replace(request._csp_nonce, "NONCE") for k, v in headers.items()}
    return headers


CASES = [
    pytest.param("/api/v1/ping/", {}, False, {}, id="plain"),
    pytest.param("/", {"_csp_update": {"img-src": ["https://example.org"]}}, False, {}, id="view-update"),
    pytest.param("/", {"_csp_replace": {"script-src": ["'none'"]}}, False, {}, id="view-replace"),
    pytest.param("/", {"_csp_config": {"default-src": ["'none'"]}}, False, {}, id="view-config"),
    pytest.param("/", {"_csp_exempt": True}, False, {}, id="exempt"),
    pytest.param("/", {"header:Content-Security-Policy": "default-src 'none'"}, False, {}, id="header-already-set"),
    pytest.param("/", {}, True, {}, id="nonce-used"),
    pytest.param("/", {}, False, {"CONTENT_SECURITY_POLICY_REPORT_ONLY": REPORT_ONLY}, id="report-only-too"),
    pytest.param("/", {"_csp_exempt_ro": True}, False, {"CONTENT_SECURITY_POLICY_REPORT_ONLY": REPORT_ONLY},
                 id="report-only-exempt"),
    pytest.param("/static/x.css", {}, False, {"EXCLUDED": ("/static/",)}, id="excluded-prefix"),
]  # fmt: skip


@pytest.mark.parametrize(("path", "marks", "nonce", "changed"), CASES)
def test_the_headers_are_django_csps_own(settings, path, marks, nonce, changed):
    overrides = {k: v for k, v in changed.items() if k != "EXCLUDED"}
    if "EXCLUDED" in changed:
        overrides["CONTENT_SECURITY_POLICY"] = {
            **settings.CONTENT_SECURITY_POLICY,
            "EXCLUDE_URL_PREFIXES": changed["EXCLUDED"],
        }
    with override_settings(**overrides):
        expected = _answer(CSPMiddleware, path, marks, nonce)
        assert _answer(SitePolicyMiddleware, path, marks, nonce) == expected
        assert _answer(SitePolicyMiddleware, path, marks, nonce) == expected  # built once, answered again
    if not marks and not nonce and not changed:
        assert "script-src 'self'" in expected["Content-Security-Policy"]


def test_a_nonce_asked_for_after_the_header_is_an_error():
    from csp.exceptions import CSPNonceError

    request = RequestFactory().get("/")
    middleware = SitePolicyMiddleware(lambda request: HttpResponse("ok"))
    middleware.process_request(request)
    middleware.process_response(request, HttpResponse("ok"))
    with pytest.raises(CSPNonceError):
        str(request.csp_nonce)
