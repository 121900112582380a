"""Every UI text of the templates, forms and JS modules has a Japanese translation; the switch works."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from web import forms
from web.i18n import DISPLAY, JA, JS_STRINGS

ROOT = Path(settings.BASE_DIR)
TEMPLATE_TEXT = re.compile(r"""\{% t "([^"]+)"|\{% t '([^']+)'""")
TRANSLATE_CALL = re.compile(r"""translate\("([^"]+)"\)""")


def _texts(paths, pattern) -> set[str]:
    found = set()
    for path in paths:
        for match in pattern.finditer(path.read_text()):
            found.update(group for group in match.groups() if group)
    return found


def test_every_template_and_form_text_is_translated():
    texts = _texts((ROOT / "templates").rglob("*.html"), TEMPLATE_TEXT)
    texts |= _texts([ROOT / "web" / "forms.py", *(ROOT / "web" / "views").glob("*.py")], TRANSLATE_CALL)
    texts |= {label for name, value in vars(forms).items() if name.endswith("_CHOICES") for _, label in value}
    assert texts, "no UI text found: the extraction pattern is wrong"
    texts |= set(DISPLAY.values())
    assert sorted(texts - set(JA)) == []


def test_every_js_text_is_sent_and_translated():
    js_calls = _texts((ROOT / "static" / "js").glob("*.js"), re.compile(r"""\bt\("([^"]+)\""""))
    labels = _texts((ROOT / "static" / "js").glob("*.js"), re.compile(r"""_LABELS = \{([^}]+)\}"""))
    label_values = set(re.findall(r':\s*"([^"]+)"', " ".join(labels)))
    assert js_calls
    assert sorted((js_calls | label_values) - set(JS_STRINGS)) == []
    assert sorted(set(JS_STRINGS) - set(JA)) == []


@pytest.mark.parametrize(("language", "expected"), [("en", "Card search"), ("ja", "カード検索")])
def test_language_switch(db, language, expected):
    client = Client()
    response = client.post("/i18n/setlang/", {"language": language, "next": "/cards/"})
    assert response.status_code == 302
    body = client.get("/cards/").content.decode()
    assert expected in body
    assert f'<html lang="{language}">' in body
