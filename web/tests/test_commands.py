"""manage.py convert_ui_strings: the old `{% t %}` tags become Django's translate tags; a JA dict fills the .po."""

import polib
import pytest
from django.template import Context, Template
from django.utils import translation

from web.management.commands.convert_ui_strings import convert_template, fill_po, ja_dict_from_file

TEMPLATE_CASES = [
    # id, old template, converted template
    pytest.param('{% load ui %}{% t "Cards" %}', '{% load i18n ui %}{% translate "Cards" %}', id="plain"),
    pytest.param(
        "{% load ui %}<a title=\"{% t 'Deck' %}\">",
        "{% load i18n ui %}<a title=\"{% translate 'Deck' %}\">",
        id="quote",
    ),
    pytest.param(
        '{% load i18n ui %}{% t "Version {number} was restored." number=n %}',
        "{% load i18n ui %}{% blocktranslate trimmed with number=n %}Version {{ number }} was restored."
        "{% endblocktranslate %}",
        id="placeholder",
    ),
    pytest.param(
        '{% load ui %}{% t "{count} cards" count=page.paginator.count %}',
        "{% load i18n ui %}{% blocktranslate trimmed count count=page.paginator.count %}{{ count }} card"
        "{% plural %}{{ count }} cards{% endblocktranslate %}",
        id="plural",
    ),
    pytest.param("{% load ui %}<p>{{ x|tr }}</p>", "{% load ui %}<p>{{ x|tr }}</p>", id="nothing-to-convert"),
]


@pytest.mark.parametrize(("old", "new"), TEMPLATE_CASES)
def test_template_conversion(old, new):
    assert convert_template(old) == new


@pytest.mark.parametrize(("count", "english", "japanese"), [(1, "1 card", "1 枚"), (3, "3 cards", "3 枚")])
def test_converted_plural_renders_in_both_languages(count, english, japanese):
    template = Template(convert_template('{% load ui %}{% t "{count} cards" count=n %}'))
    for language, expected in (("en", english), ("ja", japanese)):
        with translation.override(language):
            assert template.render(Context({"n": count})) == expected


def test_ja_dict_fills_empty_messages_with_gettext_placeholders(tmp_path):
    old = tmp_path / "i18n.py"
    old.write_text('JA: dict[str, str] = {\n    "Zone of {name}": "{name} のゾーン",\n    "Cards": "カー" "ド",\n}\n')
    po_path = tmp_path / "django.po"
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    po.append(polib.POEntry(msgid="Zone of %(name)s", msgstr=""))
    po.append(polib.POEntry(msgid="Cards", msgstr="", flags=["fuzzy"]))
    po.append(polib.POEntry(msgid="Unknown text", msgstr=""))
    po.save(str(po_path))
    ja = ja_dict_from_file(old)
    assert ja == {"Zone of %(name)s": "%(name)s のゾーン", "Cards": "カード"}
    filled, missing = fill_po(po_path, ja)
    saved = {entry.msgid: entry.msgstr for entry in polib.pofile(str(po_path))}
    assert (filled, missing) == (2, ["Unknown text"])
    assert saved == {"Zone of %(name)s": "%(name)s のゾーン", "Cards": "カード", "Unknown text": ""}
    assert polib.pofile(str(po_path)).metadata["Plural-Forms"] == "nplurals=1; plural=0;"
