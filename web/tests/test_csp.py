"""A Content-Security-Policy on every response (django-csp, deckbuilder/settings): scripts only from this site, and
no page relies on an inline script or event handler, which the policy would block (issue finding: no CSP anywhere).
The API docs (drf-spectacular's Swagger UI, split view) load their start script from this site too."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

TEMPLATES = sorted(
    path for root in [Path(settings.BASE_DIR) / "templates", *Path(settings.BASE_DIR).glob("*/templates")]
    for path in root.rglob("*.html")
)  # fmt: skip
INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)


def directives(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


@pytest.mark.parametrize(
    "url",
    [
        pytest.param("/", id="home"),
        pytest.param("/accounts/login/", id="a-page"),
        pytest.param("/api/v1/ping/", id="the-api"),
        pytest.param("/api/docs/", id="the-api-docs"),
    ],
)
def test_every_response_has_a_script_policy(db, url):
    response = Client().get(url)
    assert response.status_code == 200
    policy = directives(response)
    assert policy["script-src"] == ["'self'"]
    assert (policy["object-src"], policy["frame-ancestors"], policy["base-uri"]) == (["'none'"], ["'none'"], ["'self'"])


def test_the_api_docs_load_every_script_from_this_site(db):
    page = Client().get("/api/docs/").content.decode()
    sources = re.findall(r"<script[^>]*\bsrc=\"([^\"]+)\"", page)
    assert len(sources) == 3 and all(source.startswith("/") for source in sources)
    assert not INLINE_SCRIPT.search(page)
    start = Client().get(sources[-1])  # the split view's start script: JavaScript from this site
    assert start.status_code == 200 and start["Content-Type"].startswith("application/javascript")


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_no_template_has_an_inline_script_or_event_handler(template):
    text = template.read_text(encoding="utf-8")
    assert (INLINE_SCRIPT.findall(text), INLINE_HANDLER.findall(text)) == ([], [])


def test_pictures_come_from_the_card_image_host_and_no_other(db):
    """The card pictures (games/dm/official.py) are the only outside content a page loads: img-src names exactly
    CARD_IMAGE_HOST and Dragon Ball Super's DBS_CARD_IMAGE_HOST beside this site and inline data."""
    policy = directives(Client().get("/"))
    hosts = [f"https://{settings.CARD_IMAGE_HOST}", f"https://{settings.DBS_CARD_IMAGE_HOST}"]
    expected = ["'self'", "data:"] + (hosts if settings.CARD_IMAGES_EXTERNAL else [])
    assert policy["img-src"] == expected
